import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';

/** The cart icon with the number of lines in the cart (SPEC.md §2). */
export function CartLink({ count }: { count: number }) {
  return (
    <Link
      to="/cart"
      aria-label={count > 0 ? `عربة التسوق: ${count} منتجات` : 'عربة التسوق'}
      className="relative flex size-11 items-center justify-center rounded-full hover:bg-brand-50"
    >
      <ShoppingCart aria-hidden="true" className="size-6" />
      <CountBadge count={count} />
    </Link>
  );
}

/** The small count bubble on the cart icons of the top and bottom bars. */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -top-0.5 -end-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-sale px-1 text-[11px] font-bold text-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
