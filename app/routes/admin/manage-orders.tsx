import { Inbox } from 'lucide-react';
import { Link, useNavigation } from 'react-router';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, PAGE_SIZE, type OrderStatus } from '../../../contracts/constants.ts';
import { countOrdersByStatus, listOrders } from '../../../core/orders/orders.ts';
import { ordersNeedingDecision } from '../../../core/payments/payments.ts';
import { FormAlert } from '../../components/account/form-field.tsx';
import { Spinner } from '../../components/account/spinner-button.tsx';
import { AdminHeader } from '../../components/admin/admin-header.tsx';
import { changeOrder, type ShipmentActionResult } from '../../components/admin/order-actions.server.ts';
import { OrderAdminCard, toAdminOrderView } from '../../components/admin/order-admin-card.tsx';
import { StatusFilter, type StatusFilterEntry } from '../../components/admin/status-filter.tsx';
import { BulkShipmentForm, BulkShipmentReportView, selectableForShipment } from '../../components/admin/shipment-bulk.tsx';
import { Paginator } from '../../components/catalogue/paginator.tsx';
import { adminMeta } from '../../lib/admin-meta.ts';
import { useActionToasts } from '../../lib/toast.ts';
import { readPage } from '../../lib/loaders.server.ts';
import { requireAdmin } from '../../lib/session.server.ts';
import type { Route } from './+types/manage-orders';

export const meta = () => adminMeta('الطلبات');

/** `?status=`, when it names a status; anything else lists every order. */
function readStatus(url: URL): OrderStatus | undefined {
  const status = url.searchParams.get('status');
  return ORDER_STATUSES.find((s) => s === status);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const url = new URL(request.url);
  const page = readPage(url);
  const status = readStatus(url);
  const [orders, counts, undecided] = await Promise.all([
    listOrders(context.db, admin, { page, limit: PAGE_SIZE, status }),
    countOrdersByStatus(context.db),
    ordersNeedingDecision(context.db),
  ]);
  return {
    orders: orders.data.map((order) => toAdminOrderView(order, undecided.has(order.id))),
    page,
    numberOfPages: orders.paginationResult.numberOfPages,
    status: status ?? null,
    counts,
    cardPayments: Boolean(context.payments.paymob),
    couriers: Boolean(context.couriers),
  };
}

/** The delivered and paid dropdowns of this list, and the chosen orders handed to the courier (order-actions.server.ts). */
export const action = ({ request, context }: Route.ActionArgs) => changeOrder(request, context);

/** The statuses to filter by, with their counts, and "all". */
function statusEntries(counts: Record<OrderStatus, number>, cardPayments: boolean, current: OrderStatus | null): StatusFilterEntry[] {
  const total = ORDER_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  // Card orders wait for their payment there; a cash-only shop that never took a card order has no use for it.
  const shown = ORDER_STATUSES.filter((status) => status !== 'awaiting_payment' || cardPayments || counts[status] > 0 || current === status);
  return [{ status: null, label: 'الكل', count: total }, ...shown.map((status) => ({ status, label: ORDER_STATUS_LABELS[status], count: counts[status] }))];
}

export default function ManageOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, page, numberOfPages, status, counts, cardPayments, couriers } = loaderData;
  const result = actionData as ShipmentActionResult | undefined;
  // The dropdowns show their own toasts; the shipping form's answer is shown here, on the page and as a toast.
  useActionToasts(result?.bulk || result?.errors ? result : undefined);
  const selectable = couriers ? orders.filter(selectableForShipment).map((order) => order.id) : [];
  const navigation = useNavigation();
  const turningPage = navigation.state === 'loading' && navigation.location.pathname === '/admin/manage-orders';

  return (
    <>
      <AdminHeader title="الطلبات" subtitle={numberOfPages > 0 ? 'الأحدث أولاً' : undefined}>
        {turningPage && <Spinner label="جاري تحميل الطلبات" />}
      </AdminHeader>
      <StatusFilter name="تصفية الطلبات حسب الحالة" path="/admin/manage-orders" current={status} entries={statusEntries(counts, cardPayments, status)} />
      {/* The dropdowns answer with toasts through their own fetchers; this is a refused post made without JavaScript, or the shipping form's report. */}
      {result?.bulk ? (
        <BulkShipmentReportView report={result.bulk} />
      ) : (
        (result?.toast?.type === 'error' || result?.errors) && (
          <div className="mb-4">
            <FormAlert message={result.toast?.message ?? Object.values(result.errors ?? {})[0]} />
          </div>
        )
      )}
      {selectable.length > 0 && <BulkShipmentForm />}
      {orders.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-line bg-surface px-4 py-12 text-center">
          <Inbox aria-hidden="true" className="size-12 text-brand-500" />
          {numberOfPages > 0 ? (
            <>
              <p className="text-lg font-semibold">لا توجد طلبات في هذه الصفحة</p>
              <Link to={status ? `/admin/manage-orders?status=${status}` : '/admin/manage-orders'} className="inline-flex min-h-11 items-center font-semibold text-brand-600 underline">
                العودة إلى أحدث الطلبات
              </Link>
            </>
          ) : status ? (
            <>
              <p className="text-lg font-semibold">لا توجد طلبات بحالة «{ORDER_STATUS_LABELS[status]}»</p>
              <Link to="/admin/manage-orders" className="inline-flex min-h-11 items-center font-semibold text-brand-600 underline">
                عرض كل الطلبات
              </Link>
            </>
          ) : (
            <p className="text-lg font-semibold">لم يتم استقبال طلبات حتى الآن</p>
          )}
        </div>
      ) : (
        <ul aria-label="قائمة الطلبات" className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          {orders.map((order) => (
            <li key={order.id} className="min-w-0">
              <OrderAdminCard order={order} selectable={selectable.includes(order.id)} />
            </li>
          ))}
        </ul>
      )}
      <Paginator currentPage={page} numberOfPages={numberOfPages} keep={['status']} />
    </>
  );
}
