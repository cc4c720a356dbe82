/**
 * What a shopper does through the API (cart, checkout) and the database reads the tests
 * check the outcome against.
 */
import { and, asc, eq } from 'drizzle-orm';
import { pairKey, setStock } from '../../core/catalogue/stock.ts';
import type { Db } from '../../db/client.ts';
import { cartItems, carts, orders, products, productStock, stockMovements } from '../../db/schema.ts';
import type { Account } from '../fixtures/factories.ts';
import type { TestApp } from './app.ts';

/** A valid checkout address. */
export const ADDRESS = { details: '12 شارع التحرير', district: 'الدقي', phone: '01012345678', shippingCity: 'الجيزة', postalCode: '12611' } as const;

export function addToCart(t: TestApp, account: Account, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/v1/cart', headers: account.headers, payload: body });
}

export function getCart(t: TestApp, account: Account) {
  return t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: account.headers });
}

/** Adds the product and returns the cart id; fails loudly when the add is refused. */
export async function fillCart(t: TestApp, account: Account, productId: string, color = 'm'): Promise<string> {
  const res = await addToCart(t, account, { productId, color });
  if (res.statusCode !== 200) throw new Error(`add to cart failed: ${res.statusCode} ${res.body}`);
  return res.json().data._id as string;
}

export function placeOrder(
  t: TestApp,
  account: Account,
  cartId: string,
  options: { body?: unknown; idempotencyKey?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${cartId}`,
    headers: { ...account.headers, ...(options.idempotencyKey && { 'idempotency-key': options.idempotencyKey }) },
    payload: (options.body ?? { shippingAddress: ADDRESS }) as Record<string, unknown>,
  });
}

/** The product's pieces over all its sizes (its `quantity`). */
export async function stockOf(db: Db, productId: string): Promise<number> {
  const [row] = await db.select({ quantity: products.quantity }).from(products).where(eq(products.id, productId));
  if (!row) throw new Error(`no product ${productId}`);
  return row.quantity;
}

/** The pieces left of each size of a product, as stored. */
export async function sizeStockOf(db: Db, productId: string): Promise<Record<string, number>> {
  const rows = await db.select().from(productStock).where(eq(productStock.productId, productId)).orderBy(asc(productStock.size));
  return Object.fromEntries(rows.map((r) => [r.size, r.quantity]));
}

/** A product's stock ledger, oldest first; of one size when given. */
export async function ledgerOf(db: Db, productId: string, size?: string) {
  return db
    .select({
      size: stockMovements.size,
      reason: stockMovements.reason,
      quantityBefore: stockMovements.quantityBefore,
      quantityAfter: stockMovements.quantityAfter,
      orderId: stockMovements.orderId,
      userId: stockMovements.userId,
    })
    .from(stockMovements)
    .where(and(eq(stockMovements.productId, productId), size === undefined ? undefined : eq(stockMovements.size, size)))
    .orderBy(asc(stockMovements.seq));
}

/**
 * Sets the pieces of the sizes named, behind the shopper's back, as an admin edit would (the
 * other sizes keep theirs); the product's quantity and the ledger follow.
 */
export async function setSizeStock(db: Db, productId: string, stock: Record<string, number>) {
  const [product] = await db.select({ sizes: products.availableSizes }).from(products).where(eq(products.id, productId));
  if (!product) throw new Error(`no product ${productId}`);
  const current = await sizeStockOf(db, productId);
  const set = Object.fromEntries(Object.entries({ ...current, ...stock }).map(([size, pieces]) => [pairKey(null, size), pieces]));
  await db.transaction((tx) =>
    setStock(
      tx,
      productId,
      product.sizes.map((size) => ({ colorId: null, colorName: null, size })),
      { set },
      null,
    ),
  );
}

/** The stored lines of a user's cart, as (product, size, count). */
export async function cartLinesOf(db: Db, userId: string) {
  return db
    .select({ productId: cartItems.productId, size: cartItems.size, count: cartItems.count })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartItems.productId), asc(cartItems.size));
}

export async function ordersOf(db: Db, userId: string) {
  return db.select().from(orders).where(eq(orders.userId, userId));
}

/** Changes a product behind the shopper's back, as an admin edit would. */
export async function setProduct(
  db: Db,
  productId: string,
  fields: Partial<Pick<typeof products.$inferInsert, 'available' | 'priceAfterDiscount' | 'price' | 'availableSizes'>>,
) {
  await db.update(products).set(fields).where(eq(products.id, productId));
}
