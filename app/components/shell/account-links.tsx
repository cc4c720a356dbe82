import { LayoutDashboard, LogIn, LogOut, User, UserPlus } from 'lucide-react';
import { Form, Link } from 'react-router';
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
          <LogIn aria-hidden="true" className="size-5" />
          تسجيل الدخول
        </Link>
        <Link to="/signup" className={ITEM}>
          <UserPlus aria-hidden="true" className="size-5" />
          إنشاء حساب
        </Link>
      </>
    );
  }
  return (
    <>
      {user.role === 'admin' ? (
        <Link to={place === 'desktop' ? '/admin/manage-products' : '/admin'} className={ITEM}>
          <LayoutDashboard aria-hidden="true" className="size-5" />
          لوحة التحكم
        </Link>
      ) : (
        <Link to="/profile" className={ITEM}>
          <User aria-hidden="true" className="size-5" />
          حسابي
        </Link>
      )}
      <Form method="post" action="/logout">
        <button type="submit" className={ITEM}>
          <LogOut aria-hidden="true" className="size-5" />
          تسجيل الخروج
        </button>
      </Form>
    </>
  );
}
