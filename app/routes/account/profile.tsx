import { Heart, KeyRound, LogOut, Package } from 'lucide-react';
import { data, Form, Link, redirect, useFetcher, useFetchers, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router';
import { MAX_PAGE_SIZE, STORE_TIME_ZONE } from '../../../contracts/constants.ts';
import { MSG, type MessageKey } from '../../../contracts/messages.ts';
import { IdSchema } from '../../../contracts/schemas.ts';
import { AppError } from '../../../core/errors.ts';
import { cancelOwnOrder, listOrders, type Order } from '../../../core/orders.ts';
import { startPayment } from '../../../core/payments.ts';
import { listWishlist } from '../../../core/wishlist.ts';
import { FormAlert } from '../../components/account/form-field.tsx';
import { OrderCard, type OrderCardData, type OrderCardFocus } from '../../components/account/order-card.tsx';
import { Spinner } from '../../components/account/spinner-button.tsx';
import { MOVE_TO_CART_FETCHER, WishlistItem, type WishlistProduct } from '../../components/account/wishlist-item.tsx';
import { formatDate, Ltr } from '../../lib/format.tsx';
import { fromAppError, invalid } from '../../lib/forms.server.ts';
import { requireCustomer } from '../../lib/session.server.ts';
import { isDocumentRequest } from '../../lib/shopper.server.ts';
import { useActionToasts, type ActionResult } from '../../lib/toast.ts';
import type { Route } from './+types/profile';

export function meta() {
  return [
    { title: 'حسابي' },
    { name: 'description', content: 'طلباتك وحالة الدفع والشحن، والمنتجات التي حفظتها في المفضلة.' },
    { name: 'robots', content: 'noindex' },
  ];
}

// The time of day in the shop's own time zone, Western digits like the rest of the shop.
const timeFormat = new Intl.DateTimeFormat('ar-EG-u-nu-latn', { hour: 'numeric', minute: '2-digit', timeZone: STORE_TIME_ZONE });

/**
 * What the shopper came back from Paymob with, as the order stands now: the address only says
 * what Paymob told the browser, the order says whether the payment was recorded.
 */
function paymentNotice(order: Order, payment: string | null): OrderCardFocus {
  const closed = order.status === 'cancelled' || order.status === 'refused';
  // A paid order closed since (cancelled and refunded) has moved on from the payment's news.
  if ((payment !== 'paid' && payment !== 'failed') || (order.isPaid && closed)) return { notice: null, holdPayment: false };
  if (order.isPaid) return { notice: { tone: 'success', message: MSG.paymentSucceeded }, holdPayment: false };
  if (payment === 'paid') {
    // Paymob's callback to the shop can come after the browser: no second payment meanwhile.
    return closed ? { notice: { tone: 'error', message: MSG.paymentAfterClose }, holdPayment: false } : { notice: { tone: 'success', message: MSG.paymentConfirming }, holdPayment: true };
  }
  return { notice: { tone: 'error', message: closed ? MSG.paymentFailedClosed : MSG.paymentFailed }, holdPayment: false };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCustomer(request, context);
  const [orders, wishlist] = await Promise.all([
    listOrders(context.db, user, { page: 1, limit: MAX_PAGE_SIZE }),
    listWishlist(context.db, user.id),
  ]);
  const params = new URL(request.url).searchParams;
  // Plain form posts (no JavaScript) and Paymob's return land here with what happened in the address.
  const message = params.get('message');
  const known = message && Object.hasOwn(MSG, message) ? MSG[message as MessageKey] : null;
  const placed = orders.data.find((o) => String(o.number) === params.get('order'));
  const cancelled = orders.data.find((o) => String(o.number) === params.get('cancelled') && o.status === 'cancelled');
  let focus: (OrderCardFocus & { number: number }) | null = null;
  if (placed) {
    const result = paymentNotice(placed, params.get('payment'));
    // A message about the order the shopper came back to (the payment page was out of reach) is shown on it.
    focus = { number: placed.number, ...(known && !result.notice ? { notice: { tone: 'error', message: known }, holdPayment: false } : result) };
  }
  const now = Date.now();
  return {
    user: { name: user.name, phone: user.phone },
    placedOrder: placed && !focus?.notice ? placed.number : null,
    focus,
    cancelledOrder: cancelled?.number ?? null,
    failure: placed ? null : known,
    orders: orders.data.map(
      (o): OrderCardData => ({
        id: o.id,
        number: o.number,
        createdAt: o.createdAt.toISOString(),
        date: formatDate(o.createdAt),
        city: o.shippingAddress.city,
        totalOrderPrice: o.totalOrderPrice,
        isPaid: o.isPaid,
        isDelivered: o.isDelivered,
        status: o.status,
        history: o.statusHistory.map((h) => ({ status: h.status, at: h.at.toISOString(), date: formatDate(h.at) })),
        lines: o.lines.map(({ productId, title, imageCover, size, count, price }) => ({ productId, title, imageCover, size, count, price })),
        paymentMethod: o.paymentMethodType,
        paymentDue:
          o.status === 'awaiting_payment' && o.paymentDueAt
            ? { at: o.paymentDueAt.toISOString(), time: timeFormat.format(o.paymentDueAt), minutesLeft: Math.max(0, Math.floor((o.paymentDueAt.getTime() - now) / 60_000)) }
            : null,
        refunds: o.refunds.filter((r) => r.status === 'succeeded').map((r) => ({ amount: r.amount, at: r.at.toISOString(), date: formatDate(r.at) })),
        refundPending:
          o.paymentMethodType === 'card' && o.isPaid && (o.status === 'cancelled' || o.status === 'refused') && !o.refunds.some((r) => r.status === 'succeeded'),
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
      }),
    ),
  };
}

/**
 * A customer cancelling one of their orders (intent=cancel, orderId), or paying one that awaits
 * its card payment (intent=pay). Core refuses someone else's order (not found), a cancel past
 * confirmed and a payment for an order that no longer awaits one or whose time ran out (409
 * naming why). A paid card order cancelled is refunded. A payment answers with Paymob's page; a
 * plain form post cancelling comes back to the profile, which says the order was cancelled.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireCustomer(request, context);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent !== 'cancel' && intent !== 'pay') return invalid({ intent: MSG.invalidValue });
  const orderId = IdSchema.safeParse(form.get('orderId'));
  if (!orderId.success) return data<ActionResult>({ ok: false, toast: { type: 'error', message: MSG.orderNotFound } }, { status: 404 });
  if (intent === 'pay') {
    try {
      return redirect(await startPayment(context.db, context.payments, orderId.data, user));
    } catch (error) {
      // The gateway's own trouble is the shopper's to know: the order is kept and can be paid in a while.
      if (error instanceof AppError && error.status === 502) return data<ActionResult>({ ok: false, toast: { type: 'error', message: error.message } }, { status: 502 });
      return fromAppError(error);
    }
  }
  try {
    const order = await cancelOwnOrder(context.db, orderId.data, user, context.payments.paymob);
    if (isDocumentRequest(request)) return redirect(`/profile?cancelled=${order.number}`);
    return data<ActionResult>({ ok: true, toast: { type: 'success', message: MSG.orderCancelled } });
  } catch (error) {
    return fromAppError(error);
  }
}

/** A refusal with 409 (the order moved on meanwhile) reloads the orders, so the card shows where it is now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 409) return true;
  return defaultShouldRevalidate;
}

const JUMP_LINK = 'flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg border border-line bg-white px-3 font-semibold hover:bg-surface';

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, orders, wishlist, placedOrder, focus, cancelledOrder, failure } = loaderData;
  // Only a plain form post (no JavaScript) lands here with a refusal; fetchers show their own.
  const refusal = actionData?.toast?.type === 'error' ? actionData.toast.message : Object.values(actionData?.errors ?? {})[0];
  useActionToasts(useFetcher<ActionResult>({ key: MOVE_TO_CART_FETCHER }).data);
  const navigation = useNavigation();
  const reloading = useFetchers().some((f) => f.state === 'loading') || (navigation.state === 'loading' && navigation.location.pathname === '/profile');

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
          <Form method="post" action="/logout">
            <button type="submit" className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-line px-4 font-semibold hover:bg-surface">
              <LogOut aria-hidden="true" className="size-5" />
              تسجيل الخروج
            </button>
          </Form>
        </div>
      </div>
      <div className="mb-4 flex flex-col gap-2">
        {placedOrder !== null && <FormAlert tone="success" message={`${MSG.orderSent}. رقم طلبك #${placedOrder}`} />}
        {cancelledOrder !== null && <FormAlert tone="success" message={`${MSG.orderCancelled} رقم #${cancelledOrder}`} />}
        <FormAlert message={failure ?? refusal} />
      </div>
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
        <section id="orders" aria-labelledby="orders-heading" className="scroll-mt-4">
          <h2 id="orders-heading" className="mb-3 flex items-center gap-2 text-xl font-bold">
            طلباتي
            {reloading && <Spinner label="جاري التحميل" />}
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
        </section>
        <section id="wishlist" aria-labelledby="wishlist-heading" className="scroll-mt-4">
          <h2 id="wishlist-heading" className="mb-3 flex items-center gap-2 text-xl font-bold">
            المفضلة
            {reloading && <Spinner label="جاري التحميل" />}
          </h2>
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
                <WishlistItem key={product.id} product={product} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </section>
  );
}
