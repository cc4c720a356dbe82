/** The shopper's cart: one per user, lines of (product, colour, size) with a count. */
import { and, asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { canBeBought, MAX_LINE_PIECES, MSG } from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { qualified } from '../../db/rows.ts';
import { cartItems, carts, productColors, products, productStock, users } from '../../db/schema.ts';
import { AppError, fieldError } from '../shared/errors.ts';
import { sumLines } from '../../contracts/money.ts';
import { getProduct } from '../catalogue/products.ts';
import { findColor } from '../catalogue/colors.ts';
import { pairQuantity } from '../catalogue/stock.ts';
import { cartCouponOf, totalAfterDiscountOf, type CartCoupon } from './coupons.ts';

export interface CartLine {
  id: string;
  product: { id: string; title: string; imageCover: string; priceAfterDiscount: number; availability: boolean; quantity: number };
  /** The chosen colour's name (as it is now), or null for a product without colours. */
  colorName: string | null;
  size: string;
  count: number;
  /** Pieces left of this line's colour and size: 0 when it ran out (the line cannot be ordered as it is). */
  sizeQuantity: number;
  /** The product's current price after discount: the server's price, never the client's. */
  price: number;
}

export interface Cart {
  id: string | null;
  lines: CartLine[];
  totalCartPrice: number;
  /** The discount code on the cart while it still applies, or null. */
  coupon: CartCoupon | null;
  /** The items rounded up to the pound, less the code's discount (shipping comes at checkout). */
  totalAfterDiscount: number;
}

async function findCartId(db: Db, userId: string): Promise<string | undefined> {
  const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).limit(1);
  return cart?.id;
}

async function ensureCartId(db: Db, userId: string): Promise<string> {
  await db.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId });
  return (await findCartId(db, userId))!;
}

/** The user's cart with current prices; an empty cart when there is none yet. */
export async function getCart(db: Db, userId: string): Promise<Cart> {
  const cartId = await findCartId(db, userId);
  if (!cartId) return { id: null, lines: [], totalCartPrice: 0, coupon: null, totalAfterDiscount: 0 };
  const rows = await db
    .select({
      id: cartItems.id,
      colorName: productColors.name,
      size: cartItems.size,
      count: cartItems.count,
      productId: products.id,
      title: products.title,
      imageCover: products.imageCover,
      priceAfterDiscount: products.priceAfterDiscount,
      available: products.available,
      quantity: products.quantity,
      sizeQuantity: sql<number>`coalesce(${productStock.quantity}, 0)`.mapWith(Number),
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productColors, eq(productColors.id, cartItems.colorId))
    .leftJoin(
      productStock,
      and(
        eq(productStock.productId, cartItems.productId),
        sql`${productStock.colorId} is not distinct from ${cartItems.colorId}`,
        eq(productStock.size, cartItems.size),
      ),
    )
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const lines = rows.map((r) => ({
    id: r.id,
    product: {
      id: r.productId,
      title: r.title,
      imageCover: r.imageCover,
      priceAfterDiscount: r.priceAfterDiscount,
      availability: canBeBought(r),
      quantity: r.quantity,
    },
    colorName: r.colorName ?? null,
    size: r.size,
    count: r.count,
    sizeQuantity: r.sizeQuantity,
    price: r.priceAfterDiscount,
  }));
  const totalCartPrice = sumLines(lines);
  const coupon = await cartCouponOf(db, userId, cartId, totalCartPrice);
  return { id: cartId, lines, totalCartPrice, coupon, totalAfterDiscount: totalAfterDiscountOf(totalCartPrice, coupon?.discount ?? 0) };
}

/** How many lines the user's cart holds (every page's header shows it): one query, without the cart's prices and code. */
export async function countCartLines(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: cartLinesOf(users.id) }).from(users).where(eq(users.id, userId));
  return row?.n ?? 0;
}

/** The lines in the cart of the user `userId` stands for, as a column of a statement that reads the user (auth.ts authenticateWith). */
export function cartLinesOf(userId: AnyColumn): SQL<number> {
  return sql<number>`(select count(*)::int from ${cartItems} inner join ${carts} on ${qualified(carts.id)} = ${qualified(cartItems.cartId)} where ${qualified(carts.userId)} = ${qualified(userId)})`;
}

/**
 * A count past the pieces one order line may take (the shop's MAX_LINE_PIECES): refused where the
 * shopper sets it, not only when the order is placed.
 */
function linePiecesError(maxPieces: number, path: string): AppError {
  const msg = `${MSG.linePiecesLimit}: ${maxPieces}`;
  return new AppError(400, msg, [{ msg, path, location: 'body' }], { key: 'linePiecesLimit' });
}

/**
 * Adds one piece of a product in a size (and a colour, when it has colours). Without a size, a
 * product with exactly one size gets it (the wishlist's add-to-cart), and likewise a colour; any
 * other needs the shopper to choose. A line already at `maxPieces` (the shop's limit per order
 * line) is refused with 400.
 */
export async function addToCart(
  db: Db,
  userId: string,
  input: { productId: string; size?: string; colorName?: string },
  maxPieces = MAX_LINE_PIECES,
): Promise<Cart> {
  const product = await getProduct(db, input.productId).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) throw fieldError('productId', MSG.productNotFound);
    throw error;
  });
  // Switched off by the shop; a size that ran out is told apart below.
  if (!product.available) throw new AppError(409, MSG.productUnavailable);
  let size = input.size;
  if (size === undefined) {
    if (product.availableSizes.length !== 1) throw fieldError('color', MSG.sizeFirst);
    size = product.availableSizes[0]!;
  }
  if (!product.availableSizes.includes(size)) throw fieldError('color', MSG.sizeUnavailable);
  let colour: { id: string; name: string } | undefined;
  if (product.colors.length > 0) {
    colour = input.colorName === undefined && product.colors.length === 1 ? product.colors[0] : findColor(product.colors, input.colorName);
    if (!colour) throw fieldError('colorName', MSG.chooseColor);
  }
  const left = product.stock.find((s) => s.size === size && s.color === colour?.name)?.quantity ?? 0;
  if (left === 0) throw new AppError(409, MSG.sizeSoldOut);
  const cartId = await ensureCartId(db, userId);
  await db.transaction(async (tx) => {
    const [line] = await tx
      .insert(cartItems)
      .values({ cartId, productId: product.id, colorId: colour?.id ?? null, size, count: 1 })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.productId, cartItems.colorId, cartItems.size],
        set: { count: sql`${cartItems.count} + 1` },
      })
      .returning({ count: cartItems.count });
    if (line!.count > maxPieces) throw linePiecesError(maxPieces, 'color');
    if (line!.count > left) throw new AppError(409, MSG.notEnoughStock);
  });
  return getCart(db, userId);
}

async function findOwnLine(db: Db, userId: string, itemId: string) {
  const [line] = await db
    .select({ id: cartItems.id, cartId: cartItems.cartId, productId: cartItems.productId, colorId: cartItems.colorId, size: cartItems.size })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(cartItems.id, itemId), eq(carts.userId, userId)))
    .limit(1);
  // Someone else's line is "not found", never "forbidden".
  if (!line) throw new AppError(404, MSG.cartItemNotFound);
  return line;
}

/**
 * Sets a line's count; more than `maxPieces` (the shop's limit per order line) is a 400, more than
 * its size's stock left a 409 (a size that ran out says so).
 */
export async function updateCartItem(db: Db, userId: string, itemId: string, count: number, maxPieces = MAX_LINE_PIECES): Promise<Cart> {
  const line = await findOwnLine(db, userId, itemId);
  if (count > maxPieces) throw linePiecesError(maxPieces, 'count');
  const [product] = await db.select({ available: products.available }).from(products).where(eq(products.id, line.productId));
  if (product && !product.available) throw new AppError(409, MSG.productUnavailable);
  const left = await pairQuantity(db, line.productId, line.colorId, line.size);
  if (left === 0) throw new AppError(409, MSG.sizeSoldOut);
  if (count > left) throw new AppError(409, MSG.notEnoughStock);
  await db.update(cartItems).set({ count }).where(eq(cartItems.id, itemId));
  return getCart(db, userId);
}

export async function removeCartItem(db: Db, userId: string, itemId: string): Promise<Cart> {
  await findOwnLine(db, userId, itemId);
  await db.delete(cartItems).where(eq(cartItems.id, itemId));
  return getCart(db, userId);
}
