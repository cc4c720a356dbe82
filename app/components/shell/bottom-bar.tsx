import { Icon } from '../icons/icon.tsx';
import { NavLink } from 'react-router';
import { useRootData, type RootData } from '../../lib/root-data.ts';
import { cartLinkLabel } from '../../enhance/cart.ts';
import { CountBadge } from './cart-link.tsx';

const ITEM =
  'flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-semibold text-muted aria-[current=page]:text-brand-700';

/** The phone's bottom bar, below the xl breakpoint (SPEC.md §2). */
export function BottomBar() {
  const root = useRootData();
  const user = root?.user ?? null;
  const count = root?.cartCount ?? 0;
  return (
    <nav aria-label="الاختصارات" className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-white pb-[env(safe-area-inset-bottom)] xl:hidden">
      <ul className="grid grid-cols-4">
        <li>
          <NavLink to="/" end className={ITEM}>
            <Icon name="house" className="size-6" />
            الرئيسية
          </NavLink>
        </li>
        <li>
          <NavLink to="/offers" className={ITEM}>
            <Icon name="percent" className="size-6" />
            العروض
          </NavLink>
        </li>
        <BottomBarAccount user={user} count={count} />
      </ul>
    </nav>
  );
}

/**
 * The bar's cart and account items: what differs with the shopper. A kept page has them cut out
 * and rendered for each shopper (app/lib/shopper-parts.server.tsx).
 */
export function BottomBarAccount({ user, count }: { user: RootData['user']; count: number }) {
  return (
    <>
      <li>
        <NavLink to="/cart" className={ITEM} data-cart-link="العربة" aria-label={cartLinkLabel('العربة', count)}>
          <span className="relative">
            <Icon name="shopping-cart" className="size-6" />
            <CountBadge count={count} />
          </span>
          العربة
        </NavLink>
      </li>
      <li>
        {user?.role === 'admin' ? (
          <NavLink to="/admin" className={ITEM}>
            <Icon name="layout-dashboard" className="size-6" />
            لوحة التحكم
          </NavLink>
        ) : user ? (
          <NavLink to="/profile" className={ITEM}>
            <Icon name="user" className="size-6" />
            حسابي
          </NavLink>
        ) : (
          <NavLink to="/login" className={ITEM}>
            <Icon name="log-in" className="size-6" />
            تسجيل الدخول
          </NavLink>
        )}
      </li>
    </>
  );
}
