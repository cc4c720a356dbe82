export default function Placeholder() {
  return <p>…</p>;
}
