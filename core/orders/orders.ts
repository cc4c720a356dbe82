/** Orders as they are read: their lines, status history and refunds; a customer's own or every one. */
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { MSG, ORDER_STATUSES, refundOwed, type OrderStatus, type PaymentMethod, type RefundStatus } from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { paidPrices, type ReturnStatus } from '../../contracts/returns.ts';
import { orderItems, orderRefunds, orders, orderStatusHistory, returns, shipments, users } from '../../db/schema.ts';
import { trackingUrlOf } from '../couriers/tracking.ts';
import { AppError } from '../shared/errors.ts';
import { offsetOf, toPage, type Page } from '../shared/pagination.ts';

export interface OrderLine {
  id: string;
  productId: string;
  title: string;
  imageCover: string;
  barcode: string;
  /** The colour bought, named as it was then (null for a product without colours). */
  colorName: string | null;
  size: string;
  count: number;
  price: number;
  /** The unit price paid: the line's share of the order's discount taken off (contracts/returns.ts paidPrices). */
  paidPrice: number;
}

export interface Shipment {
  courier: string;
  /** Null only while the courier is being asked (state `requesting`). */
  trackingNumber: string | null;
  deliveryId: string | null;
  /** `requesting`, or the courier's state as the shop reads it (core/couriers/courier.ts ShipmentState). */
  state: string;
  stateCode: string | null;
  allowOpenPackage: boolean;
  /** What the courier is to collect (0 for a paid order). */
  codAmount: number;
  /** What the courier reports it collected, once delivered. */
  cashCollected: number | null;
  /** When staff recorded the courier paying that cash out to the shop. */
  paidOutAt: Date | null;
  /** The courier's public tracking page for the customer (null while requesting). */
  trackingUrl: string | null;
  createdAt: Date;
}

export interface Order {
  id: string;
  number: number;
  user: { id: string; name: string; phone: string };
  lines: OrderLine[];
  /** `district` is null on orders placed before it was asked. */
  shippingAddress: { details: string; phone: string; city: string; district: string | null; postalCode: string };
  /** What the order was charged for shipping, the cash-on-delivery fee included. */
  shippingPrice: number;
  /** The cash-on-delivery fee within shippingPrice (0 for a card order). */
  codFee: number;
  /** The items, without shipping. */
  totalOrderPrice: number;
  /** The discount code the order was placed with, or null. */
  couponCode: string | null;
  /** Pounds off the items rounded up (0 without a code; a free-shipping code waives the fee instead). */
  discount: number;
  paymentMethodType: PaymentMethod;
  /** A card order still awaiting payment then is cancelled by the shop; null for cash. */
  paymentDueAt: Date | null;
  /** Money sent back through Paymob, oldest first, and whether each refund went through. */
  refunds: { amount: number; status: RefundStatus; at: Date; by: { id: string; name: string } | null; detail: string | null; transactionId: string }[];
  /** The shop still owes the customer this order's card payment (contracts/constants.ts refundOwed). */
  refundOwed: boolean;
  trnxId: string | null;
  orderPaymobId: string | null;
  isPaid: boolean;
  paidAt: Date | null;
  isDelivered: boolean;
  deliveredAt: Date | null;
  status: OrderStatus;
  /** The order handed to a courier, or null (never sent, or shipped by hand). */
  shipment: Shipment | null;
  /** Every status the order had, oldest first; `by` is null where the shop itself acted. */
  statusHistory: { status: OrderStatus; at: Date; by: { id: string; name: string } | null }[];
  /** The returns asked for the order, oldest first. */
  returns: { id: string; number: number; status: ReturnStatus }[];
  createdAt: Date;
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
  shippingDistrict: orders.shippingDistrict,
  postalCode: orders.postalCode,
  shippingPrice: orders.shippingPrice,
  codFee: orders.codFee,
  totalOrderPrice: orders.totalOrderPrice,
  couponCode: orders.couponCode,
  discount: orders.discount,
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
  const [lines, history, refunds, sent, asked] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.title), asc(orderItems.colorName), asc(orderItems.size), asc(orderItems.id)),
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
    db.select().from(shipments).where(inArray(shipments.orderId, ids)),
    db
      .select({ id: returns.id, number: returns.number, status: returns.status, orderId: returns.orderId })
      .from(returns)
      .where(inArray(returns.orderId, ids))
      .orderBy(asc(returns.number)),
  ]);
  const shipmentOf = new Map(sent.map((s) => [s.orderId, s]));
  return rows.map((r) => withRefundOwed({
    id: r.id,
    number: r.number,
    user: { id: r.userId, name: r.userName, phone: r.userPhone },
    lines: linesOf(
      lines.filter((l) => l.orderId === r.id),
      r.discount,
    ),
    shippingAddress: { details: r.shippingDetails, phone: r.shippingPhone, city: r.shippingCity, district: r.shippingDistrict, postalCode: r.postalCode },
    shippingPrice: r.shippingPrice,
    codFee: r.codFee,
    totalOrderPrice: r.totalOrderPrice,
    couponCode: r.couponCode,
    discount: r.discount,
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
    shipment: shipmentFrom(shipmentOf.get(r.id)),
    statusHistory: history
      .filter((h) => h.orderId === r.id)
      .map((h) => ({ status: h.status, at: h.at, by: h.userId && h.userName !== null ? { id: h.userId, name: h.userName } : null })),
    returns: asked.filter((a) => a.orderId === r.id).map((a) => ({ id: a.id, number: a.number, status: a.status })),
    createdAt: r.createdAt,
  }));
}

/** An order's stored lines as read, each with the unit price paid after the order's discount. */
function linesOf(rows: (typeof orderItems.$inferSelect)[], discount: number): OrderLine[] {
  const paid = paidPrices(rows, discount);
  return rows.map((l, i) => ({
    id: l.id,
    productId: l.productId,
    title: l.title,
    imageCover: l.imageCover,
    barcode: l.barcode,
    colorName: l.colorName,
    size: l.size,
    count: l.count,
    price: l.price,
    paidPrice: paid[i]!,
  }));
}

function shipmentFrom(row: typeof shipments.$inferSelect | undefined): Shipment | null {
  if (!row) return null;
  const { orderId: _order, createdBy: _by, updatedAt: _updated, ...shipment } = row;
  return { ...shipment, trackingUrl: shipment.trackingNumber ? trackingUrlOf(shipment.courier, shipment.trackingNumber) : null };
}

const withRefundOwed = (order: Omit<Order, 'refundOwed'>): Order => ({ ...order, refundOwed: refundOwed(order) });

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
