/** The shopper's wishlist: products kept for later. */
import { and, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { MSG } from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { qualified } from '../../db/rows.ts';
import { products, users, wishlistItems } from '../../db/schema.ts';
import { addToCart, type Cart } from './cart.ts';
import { fieldError } from '../shared/errors.ts';
import { listProductsByIds, type Product } from '../catalogue/products.ts';

/** The ids of the wishlist's products, newest first. */
export async function listWishlistIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
  return rows.map((r) => r.productId);
}

/** The product is in the shopper's wishlist (the product page's heart). */
export async function isInWishlist(db: Db, userId: string, productId: string): Promise<boolean> {
  const [row] = await db.select({ kept: inWishlistOf(users.id, productId) }).from(users).where(eq(users.id, userId));
  return row?.kept ?? false;
}

/** The product is in the wishlist of the user `userId` stands for, as a column of a statement that reads the user (auth.ts authenticateWith). */
export function inWishlistOf(userId: AnyColumn, productId: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${wishlistItems} where ${qualified(wishlistItems.userId)} = ${qualified(userId)} and ${qualified(wishlistItems.productId)} = ${productId})`;
}

/** The wishlist's products, newest first. */
export async function listWishlist(db: Db, userId: string): Promise<Product[]> {
  return listProductsByIds(db, await listWishlistIds(db, userId));
}

/** Adds a product; adding it again changes nothing. */
export async function addToWishlist(db: Db, userId: string, productId: string): Promise<string[]> {
  const [exists] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
  if (!exists) throw fieldError('productId', MSG.productNotFound);
  await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
  return listWishlistIds(db, userId);
}

/** Removes a product; removing one that is not there changes nothing. */
export async function removeFromWishlist(db: Db, userId: string, productId: string): Promise<string[]> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  return listWishlistIds(db, userId);
}

/**
 * Moves a wishlist product into the cart (SPEC.md §4): one piece, in `size` or, for a
 * single-size product, its only size, within the cart's limit per line (addToCart); it leaves
 * the wishlist only once it is in the cart.
 */
export async function moveWishlistItemToCart(db: Db, userId: string, input: { productId: string; size?: string }, maxPieces?: number): Promise<Cart> {
  const cart = await addToCart(db, userId, input, maxPieces);
  await removeFromWishlist(db, userId, input.productId);
  return cart;
}
