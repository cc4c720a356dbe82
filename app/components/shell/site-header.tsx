import { Link, NavLink } from 'react-router';
import { STORE_NAME } from '../../../contracts/constants.ts';
import { useRootData, type RootData } from '../../lib/root-data.ts';
import { CartLink } from './cart-link.tsx';
import { CategoryDropdown } from './category-dropdown.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { DESKTOP_ITEMS, NavBadge } from './nav-items.tsx';
import { SearchOverlay } from './search-overlay.tsx';
import { UserMenu } from './user-menu.tsx';
import { Icon } from '../icons/icon.tsx';

const NAV_ITEM =
  'flex min-h-11 items-center gap-1.5 rounded-lg px-2 font-semibold 2xl:px-3 whitespace-nowrap hover:bg-brand-50 aria-[current=page]:text-brand-700';

/**
 * The top bar (SPEC.md §2): logo, the desktop menu or the mobile hamburger, and on the end
 * side the search toggle, the account menu and the cart. It stays on top while scrolling; it
 * must not get a transform or a backdrop filter, or the mobile menu's fixed panel would be
 * positioned inside it instead of the viewport.
 */
export function SiteHeader() {
  const root = useRootData();
  const categories = root?.categories ?? [];
  return (
    <header className="sticky top-0 z-50 border-b border-line bg-white">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-2 sm:px-4 xl:h-16">
        <MobileMenu categories={categories} user={root?.user ?? null} wholesaleUrl={root?.wholesaleUrl ?? '/'} />
        <Link to="/" className="flex min-h-11 items-center text-lg font-bold whitespace-nowrap text-brand-700 xl:text-xl">
          {STORE_NAME}
        </Link>
        <nav aria-label="القائمة الرئيسية" className="ms-2 hidden items-center gap-0.5 xl:flex 2xl:ms-4 2xl:gap-1">
          <CategoryDropdown categories={categories} />
          {DESKTOP_ITEMS.map((item) => (
            <NavLink key={item.to} to={item.to} end className={NAV_ITEM}>
              {item.label}
              {item.badge && <NavBadge kind={item.badge} />}
            </NavLink>
          ))}
          <a href={root?.wholesaleUrl ?? '/'} target="_blank" rel="noopener noreferrer" className={NAV_ITEM}>
            طلبات الجملة
            <Icon name="external-link" className="size-4" />
            <span className="sr-only">(تفتح في نافذة جديدة)</span>
          </a>
        </nav>
        <div className="ms-auto flex items-center gap-1">
          <SearchOverlay />
          <HeaderAccount user={root?.user ?? null} cartCount={root?.cartCount ?? 0} />
        </div>
      </div>
    </header>
  );
}

/**
 * The account menu and the cart: what differs with the shopper. A kept page has them cut out and
 * rendered for each shopper (app/lib/shopper-parts.server.tsx).
 */
export function HeaderAccount({ user, cartCount }: { user: RootData['user']; cartCount: number }) {
  return (
    <>
      <UserMenu user={user} />
      <CartLink count={cartCount} />
    </>
  );
}
