/** Returns as they are read: their lines with what each piece was paid, the refund, the history; one, an order's, or the dashboard's list. */
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { MSG } from '../../contracts/index.ts';
import {
  paidPrices,
  refundAmountOf,
  type RefundMethod,
  type ReturnReason,
  type ReturnStatus,
  type ReturnsQuery,
} from '../../contracts/returns.ts';
import type { RefundStatus } from '../../contracts/constants.ts';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, returnLines, returns, returnShipments, returnStatusHistory, users } from '../../db/schema.ts';
import { trackingUrlOf } from '../couriers/tracking.ts';
import type { Tx } from '../orders/order-lifecycle.ts';
import { AppError } from '../shared/errors.ts';
import { offsetOf, toPage, type Page } from '../shared/pagination.ts';

export interface ReturnLine {
  /** The return line's own id. */
  id: string;
  /** The order line it returns. */
  orderItemId: string;
  product: { id: string; title: string; imageCover: string };
  size: string;
  colorId: string | null;
  colorName: string | null;
  count: number;
  paidPrice: number;
  reason: ReturnReason;
  /** The pair wanted instead, or null size when the line is a plain return. */
  exchangeSize: string | null;
  exchangeColorId: string | null;
  exchangeColorName: string | null;
  received: number | null;
  restocked: number | null;
}

export interface Return {
  id: string;
  number: number;
  order: { id: string; number: number; paymentMethodType: 'cash' | 'card'; isPaid: boolean };
  user: { id: string; name: string; phone: string };
  status: ReturnStatus;
  lines: ReturnLine[];
  note: string | null;
  declineReason: string | null;
  shippingFee: number;
  /** What the return gives back (contracts/returns.ts refundAmountOf). */
  refundAmount: number;
  refund: { amount: number; method: RefundMethod; status: RefundStatus; reference: string | null; at: Date } | null;
  /** The courier's pickup of the return (core/returns/return-shipments.ts), or null. */
  shipment: ReturnShipment | null;
  statusHistory: { status: ReturnStatus; at: Date; by: { id: string; name: string } | null }[];
  createdAt: Date;
}

export interface ReturnShipment {
  courier: string;
  /** Null only while the courier is being asked (state `requesting`). */
  trackingNumber: string | null;
  deliveryId: string | null;
  /** `requesting`, or the courier's state as the shop reads it (core/couriers/courier.ts ShipmentState). */
  state: string;
  stateCode: string | null;
  /** What the courier collects at the door: an exchange's return shipping fee, 0 for a plain return. */
  codAmount: number;
  /** The courier's public tracking page (null while requesting). */
  trackingUrl: string | null;
  createdAt: Date;
}

export const isExchange = (line: { exchangeSize: string | null }): boolean => line.exchangeSize !== null;

const returnColumns = {
  id: returns.id,
  number: returns.number,
  orderId: returns.orderId,
  orderNumber: orders.number,
  discount: orders.discount,
  paymentMethodType: orders.paymentMethodType,
  isPaid: orders.isPaid,
  userId: users.id,
  userName: users.name,
  userPhone: users.phone,
  status: returns.status,
  note: returns.note,
  declineReason: returns.declineReason,
  shippingFee: returns.shippingFee,
  refundMethod: returns.refundMethod,
  refundAmount: returns.refundAmount,
  refundStatus: returns.refundStatus,
  refundReference: returns.refundReference,
  refundedAt: returns.refundedAt,
  updatedAt: returns.updatedAt,
  createdAt: returns.createdAt,
};

export function selectReturns(db: Db | Tx) {
  return db.select(returnColumns).from(returns).innerJoin(orders, eq(orders.id, returns.orderId)).innerJoin(users, eq(users.id, returns.userId));
}

type ReturnRow = Awaited<ReturnType<ReturnType<typeof selectReturns>['execute']>>[number];

/** The order lines of some orders, each with the unit price paid (the discount shared as on the order's page). */
async function paidLinesOf(db: Db | Tx, orderRows: { orderId: string; discount: number }[]) {
  const ids = [...new Set(orderRows.map((r) => r.orderId))];
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.title), asc(orderItems.colorName), asc(orderItems.size), asc(orderItems.id));
  const paid = new Map<string, { item: typeof orderItems.$inferSelect; paidPrice: number }>();
  for (const { orderId, discount } of orderRows) {
    const ofOrder = items.filter((i) => i.orderId === orderId);
    paidPrices(ofOrder, discount).forEach((paidPrice, i) => paid.set(ofOrder[i]!.id, { item: ofOrder[i]!, paidPrice }));
  }
  return paid;
}

export async function withLines(db: Db | Tx, rows: ReturnRow[]): Promise<Return[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // One after the other: inside a transaction the reads share one connection, which runs one query at a time.
  const lines = await db.select().from(returnLines).where(inArray(returnLines.returnId, ids));
  const history = await db
    .select({ returnId: returnStatusHistory.returnId, status: returnStatusHistory.status, at: returnStatusHistory.createdAt, userId: users.id, userName: users.name })
    .from(returnStatusHistory)
    .leftJoin(users, eq(users.id, returnStatusHistory.userId))
    .where(inArray(returnStatusHistory.returnId, ids))
    .orderBy(asc(returnStatusHistory.seq));
  const paid = await paidLinesOf(
    db,
    rows.map((r) => ({ orderId: r.orderId, discount: r.discount })),
  );
  const pickups = await db.select().from(returnShipments).where(inArray(returnShipments.returnId, ids));
  const pickupOf = new Map(pickups.map((p) => [p.returnId, p]));
  return rows.map((r) => {
    const own: ReturnLine[] = lines
      .filter((l) => l.returnId === r.id)
      .flatMap((l) => {
        const bought = paid.get(l.orderItemId);
        if (!bought) return [];
        const { item, paidPrice } = bought;
        return [
          {
            id: l.id,
            orderItemId: l.orderItemId,
            product: { id: item.productId, title: item.title, imageCover: item.imageCover },
            size: item.size,
            colorId: item.colorId,
            colorName: item.colorName,
            count: l.count,
            paidPrice,
            reason: l.reason,
            exchangeSize: l.exchangeSize,
            exchangeColorId: l.exchangeColorId,
            exchangeColorName: l.exchangeColorName,
            received: l.received,
            restocked: l.restocked,
          },
        ];
      })
      .sort((a, b) => (a.product.title < b.product.title ? -1 : a.product.title > b.product.title ? 1 : a.id < b.id ? -1 : 1));
    return {
      id: r.id,
      number: r.number,
      order: { id: r.orderId, number: r.orderNumber, paymentMethodType: r.paymentMethodType, isPaid: r.isPaid },
      user: { id: r.userId, name: r.userName, phone: r.userPhone },
      status: r.status,
      lines: own,
      note: r.note,
      declineReason: r.declineReason,
      shippingFee: r.shippingFee,
      refundAmount: refundAmountOf(
        own.map((l) => ({ paidPrice: l.paidPrice, count: l.count, reason: l.reason, exchange: isExchange(l), received: l.received })),
        r.shippingFee,
      ),
      refund:
        r.refundMethod && r.refundStatus && r.refundAmount !== null
          ? { amount: r.refundAmount, method: r.refundMethod, status: r.refundStatus, reference: r.refundReference, at: r.refundedAt ?? r.updatedAt }
          : null,
      shipment: shipmentFrom(pickupOf.get(r.id)),
      statusHistory: history
        .filter((h) => h.returnId === r.id)
        .map((h) => ({ status: h.status, at: h.at, by: h.userId && h.userName !== null ? { id: h.userId, name: h.userName } : null })),
      createdAt: r.createdAt,
    };
  });
}

function shipmentFrom(row: typeof returnShipments.$inferSelect | undefined): ReturnShipment | null {
  if (!row) return null;
  const { returnId: _return, createdBy: _by, updatedAt: _updated, ...shipment } = row;
  return { ...shipment, trackingUrl: shipment.trackingNumber ? trackingUrlOf(shipment.courier, shipment.trackingNumber) : null };
}

/** Who is reading: a customer sees their own returns, an admin every one. */
export interface Viewer {
  id: string;
  role: 'user' | 'admin';
}

/** One return; someone else's is "not found". Reads inside a transaction when given one. */
export async function getReturn(db: Db | Tx, id: string, viewer?: Viewer): Promise<Return> {
  const [row] = await selectReturns(db).where(eq(returns.id, id)).limit(1);
  if (!row || (viewer && viewer.role !== 'admin' && row.userId !== viewer.id)) throw new AppError(404, MSG.returnNotFound);
  const [found] = await withLines(db, [row]);
  return found!;
}

/** The returns of one order, oldest first; someone else's order is "not found". */
export async function listOrderReturns(db: Db, orderId: string, viewer: Viewer): Promise<Return[]> {
  const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!order || (viewer.role !== 'admin' && order.userId !== viewer.id)) throw new AppError(404, MSG.orderNotFound);
  return withLines(db, await selectReturns(db).where(eq(returns.orderId, orderId)).orderBy(asc(returns.number)));
}

/** Every return, or those of one status, newest first (the dashboard). */
export async function listReturns(db: Db, query: ReturnsQuery): Promise<Page<Return>> {
  const where: SQL | undefined = query.status ? eq(returns.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    selectReturns(db).where(and(where)).orderBy(desc(returns.createdAt), desc(returns.number)).limit(query.limit).offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(returns).where(where),
  ]);
  return toPage(await withLines(db, rows), total?.n ?? 0, query.page, query.limit);
}
