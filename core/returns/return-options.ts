/**
 * What the pages of returns read: the customer's choices for one delivered order (its window,
 * each line's pieces still returnable and the pairs it may be exchanged for), the customer's own
 * returns, the dashboard's counts by status, and the refunds due within the law's 7 days.
 */
import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { MSG } from '../../contracts/index.ts';
import { paidPrices, RETURN_RELEASED, RETURN_STATUSES, type ReturnStatus } from '../../contracts/returns.ts';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, productColors, products, productStock, returnLines, returns, returnStatusHistory } from '../../db/schema.ts';
import { AppError } from '../shared/errors.ts';
import { cairoDate } from './return-lifecycle.ts';
import { readReturnSettings } from './return-settings.ts';
import { selectReturns, withLines, type Return, type Viewer } from './returns.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The days the law gives the shop to pay a received return back. */
export const REFUND_DUE_DAYS = 7;

/** The last moment a delivered order may still be returned, or null when it was never delivered. */
export const returnWindowEnd = (deliveredAt: Date | null, windowDays: number): Date | null =>
  deliveredAt ? new Date(deliveredAt.getTime() + windowDays * DAY_MS) : null;

/** A pair of the product the customer may ask for instead, and whether it has pieces now. */
export interface ExchangePair {
  colorName: string | null;
  size: string;
  inStock: boolean;
}

export interface ReturnOptionLine {
  lineId: string;
  productId: string;
  title: string;
  imageCover: string;
  colorName: string | null;
  size: string;
  /** Pieces bought, and those no return holds yet. */
  count: number;
  left: number;
  paidPrice: number;
  returnable: boolean;
  /** The product's colours in their order (empty without colours) and its sizes. */
  colors: { name: string; hex: string }[];
  sizes: string[];
  pairs: ExchangePair[];
}

export interface ReturnOptions {
  order: { id: string; number: number };
  windowDays: number;
  returnShippingFee: number;
  /** The window's last day on Cairo's calendar (YYYY-MM-DD), null for an order not delivered. */
  lastDay: string | null;
  /** True while the order is delivered and within its window. */
  open: boolean;
  lines: ReturnOptionLine[];
}

/** What a customer may return or exchange of one of their orders; someone else's is "not found". */
export async function returnOptions(db: Db, orderId: string, customer: Viewer, now: Date = new Date()): Promise<ReturnOptions> {
  const [order] = await db
    .select({ id: orders.id, number: orders.number, userId: orders.userId, status: orders.status, deliveredAt: orders.deliveredAt, discount: orders.discount })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || (customer.role !== 'admin' && order.userId !== customer.id)) throw new AppError(404, MSG.orderNotFound);
  const settings = await readReturnSettings(db);
  const end = order.status === 'delivered' ? returnWindowEnd(order.deliveredAt, settings.windowDays) : null;

  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.title), asc(orderItems.colorName), asc(orderItems.size), asc(orderItems.id));
  const productIds = [...new Set(items.map((i) => i.productId))];
  const itemIds = items.map((i) => i.id);
  const [productRows, colourRows, stockRows, heldRows] = await Promise.all([
    productIds.length ? db.select({ id: products.id, returnable: products.returnable, sizes: products.availableSizes }).from(products).where(inArray(products.id, productIds)) : [],
    productIds.length
      ? db.select({ id: productColors.id, productId: productColors.productId, name: productColors.name, hex: productColors.hex }).from(productColors).where(inArray(productColors.productId, productIds)).orderBy(asc(productColors.position))
      : [],
    productIds.length ? db.select().from(productStock).where(inArray(productStock.productId, productIds)) : [],
    itemIds.length
      ? db
          .select({ orderItemId: returnLines.orderItemId, held: sql<string>`sum(${returnLines.count})` })
          .from(returnLines)
          .innerJoin(returns, eq(returns.id, returnLines.returnId))
          .where(and(inArray(returnLines.orderItemId, itemIds), notInArray(returns.status, [...RETURN_RELEASED])))
          .groupBy(returnLines.orderItemId)
      : [],
  ]);
  const held = new Map(heldRows.map((r) => [r.orderItemId, Number(r.held)]));
  const paid = paidPrices(items, order.discount);

  return {
    order: { id: order.id, number: order.number },
    windowDays: settings.windowDays,
    returnShippingFee: settings.returnShippingFee,
    lastDay: end ? cairoDate(end) : null,
    open: end !== null && now <= end,
    lines: items.map((item, i) => {
      const product = productRows.find((p) => p.id === item.productId);
      const colours = colourRows.filter((c) => c.productId === item.productId);
      const sizes = product?.sizes ?? [];
      const quantity = (colorId: string | null, size: string) =>
        stockRows.find((s) => s.productId === item.productId && s.colorId === colorId && s.size === size)?.quantity ?? 0;
      const pairs: ExchangePair[] = (colours.length ? colours : [null]).flatMap((colour) =>
        sizes.map((size) => ({ colorName: colour?.name ?? null, size, inStock: quantity(colour?.id ?? null, size) > 0 })),
      );
      return {
        lineId: item.id,
        productId: item.productId,
        title: item.title,
        imageCover: item.imageCover,
        colorName: item.colorName,
        size: item.size,
        count: item.count,
        left: Math.max(0, item.count - (held.get(item.id) ?? 0)),
        paidPrice: paid[i]!,
        // A product removed since cannot be checked: it is taken back as any other.
        returnable: product?.returnable ?? true,
        colors: colours.map((c) => ({ name: c.name, hex: c.hex })),
        sizes,
        pairs: product ? pairs : [],
      };
    }),
  };
}

/** The customer's own returns, newest first. */
export async function listCustomerReturns(db: Db, userId: string): Promise<Return[]> {
  return withLines(db, await selectReturns(db).where(eq(returns.userId, userId)).orderBy(desc(returns.createdAt), desc(returns.number)));
}

/** How many returns are in each status (the dashboard's filter and its sidebar's count of requests waiting). */
export async function countReturnsByStatus(db: Db): Promise<Record<ReturnStatus, number>> {
  const rows = await db.select({ status: returns.status, n: count() }).from(returns).groupBy(returns.status);
  return Object.fromEntries(RETURN_STATUSES.map((status) => [status, rows.find((r) => r.status === status)?.n ?? 0])) as Record<ReturnStatus, number>;
}

/** How many returns wait for staff's decision. */
export async function countReturnsWaiting(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(returns).where(eq(returns.status, 'requested'));
  return row?.n ?? 0;
}

export interface RefundDue {
  return: Return;
  receivedAt: Date;
  /** The last moment of the law's 7 days. */
  dueBy: Date;
  late: boolean;
}

/**
 * Received returns whose money has not gone back yet (their refund not made, or a card refund
 * that failed or waits), oldest receipt first, each marked late once past the 7 days.
 */
export async function refundsDue(db: Db, now: Date = new Date()): Promise<RefundDue[]> {
  const rows = await selectReturns(db)
    .where(and(eq(returns.status, 'received'), sql`(${returns.refundStatus} is null or ${returns.refundStatus} <> 'succeeded')`))
    .orderBy(asc(returns.number));
  const found = (await withLines(db, rows)).filter((r) => r.refundAmount > 0);
  if (found.length === 0) return [];
  const receipts = await db
    .select({ returnId: returnStatusHistory.returnId, at: returnStatusHistory.createdAt })
    .from(returnStatusHistory)
    .where(and(inArray(returnStatusHistory.returnId, found.map((r) => r.id)), eq(returnStatusHistory.status, 'received')));
  return found
    .map((r) => {
      const receivedAt = receipts.find((x) => x.returnId === r.id)?.at ?? r.createdAt;
      const dueBy = new Date(receivedAt.getTime() + REFUND_DUE_DAYS * DAY_MS);
      return { return: r, receivedAt, dueBy, late: now > dueBy };
    })
    .sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
}
