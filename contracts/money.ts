/**
 * Money, one definition of each rule, for the server and the pages alike (no server imports).
 * Prices are pounds with at most two decimals; sums are done in piastres so they stay exact.
 * The database adds orders up by the same rule as orderTotal, with amountDueSql in core/shared/money.ts
 * (tests/core/money.test.ts holds the two equal).
 */

export const toPiastres = (pounds: number): number => Math.round(pounds * 100);
export const toPounds = (piastres: number): number => piastres / 100;

/** A line's price in piastres: `count` pieces at the unit `price` (what Paymob is told of each item). */
export const lineTotalPiastres = (line: { price: number; count: number }): number => toPiastres(line.price) * line.count;

/** A line's price in pounds, exact: 3 pieces at 0.1 are 0.3. */
export const lineTotal = (line: { price: number; count: number }): number => toPounds(lineTotalPiastres(line));

/** The exact sum of count × unit price over lines. */
export function sumLines(lines: readonly { price: number; count: number }[]): number {
  return toPounds(lines.reduce((sum, line) => sum + lineTotalPiastres(line), 0));
}

/**
 * What a customer pays for an order, as every page shows it (SPEC.md §9): the items rounded up to
 * the pound, less the order's discount (never below 0), then the order's shipping price.
 * Revenue, sales and a customer's spending add this up, so they agree with the totals staff see
 * and the courier collects.
 */
export function orderTotal(itemsTotal: number, shippingPrice: number, discount = 0): number {
  const items = Math.max(0, toPiastres(Math.ceil(itemsTotal)) - toPiastres(discount));
  return toPounds(items + toPiastres(shippingPrice));
}

/**
 * The same amount in piastres (what Paymob is asked for and must report). `discount` is the
 * order's own (0 on orders placed without a code).
 */
export function amountDueCents(order: { totalOrderPrice: number; shippingPrice: number; discount?: number }): number {
  return toPiastres(orderTotal(order.totalOrderPrice, order.shippingPrice, order.discount ?? 0));
}

/** What rounding the items up to the pound adds to an order, exact to the piastre. */
export function roundingOf(itemsTotal: number): number {
  return toPounds(toPiastres(Math.ceil(itemsTotal)) - toPiastres(itemsTotal));
}
