/**
 * The database adds orders up (revenue, sales, a customer's spending) with amountDueSql, the pages
 * and Paymob read one order's total with orderTotal: the two must never disagree, on either engine.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountDueCents, orderTotal } from '../../contracts/money.ts';
import { amountDueSql } from '../../core/shared/money.ts';
import { orders } from '../../db/schema.ts';
import { createAccount, createProductFixture } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { fillCart, placeOrder } from '../helpers/shop.ts';

let t: TestApp;
let orderId: string;
beforeAll(async () => {
  t = await createTestApp();
  const account = await createAccount(t.db);
  const product = await createProductFixture(t.db, t.images);
  const res = await placeOrder(t, account, await fillCart(t, account, product.id));
  expect(res.statusCode).toBe(201);
  orderId = res.json().data._id as string;
});
afterAll(() => t.close());

// Items totals and shipping prices at the edges: whole pounds, a piastre over and under, large sums.
const CASES: [items: number, shipping: number][] = [
  [329, 70],
  [328.5, 70],
  [100.01, 70],
  [99.99, 0],
  [0.01, 45.35],
  [10.2, 0.1],
  [123456.78, 85.5],
  [0, 0],
];

describe('an order\'s amount due', () => {
  it.each(CASES)('of items %s and shipping %s is the same in SQL and in TypeScript', async (items, shipping) => {
    await t.db.update(orders).set({ totalOrderPrice: items, shippingPrice: shipping }).where(eq(orders.id, orderId));
    const [row] = await t.db.select({ due: amountDueSql, cents: sql<string>`round((${amountDueSql}) * 100)` }).from(orders).where(eq(orders.id, orderId));
    expect(Number(row!.due)).toBe(orderTotal(items, shipping));
    expect(Number(row!.cents)).toBe(amountDueCents({ totalOrderPrice: items, shippingPrice: shipping }));
  });
});
