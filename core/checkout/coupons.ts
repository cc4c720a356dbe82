/**
 * Discount codes (API.md "discount codes"): the admin's list and edits, a shopper's code on the
 * cart, and counting uses so racing orders never pass a code's limits. A use is a coupon_uses row
 * per order, changed only together with the code's `uses` under the code's row lock; an order
 * that closes gives its use back exactly once. See docs/decisions/024-discount-codes.md.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  couponRefusal,
  CouponStateSchema,
  discountOf,
  normalizeCouponCode,
  type CouponInput,
  type CouponPatch,
  type CouponRefusal,
  type CouponType,
} from '../../contracts/coupons.ts';
import { MSG } from '../../contracts/messages.ts';
import { toPiastres, toPounds } from '../../contracts/money.ts';
import type { Db } from '../../db/client.ts';
import { sqlState } from '../../db/errors.ts';
import { cartCoupons, couponUses, coupons, orders } from '../../db/schema.ts';
import { AppError, fieldError } from '../shared/errors.ts';
import { offsetOf, toPage, type Page } from '../shared/pagination.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;

export type Coupon = typeof coupons.$inferSelect;

/** The code on a cart, as the cart answer shows it. */
export interface CartCoupon {
  code: string;
  type: CouponType;
  /** Pounds off the items rounded up (0 for free shipping). */
  discount: number;
}

/** The admin's list of codes, newest first, with their live uses. */
export async function listCoupons(db: Db, query: { page: number; limit: number }): Promise<Page<Coupon>> {
  const [rows, total] = await Promise.all([
    db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id)).limit(query.limit).offset(offsetOf(query.page, query.limit)),
    countCoupons(db),
  ]);
  return toPage(rows, total, query.page, query.limit);
}

/** How many codes the shop has, for the screen's heading. */
export async function countCoupons(db: Db): Promise<number> {
  const [total] = await db.select({ n: count() }).from(coupons);
  return total?.n ?? 0;
}

/** One code by its id; an unknown one is a 404. */
export const getCoupon = (db: Db, id: string): Promise<Coupon> => findCoupon(db, id);

async function findCoupon(conn: Conn, id: string): Promise<Coupon> {
  const [row] = await conn.select().from(coupons).where(eq(coupons.id, id));
  if (!row) throw new AppError(404, MSG.couponNotFoundAdmin);
  return row;
}

/** A new code; one that exists already, ignoring case, is a 409. */
export async function createCoupon(db: Db, input: CouponInput): Promise<Coupon> {
  const [row] = await db
    .insert(coupons)
    .values({
      code: normalizeCouponCode(input.code),
      type: input.type,
      value: input.type === 'freeShipping' ? null : (input.value ?? null),
      minItemsTotal: input.minItemsTotal,
      startsAt: input.startsAt ?? null,
      endsAt: input.endsAt ?? null,
      maxUses: input.maxUses,
      maxUsesPerCustomer: input.maxUsesPerCustomer,
      active: input.active,
    })
    .onConflictDoNothing({ target: coupons.code })
    .returning();
  if (!row) throw new AppError(409, MSG.couponCodeTaken);
  return row;
}

/**
 * Changes any of a code's fields; the result must hold together (a value fitting the type, the
 * end after the start), or it is a 400 and nothing changes. Orders already placed keep their
 * discount; `uses` is never set from outside.
 */
export async function updateCoupon(db: Db, id: string, patch: CouponPatch): Promise<Coupon> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
    if (!current) throw new AppError(404, MSG.couponNotFoundAdmin);
    const type = patch.type ?? current.type;
    // A code that changes type needs the value of its new type.
    let value = patch.value;
    if (value === undefined && type === current.type) value = current.value;
    const next = {
      type,
      value,
      startsAt: patch.startsAt !== undefined ? patch.startsAt : current.startsAt,
      endsAt: patch.endsAt !== undefined ? patch.endsAt : current.endsAt,
    };
    const checked = CouponStateSchema.safeParse(next);
    if (!checked.success) {
      throw new AppError(400, checked.error.issues[0]!.message, checked.error.issues.map((i) => ({ msg: i.message, path: i.path.join('.'), location: 'body' as const })));
    }
    const code = patch.code === undefined ? current.code : normalizeCouponCode(patch.code);
    if (code !== current.code) {
      const [taken] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code));
      if (taken) throw new AppError(409, MSG.couponCodeTaken);
    }
    const [row] = await tx
      .update(coupons)
      .set({
        code,
        type,
        value: next.value ?? null,
        startsAt: next.startsAt,
        endsAt: next.endsAt,
        ...(patch.minItemsTotal !== undefined && { minItemsTotal: patch.minItemsTotal }),
        ...(patch.maxUses !== undefined && { maxUses: patch.maxUses }),
        ...(patch.maxUsesPerCustomer !== undefined && { maxUsesPerCustomer: patch.maxUsesPerCustomer }),
        ...(patch.active !== undefined && { active: patch.active }),
        updatedAt: new Date(),
      })
      .where(eq(coupons.id, id))
      .returning()
      .catch((error: unknown) => {
        if (sqlState(error) === '23505') throw new AppError(409, MSG.couponCodeTaken);
        throw error;
      });
    return row!;
  });
}

/**
 * Deletes a code no order was ever placed with; a code that was used is a 409 (it is switched
 * off instead, so the orders that carry it keep pointing at it).
 */
export async function deleteCoupon(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await findCoupon(tx, id);
    const [used] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.couponId, id)).limit(1);
    if (used) throw new AppError(409, MSG.couponUsedCannotDelete);
    await tx
      .delete(coupons)
      .where(eq(coupons.id, id))
      .catch((error: unknown) => {
        if (sqlState(error) === '23503') throw new AppError(409, MSG.couponUsedCannotDelete);
        throw error;
      });
  });
}

/** The uses of a code a customer holds now (orders placed with it and not closed). */
export async function customerUsesOf(conn: Conn, couponId: string, userId: string): Promise<number> {
  const [row] = await conn
    .select({ n: count() })
    .from(couponUses)
    .where(and(eq(couponUses.couponId, couponId), eq(couponUses.userId, userId)));
  return row?.n ?? 0;
}

/** A refusal as the API answers it: 400 on the code field, or 409 (used up). */
export function refusalError(refusal: CouponRefusal, onField: boolean): AppError {
  const message = refusal.detail === undefined ? MSG[refusal.key] : `${MSG[refusal.key]}: ${refusal.detail}`;
  if (refusal.status === 400 && onField) return fieldError('code', message);
  return new AppError(refusal.status, message, undefined, { key: refusal.key });
}

/** The discount a code gives a cart of `itemsTotal` (items rounded up to the pound first). */
const cartDiscountOf = (coupon: Pick<Coupon, 'type' | 'value'>, itemsTotal: number): number =>
  discountOf(coupon, Math.ceil(itemsTotal), 0).discount;

/**
 * The code on a cart while it still applies to the cart's `itemsTotal`; a code that no longer
 * does (switched off, ended, used up, the items below its minimum) is taken off the cart, and
 * the cart shows none.
 */
export async function cartCouponOf(db: Db, userId: string, cartId: string, itemsTotal: number): Promise<CartCoupon | null> {
  const [row] = await db
    .select({ coupon: coupons })
    .from(cartCoupons)
    .innerJoin(coupons, eq(coupons.id, cartCoupons.couponId))
    .where(eq(cartCoupons.cartId, cartId));
  if (!row) return null;
  const { coupon } = row;
  if (couponRefusal(coupon, itemsTotal, await customerUsesOf(db, coupon.id, userId))) {
    await db.delete(cartCoupons).where(and(eq(cartCoupons.cartId, cartId), eq(cartCoupons.couponId, coupon.id)));
    return null;
  }
  return { code: coupon.code, type: coupon.type, discount: cartDiscountOf(coupon, itemsTotal) };
}

/** What the code on a cart does to the order being placed from it. */
export interface ClaimedCoupon {
  couponId: string;
  code: string;
  discount: number;
  shippingPrice: number;
}

/**
 * Inside placeOrder's transaction: locks the code on the cart (SELECT … FOR UPDATE), checks every
 * rule again against the live counts (maxUses against `uses`, maxUsesPerCustomer against the
 * customer's coupon_uses rows) and returns what it takes off; a code that no longer applies
 * refuses the order with its reason. Null when the cart has no code. The use itself is recorded
 * by recordCouponUse once the order exists, in the same transaction and under the same lock, so
 * orders racing for the last uses are counted one after the other.
 */
export async function claimCartCoupon(
  tx: Tx,
  input: { cartId: string; userId: string; itemsTotal: number; shippingPrice: number; codFee: number },
): Promise<ClaimedCoupon | null> {
  const [onCart] = await tx.select({ couponId: cartCoupons.couponId }).from(cartCoupons).where(eq(cartCoupons.cartId, input.cartId));
  if (!onCart) return null;
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, onCart.couponId)).for('update');
  if (!coupon) return null;
  const refusal = couponRefusal(coupon, input.itemsTotal, await customerUsesOf(tx, coupon.id, input.userId));
  if (refusal) throw refusalError(refusal, false);
  const outcome = discountOf(coupon, Math.ceil(input.itemsTotal), input.shippingPrice, input.codFee);
  return { couponId: coupon.id, code: coupon.code, ...outcome };
}

/** Records an order's use of its code (the code's row is locked by claimCartCoupon) and takes the code off the cart. */
export async function recordCouponUse(tx: Tx, claimed: ClaimedCoupon, order: { id: string; userId: string; cartId: string }): Promise<void> {
  await tx.insert(couponUses).values({ couponId: claimed.couponId, orderId: order.id, userId: order.userId });
  await tx.update(coupons).set({ uses: sql`${coupons.uses} + 1` }).where(eq(coupons.id, claimed.couponId));
  await tx.delete(cartCoupons).where(eq(cartCoupons.cartId, order.cartId));
}

/**
 * Gives a closed order's use of its code back: its coupon_uses row is deleted and the code's
 * `uses` goes down by one, only when the delete found the row, so however often an order is
 * closed, the use comes back once.
 */
export async function giveCouponUseBack(tx: Tx, orderId: string): Promise<void> {
  const [use] = await tx.delete(couponUses).where(eq(couponUses.orderId, orderId)).returning({ couponId: couponUses.couponId });
  if (!use) return;
  await tx.update(coupons).set({ uses: sql`greatest(${coupons.uses} - 1, 0)` }).where(eq(coupons.id, use.couponId));
}

/** The cart's total after its code: the items rounded up to the pound, less the discount. */
export const totalAfterDiscountOf = (itemsTotal: number, discount: number): number =>
  toPounds(Math.max(0, toPiastres(Math.ceil(itemsTotal)) - toPiastres(discount)));
