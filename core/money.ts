import { sql } from 'drizzle-orm';
import { orders } from '../db/schema.ts';

/** Prices are pounds with at most two decimals; sums are done in piastres so they stay exact. */
export const toPiastres = (pounds: number): number => Math.round(pounds * 100);
export const toPounds = (piastres: number): number => piastres / 100;

/** The exact sum of count × unit price over lines. */
export function sumLines(lines: { price: number; count: number }[]): number {
  return toPounds(lines.reduce((sum, line) => sum + toPiastres(line.price) * line.count, 0));
}

/**
 * What a customer pays for an order, as every page shows it (SPEC.md §9): the items rounded up
 * to the pound, then the shipping fee. Revenue, sales and a customer's spending add this up, so
 * they agree with the order totals staff see and the courier collects. The pages compute one
 * order's total by the same rule with orderTotal in app/lib/format.tsx.
 */
export const amountDueSql = sql<string>`ceil(${orders.totalOrderPrice}) + ${orders.shippingPrice}`;

/** The same amount due in piastres, for one order read into memory (what Paymob is asked for and must report). */
export function amountDueCents(order: { totalOrderPrice: number; shippingPrice: number }): number {
  return toPiastres(Math.ceil(order.totalOrderPrice)) + toPiastres(order.shippingPrice);
}
