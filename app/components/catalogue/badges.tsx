/** The labels drawn over a product's image: sold out, and the admin's sale text. `className` places one. */
import { MSG } from '../../../contracts/messages.ts';

export function SoldOutBadge({ className = '' }: { className?: string }) {
  return <span className={`rounded-md bg-ink/85 px-2 py-1 text-xs font-bold text-white ${className}`}>{MSG.soldOut}</span>;
}

export function SaleBadge({ text, className = '' }: { text: string; className?: string }) {
  if (!text.trim()) return null;
  return <span className={`rounded-md bg-sale px-2 py-1 text-xs font-bold text-white ${className}`}>{text}</span>;
}
