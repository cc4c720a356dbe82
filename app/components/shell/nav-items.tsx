import { NavLink } from 'react-router';

/** The menu items of SPEC.md §2 "Navigation", shared by the desktop bar and the mobile menu. */
export interface NavItem {
  to: string;
  label: string;
  badge?: 'sale' | 'new';
}

const LESS_199: NavItem = { to: '/less199', label: 'أقل من 199', badge: 'sale' };
const NEW_ARRIVED: NavItem = { to: '/new-arrived', label: 'وصل حديثاً', badge: 'new' };
const OFFERS: NavItem = { to: '/offers', label: 'العروض', badge: 'sale' };
const HOME: NavItem = { to: '/', label: 'الرئيسية' };

/** The desktop bar shows summer products, the mobile menu winter ones (SPEC.md §2). */
export const DESKTOP_ITEMS: NavItem[] = [LESS_199, NEW_ARRIVED, { to: '/summer', label: 'منتجات الصيف' }, OFFERS, HOME];
export const MOBILE_ITEMS: NavItem[] = [LESS_199, NEW_ARRIVED, { to: '/winter', label: 'منتجات الشتاء' }, OFFERS, HOME];

const BADGES = {
  sale: { text: 'تخفيض', className: 'after:bg-sale' },
  // The theme's `new` green is too light for white 11 px text (AA needs 4.5:1).
  new: { text: 'جديد', className: 'after:bg-green-700' },
} as const;

/** The tag's look, drawn after the item's text. */
const BADGE = 'after:rounded-full after:px-1.5 after:text-[11px] after:leading-5 after:font-semibold after:text-white after:content-[attr(data-badge)]';

/**
 * A menu item's link, with its small "sale" or "new" tag drawn by the link itself after its text
 * (no element of its own); the tag is part of the link's name, as text would be.
 */
export function NavItemLink({ item, className }: { item: NavItem; className: string }) {
  const badge = item.badge ? BADGES[item.badge] : null;
  return (
    <NavLink to={item.to} end data-badge={badge?.text} className={badge ? `${className} ${BADGE} ${badge.className}` : className}>
      {item.label}
    </NavLink>
  );
}
