/**
 * A discount code on the shopper's cart (API.md "Additions: discount codes": POST and DELETE
 * /cart/coupon): put on after every rule is checked against the cart as it is, or taken off.
 * Its own module, as it reads the cart (core/checkout/cart.ts) that in turn reads the code's discount
 * (core/checkout/coupons.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { couponRefusal, normalizeCouponCode } from '../../contracts/coupons.ts';
import { MSG } from '../../contracts/messages.ts';
import type { Db } from '../../db/client.ts';
import { cartCoupons, carts, coupons } from '../../db/schema.ts';
import { getCart, type Cart } from './cart.ts';
import { customerUsesOf, refusalError } from './coupons.ts';
import { fieldError } from '../shared/errors.ts';

/**
 * Puts a code on the shopper's cart after checking every rule against the cart as it is now
 * (400 saying which rule, 409 when used up; the cart is then unchanged). A code already on the
 * cart is replaced.
 */
export async function applyCouponToCart(db: Db, userId: string, code: string): Promise<Cart> {
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, normalizeCouponCode(code)));
  if (!coupon) throw fieldError('code', MSG.couponNotFound);
  const cart = await getCart(db, userId);
  const refusal = couponRefusal(coupon, cart.totalCartPrice, await customerUsesOf(db, coupon.id, userId));
  if (refusal) throw refusalError(refusal, true);
  await db.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId });
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  await db
    .insert(cartCoupons)
    .values({ cartId: row!.id, couponId: coupon.id })
    .onConflictDoUpdate({ target: cartCoupons.cartId, set: { couponId: coupon.id, createdAt: new Date() } });
  return getCart(db, userId);
}

/** Takes the code off the shopper's cart (none there: nothing changes). */
export async function removeCouponFromCart(db: Db, userId: string): Promise<Cart> {
  await db.delete(cartCoupons).where(sql`${cartCoupons.cartId} in (select ${carts.id} from ${carts} where ${carts.userId} = ${userId})`);
  return getCart(db, userId);
}
