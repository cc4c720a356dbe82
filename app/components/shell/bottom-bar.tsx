export function BottomBar() {
  return null;
}
