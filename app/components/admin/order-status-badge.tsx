/** An order's status as staff read it on lists and on its page: its label, coloured by what is left to do. */
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../contracts/constants.ts';

const TONES: Record<OrderStatus, string> = {
  awaiting_payment: 'border border-line bg-surface text-ink',
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-brand-50 text-brand-900',
  shipped: 'bg-brand-100 text-brand-900',
  delivered: 'bg-green-100 text-green-800',
  cancelled: 'bg-zinc-200 text-zinc-800',
  refused: 'bg-red-100 text-red-800',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-flex w-fit items-center rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap ${TONES[status]}`}>
      <span className="sr-only">حالة الطلب: </span>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

/** The status and whether the money is in: what staff scan a list of orders for. */
export function OrderBadges({ status, isPaid }: { status: OrderStatus; isPaid: boolean }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <OrderStatusBadge status={status} />
      <span
        className={`inline-flex w-fit items-center rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap ${isPaid ? 'bg-green-100 text-green-800' : 'border border-line bg-white text-muted'}`}
      >
        {isPaid ? 'تم الدفع' : 'لم يتم الدفع'}
      </span>
    </div>
  );
}
