import { ArrowRight, CalendarDays, Phone, ShoppingBag, Wallet } from 'lucide-react';
import { data, Link, redirect, useNavigation } from 'react-router';
import { PAGE_SIZE } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import { UpdateRoleSchema } from '../../../contracts/schemas.ts';
import { listOrders } from '../../../core/orders/orders.ts';
import { getUserDetails, setUserRole } from '../../../core/accounts/users.ts';
import { AdminHeader } from '../../components/admin/admin-header.tsx';
import { UserOrderRow, type UserOrderData } from '../../components/admin/user-order-row.tsx';
import { UserRoleForm } from '../../components/admin/user-role-form.tsx';
import { FormAlert } from '../../components/account/form-field.tsx';
import { Spinner } from '../../components/account/spinner-button.tsx';
import { Paginator } from '../../components/catalogue/paginator.tsx';
import { adminMeta } from '../../lib/admin-meta.ts';
import { formatDate, Ltr, Price } from '../../lib/format.tsx';
import { fieldErrors, fromAppError, invalid, readPageForm } from '../../lib/forms.server.ts';
import { loadOr404, readId, readPage } from '../../lib/loaders.server.ts';
import { clearSessionCookie, requireAdmin } from '../../lib/session.server.ts';
import { useActionToasts, type ActionResult } from '../../lib/toast.ts';
import type { Route } from './+types/user-details';

export const meta = () => adminMeta('بيانات المستخدم');

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const id = readId(params.id);
  const page = readPage(new URL(request.url));
  // The customer's own orders, exactly as they see them on their profile.
  const [user, orders] = await Promise.all([
    loadOr404(id, (userId) => getUserDetails(context.db, userId)),
    listOrders(context.db, { id, role: 'user' }, { page, limit: PAGE_SIZE }),
  ]);
  return {
    user: {
      id: user.id,
      name: user.name,
      phone: user.phone,
      role: user.role,
      createdAt: user.createdAt.toISOString(),
      joined: formatDate(user.createdAt),
      ordersCount: user.ordersCount,
      totalSpent: user.totalSpent,
    },
    isSelf: user.id === admin.id,
    orders: orders.data.map(
      (o): UserOrderData => ({
        id: o.id,
        number: o.number,
        createdAt: o.createdAt.toISOString(),
        date: formatDate(o.createdAt),
        totalOrderPrice: o.totalOrderPrice,
        shippingPrice: o.shippingPrice,
        discount: o.discount,
        pieces: o.lines.reduce((sum, line) => sum + line.count, 0),
        isPaid: o.isPaid,
        status: o.status,
      }),
    ),
    currentPage: page,
    numberOfPages: orders.paginationResult.numberOfPages,
  };
}

type RoleResult = ActionResult & { askedToConfirm?: boolean };

/**
 * The role form. An admin taking away their own role must confirm, and then their session is
 * over (core bumps the token version): they leave for the login page with the cookie cleared,
 * not for an admin page that would only bounce them.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const id = readId(params.id);
  const read = await readPageForm(request, context);
  if ('refusal' in read) return read.refusal;
  const form = read.form;
  const parsed = UpdateRoleSchema.safeParse({ role: form.get('role') });
  if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
  const { role } = parsed.data;
  const selfDemotion = id === admin.id && role === 'user';
  if (selfDemotion && form.get('confirm') !== 'yes') return data<RoleResult>({ ok: false, askedToConfirm: true });
  try {
    await setUserRole(context.db, id, role);
  } catch (error) {
    return fromAppError(error);
  }
  if (selfDemotion) return redirect('/login', { headers: { 'Set-Cookie': clearSessionCookie(context) } });
  return data<RoleResult>({ ok: true, toast: { type: 'success', message: MSG.roleChanged } });
}

function Stat({ icon: Icon, label, children }: { icon: typeof Phone; label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-xl border border-line bg-white p-4">
      <dt className="flex items-center gap-2 text-sm text-muted">
        <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-600">
          <Icon className="size-4" />
        </span>
        {label}
      </dt>
      <dd className="text-base font-bold break-words sm:text-lg">{children}</dd>
    </div>
  );
}

export default function UserDetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, isSelf, orders, currentPage, numberOfPages } = loaderData;
  const result = actionData as RoleResult | undefined;
  useActionToasts(result);
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const paging = navigation.state === 'loading' && !navigation.formMethod && navigation.location.pathname === `/admin/user-details/${user.id}`;
  const failure = result?.toast?.type === 'error' ? result.toast.message : Object.values(result?.errors ?? {})[0];

  return (
    <>
      <AdminHeader title={user.name} subtitle={isSelf ? 'حسابك أنت' : 'بيانات المستخدم'}>
        <Link
          to="/admin/manage-users"
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-line bg-white px-4 font-semibold hover:bg-surface"
        >
          <ArrowRight aria-hidden="true" className="size-5" />
          كل المستخدمين
        </Link>
      </AdminHeader>
      {failure && (
        <div className="mb-4">
          <FormAlert message={failure} />
        </div>
      )}
      {/* On a phone the role sits right under the summary, not below every order; on a wide screen it is the side column. */}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_20rem] xl:items-start">
        <dl aria-label="ملخص المستخدم" className="grid min-w-0 grid-cols-2 gap-3">
          <Stat icon={Phone} label="رقم الهاتف">
            <Ltr>{user.phone}</Ltr>
          </Stat>
          <Stat icon={CalendarDays} label="تاريخ التسجيل">
            <time dateTime={user.createdAt}>{user.joined}</time>
          </Stat>
          <Stat icon={ShoppingBag} label="عدد الطلبات">
            <Ltr>{user.ordersCount}</Ltr>
          </Stat>
          <Stat icon={Wallet} label="إجمالي المشتريات">
            <Price value={user.totalSpent} />
          </Stat>
        </dl>
        <div className="xl:col-start-2 xl:row-span-2 xl:row-start-1">
          <UserRoleForm
            // A new role is a new form: any open question belongs to the old one.
            key={user.role}
            userId={user.id}
            role={user.role}
            isSelf={isSelf}
            askedToConfirm={result?.askedToConfirm === true}
            pending={pending}
          />
        </div>
        <section aria-labelledby="orders-heading" className="min-w-0">
          <h2 id="orders-heading" className="mb-3 flex items-center gap-2 text-xl font-bold">
            الطلبات
            {paging && <Spinner label="جاري تحميل الطلبات" />}
          </h2>
          {orders.length === 0 ? (
            <p className="rounded-xl border border-line bg-surface px-4 py-8 text-center">لم يطلب هذا المستخدم شيئاً حتى الآن</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {orders.map((order) => (
                <li key={order.id}>
                  <UserOrderRow order={order} />
                </li>
              ))}
            </ul>
          )}
          <Paginator currentPage={currentPage} numberOfPages={numberOfPages} />
        </section>
      </div>
    </>
  );
}
