import { Icon } from '../icons/icon.tsx';
import { Link } from 'react-router';
import type { RootData } from '../../lib/root-data.ts';

type SessionUser = NonNullable<RootData['user']>;

const ITEM = 'flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-start hover:bg-brand-50 hover:text-brand-700';

/**
 * What a shopper can do with their account (SPEC.md §6): a guest signs in or up, a customer
 * opens their profile, an admin the dashboard (the desktop menu goes straight to the products,
 * the mobile one to the dashboard's start page); both can sign out.
 */
export function AccountLinks({ user, place }: { user: SessionUser | null; place: 'desktop' | 'mobile' }) {
  if (!user) {
    return (
      <>
        <Link to="/login" className={ITEM}>
          <Icon name="log-in" className="size-5" />
          تسجيل الدخول
        </Link>
        <Link to="/signup" className={ITEM}>
          <Icon name="user-plus" className="size-5" />
          إنشاء حساب
        </Link>
      </>
    );
  }
  return (
    <>
      {user.role === 'admin' ? (
        <Link to={place === 'desktop' ? '/admin/manage-products' : '/admin'} className={ITEM}>
          <Icon name="layout-dashboard" className="size-5" />
          لوحة التحكم
        </Link>
      ) : (
        <Link to="/profile" className={ITEM}>
          <Icon name="user" className="size-5" />
          حسابي
        </Link>
      )}
      {/* A plain form, as on the profile page: a kept page's parts are rendered without a data router (app/lib/shopper-parts.server.tsx). */}
      <form method="post" action="/logout">
        <button type="submit" className={ITEM}>
          <Icon name="log-out" className="size-5" />
          تسجيل الخروج
        </button>
      </form>
    </>
  );
}
