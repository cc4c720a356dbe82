/** An order as staff see it: who, where to, how it is paid, the total with shipping, its status and its two flags. */
import { ChevronLeft, CircleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { flagChangeAllowed, PAYMENT_METHOD_LABELS, type OrderStatus, type PaymentMethod, type RefundStatus } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import type { Order } from '../../../core/orders/orders.ts';
import { orderTotal } from '../../../contracts/money.ts';
import { Discount, Ltr, Price } from '../../lib/format.tsx';
import { formatDateTime, stamp } from './date-time.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { OrderStatusSelect } from './order-status-select.tsx';
import { SelectForShipment } from './shipment-bulk.tsx';
import { SHIPMENT_STATE_LABELS, toShipmentView, type ShipmentView } from './shipment-panel.tsx';

export interface AdminOrderView {
  id: string;
  number: number;
  customer: { name: string; phone: string };
  /** `district` is null on orders placed before it was asked. */
  shipping: { city: string; district: string | null; details: string; phone: string; postalCode: string };
  paymentMethodType: PaymentMethod;
  /** The method as staff read it (PAYMENT_METHOD_LABELS). */
  paymentMethod: string;
  /** Paymob's transaction id and order id, once a card payment went through. */
  trnxId: string | null;
  orderPaymobId: string | null;
  /** A card order awaiting payment is cancelled by the shop then. */
  paymentDueAt: { iso: string; text: string } | null;
  /** Money sent back through Paymob, oldest first. */
  refunds: { amount: number; status: RefundStatus; at: { iso: string; text: string }; by: string; detail: string | null; transactionId: string }[];
  /** The shop still owes the customer the order's card payment (core's Order.refundOwed). */
  refundOwed: boolean;
  /** A Paymob callback for this order waits for an admin to refund or keep the money. */
  needsDecision: boolean;
  itemsTotal: number;
  shippingPrice: number;
  /** Pounds taken off the items by a discount code, and the code (null without one). */
  discount: number;
  couponCode: string | null;
  status: OrderStatus;
  isPaid: boolean;
  isDelivered: boolean;
  /** The order handed to a courier, or null (never sent, or shipped by hand). */
  shipment: ShipmentView | null;
  /** ISO dates for <time>, and the same dates as the shop prints them. */
  createdAt: string;
  placed: string;
  paidAt: { iso: string; text: string } | null;
  deliveredAt: { iso: string; text: string } | null;
}

/**
 * What the admin pages need of an order, formatted once on the server so the page hydrates with
 * the same text. `needsDecision` comes from core/payments/payments.ts ordersNeedingDecision.
 */
export function toAdminOrderView(order: Order, needsDecision = false): AdminOrderView {
  return {
    id: order.id,
    number: order.number,
    customer: { name: order.user.name, phone: order.user.phone },
    shipping: order.shippingAddress,
    paymentMethodType: order.paymentMethodType,
    paymentMethod: PAYMENT_METHOD_LABELS[order.paymentMethodType],
    trnxId: order.trnxId,
    orderPaymobId: order.orderPaymobId,
    paymentDueAt: stamp(order.paymentDueAt),
    refunds: order.refunds.map((refund) => ({ amount: refund.amount, status: refund.status, at: stamp(refund.at), by: refund.by?.name ?? 'المتجر', detail: refund.detail, transactionId: refund.transactionId })),
    refundOwed: order.refundOwed,
    needsDecision,
    itemsTotal: order.totalOrderPrice,
    shippingPrice: order.shippingPrice,
    discount: order.discount,
    couponCode: order.couponCode,
    status: order.status,
    isPaid: order.isPaid,
    isDelivered: order.isDelivered,
    shipment: toShipmentView(order.shipment),
    createdAt: order.createdAt.toISOString(),
    placed: formatDateTime(order.createdAt),
    paidAt: stamp(order.paidAt),
    deliveredAt: stamp(order.deliveredAt),
  };
}

/** A label and its value; the value may be a long word (an id) and must wrap rather than overflow. */
export function Detail({ term, children, wide = false }: { term: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={`min-w-0 ${wide ? 'col-span-2' : ''}`}>
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="break-words font-semibold">{children}</dd>
    </div>
  );
}

/** A card order's paid state: Paymob's callback alone sets it, so staff read it here rather than choose it. */
export function CardPaidState({ isPaid }: { isPaid: boolean }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <span className="text-sm font-semibold text-muted">حالة الدفع</span>
      <p className={`flex min-h-11 items-center rounded-lg border border-line px-3 font-semibold ${isPaid ? 'bg-green-50' : 'bg-surface'}`}>
        {isPaid ? 'تم الدفع' : 'لم يتم الدفع'}
      </p>
      <p className="text-xs text-muted">{MSG.cardOrderPaidOnline}</p>
    </div>
  );
}

/** The marker on an order with a Paymob callback waiting for an admin to refund or keep the money, or with a refund to try again. */
export function DecisionBadge({ label = 'يحتاج قراراً' }: { label?: string }) {
  return (
    <span className="inline-flex w-fit items-center gap-1 rounded-full bg-red-100 px-3 py-1 text-sm font-semibold whitespace-nowrap text-red-800">
      <CircleAlert aria-hidden="true" className="size-4" />
      {label}
    </span>
  );
}

export function OrderStatusSelects({ order }: { order: Pick<AdminOrderView, 'id' | 'number' | 'isDelivered' | 'isPaid' | 'paymentMethodType' | 'status'> }) {
  return (
    // Without JavaScript each dropdown has its save button beside it: on a phone they stack, so the choices stay readable.
    <div className="grid grid-cols-2 gap-3 max-sm:[@media(scripting:none)]:grid-cols-1">
      <OrderStatusSelect
        orderId={order.id}
        orderNumber={order.number}
        flag="delivered"
        value={order.isDelivered}
        changeAllowed={flagChangeAllowed('delivered', order)}
      />
      {order.paymentMethodType === 'card' ? (
        <CardPaidState isPaid={order.isPaid} />
      ) : (
        <OrderStatusSelect orderId={order.id} orderNumber={order.number} flag="paid" value={order.isPaid} changeAllowed={flagChangeAllowed('paid', order)} />
      )}
    </div>
  );
}

/** `selectable`: the order has a checkbox of the list's shipping form (shipment-bulk.tsx). */
export function OrderAdminCard({ order, selectable = false }: { order: AdminOrderView; selectable?: boolean }) {
  const headingId = `order-${order.id}`;
  const card = order.paymentMethodType === 'card';
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col gap-4 rounded-xl border border-line bg-white p-4">
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-line pb-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-bold">
            طلب رقم <Ltr>#{order.number}</Ltr>
          </h2>
          <p className="text-sm text-muted">
            <time dateTime={order.createdAt}>{order.placed}</time>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <OrderStatusBadge status={order.status} />
          {order.needsDecision && <DecisionBadge />}
          {order.refundOwed && <DecisionBadge label="تعذر الاسترداد" />}
          {selectable && <SelectForShipment orderId={order.id} orderNumber={order.number} />}
        </div>
      </header>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        <Detail term="العميل">{order.customer.name}</Detail>
        <Detail term="الهاتف">
          <Ltr>{order.shipping.phone}</Ltr>
        </Detail>
        <Detail term="المحافظة">{order.shipping.city}</Detail>
        <Detail term="طريقة الدفع">{order.paymentMethod}</Detail>
        <Detail term="العنوان" wide>
          {order.shipping.details}
        </Detail>
        <Detail term="رقم المعاملة">{order.trnxId ? <Ltr className="break-all">{order.trnxId}</Ltr> : '—'}</Detail>
        {card && <Detail term="رقم طلب Paymob">{order.orderPaymobId ? <Ltr className="break-all">{order.orderPaymobId}</Ltr> : '—'}</Detail>}
        {order.couponCode && (
          <Detail term="كود الخصم">
            <Ltr>{order.couponCode}</Ltr> (<Discount value={order.discount} />)
          </Detail>
        )}
        <Detail term="الإجمالي شامل الشحن" wide={card}>
          <Price value={orderTotal(order.itemsTotal, order.shippingPrice, order.discount)} className="text-brand-700" />
        </Detail>
        {order.shipment?.trackingNumber && (
          <Detail term="رقم الشحنة" wide>
            <Ltr className="break-all font-mono">{order.shipment.trackingNumber}</Ltr>
            <span className="text-sm font-normal text-muted"> · {SHIPMENT_STATE_LABELS[order.shipment.state] ?? order.shipment.state}</span>
          </Detail>
        )}
        <Detail term="معرف الطلب" wide>
          <Ltr className="break-all font-mono text-sm font-normal">{order.id}</Ltr>
        </Detail>
      </dl>
      <div className="mt-auto flex flex-col gap-3 border-t border-line pt-3">
        <OrderStatusSelects order={order} />
        <Link
          to={`/admin/order-details/${order.id}`}
          className="inline-flex min-h-11 items-center justify-center gap-1 rounded-lg border border-brand-600 px-4 font-semibold text-brand-700 hover:bg-brand-50"
        >
          تفاصيل الطلب<span className="sr-only"> رقم {order.number}</span>
          <ChevronLeft aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </article>
  );
}
