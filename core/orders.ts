/**
 * Orders: placing one from the cart (prices recomputed, each size's stock taken for every line
 * or none), reading them, and their life after (API.md "Order status"): confirmed, shipped,
 * delivered, or cancelled / refused with the pieces back in stock exactly once; and the paid flag.
 */
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import {
  CUSTOMER_CANCELLABLE,
  DEFAULT_POSTAL_CODE,
  DEFAULT_ORDER_LIMITS,
  flagChangeAllowed,
  isClosedStatus,
  MSG,
  ORDER_NEXT_STATUSES,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  SHIPPING_FEE,
  type OrderLimits,
  type OrderStatus,
  type PaymentMethod,
  type RefundStatus,
  type ShippingAddress,
  type StockReason,
} from '../contracts/index.ts';
import type { Db } from '../db/client.ts';
import { cartItems, carts, idempotencyKeys, orderItems, orderRefunds, orders, orderStatusHistory, products, users } from '../db/schema.ts';
import { catalogueChanged } from './catalogue-changes.ts';
import { AppError } from './errors.ts';
import { sumLines } from '../contracts/money.ts';
import { offsetOf, toPage, type Page } from './pagination.ts';
import type { PaymobSettings } from './paymob.ts';
import { refundPaidOrder } from './refunds.ts';
import { returnStock, takeStock } from './stock.ts';

export interface OrderLine {
  productId: string;
  title: string;
  imageCover: string;
  barcode: string;
  size: string;
  count: number;
  price: number;
}

export interface Order {
  id: string;
  number: number;
  user: { id: string; name: string; phone: string };
  lines: OrderLine[];
  shippingAddress: { details: string; phone: string; city: string; postalCode: string };
  shippingPrice: number;
  /** The items, without shipping. */
  totalOrderPrice: number;
  paymentMethodType: PaymentMethod;
  /** A card order still awaiting payment then is cancelled by the shop; null for cash. */
  paymentDueAt: Date | null;
  /** Money sent back through Paymob, oldest first, and whether each refund went through. */
  refunds: { amount: number; status: RefundStatus; at: Date; by: { id: string; name: string } | null; detail: string | null; transactionId: string }[];
  trnxId: string | null;
  orderPaymobId: string | null;
  isPaid: boolean;
  paidAt: Date | null;
  isDelivered: boolean;
  deliveredAt: Date | null;
  status: OrderStatus;
  /** Every status the order had, oldest first; `by` is null where the shop itself acted. */
  statusHistory: { status: OrderStatus; at: Date; by: { id: string; name: string } | null }[];
  createdAt: Date;
}

export interface PlaceOrderInput {
  userId: string;
  cartId: string;
  shippingAddress: ShippingAddress;
  /** The client's Idempotency-Key: the same key gets the first order back. */
  idempotencyKey?: string;
  /** Cash on delivery (the default), or card: the order then awaits its payment until `paymentDueAt`. */
  paymentMethodType?: PaymentMethod;
  /** Minutes a card order may await its payment. */
  paymentTimeoutMinutes?: number;
  /** Open unpaid orders a customer may have, and pieces of one size a line may take (DEFAULT_ORDER_LIMITS). */
  limits?: OrderLimits;
}

export interface PlacedOrder {
  order: Order;
  /** True when the key had already placed this order. */
  replayed: boolean;
}

/**
 * Orders that hold their pieces while the customer has neither paid nor been confirmed: cash
 * orders still pending and card orders awaiting payment (a paid card order is pending too, and
 * is not counted).
 */
const OPEN_UNPAID_STATUSES: OrderStatus[] = ['pending', 'awaiting_payment'];

/**
 * Turns the user's cart into an order in one transaction. Each line's size is taken with a
 * conditional decrement (core/stock.ts), so concurrent orders can never push a size below
 * zero; if any line cannot be served, nothing is taken and the cart stays as it was. So that
 * one account cannot hold the stock, a customer who already has the limit of open unpaid
 * orders, or a line of more pieces than the limit, is refused (409) the same way.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlacedOrder> {
  const outcome = await db.transaction(async (tx) => {
    if (input.idempotencyKey) {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ userId: input.userId, key: input.idempotencyKey })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const [previous] = await tx
          .select({ orderId: idempotencyKeys.orderId })
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.key, input.idempotencyKey)));
        if (previous?.orderId) return { orderId: previous.orderId, replayed: true };
      }
    }
    // One customer's orders are placed one at a time (their account row's lock), so two placed
    // at once cannot both pass the limit of open orders.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('no key update');
    const [open] = await tx
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userId, input.userId), eq(orders.isPaid, false), inArray(orders.status, OPEN_UNPAID_STATUSES)));
    const limits = input.limits ?? DEFAULT_ORDER_LIMITS;
    if ((open?.n ?? 0) >= limits.openOrders) throw new AppError(409, MSG.tooManyOpenOrders);

    const [cart] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.id, input.cartId), eq(carts.userId, input.userId)))
      .for('update');
    if (!cart) throw new AppError(404, MSG.cartNotFound);
    const lines = await tx
      .select({
        productId: cartItems.productId,
        size: cartItems.size,
        count: cartItems.count,
        title: products.title,
        imageCover: products.imageCover,
        barcode: products.barcode,
        price: products.priceAfterDiscount,
        available: products.available,
        sizes: products.availableSizes,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.cartId, cart.id))
      // A fixed order of row locks, so two orders sharing products cannot deadlock.
      .orderBy(asc(cartItems.productId), asc(cartItems.size));
    if (lines.length === 0) throw new AppError(400, MSG.cartEmpty);

    for (const line of lines) {
      if (!line.available || !line.sizes.includes(line.size)) throw AppError.about(409, 'productUnavailable', line.title);
      if (line.count > limits.linePieces) {
        throw new AppError(409, `${MSG.tooManyLinePieces} (${limits.linePieces}): ${line.title} (${MSG.sizeLabel} ${line.size.toUpperCase()})`, undefined, { key: 'tooManyLinePieces' });
      }
    }

    const card = input.paymentMethodType === 'card';
    const status: OrderStatus = card ? 'awaiting_payment' : 'pending';
    const [order] = await tx
      .insert(orders)
      .values({
        userId: input.userId,
        shippingDetails: input.shippingAddress.details,
        shippingPhone: input.shippingAddress.phone,
        shippingCity: input.shippingAddress.shippingCity,
        postalCode: input.shippingAddress.postalCode ?? DEFAULT_POSTAL_CODE,
        shippingPrice: SHIPPING_FEE,
        totalOrderPrice: sumLines(lines),
        paymentMethodType: card ? 'card' : 'cash',
        status,
        paymentDueAt: card ? new Date(Date.now() + (input.paymentTimeoutMinutes ?? 30) * 60_000) : null,
      })
      .returning({ id: orders.id });
    await takeStock(tx, lines, { reason: 'order', orderId: order!.id, userId: input.userId });
    await tx.insert(orderStatusHistory).values({ orderId: order!.id, status, userId: input.userId });
    await tx.insert(orderItems).values(
      lines.map((line) => ({
        orderId: order!.id,
        productId: line.productId,
        title: line.title,
        imageCover: line.imageCover,
        barcode: line.barcode,
        size: line.size,
        count: line.count,
        price: line.price,
      })),
    );
    await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
    if (input.idempotencyKey) {
      await tx
        .update(idempotencyKeys)
        .set({ orderId: order!.id })
        .where(and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.key, input.idempotencyKey)));
    }
    return { orderId: order!.id, replayed: false };
  });
  catalogueChanged(db);
  return { order: await getOrder(db, outcome.orderId), replayed: outcome.replayed };
}

const orderColumns = {
  id: orders.id,
  number: orders.number,
  userId: users.id,
  userName: users.name,
  userPhone: users.phone,
  shippingDetails: orders.shippingDetails,
  shippingPhone: orders.shippingPhone,
  shippingCity: orders.shippingCity,
  postalCode: orders.postalCode,
  shippingPrice: orders.shippingPrice,
  totalOrderPrice: orders.totalOrderPrice,
  paymentMethodType: orders.paymentMethodType,
  paymentDueAt: orders.paymentDueAt,
  trnxId: orders.trnxId,
  orderPaymobId: orders.orderPaymobId,
  isPaid: orders.isPaid,
  paidAt: orders.paidAt,
  isDelivered: orders.isDelivered,
  deliveredAt: orders.deliveredAt,
  status: orders.status,
  createdAt: orders.createdAt,
};

async function withLines(db: Db, rows: Awaited<ReturnType<typeof selectOrders>>): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, history, refunds] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.title), asc(orderItems.size)),
    db
      .select({
        orderId: orderStatusHistory.orderId,
        status: orderStatusHistory.status,
        at: orderStatusHistory.createdAt,
        userId: users.id,
        userName: users.name,
      })
      .from(orderStatusHistory)
      .leftJoin(users, eq(users.id, orderStatusHistory.userId))
      .where(inArray(orderStatusHistory.orderId, ids))
      .orderBy(asc(orderStatusHistory.seq)),
    db
      .select({
        orderId: orderRefunds.orderId,
        transactionId: orderRefunds.transactionId,
        amount: orderRefunds.amount,
        status: orderRefunds.status,
        detail: orderRefunds.detail,
        at: orderRefunds.createdAt,
        userId: users.id,
        userName: users.name,
      })
      .from(orderRefunds)
      .leftJoin(users, eq(users.id, orderRefunds.userId))
      .where(inArray(orderRefunds.orderId, ids))
      .orderBy(asc(orderRefunds.createdAt)),
  ]);
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    user: { id: r.userId, name: r.userName, phone: r.userPhone },
    lines: lines
      .filter((l) => l.orderId === r.id)
      .map((l) => ({ productId: l.productId, title: l.title, imageCover: l.imageCover, barcode: l.barcode, size: l.size, count: l.count, price: l.price })),
    shippingAddress: { details: r.shippingDetails, phone: r.shippingPhone, city: r.shippingCity, postalCode: r.postalCode },
    shippingPrice: r.shippingPrice,
    totalOrderPrice: r.totalOrderPrice,
    paymentMethodType: r.paymentMethodType,
    paymentDueAt: r.paymentDueAt,
    refunds: refunds
      .filter((f) => f.orderId === r.id)
      .map((f) => ({ amount: f.amount, status: f.status, at: f.at, detail: f.detail, transactionId: f.transactionId, by: f.userId && f.userName !== null ? { id: f.userId, name: f.userName } : null })),
    trnxId: r.trnxId,
    orderPaymobId: r.orderPaymobId,
    isPaid: r.isPaid,
    paidAt: r.paidAt,
    isDelivered: r.isDelivered,
    deliveredAt: r.deliveredAt,
    status: r.status,
    statusHistory: history
      .filter((h) => h.orderId === r.id)
      .map((h) => ({ status: h.status, at: h.at, by: h.userId && h.userName !== null ? { id: h.userId, name: h.userName } : null })),
    createdAt: r.createdAt,
  }));
}

function selectOrders(db: Db) {
  return db.select(orderColumns).from(orders).innerJoin(users, eq(users.id, orders.userId));
}

export interface Viewer {
  id: string;
  role: 'user' | 'admin';
}

/** A customer's own orders, or every order for an admin (of one status if asked); newest first. */
export async function listOrders(
  db: Db,
  viewer: Viewer,
  query: { page: number; limit: number; status?: OrderStatus },
): Promise<Page<Order>> {
  const where = and(
    viewer.role === 'admin' ? undefined : eq(orders.userId, viewer.id),
    query.status ? eq(orders.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectOrders(db)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return toPage(await withLines(db, rows), total?.n ?? 0, query.page, query.limit);
}

/** How many orders each status holds, every status present (0 when none). */
export async function countOrdersByStatus(db: Db): Promise<Record<OrderStatus, number>> {
  const rows = await db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status);
  const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** One order; a customer asking for someone else's gets "not found". */
export async function getOrder(db: Db, id: string, viewer?: Viewer): Promise<Order> {
  const [row] = await selectOrders(db).where(eq(orders.id, id)).limit(1);
  if (!row || (viewer && viewer.role !== 'admin' && row.userId !== viewer.id)) throw new AppError(404, MSG.orderNotFound);
  const [order] = await withLines(db, [row]);
  return order!;
}

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
 * and for a cancellation or a refusal every line's pieces back in its size (ledger reason: the
 * new status, or `reason` when given). The caller checked the step; holding the row lock makes
 * the restock happen once however many ask at once. A cash order marked paid cannot close; a
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
    const lines = await tx
      .select({ productId: orderItems.productId, size: orderItems.size, count: orderItems.count })
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
async function setDelivered(tx: Tx, id: string, value: boolean | 'toggle', actorId: string | null): Promise<void> {
  const order = await lockOrder(tx, id);
  const want = value === 'toggle' ? order.status !== 'delivered' : value;
  if (want === (order.status === 'delivered')) return;
  if (!flagChangeAllowed('delivered', order)) throw notAllowedFrom(order.status);
  await moveOrder(tx, order, want ? 'delivered' : 'shipped', actorId);
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
  await db.transaction((tx) => (flag === 'delivered' ? setDelivered(tx, id, value, actorId) : setPaid(tx, id, value)));
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
  await db.transaction((tx) => setDelivered(tx, id, 'toggle', actorId));
  catalogueChanged(db);
  return getOrder(db, id);
}

/** The API's PUT /orders/{id}/pay: flips the paid flag, stamping or clearing its date. */
export async function togglePaid(db: Db, id: string): Promise<Order> {
  await db.transaction((tx) => setPaid(tx, id, 'toggle'));
  return getOrder(db, id);
}
