import { Inbox } from 'lucide-react';
import { Link, redirect, useNavigation } from 'react-router';
import { z } from 'zod';
import { MSG, PAGE_SIZE } from '../../../contracts/index.ts';
import { IdSchema } from '../../../contracts/schemas.ts';
import { listOrders, setOrderFlag } from '../../../core/orders.ts';
import { Spinner } from '../../components/account/spinner-button.tsx';
import { AdminHeader } from '../../components/admin/admin-header.tsx';
import { OrderAdminCard, toAdminOrderView } from '../../components/admin/order-admin-card.tsx';
import { Paginator } from '../../components/catalogue/paginator.tsx';
import { adminMeta } from '../../lib/admin-meta.ts';
import { readPage } from '../../lib/loaders.server.ts';
import { fieldErrors, fromAppError, invalid, refererPath } from '../../lib/forms.server.ts';
import { requireAdmin } from '../../lib/session.server.ts';
import { isDocumentRequest } from '../../lib/shopper.server.ts';
import type { ActionResult } from '../../lib/toast.ts';
import type { Route } from './+types/manage-orders';

export const meta = () => adminMeta('الطلبات');

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const page = readPage(new URL(request.url));
  const orders = await listOrders(context.db, admin, { page, limit: PAGE_SIZE });
  return {
    orders: orders.data.map(toAdminOrderView),
    page,
    numberOfPages: orders.paginationResult.numberOfPages,
  };
}

const SetFlagSchema = z.object({
  orderId: IdSchema,
  flag: z.enum(['delivered', 'paid'], { error: MSG.invalidValue }),
  value: z.enum(['true', 'false'], { error: MSG.invalidValue }).transform((v) => v === 'true'),
});

/** A plain form post goes back to the admin page it came from (this list's page, or an order's details). */
function backTo(request: Request) {
  const from = refererPath(request);
  return redirect(from?.startsWith('/admin/') ? from : '/admin/manage-orders');
}

/**
 * The one door for the delivered and paid dropdowns of this list and of the order details:
 * sets the flag to the value the admin chose (core makes a repeat harmless).
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const parsed = SetFlagSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
  const { orderId, flag, value } = parsed.data;
  try {
    await setOrderFlag(context.db, orderId, flag, value);
  } catch (error) {
    return fromAppError(error);
  }
  if (isDocumentRequest(request)) return backTo(request);
  const result: ActionResult = { ok: true, toast: { type: 'success', message: flag === 'delivered' ? MSG.markedDelivered : MSG.markedPaid } };
  return result;
}

export default function ManageOrders({ loaderData }: Route.ComponentProps) {
  const { orders, page, numberOfPages } = loaderData;
  const navigation = useNavigation();
  const turningPage = navigation.state === 'loading' && navigation.location.pathname === '/admin/manage-orders';

  return (
    <>
      <AdminHeader title="الطلبات" subtitle={numberOfPages > 0 ? 'الأحدث أولاً' : undefined}>
        {turningPage && <Spinner label="جاري تحميل الطلبات" />}
      </AdminHeader>
      {orders.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-line bg-surface px-4 py-12 text-center">
          <Inbox aria-hidden="true" className="size-12 text-brand-500" />
          {numberOfPages === 0 ? (
            <p className="text-lg font-semibold">لم يتم إستقبال طلبات حتى الأن</p>
          ) : (
            <>
              <p className="text-lg font-semibold">لا توجد طلبات في هذه الصفحة</p>
              <Link to="/admin/manage-orders" className="inline-flex min-h-11 items-center font-semibold text-brand-600 underline">
                العودة إلى أحدث الطلبات
              </Link>
            </>
          )}
        </div>
      ) : (
        <ul aria-label="قائمة الطلبات" className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          {orders.map((order) => (
            <li key={order.id} className="min-w-0">
              <OrderAdminCard order={order} />
            </li>
          ))}
        </ul>
      )}
      <Paginator currentPage={page} numberOfPages={numberOfPages} />
    </>
  );
}
