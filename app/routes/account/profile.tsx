import { Heart, KeyRound, LoaderCircle, LogOut, MessageCircle, Package } from 'lucide-react';
import { data, Link, redirect } from 'react-router';
import { isClosedStatus, MAX_PAGE_SIZE, ORDER_STATUS_LABELS, STORE_TIME_ZONE } from '../../../contracts/constants.ts';
import { keyOfMessage, MSG, type MessageKey } from '../../../contracts/messages.ts';
import { IdSchema } from '../../../contracts/schemas.ts';
import type { SessionUser } from '../../../core/accounts/auth.ts';
import { AppError } from '../../../core/shared/errors.ts';
import { readNotificationSettings, setOrderMessages } from '../../../core/messages/messages.ts';
import { cancelOwnOrder } from '../../../core/orders/order-lifecycle.ts';
import { getOrder, listOrders, type Order } from '../../../core/orders/orders.ts';
import { startPayment } from '../../../core/payments/payments.ts';
import { whatsAppConnected } from '../../../core/messages/outbox.ts';
import { listWishlist } from '../../../core/checkout/wishlist.ts';
import { cancelOwnReturn } from '../../../core/returns/return-lifecycle.ts';
import { listCustomerReturns, returnWindowEnd } from '../../../core/returns/return-options.ts';
import { readReturnSettings } from '../../../core/returns/return-settings.ts';
import { returnAnchor, ReturnCard, type ReturnCardData } from '../../components/account/return-card.tsx';
import { ActionFlash } from '../../components/account/action-flash.tsx';
import { FormAlert } from '../../components/account/form-field.tsx';
import { orderAnchor, OrderCard, type OrderCardData, type OrderCardFocus } from '../../components/account/order-card.tsx';
import type { PaymentNoticeData } from '../../components/account/order-payment.tsx';
import { WishlistItem, type WishlistProduct } from '../../components/account/wishlist-item.tsx';
import { accountMeta } from '../../lib/account-meta.ts';
import { formatDate, Ltr } from '../../lib/format.tsx';
import { fromAppError, invalid, readPageForm, refuse } from '../../lib/forms.server.ts';
import { loadAsDocument, SERVER_RENDERED } from '../../lib/server-rendered.ts';
import { requireCustomer } from '../../lib/session.server.ts';
import { isDocumentRequest } from '../../lib/shopper.server.ts';
import type { ActionResult } from '../../lib/toast.ts';
import type { Route } from './+types/profile';

export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export const meta = () => accountMeta('حسابي', 'طلباتك وحالة الدفع والشحن، والمنتجات التي حفظتها في المفضلة.');

// The time of day in the shop's own time zone, Western digits like the rest of the shop.
const timeFormat = new Intl.DateTimeFormat('ar-EG-u-nu-latn', { hour: 'numeric', minute: '2-digit', timeZone: STORE_TIME_ZONE });

/**
 * What the shopper came back from Paymob with, as the order stands now: the address only says
 * what Paymob told the browser, the order says whether the payment was recorded.
 */
function paymentNotice(order: Order, payment: string | null): OrderCardFocus {
  const closed = isClosedStatus(order.status);
  // A paid order closed since (cancelled and refunded) has moved on from the payment's news.
  if ((payment !== 'paid' && payment !== 'failed') || (order.isPaid && closed)) return { notice: null, holdPayment: false };
  if (order.isPaid) return { notice: { tone: 'success', message: MSG.paymentSucceeded }, holdPayment: false };
  if (payment === 'paid') {
    // Paymob's callback to the shop can come after the browser: no second payment meanwhile.
    return closed ? { notice: { tone: 'error', message: MSG.paymentAfterClose }, holdPayment: false } : { notice: { tone: 'success', message: MSG.paymentConfirming }, holdPayment: true };
  }
  return { notice: { tone: 'error', message: closed ? MSG.paymentFailedClosed : MSG.paymentFailed }, holdPayment: false };
}

/** The window's last day as the shop prints it, while a delivered order can still be returned; else null. */
function returnUntil(status: Order['status'], deliveredAt: Date | null, windowDays: number, now: number): string | null {
  const end = status === 'delivered' ? returnWindowEnd(deliveredAt, windowDays) : null;
  return end && now <= end.getTime() ? formatDate(end) : null;
}

/** Refusals core words with the order's status after them ("…، حالته: ملغي"). */
const WITH_STATUS: readonly MessageKey[] = ['orderNotCancellable', 'paymentNotAwaited'];

/** The message an address names by its key, with the order's status as it is now when the message names it. */
function messageAbout(key: MessageKey, order: Order): string {
  return WITH_STATUS.includes(key) ? `${MSG[key]}: ${ORDER_STATUS_LABELS[order.status]}` : MSG[key];
}

/**
 * What the wishlist's forms did (`?wishlist=`, app/routes/account/wishlist.tsx), or the key of why
 * they could not; the limit per cart line is said with the shop's number, as core says it.
 */
function wishlistNotice(value: string | null, maxPieces: number): PaymentNoticeData | null {
  if (value === 'addedToCart') return { tone: 'success', message: MSG.addedToCart };
  if (value === 'removed') return { tone: 'success', message: 'تم حذف المنتج من المفضلة' };
  if (value === 'linePiecesLimit') return { tone: 'error', message: `${MSG.linePiecesLimit}: ${maxPieces}` };
  return value && Object.hasOwn(MSG, value) ? { tone: 'error', message: MSG[value as MessageKey] } : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCustomer(request, context);
  const [orders, wishlist, notifications, customerReturns, returnSettings] = await Promise.all([
    listOrders(context.db, user, { page: 1, limit: MAX_PAGE_SIZE }),
    listWishlist(context.db, user.id),
    // The choice means something only while the shop sends messages.
    whatsAppConnected(context.db) ? readNotificationSettings(context.db, user.id) : null,
    listCustomerReturns(context.db, user.id),
    readReturnSettings(context.db),
  ]);
  const params = new URL(request.url).searchParams;
  // The page's forms, checkout and Paymob's return land here with what happened in the address:
  // message keys, never words, so no link can make the shop say something it did not.
  const message = params.get('message');
  const key = message && Object.hasOwn(MSG, message) ? (message as MessageKey) : null;
  const placed = orders.data.find((o) => String(o.number) === params.get('order'));
  const cancelled = orders.data.find((o) => String(o.number) === params.get('cancelled') && o.status === 'cancelled');
  let focus: (OrderCardFocus & { number: number }) | null = null;
  if (placed) {
    const result = paymentNotice(placed, params.get('payment'));
    // A message about the order the shopper came back to (a refusal, the payment page out of reach) is shown on it.
    focus = { number: placed.number, ...(key && !result.notice ? { notice: { tone: 'error', message: messageAbout(key, placed) }, holdPayment: false } : result) };
  } else if (cancelled) {
    focus = { number: cancelled.number, notice: { tone: 'success', message: `${MSG.orderCancelled} رقم #${cancelled.number}` }, holdPayment: false };
  }
  const kept = wishlistNotice(params.get('wishlist'), context.payments.orderLimits.linePieces);
  // The order-messages form came back with what it saved (`?notifications=on|off`).
  const saved = params.get('notifications');
  const savedNotice: PaymentNoticeData | null =
    saved === 'on' ? { tone: 'success', message: MSG.orderMessagesOn } : saved === 'off' ? { tone: 'success', message: MSG.orderMessagesOff } : null;
  const keptProduct = wishlist.find((p) => p.id === params.get('product'))?.id ?? null;
  const now = Date.now();
  const askedReturn = customerReturns.find((r) => String(r.number) === params.get('return'));
  const cancelledReturn = customerReturns.find((r) => String(r.number) === params.get('returnCancelled') && r.status === 'cancelled');
  const returnNotice = askedReturn
    ? { number: askedReturn.number, message: `${MSG.returnRequested}. رقم طلب الإرجاع #${askedReturn.number}` }
    : cancelledReturn
      ? { number: cancelledReturn.number, message: MSG.returnCancelled }
      : null;
  return {
    returnNotice,
    returns: customerReturns.map(
      (r): ReturnCardData => ({
        id: r.id,
        number: r.number,
        orderNumber: r.order.number,
        status: r.status,
        date: formatDate(r.createdAt),
        createdAt: r.createdAt.toISOString(),
        lines: r.lines.map((l) => ({
          id: l.id,
          title: l.product.title,
          colorName: l.colorName,
          size: l.size,
          count: l.count,
          reason: l.reason,
          exchangeSize: l.exchangeSize,
          exchangeColorName: l.exchangeColorName,
          received: l.received,
        })),
        declineReason: r.declineReason,
        shippingFee: r.shippingFee,
        refundAmount: r.refundAmount,
        refund: r.refund && { amount: r.refund.amount, method: r.refund.method, succeeded: r.refund.status === 'succeeded' },
        trackingNumber: r.shipment?.trackingNumber ?? null,
      }),
    ),
    user: { name: user.name, phone: user.phone },
    placedOrder: placed && !focus?.notice ? placed.number : null,
    focus,
    failure: placed || !key ? null : MSG[key],
    // On the product's own item when the address names one still kept (a refused move), else atop the list.
    wishlistNotice: kept && { ...kept, productId: keptProduct },
    notifications: notifications && { ...notifications, notice: savedNotice },
    orders: orders.data.map(
      (o): OrderCardData => ({
        id: o.id,
        number: o.number,
        createdAt: o.createdAt.toISOString(),
        date: formatDate(o.createdAt),
        city: o.shippingAddress.city,
        district: o.shippingAddress.district,
        shipment: o.shipment?.trackingNumber ? { trackingNumber: o.shipment.trackingNumber, trackingUrl: o.shipment.trackingUrl } : null,
        totalOrderPrice: o.totalOrderPrice,
        shippingPrice: o.shippingPrice,
        discount: o.discount,
        couponCode: o.couponCode,
        isPaid: o.isPaid,
        isDelivered: o.isDelivered,
        status: o.status,
        history: o.statusHistory.map((h) => ({ status: h.status, at: h.at.toISOString(), date: formatDate(h.at) })),
        lines: o.lines.map(({ productId, title, imageCover, colorName, size, count, price }) => ({ productId, title, imageCover, colorName, size, count, price })),
        paymentMethod: o.paymentMethodType,
        paymentDue:
          o.status === 'awaiting_payment' && o.paymentDueAt
            ? { at: o.paymentDueAt.toISOString(), time: timeFormat.format(o.paymentDueAt), minutesLeft: Math.max(0, Math.floor((o.paymentDueAt.getTime() - now) / 60_000)) }
            : null,
        refunds: o.refunds.filter((r) => r.status === 'succeeded').map((r) => ({ amount: r.amount, at: r.at.toISOString(), date: formatDate(r.at) })),
        refundPending: o.refundOwed,
        returnUntil: returnUntil(o.status, o.deliveredAt, returnSettings.windowDays, now),
        returns: o.returns.map((r) => ({ number: r.number, status: r.status })),
      }),
    ),
    wishlist: wishlist.map(
      (p): WishlistProduct => ({
        id: p.id,
        title: p.title,
        imageCover: p.imageCover,
        price: p.price,
        priceAfterDiscount: p.priceAfterDiscount,
        availableSizes: p.availableSizes,
        stock: p.stock,
        availability: p.availability,
        colorCount: p.colors.length,
      }),
    ),
  };
}

/**
 * A refusal posted as a page (every post from the profile, which does not hydrate) goes back to
 * the profile as an address, so a reload posts nothing: to the order's card, with the message's
 * key, which the card shows beside the order as it is now; without an order of the shopper's,
 * atop the page.
 */
async function refusedPage(context: Route.ActionArgs['context'], user: SessionUser, orderId: string | undefined, result: ActionResult) {
  // Core's refusals carry their key; the page's own messages and a field's are the shop's messages as they are.
  const message = result.toast?.message ?? Object.values(result.errors ?? {})[0];
  const key = result.messageKey ?? (message ? keyOfMessage(message) : undefined) ?? 'serverError';
  let order: Order | undefined;
  try {
    if (orderId) order = await getOrder(context.db, orderId, user);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
  return redirect(order ? `/profile?order=${order.number}&message=${key}#${orderAnchor(order.number)}` : `/profile?message=${key}`);
}

/**
 * A customer cancelling one of their orders (intent=cancel, orderId), or paying one that awaits
 * its card payment (intent=pay). Core refuses someone else's order (not found), a cancel past
 * confirmed and a payment for an order that no longer awaits one or whose time ran out (409
 * naming why). A paid card order cancelled is refunded. A payment answers with Paymob's page; a
 * plain form post comes back to the order's card on the profile, which says the order was
 * cancelled or why not. Other callers (no browser page) get the answer itself.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireCustomer(request, context);
  const read = await readPageForm(request, context);
  if ('refusal' in read) return read.refusal;
  const form = read.form;
  const intent = form.get('intent');
  const parsed = IdSchema.safeParse(form.get('orderId'));
  const orderId = parsed.success ? parsed.data : undefined;
  const answerRefusal = async <T extends { data: ActionResult }>(answer: T) => (isDocumentRequest(request) ? refusedPage(context, user, orderId, answer.data) : answer);
  if (intent === 'notifications') {
    // An unchecked box sends nothing: order messages off.
    const { orderMessages } = await setOrderMessages(context.db, user.id, form.get('orderMessages') === 'true');
    if (isDocumentRequest(request)) return redirect(`/profile?notifications=${orderMessages ? 'on' : 'off'}#notifications`);
    return data<ActionResult>({ ok: true, toast: { type: 'success', message: orderMessages ? MSG.orderMessagesOn : MSG.orderMessagesOff } });
  }
  if (intent === 'cancel-return') {
    const returnId = IdSchema.safeParse(form.get('returnId'));
    try {
      if (!returnId.success) throw new AppError(404, MSG.returnNotFound);
      const cancelled = await cancelOwnReturn(context.db, returnId.data, user);
      if (isDocumentRequest(request)) return redirect(`/profile?returnCancelled=${cancelled.number}#${returnAnchor(cancelled.number)}`);
      return data<ActionResult>({ ok: true, toast: { type: 'success', message: MSG.returnCancelled } });
    } catch (error) {
      return answerRefusal(fromAppError(error));
    }
  }
  if (intent !== 'cancel' && intent !== 'pay') return answerRefusal(invalid({ intent: MSG.invalidValue }));
  if (!orderId) return answerRefusal(refuse(404, MSG.orderNotFound));
  if (intent === 'pay') {
    try {
      return redirect(await startPayment(context.db, context.payments, orderId, user));
    } catch (error) {
      // The gateway's own trouble is the shopper's to know: the order is kept and can be paid in a while.
      if (error instanceof AppError && error.status === 502) return answerRefusal(refuse(502, error.message));
      return answerRefusal(fromAppError(error));
    }
  }
  try {
    const order = await cancelOwnOrder(context.db, orderId, user, context.payments.paymob);
    if (isDocumentRequest(request)) return redirect(`/profile?cancelled=${order.number}#${orderAnchor(order.number)}`);
    return data<ActionResult>({ ok: true, toast: { type: 'success', message: MSG.orderCancelled } });
  } catch (error) {
    return answerRefusal(fromAppError(error));
  }
}

/** A message the page came back with: on the page and, with JavaScript, as a toast too (app/enhance/flash.ts). */
function Notice({ notice }: { notice: PaymentNoticeData }) {
  return (
    <div data-enhance="toast" data-toast-type={notice.tone}>
      <FormAlert tone={notice.tone} message={notice.message} />
    </div>
  );
}

/**
 * The customer's choice of WhatsApp messages about their orders: a plain form to the profile,
 * which comes back here saying what was saved. The reset code is sent whatever they choose.
 */
function OrderMessagesForm({ orderMessages, notice }: { orderMessages: boolean; notice: PaymentNoticeData | null }) {
  return (
    <section id="notifications" aria-labelledby="notifications-heading" className="mb-4 flex scroll-mt-20 flex-col gap-3 rounded-xl border border-line bg-white p-4">
      <form method="post" action="/profile" data-enhance="submit-once" className="flex flex-wrap items-center justify-between gap-3">
        <input type="hidden" name="intent" value="notifications" />
        <div className="min-w-0 flex-1 basis-64">
          <h2 id="notifications-heading" className="sr-only">
            رسائل واتساب
          </h2>
          <label className="flex min-h-11 cursor-pointer items-center gap-3 font-semibold">
            <input type="checkbox" name="orderMessages" value="true" defaultChecked={orderMessages} className="size-5 shrink-0 accent-brand-600" />
            <MessageCircle aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
            رسائل واتساب عن طلباتي
          </label>
          <p className="text-sm text-muted">نرسل لك تأكيد الطلب وخبر شحنه وتوصيله على رقم الهاتف في عنوان الشحن. رمز استعادة كلمة المرور يصلك دائماً.</p>
        </div>
        <button
          type="submit"
          className="group/submit inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-brand-600 bg-white px-5 font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-80 max-sm:w-full"
        >
          <LoaderCircle aria-hidden="true" className="hidden size-5 group-aria-busy/submit:inline motion-safe:animate-spin" />
          حفظ
        </button>
      </form>
      {notice && <Notice notice={notice} />}
    </section>
  );
}

const JUMP_LINK = 'flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg border border-line bg-white px-3 font-semibold hover:bg-surface';

/**
 * The shopper's own page (SPEC.md §2 Profile): their orders and their wishlist, side by side on
 * a wide screen. It does not hydrate (docs/decisions/010): every form posts a page and comes
 * back here with what happened, shown where the shopper was and, with JavaScript, as a toast.
 */
export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, orders, wishlist, placedOrder, focus, failure, wishlistNotice, notifications, returns, returnNotice } = loaderData;
  // Only a post from outside a page (no browser navigation) is answered with this page and its refusal.
  const refusal = actionData?.toast?.type === 'error' ? actionData.toast.message : Object.values(actionData?.errors ?? {})[0];

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">حسابي</h1>
          <p className="text-muted">
            أهلاً {user.name} · <Ltr>{user.phone}</Ltr>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/change-password" className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-line px-4 font-semibold hover:bg-surface">
            <KeyRound aria-hidden="true" className="size-5" />
            تغيير كلمة المرور
          </Link>
          <form method="post" action="/logout" data-enhance="submit-once">
            <button
              type="submit"
              className="group/submit inline-flex min-h-11 items-center gap-2 rounded-lg border border-line px-4 font-semibold hover:bg-surface disabled:cursor-not-allowed disabled:opacity-80"
            >
              <LoaderCircle aria-hidden="true" className="hidden size-5 group-aria-busy/submit:inline motion-safe:animate-spin" />
              <LogOut aria-hidden="true" className="size-5 group-aria-busy/submit:hidden" />
              تسجيل الخروج
            </button>
          </form>
        </div>
      </div>
      <div className="mb-4 flex flex-col gap-2">
        {placedOrder !== null && <Notice notice={{ tone: 'success', message: `${MSG.orderSent}. رقم طلبك #${placedOrder}` }} />}
        {failure && <Notice notice={{ tone: 'error', message: failure }} />}
        <FormAlert message={refusal} />
        <ActionFlash result={actionData} />
      </div>
      {notifications && <OrderMessagesForm orderMessages={notifications.orderMessages} notice={notifications.notice} />}
      <nav aria-label="أقسام حسابي" className="mb-4 flex gap-2 lg:hidden">
        <a href="#orders" className={JUMP_LINK}>
          <Package aria-hidden="true" className="size-5" />
          <span>
            طلباتي (<Ltr>{orders.length}</Ltr>)
          </span>
        </a>
        <a href="#wishlist" className={JUMP_LINK}>
          <Heart aria-hidden="true" className="size-5" />
          <span>
            المفضلة (<Ltr>{wishlist.length}</Ltr>)
          </span>
        </a>
      </nav>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[3fr_2fr] lg:items-start">
        <section id="orders" aria-labelledby="orders-heading" className="scroll-mt-20">
          <h2 id="orders-heading" className="mb-3 text-xl font-bold">
            طلباتي
          </h2>
          {orders.length === 0 ? (
            <p className="rounded-xl border border-line bg-surface px-4 py-8 text-center">ليس لديك طلبات حتى الآن</p>
          ) : (
            <ul className="flex flex-col gap-4">
              {orders.map((order) => (
                <li key={order.id}>
                  <OrderCard order={order} focus={focus?.number === order.number ? focus : undefined} />
                </li>
              ))}
            </ul>
          )}
          {returns.length > 0 && (
            <section id="returns" aria-labelledby="returns-heading" className="mt-8 scroll-mt-20">
              <h2 id="returns-heading" className="mb-3 text-xl font-bold">
                طلبات الإرجاع والاستبدال
              </h2>
              <ul className="flex flex-col gap-4">
                {returns.map((item) => (
                  <li key={item.id}>
                    <ReturnCard item={item} notice={returnNotice?.number === item.number ? returnNotice.message : undefined} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </section>
        <section id="wishlist" aria-labelledby="wishlist-heading" className="flex scroll-mt-20 flex-col gap-3">
          <h2 id="wishlist-heading" className="text-xl font-bold">
            المفضلة
          </h2>
          {wishlistNotice && !wishlistNotice.productId && <Notice notice={wishlistNotice} />}
          {wishlist.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-xl border border-line bg-surface px-4 py-8 text-center">
              <p>لا توجد منتجات في المفضلة حتى الآن</p>
              <Link to="/new-arrived" className="inline-flex min-h-11 items-center font-semibold text-brand-600 underline">
                تصفح المنتجات
              </Link>
            </div>
          ) : (
            <ul className="flex flex-col gap-3">
              {wishlist.map((product) => (
                <WishlistItem key={product.id} product={product} notice={wishlistNotice?.productId === product.id ? wishlistNotice : undefined} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </section>
  );
}
