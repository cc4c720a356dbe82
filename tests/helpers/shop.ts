/**
 * What a shopper does through the API (cart, checkout) and the database reads the tests
 * check the outcome against.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartItems, carts, orders, products } from '../../db/schema.ts';
import type { Account } from '../fixtures/factories.ts';
import type { TestApp } from './app.ts';

/** A valid checkout address. */
export const ADDRESS = { details: '12 شارع التحرير، الدقي', phone: '01012345678', shippingCity: 'الجيزة', postalCode: '12611' } as const;

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

export async function stockOf(db: Db, productId: string): Promise<number> {
  const [row] = await db.select({ quantity: products.quantity }).from(products).where(eq(products.id, productId));
  if (!row) throw new Error(`no product ${productId}`);
  return row.quantity;
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
  fields: Partial<Pick<typeof products.$inferInsert, 'quantity' | 'available' | 'priceAfterDiscount' | 'price' | 'availableSizes'>>,
) {
  await db.update(products).set(fields).where(eq(products.id, productId));
}
