/**
 * The staff's morning overview: how many orders came in, what was earned, what still has to be
 * confirmed or shipped, which sizes are running out, and the last weeks of sales. Days are the
 * shop's (Cairo) days and its week starts on Saturday, as Egyptian shops count them.
 */
import { and, asc, count, desc, eq, lte, sql, sum } from 'drizzle-orm';
import { LATEST_ORDERS_COUNT, LOW_STOCK_THRESHOLD, SALES_CHART_DAYS, STORE_TIME_ZONE, type OrderStatus } from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { orders, productColors, products, productStock, returns, users } from '../../db/schema.ts';
import { amountDueSql } from '../shared/money.ts';

export interface SalesDay {
  /** The Cairo calendar day, YYYY-MM-DD. */
  day: string;
  orders: number;
  /** What the day's orders came to (their amounts due, shipping included), less the returns refunded that day. */
  total: number;
}

/** One pair of a product on sale that ran out (quantity 0) or is running out (1 to LOW_STOCK_THRESHOLD). */
export interface StockAlert {
  productId: string;
  title: string;
  imageCover: string;
  /** The pair's colour, for a product with colours; null without. */
  colorName: string | null;
  size: string;
  quantity: number;
}

export interface LatestOrder {
  id: string;
  number: number;
  customerName: string;
  city: string;
  total: number;
  status: OrderStatus;
  isPaid: boolean;
  createdAt: Date;
}

export interface Dashboard {
  ordersToday: number;
  ordersThisWeek: number;
  /**
   * Money actually in, shipping included (amounts due, see money.ts): cash orders once both
   * delivered and paid, card orders once paid and while neither cancelled nor refused (closing a
   * paid card order refunds it), less what returns gave back (`refunded`).
   */
  revenue: { total: number; orders: number; refunded: number };
  /** Orders waiting for the shop to confirm them (pending). */
  awaitingConfirmation: number;
  /** Confirmed orders waiting to be handed to the courier. */
  awaitingShipping: number;
  /** Sizes at 0 of products on sale, counted one per size. */
  soldOutCount: number;
  /** Sizes with 1 to LOW_STOCK_THRESHOLD pieces of products on sale, counted one per size. */
  lowStockCount: number;
  /** The sizes that need restocking first: sold out, then the fewest pieces left. */
  stockAlerts: StockAlert[];
  /** One entry per day, oldest first, ending today. */
  sales: SalesDay[];
  latestOrders: LatestOrder[];
}

const STOCK_ALERTS_SHOWN = 10;

/** Everything the overview shows, as of `now`. */
export async function getDashboard(db: Db, now: Date = new Date()): Promise<Dashboard> {
  // A literal, not a parameter: GROUP BY must see the very same expression as SELECT.
  const zone = sql.raw(`'${STORE_TIME_ZONE}'`);
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${zone})::date`;
  const orderDay = sql`(${orders.createdAt} at time zone ${zone})::date`;
  // Saturday is day 6 of extract(dow); (dow + 1) % 7 is how many days ago the week began.
  const weekStart = sql`(${today} - ((extract(dow from ${today})::int + 1) % 7))`;
  // A product the admin switched off is not for sale: its sizes raise no alert, however few pieces they hold.
  const sizesOnSale = and(eq(products.available, true), sql`${productStock.size} = any(${products.availableSizes})`);
  const earned = sql`${orders.isPaid} and case when ${orders.paymentMethodType} = 'card' then ${orders.status} not in ('cancelled', 'refused') else ${orders.isDelivered} end`;

  const refundDay = sql`(${returns.refundedAt} at time zone ${zone})::date`;
  const [[counts], [stock], stockAlerts, salesRows, latest, [refunded], refundRows] = await Promise.all([
    db
      .select({
        today: sql<number>`count(*) filter (where ${orderDay} = ${today})`.mapWith(Number),
        week: sql<number>`count(*) filter (where ${orderDay} >= ${weekStart} and ${orderDay} <= ${today})`.mapWith(Number),
        revenue: sql<string | null>`sum(${amountDueSql}) filter (where ${earned})`,
        revenueOrders: sql<number>`count(*) filter (where ${earned})`.mapWith(Number),
        awaitingConfirmation: sql<number>`count(*) filter (where ${orders.status} = 'pending')`.mapWith(Number),
        awaitingShipping: sql<number>`count(*) filter (where ${orders.status} = 'confirmed')`.mapWith(Number),
      })
      .from(orders),
    db
      .select({
        soldOut: sql<number>`count(*) filter (where ${productStock.quantity} = 0)`.mapWith(Number),
        low: sql<number>`count(*) filter (where ${productStock.quantity} between 1 and ${LOW_STOCK_THRESHOLD})`.mapWith(Number),
      })
      .from(productStock)
      .innerJoin(products, eq(products.id, productStock.productId))
      .where(and(sizesOnSale, lte(productStock.quantity, LOW_STOCK_THRESHOLD))),
    db
      .select({
        productId: products.id,
        title: products.title,
        imageCover: products.imageCover,
        colorName: productColors.name,
        size: productStock.size,
        quantity: productStock.quantity,
      })
      .from(productStock)
      .innerJoin(products, eq(products.id, productStock.productId))
      .leftJoin(productColors, eq(productColors.id, productStock.colorId))
      .where(and(sizesOnSale, lte(productStock.quantity, LOW_STOCK_THRESHOLD)))
      // Fewest pieces first puts the sold-out pairs first; a product's colours and sizes in their own order.
      .orderBy(
        asc(productStock.quantity),
        asc(products.title),
        asc(products.id),
        asc(productColors.position),
        sql`array_position(${products.availableSizes}, ${productStock.size})`,
      )
      .limit(STOCK_ALERTS_SHOWN),
    db
      .select({ day: sql<string>`${orderDay}::text`, orders: count(), total: sum(amountDueSql) })
      .from(orders)
      .where(sql`${orderDay} > ${today} - ${SALES_CHART_DAYS}::int and ${orderDay} <= ${today}`)
      .groupBy(orderDay),
    db
      .select({
        id: orders.id,
        number: orders.number,
        customerName: users.name,
        city: orders.shippingCity,
        total: amountDueSql,
        status: orders.status,
        isPaid: orders.isPaid,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(LATEST_ORDERS_COUNT),
    // The money returns gave back, by hand or to the card, once it went.
    db.select({ total: sum(returns.refundAmount) }).from(returns).where(eq(returns.refundStatus, 'succeeded')),
    db
      .select({ day: sql<string>`${refundDay}::text`, total: sum(returns.refundAmount) })
      .from(returns)
      .where(and(eq(returns.refundStatus, 'succeeded'), sql`${refundDay} > ${today} - ${SALES_CHART_DAYS}::int and ${refundDay} <= ${today}`))
      .groupBy(refundDay),
  ]);
  const refundedTotal = Number(refunded?.total ?? 0);

  return {
    ordersToday: counts?.today ?? 0,
    ordersThisWeek: counts?.week ?? 0,
    revenue: { total: Math.round((Number(counts?.revenue ?? 0) - refundedTotal) * 100) / 100, orders: counts?.revenueOrders ?? 0, refunded: refundedTotal },
    awaitingConfirmation: counts?.awaitingConfirmation ?? 0,
    awaitingShipping: counts?.awaitingShipping ?? 0,
    soldOutCount: stock?.soldOut ?? 0,
    lowStockCount: stock?.low ?? 0,
    stockAlerts,
    sales: fillDays(salesRows, refundRows, cairoDay(now)),
    latestOrders: latest.map((o) => ({ ...o, total: Number(o.total) })),
  };
}

/** The Cairo calendar day of an instant, YYYY-MM-DD. */
export function cairoDay(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** Every day of the chart, with zeros for days without orders. */
function fillDays(rows: { day: string; orders: number; total: string | null }[], refunds: { day: string; total: string | null }[], lastDay: string): SalesDay[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const refundedOn = new Map(refunds.map((r) => [r.day, Number(r.total ?? 0)]));
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: SALES_CHART_DAYS }, (_, i) => {
    const day = new Date(last - (SALES_CHART_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    const row = byDay.get(day);
    return { day, orders: row?.orders ?? 0, total: Math.round((Number(row?.total ?? 0) - (refundedOn.get(day) ?? 0)) * 100) / 100 };
  });
}
