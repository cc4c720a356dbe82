import { ChevronDown, CircleCheck, Clock, ExternalLink, LoaderCircle, PackageCheck, Truck, Undo2 } from 'lucide-react';
import { Link } from 'react-router';
import { CUSTOMER_CANCELLABLE, PAYMENT_METHOD_LABELS, sizeName, type OrderStatus, type PaymentMethod } from '../../../contracts/constants.ts';
import { orderTotal } from '../../../contracts/money.ts';
import { RETURN_STATUS_LABELS, type ReturnStatus } from '../../../contracts/returns.ts';
import { Discount, Ltr, Price } from '../../lib/format.tsx';
import { ColorOfLine } from '../catalogue/color-swatches.tsx';
import { productImage } from '../../lib/images.ts';
import { useImagesUrl } from '../../lib/root-data.ts';
import { PaymentNotice, PayNow, RefundNote, type PaymentDueData, type PaymentNoticeData, type RefundData } from './order-payment.tsx';
import { OrderSteps, type OrderStatusEntry } from './order-steps.tsx';

export interface OrderCardData {
  id: string;
  number: number;
  /** ISO date, for the <time> element. */
  createdAt: string;
  /** The date as the shop prints it, formatted once on the server. */
  date: string;
  city: string;
  /** The area within the governorate; null on orders placed before it was asked. */
  district: string | null;
  /** The courier's tracking number and page, once the order was handed to a courier. */
  shipment: { trackingNumber: string; trackingUrl: string | null } | null;
  totalOrderPrice: number;
  /** The shipping price the order was placed with. */
  shippingPrice: number;
  /** Pounds taken off the items by a discount code, and the code (null without one). */
  discount: number;
  couponCode: string | null;
  isPaid: boolean;
  isDelivered: boolean;
  status: OrderStatus;
  /** Every status the order reached, oldest first. */
  history: OrderStatusEntry[];
  /** `colorName` null for a product without colours. */
  lines: { productId: string; title: string; imageCover: string; colorName: string | null; size: string; count: number; price: number }[];
  paymentMethod: PaymentMethod;
  /** While the order awaits its card payment: until when. */
  paymentDue: PaymentDueData | null;
  /** Money sent back to the card or wallet, oldest first. */
  refunds: RefundData[];
  /** A paid card order that was closed and whose money has not gone back yet. */
  refundPending: boolean;
  /** While a delivered order can still be returned or exchanged: its last day, as printed. */
  returnUntil: string | null;
  /** The returns asked for it, oldest first. */
  returns: { number: number; status: ReturnStatus }[];
}

/** The id of an order's card on the profile, the fragment a form posted from it comes back to. */
export function orderAnchor(number: number): string {
  return `order-${number}`;
}

/** How the profile singles out the order the shopper came back to. */
export interface OrderCardFocus {
  /** What happened to it (a payment's result, its cancellation, a refusal), shown at the top of the card. */
  notice: PaymentNoticeData | null;
  /** The payment is being confirmed: no second "pay now" meanwhile. */
  holdPayment: boolean;
}

interface BadgeState {
  label: string;
  icon: typeof Truck;
  colours: string;
}

/** A status label; each state has its own colour and icon, so it never relies on colour alone. */
function Badge({ state }: { state: BadgeState }) {
  const Icon = state.icon;
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-semibold ${state.colours}`}>
      <Icon aria-hidden="true" className="size-4" />
      {state.label}
    </span>
  );
}

/** The paid (or refunded) and delivered labels of an order, side by side. */
export function OrderStatusBadges({ isPaid, isDelivered, refunded = false }: { isPaid: boolean; isDelivered: boolean; refunded?: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Badge state={refunded ? REFUNDED : isPaid ? PAID : UNPAID} />
      <Badge state={isDelivered ? DELIVERED : NOT_DELIVERED} />
    </div>
  );
}

const PAID: BadgeState = { label: 'تم الدفع', icon: CircleCheck, colours: 'bg-green-100 text-green-800' };
const UNPAID: BadgeState = { label: 'لم يتم الدفع', icon: Clock, colours: 'bg-amber-100 text-amber-900' };
const REFUNDED: BadgeState = { label: 'تم رد المبلغ', icon: Undo2, colours: 'border border-line bg-surface text-ink' };
const DELIVERED: BadgeState = { label: 'تم الشحن', icon: PackageCheck, colours: 'bg-brand-100 text-brand-900' };
const NOT_DELIVERED: BadgeState = { label: 'لم يتم الشحن', icon: Truck, colours: 'border border-line bg-surface text-ink' };

/**
 * The shopper's own cancellation, confirmed in a disclosure that opens without JavaScript: a
 * plain form to the profile, which comes back to this card saying the order was cancelled, or
 * why it could not be (shown in the card and, with JavaScript, as a toast). While the post
 * runs, the button is busy (app/enhance/submit-once.ts).
 */
function CancelOrder({ order }: { order: OrderCardData }) {
  return (
    <details className="group">
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-lg border border-sale/60 bg-white px-4 font-semibold text-sale hover:bg-red-50 [&::-webkit-details-marker]:hidden">
        إلغاء الطلب
        <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="mt-2 flex flex-col gap-3 rounded-lg border border-sale/40 bg-red-50 p-3">
        <p className="font-semibold">هل تريد إلغاء هذا الطلب؟ لا يمكن التراجع عن الإلغاء بعد تأكيده.</p>
        {order.isPaid && order.paymentMethod === 'card' && <p>نعيد المبلغ المدفوع إلى وسيلة الدفع التي دفعت بها.</p>}
        <form method="post" action="/profile" data-enhance="submit-once">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="orderId" value={order.id} />
          <button
            type="submit"
            className="group/submit inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-sale px-4 font-semibold text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-80"
          >
            <LoaderCircle aria-hidden="true" className="hidden size-5 group-aria-busy/submit:inline motion-safe:animate-spin" />
            <span>
              نعم، ألغِ الطلب رقم <Ltr>#{order.number}</Ltr>
            </span>
          </button>
        </form>
      </div>
    </details>
  );
}

/** The courier's tracking number, kept left to right, and its tracking page in a new tab. */
function Tracking({ shipment }: { shipment: NonNullable<OrderCardData['shipment']> }) {
  return (
    <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-surface px-3 py-2">
      <span>
        <span className="text-muted">رقم الشحنة: </span>
        <Ltr className="break-all font-mono font-semibold">{shipment.trackingNumber}</Ltr>
      </span>
      {shipment.trackingUrl && (
        <a href={shipment.trackingUrl} target="_blank" rel="noopener" className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline">
          تتبع الشحنة
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only"> (تفتح في نافذة جديدة)</span>
        </a>
      )}
    </p>
  );
}

/**
 * One of the shopper's orders (SPEC.md §2 Profile): number, date, how it is paid, where it is in
 * its life, lines, the paid and shipped labels and the total with shipping. While it awaits its
 * card payment the shopper may pay it; while it awaits payment, is pending or confirmed, cancel
 * it. The order the shopper came back to (`focus`) is outlined, with what happened to it; its
 * id (`order-<number>`) is the fragment the profile's forms come back to.
 */
export function OrderCard({ order, focus }: { order: OrderCardData; focus?: OrderCardFocus }) {
  const imagesUrl = useImagesUrl();
  const headingId = `order-${order.id}-heading`;
  // SPEC.md's shipped label ("تم الشحن") says whether the order has left the shop, as the steps do.
  const shipped = order.isDelivered || order.history.some((entry) => entry.status === 'shipped');
  return (
    <article
      id={orderAnchor(order.number)}
      aria-labelledby={headingId}
      className={`scroll-mt-20 rounded-xl border bg-white p-4 ${focus ? 'border-brand-600 ring-2 ring-brand-500' : 'border-line'}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-line pb-3">
        <div>
          <h3 id={headingId} className="text-lg font-bold">
            طلب رقم <Ltr>#{order.number}</Ltr>
          </h3>
          <p className="text-sm text-muted">
            <time dateTime={order.createdAt}>{order.date}</time> · الشحن إلى {order.city}
            {order.district && <>، {order.district}</>}
          </p>
          <p className="text-sm text-muted">طريقة الدفع: {PAYMENT_METHOD_LABELS[order.paymentMethod]}</p>
        </div>
        <OrderStatusBadges isPaid={order.isPaid} isDelivered={shipped} refunded={order.refunds.length > 0} />
      </header>
      {focus?.notice && <PaymentNotice notice={focus.notice} />}
      <div className="border-b border-line py-3">
        <OrderSteps status={order.status} history={order.history} />
        {order.status === 'awaiting_payment' && order.paymentDue && (
          <PayNow orderId={order.id} number={order.number} due={order.paymentDue} hold={focus?.holdPayment ?? false} />
        )}
        <RefundNote refunds={order.refunds} pending={order.refundPending} />
        {order.shipment && <Tracking shipment={order.shipment} />}
      </div>
      <ul className="divide-y divide-line">
        {order.lines.map((line) => (
          <li key={`${line.productId}-${line.colorName}-${line.size}`} className="flex items-center gap-3 py-3">
            <img src={productImage(line.imageCover, imagesUrl).thumb} width={48} height={64} alt={line.title} loading="lazy" className="h-16 w-12 shrink-0 rounded-md bg-surface object-cover" />
            <div className="min-w-0 flex-1">
              <Link to={`/product/${line.productId}`} className="line-clamp-2 font-semibold hover:text-brand-600 hover:underline">
                {line.title}
              </Link>
              <p className="text-sm text-muted">
                <ColorOfLine name={line.colorName} />
                المقاس: <Ltr>{sizeName(line.size)}</Ltr> · الكمية: <Ltr>{line.count}</Ltr>
              </p>
            </div>
            <Price value={Math.ceil(line.price)} className="whitespace-nowrap shrink-0 font-semibold" />
          </li>
        ))}
      </ul>
      <p className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3">
        <span className="text-muted">
          الإجمالي شامل الشحن (<Price value={order.shippingPrice} className="whitespace-nowrap" />)
        </span>
        <Price value={orderTotal(order.totalOrderPrice, order.shippingPrice, order.discount)} className="whitespace-nowrap text-lg font-bold text-brand-700" />
      </p>
      {order.couponCode && (
        <p className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
          <span>
            كود الخصم <Ltr>{order.couponCode}</Ltr>
          </span>
          <Discount value={order.discount} />
        </p>
      )}
      {(order.returnUntil || order.returns.length > 0) && (
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-line pt-3">
          {order.returnUntil && (
            <Link
              to={`/profile/return/${order.id}`}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-brand-600 bg-white px-4 font-semibold text-brand-700 hover:bg-brand-50"
            >
              <Undo2 aria-hidden="true" className="size-5" />
              إرجاع أو استبدال
            </Link>
          )}
          {order.returnUntil && <span className="text-sm text-muted">متاح حتى {order.returnUntil}</span>}
          {order.returns.map((r) => (
            <a key={r.number} href={`#return-${r.number}`} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline">
              طلب إرجاع <Ltr>#{r.number}</Ltr>: {RETURN_STATUS_LABELS[r.status]}
            </a>
          ))}
        </div>
      )}
      {CUSTOMER_CANCELLABLE.includes(order.status) && (
        <div className="mt-3 border-t border-line pt-3">
          <CancelOrder order={order} />
        </div>
      )}
    </article>
  );
}
