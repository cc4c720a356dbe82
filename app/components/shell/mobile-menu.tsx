import { Icon } from '../icons/icon.tsx';
import { Link, NavLink } from 'react-router';
import { STORE_NAME } from '../../../contracts/constants.ts';
import type { RootData } from '../../lib/root-data.ts';
import { AccountLinks } from './account-links.tsx';
import type { CategoryLink } from './category-dropdown.tsx';
import { MOBILE_ITEMS, NavBadge } from './nav-items.tsx';

const ITEM = 'flex min-h-11 items-center gap-2 rounded-lg px-3 font-semibold hover:bg-brand-50 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700';

/**
 * The hamburger menu below the xl breakpoint (SPEC.md §2). A <details>: without JavaScript it
 * still opens, and tapping the dimmed page (part of the summary) closes it. With it the panel
 * slides in and the page behind stops scrolling (app/enhance/menus.ts).
 */
export function MobileMenu({ categories, user, wholesaleUrl }: { categories: CategoryLink[]; user: RootData['user']; wholesaleUrl: string }) {
  return (
    <details data-enhance="menu drawer" className="group xl:hidden">
      <summary
        aria-label="القائمة"
        className="flex size-11 cursor-pointer list-none items-center justify-center rounded-full hover:bg-brand-50 [&::-webkit-details-marker]:hidden"
      >
        <Icon name="menu" className="size-6" />
        <span aria-hidden="true" className="fixed inset-0 z-50 hidden cursor-default bg-ink/50 group-open:block" />
      </summary>
      <nav
        data-panel
        aria-label="القائمة الرئيسية"
        className="fixed inset-y-0 start-0 z-50 flex w-[min(20rem,85vw)] flex-col overflow-y-auto bg-white shadow-xl"
      >
        <div className="flex h-14 items-center justify-between border-b border-line px-4">
          <Link to="/" className="text-lg font-bold text-brand-700">
            {STORE_NAME}
          </Link>
          <button type="button" data-close aria-label="إغلاق القائمة" className="flex size-11 items-center justify-center rounded-full hover:bg-brand-50">
            <Icon name="x" className="size-6" />
          </button>
        </div>
        <div className="flex flex-col gap-1 p-3">
          <details className="group/categories">
            <summary className={`${ITEM} cursor-pointer list-none justify-between [&::-webkit-details-marker]:hidden`}>
              كل الأقسام
              <Icon name="chevron-down" className="size-4 transition-transform group-open/categories:rotate-180" />
            </summary>
            <ul aria-label="الأقسام" className="grid grid-cols-2 gap-1 py-1 ps-3">
              {categories.map((category) => (
                <li key={category.id}>
                  <NavLink to={`/category/${category.id}`} className={`${ITEM} font-normal`}>
                    {category.name}
                  </NavLink>
                </li>
              ))}
            </ul>
          </details>
          {MOBILE_ITEMS.map((item) => (
            <NavLink key={item.to} to={item.to} end className={ITEM}>
              {item.label}
              {item.badge && <NavBadge kind={item.badge} />}
            </NavLink>
          ))}
          <a href={wholesaleUrl} target="_blank" rel="noopener noreferrer" className={ITEM}>
            طلبات الجملة
            <Icon name="external-link" className="size-4" />
            <span className="sr-only">(تفتح في نافذة جديدة)</span>
          </a>
        </div>
        <MobileAccount user={user} />
      </nav>
    </details>
  );
}

/**
 * The menu's account part: what differs with the shopper. A kept page has it cut out and
 * rendered for each shopper (app/lib/shopper-parts.server.tsx).
 */
export function MobileAccount({ user }: { user: RootData['user'] }) {
  return (
    <div className="mt-auto flex flex-col gap-1 border-t border-line p-3">
      {user && <p className="truncate px-3 py-1 text-sm text-muted">أهلاً، {user.name}</p>}
      <AccountLinks user={user} place="mobile" />
    </div>
  );
}
