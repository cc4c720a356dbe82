/**
 * Stock per colour × size under racing orders (docs/decisions/026): the conditional decrement
 * per pair never takes a pair below 0, the other pairs are untouched, and the ledger agrees with
 * the stock. On PostgreSQL the orders truly run at once, each on its own connection.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { addToCart, getCart } from '../../core/checkout/cart.ts';
import { placeOrder, type PlacedOrder } from '../../core/checkout/place-order.ts';
import type { Product } from '../../core/catalogue/products.ts';
import { AppError } from '../../core/shared/errors.ts';
import { productColors, products, productStock, stockMovements } from '../../db/schema.ts';
import { createAccount, createProductFixture } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { onPostgres } from '../helpers/database.ts';
import { ADDRESS } from '../helpers/shop.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The stored pieces of each pair, as "colour/size". */
async function pairsOf(productId: string): Promise<Record<string, number>> {
  const rows = await t.db
    .select({ color: productColors.name, size: productStock.size, quantity: productStock.quantity })
    .from(productStock)
    .innerJoin(productColors, eq(productColors.id, productStock.colorId))
    .where(eq(productStock.productId, productId));
  return Object.fromEntries(rows.map((r) => [`${r.color}/${r.size}`, r.quantity]));
}

async function ledgerOf(productId: string, colorName: string, size: string) {
  return t.db
    .select({ reason: stockMovements.reason, before: stockMovements.quantityBefore, after: stockMovements.quantityAfter, orderId: stockMovements.orderId })
    .from(stockMovements)
    .where(and(eq(stockMovements.productId, productId), eq(stockMovements.colorName, colorName), eq(stockMovements.size, size)))
    .orderBy(asc(stockMovements.seq));
}

/** A customer whose cart holds one piece of the product in that colour and size. */
async function buyer(product: Product, colorName: string, size: string) {
  const { user } = await createAccount(t.db);
  await addToCart(t.db, user.id, { productId: product.id, size, colorName });
  const cart = await getCart(t.db, user.id);
  return { userId: user.id, cartId: cart.id! };
}

describe('racing orders for one colour and size', () => {
  it(`lets exactly 3 of 12 buyers have the last 3 pieces of black M, never below 0, the ledger agreeing${onPostgres ? ' (PostgreSQL)' : ' (PGlite)'}`, async () => {
    const product = await createProductFixture(t.db, t.images, {
      availableSizes: ['m', 'l'],
      colors: [
        { name: 'أسود', hex: '#000000', images: [] },
        { name: 'كحلي', hex: '#1f2a44', images: [] },
      ],
      stock: { أسود: { m: 3, l: 2 }, كحلي: { m: 5 } },
    });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => buyer(product, 'أسود', 'm')));

    const results = await Promise.allSettled(buyers.map((b) => placeOrder(t.db, { ...b, shippingAddress: ADDRESS })));

    const placed = results.filter((r): r is PromiseFulfilledResult<PlacedOrder> => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(9);
    for (const { reason } of refused) {
      expect(reason).toBeInstanceOf(AppError);
      expect(reason).toMatchObject({ status: 409 });
      // Named by its colour and size, so the shopper knows which line ran out.
      expect((reason as AppError).message).toContain(MSG.sizeSoldOut);
      expect((reason as AppError).message).toContain('أسود');
    }

    // The pair is empty, the same size in the other colour and the other size untouched.
    expect(await pairsOf(product.id)).toEqual({ 'أسود/m': 0, 'أسود/l': 2, 'كحلي/m': 5, 'كحلي/l': 0 });
    const [row] = await t.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, product.id));
    expect(row!.quantity).toBe(7);

    // The ledger: the admin's 3 pieces, then one entry per order taking one each, down to 0 and never below.
    const ledger = await ledgerOf(product.id, 'أسود', 'm');
    expect(ledger.map((m) => [m.reason, m.before, m.after])).toEqual([
      ['admin', 0, 3],
      ['order', 3, 2],
      ['order', 2, 1],
      ['order', 1, 0],
    ]);
    const orderIds = placed.map((r) => r.value.order.id).sort();
    expect(ledger.filter((m) => m.reason === 'order').map((m) => m.orderId).sort()).toEqual(orderIds);
    expect(await ledgerOf(product.id, 'كحلي', 'm')).toEqual([{ reason: 'admin', before: 0, after: 5, orderId: null }]);
  });
});
