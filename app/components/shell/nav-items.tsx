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
  sale: { text: 'تخفيض', className: 'bg-sale text-white' },
  // The theme's `new` green is too light for white 11 px text (AA needs 4.5:1).
  new: { text: 'جديد', className: 'bg-green-700 text-white' },
} as const;

/** The small "sale" or "new" tag beside a menu item. */
export function NavBadge({ kind }: { kind: 'sale' | 'new' }) {
  const badge = BADGES[kind];
  return <span className={`rounded-full px-1.5 text-[11px] leading-5 font-semibold ${badge.className}`}>{badge.text}</span>;
}
