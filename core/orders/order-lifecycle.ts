/**
 * An order's life after it is placed (API.md "Order status"): confirmed, shipped, delivered, or
 * cancelled / refused with the pieces back in stock exactly once; and the paid and delivered flags.
 */
import { and, eq, ne } from 'drizzle-orm';
import {
  CUSTOMER_CANCELLABLE,
  flagChangeAllowed,
  isClosedStatus,
  MSG,
  ORDER_NEXT_STATUSES,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type StockReason,
} from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, orderStatusHistory } from '../../db/schema.ts';
import { catalogueChanged } from '../catalogue/catalogue-changes.ts';
import { AppError } from '../shared/errors.ts';
import type { PaymobSettings } from '../payments/paymob.ts';
import { refundPaidOrder } from '../payments/refunds.ts';
import { returnStock } from '../catalogue/stock.ts';
import { giveCouponUseBack } from '../checkout/coupons.ts';
import { recordStatusMessage } from '../messages/outbox.ts';
import { getOrder, type Order, type Viewer } from './orders.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Reads and locks an order row, so its status can be decided on and changed by one caller at a time. */
export async function lockOrder(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      userId: orders.userId,
      status: orders.status,
      isPaid: orders.isPaid,
      paymentMethodType: orders.paymentMethodType,
      paymentDueAt: orders.paymentDueAt,
      totalOrderPrice: orders.totalOrderPrice,
      shippingPrice: orders.shippingPrice,
      discount: orders.discount,
      trnxId: orders.trnxId,
    })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update');
  if (!row) throw new AppError(404, MSG.orderNotFound);
  return row;
}

const notAllowedFrom = (status: OrderStatus) => AppError.about(409, 'statusStepNotAllowed', ORDER_STATUS_LABELS[status]);

export type LockedOrder = Awaited<ReturnType<typeof lockOrder>>;

const closes = isClosedStatus;

/**
 * Moves a locked order to `to`: the status, the delivered flag that follows it, a history entry,
 * and for a cancellation or a refusal every line's pieces back in its colour and size (ledger reason: the
 * new status, or `reason` when given), and its discount code's use given back. The caller
 * checked the step; holding the row lock makes the restock and the give-back happen once however
 * many ask at once. A cash order marked paid cannot close; a
 * paid card order can, and its caller then refunds it (refundPaidOrder).
 */
export async function moveOrder(
  tx: Tx,
  order: Pick<LockedOrder, 'id' | 'status' | 'isPaid' | 'paymentMethodType'>,
  to: OrderStatus,
  actorId: string | null,
  reason?: StockReason,
): Promise<void> {
  if (closes(to) && order.isPaid && order.paymentMethodType !== 'card') throw new AppError(409, MSG.paidOrderCannotClose);
  const delivered = to === 'delivered';
  const now = new Date();
  await tx
    .update(orders)
    .set({
      status: to,
      ...(delivered !== (order.status === 'delivered') && { isDelivered: delivered, deliveredAt: delivered ? now : null }),
      updatedAt: now,
    })
    .where(eq(orders.id, order.id));
  await tx.insert(orderStatusHistory).values({ orderId: order.id, status: to, userId: actorId });
  if (closes(to)) {
    // The code's row before the stock rows, in the order placeOrder locks them, so the two never deadlock.
    await giveCouponUseBack(tx, order.id);
    const lines = await tx
      .select({ productId: orderItems.productId, colorId: orderItems.colorId, colorName: orderItems.colorName, size: orderItems.size, count: orderItems.count })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    await returnStock(tx, lines, { reason: reason ?? (to as StockReason), orderId: order.id, userId: actorId });
  }
}

/** After a paid card order closed: its money goes back through Paymob, and the outcome is recorded. */
async function refundIfPaidOnline(db: Db, order: LockedOrder, to: OrderStatus, actorId: string, paymob: PaymobSettings | undefined): Promise<void> {
  if (closes(to) && order.isPaid && order.paymentMethodType === 'card') await refundPaidOrder(db, paymob, order.id, actorId);
}

/**
 * An admin's step in the order's life (PUT /orders/{id}/status): only the steps of
 * ORDER_NEXT_STATUSES; anything else, the current status included, is a 409 naming where the
 * order is now.
 */
export async function changeOrderStatus(db: Db, id: string, to: OrderStatus, admin: Viewer, paymob?: PaymobSettings): Promise<Order> {
  const order = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!ORDER_NEXT_STATUSES[order.status].includes(to)) throw notAllowedFrom(order.status);
    await moveOrder(tx, order, to, admin.id);
    await recordStatusMessage(db, tx, id, to);
    return order;
  });
  catalogueChanged(db);
  await refundIfPaidOnline(db, order, to, admin.id, paymob);
  return getOrder(db, id);
}

/**
 * A customer cancelling their own order while it is pending or confirmed; someone else's order
 * is "not found", and a later status (cancelled already included) is a 409 naming it.
 */
export async function cancelOwnOrder(db: Db, id: string, customer: Viewer, paymob?: PaymobSettings): Promise<Order> {
  const order = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.userId !== customer.id) throw new AppError(404, MSG.orderNotFound);
    if (!CUSTOMER_CANCELLABLE.includes(order.status)) throw AppError.about(409, 'orderNotCancellable', ORDER_STATUS_LABELS[order.status]);
    await moveOrder(tx, order, 'cancelled', customer.id);
    return order;
  });
  catalogueChanged(db);
  await refundIfPaidOnline(db, order, 'cancelled', customer.id, paymob);
  return getOrder(db, id);
}

/** The two flags staff set on an order. */
export type OrderFlag = 'delivered' | 'paid';

/**
 * Delivered (true) moves a confirmed or shipped order to delivered; not delivered (false) moves
 * a delivered order back to shipped. Asking for what already holds changes nothing, so a
 * repeated submit or two admins making the same change agree; any other status is a 409.
 */
async function setDelivered(db: Db, tx: Tx, id: string, value: boolean | 'toggle', actorId: string | null): Promise<void> {
  const order = await lockOrder(tx, id);
  const want = value === 'toggle' ? order.status !== 'delivered' : value;
  if (want === (order.status === 'delivered')) return;
  if (!flagChangeAllowed('delivered', order)) throw notAllowedFrom(order.status);
  await moveOrder(tx, order, want ? 'delivered' : 'shipped', actorId);
  if (want) await recordStatusMessage(db, tx, id, 'delivered');
}

/**
 * Paid (true) or unpaid (false), stamping or clearing the date; what already holds changes
 * nothing. A cancelled or refused order can never be marked paid.
 */
async function setPaid(tx: Tx, id: string, value: boolean | 'toggle'): Promise<void> {
  const order = await lockOrder(tx, id);
  const want = value === 'toggle' ? !order.isPaid : value;
  if (want === order.isPaid) return;
  if (order.paymentMethodType === 'card') throw new AppError(409, MSG.cardOrderPaidOnline);
  if (!flagChangeAllowed('paid', order)) throw new AppError(409, MSG.closedOrderCannotBePaid);
  await tx
    .update(orders)
    .set({ isPaid: want, paidAt: want ? new Date() : null, updatedAt: new Date() })
    .where(and(eq(orders.id, id), ne(orders.isPaid, want)));
}

/** Sets a flag to `value` (the dashboard's controls); idempotent. An unknown order is a 404. */
export async function setOrderFlag(db: Db, id: string, flag: OrderFlag, value: boolean, actorId: string | null = null): Promise<Order> {
  await db.transaction((tx) => (flag === 'delivered' ? setDelivered(db, tx, id, value, actorId) : setPaid(tx, id, value)));
  catalogueChanged(db);
  return getOrder(db, id);
}

/** Marks an order delivered (true) or back to shipped (false); idempotent. */
export function setOrderDelivered(db: Db, id: string, value: boolean, actorId: string | null = null): Promise<Order> {
  return setOrderFlag(db, id, 'delivered', value, actorId);
}

/** Marks an order paid (true) or unpaid (false); idempotent. */
export function setOrderPaid(db: Db, id: string, value: boolean): Promise<Order> {
  return setOrderFlag(db, id, 'paid', value);
}

/**
 * The API's PUT /orders/{id}/deliver: a confirmed or shipped order becomes delivered, a
 * delivered one goes back to shipped. The row is locked while its status is read, so two
 * flips at once make two changes, never one lost.
 */
export async function toggleDelivered(db: Db, id: string, actorId: string | null = null): Promise<Order> {
  await db.transaction((tx) => setDelivered(db, tx, id, 'toggle', actorId));
  catalogueChanged(db);
  return getOrder(db, id);
}

/** The API's PUT /orders/{id}/pay: flips the paid flag, stamping or clearing its date. */
export async function togglePaid(db: Db, id: string): Promise<Order> {
  await db.transaction((tx) => setPaid(tx, id, 'toggle'));
  return getOrder(db, id);
}
