import { Icon } from '../icons/icon.tsx';
import { Link } from 'react-router';
import { cartLinkLabel, countText } from '../../enhance/cart.ts';

const NAME = 'عربة التسوق';

/** The cart icon with the number of lines in the cart (SPEC.md §2); adding in place updates both (app/enhance/cart.ts). */
export function CartLink({ count }: { count: number }) {
  return (
    <Link
      to="/cart"
      data-cart-link={NAME}
      aria-label={cartLinkLabel(NAME, count)}
      className="relative flex size-11 items-center justify-center rounded-full hover:bg-brand-50"
    >
      <Icon name="shopping-cart" className="size-6" />
      <CountBadge count={count} />
    </Link>
  );
}

/** The small count bubble on the cart icons of the top and bottom bars; hidden while the cart is empty. */
export function CountBadge({ count }: { count: number }) {
  return (
    <span
      aria-hidden="true"
      data-cart-count
      hidden={count <= 0}
      className="absolute -top-0.5 -end-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-sale px-1 text-[11px] font-bold text-white [&[hidden]]:hidden"
    >
      {countText(count)}
    </span>
  );
}
