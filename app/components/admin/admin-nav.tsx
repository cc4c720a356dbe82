/**
 * The dashboard's sidebar (SPEC.md §2 "Admin routes"): every admin screen one tap away. On a
 * wide screen it stands beside the page; on a phone it folds into a disclosure above the page
 * that opens on tap (no JavaScript needed) and closes again after each navigation.
 */
import { FolderPlus, TicketPercent, LayoutDashboard, Menu, MessageCircle, Package, PackagePlus, ShoppingBag, Tags, Truck, Undo2, Users } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Ltr } from '../../lib/format.tsx';

export const ADMIN_LINKS = [
  { to: '/admin', label: 'نظرة عامة', icon: LayoutDashboard, end: true },
  { to: '/admin/manage-orders', label: 'الطلبات', icon: ShoppingBag, end: false },
  { to: '/admin/returns', label: 'المرتجعات', icon: Undo2, end: false },
  { to: '/admin/manage-products', label: 'المنتجات', icon: Package, end: false },
  { to: '/admin/add-product', label: 'إضافة منتج', icon: PackagePlus, end: false },
  { to: '/admin/manage-categories', label: 'التصنيفات', icon: Tags, end: false },
  { to: '/admin/add-category', label: 'إضافة تصنيف', icon: FolderPlus, end: false },
  { to: '/admin/manage-users', label: 'المستخدمين', icon: Users, end: false },
  { to: '/admin/shipping', label: 'أسعار الشحن', icon: Truck, end: false },
  { to: '/admin/coupons', label: 'أكواد الخصم', icon: TicketPercent, end: false },
  { to: '/admin/messages', label: 'رسائل واتساب', icon: MessageCircle, end: false },
] as const;

/** Detail screens belong to the list they were opened from. */
const SECTION_OF: Record<string, string> = {
  'edit-product': '/admin/manage-products',
  'order-details': '/admin/manage-orders',
  'edit-category': '/admin/manage-categories',
  'user-details': '/admin/manage-users',
  returns: '/admin/returns',
};

function currentLink(pathname: string) {
  const section = SECTION_OF[pathname.split('/')[2] ?? ''];
  return ADMIN_LINKS.find((link) => link.to === (section ?? pathname.replace(/\/$/, ''))) ?? ADMIN_LINKS[0];
}

/** What waits for staff, by link: the returns asked and not yet looked at. */
export interface AdminWaiting {
  returns: number;
}

function Links({ onFollow, waiting }: { onFollow?: () => void; waiting: AdminWaiting }) {
  const { pathname } = useLocation();
  const active = currentLink(pathname).to;
  return (
    <ul className="flex flex-col gap-1">
      {ADMIN_LINKS.map(({ to, label, icon: Icon, end }) => (
        <li key={to} className="relative">
          <NavLink
            to={to}
            end={end}
            aria-current={to === active ? 'page' : undefined}
            onClick={onFollow}
            className={`flex min-h-11 items-center gap-3 rounded-lg px-3 font-semibold ${
              to === active ? 'bg-brand-600 text-white' : 'text-ink hover:bg-brand-50 hover:text-brand-700'
            }`}
          >
            <Icon aria-hidden="true" className="size-5 shrink-0" />
            {label}
          </NavLink>
          {/* Beside the link, not in it, so the link's name stays its label. */}
          {to === '/admin/returns' && waiting.returns > 0 && (
            <span
              className={`pointer-events-none absolute end-3 top-1/2 min-w-6 -translate-y-1/2 rounded-full px-1.5 text-center text-xs font-semibold ${
                to === active ? 'bg-white/20 text-white' : 'bg-sale text-white'
              }`}
            >
              <Ltr>{waiting.returns}</Ltr>
              <span className="sr-only"> بانتظار المراجعة</span>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

export function AdminNav({ waiting }: { waiting: AdminWaiting }) {
  const { pathname } = useLocation();
  const disclosure = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (disclosure.current) disclosure.current.open = false;
  }, [pathname]);

  return (
    <>
      <nav aria-label="لوحة التحكم" className="hidden lg:block">
        <div className="sticky top-4 rounded-xl border border-line bg-white p-3">
          <p className="mb-2 px-3 text-sm font-bold text-muted">لوحة التحكم</p>
          <Links waiting={waiting} />
        </div>
      </nav>
      <details ref={disclosure} className="group rounded-xl border border-line bg-white lg:hidden">
        <summary className="flex min-h-12 cursor-pointer list-none items-center gap-3 px-4 font-semibold [&::-webkit-details-marker]:hidden">
          <Menu aria-hidden="true" className="size-5" />
          <span>لوحة التحكم</span>
          <span className="text-muted">· {currentLink(pathname).label}</span>
        </summary>
        <nav aria-label="لوحة التحكم (الجوال)" className="border-t border-line p-2">
          {/* Following the link of the page already shown changes no path: close the fold here too. */}
          <Links
            waiting={waiting}
            onFollow={() => {
              if (disclosure.current) disclosure.current.open = false;
            }}
          />
        </nav>
      </details>
    </>
  );
}
