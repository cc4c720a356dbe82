/**
 * Placing an order from the cart: prices recomputed, each colour and size's stock taken for every line or
 * none, the cart's discount code checked again and counted, the customer's limits of open orders
 * and pieces per line, and the Idempotency-Key.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_POSTAL_CODE,
  DEFAULT_ORDER_LIMITS,
  MSG,
  shippingChargeOf,
  type OrderLimits,
  type OrderStatus,
  type PaymentMethod,
  type ShippingAddress,
} from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { cartItems, carts, idempotencyKeys, orderItems, orders, orderStatusHistory, productColors, products, users } from '../../db/schema.ts';
import { catalogueChanged } from '../catalogue/catalogue-changes.ts';
import { AppError, fieldError } from '../shared/errors.ts';
import { amountDueCents, sumLines, toPiastres } from '../../contracts/money.ts';
import { lineLabel, takeStock } from '../catalogue/stock.ts';
import { claimCartCoupon, recordCouponUse } from './coupons.ts';
import { getOrder, type Order } from '../orders/orders.ts';
import { readShippingRules } from './shipping.ts';
import { recordOrderMessage } from '../messages/outbox.ts';

export interface PlaceOrderInput {
  userId: string;
  cartId: string;
  shippingAddress: ShippingAddress;
  /** The client's Idempotency-Key: the same key gets the first order back. */
  idempotencyKey?: string;
  /** Cash on delivery (the default), or card: the order then awaits its payment until `paymentDueAt`. */
  paymentMethodType?: PaymentMethod;
  /** Minutes a card order may await its payment. */
  paymentTimeoutMinutes?: number;
  /** Open unpaid orders a customer may have, and pieces of one size a line may take (DEFAULT_ORDER_LIMITS). */
  limits?: OrderLimits;
  /**
   * The shipping price the customer was shown before confirming, after the cart's code (a
   * free-shipping code leaves the cash-on-delivery fee): a different charge now (the fees or the
   * code changed meanwhile) refuses the order (409) and places nothing, so no one pays more than shown.
   */
  expectedShippingPrice?: number;
  /**
   * The discount code the customer was shown on the cart ('' for none): a cart whose code is now
   * another, or none (it stopped applying and was taken off), refuses the order (409
   * couponChanged) and places nothing, so no one is charged a total they were not shown.
   */
  expectedCouponCode?: string;
}

export interface PlacedOrder {
  order: Order;
  /** True when the key had already placed this order. */
  replayed: boolean;
}

/**
 * Orders that hold their pieces while the customer has neither paid nor been confirmed: cash
 * orders still pending and card orders awaiting payment (a paid card order is pending too, and
 * is not counted).
 */
const OPEN_UNPAID_STATUSES: OrderStatus[] = ['pending', 'awaiting_payment'];

/**
 * Turns the user's cart into an order in one transaction. Each line's size is taken with a
 * conditional decrement (core/catalogue/stock.ts), so concurrent orders can never push a size below
 * zero; if any line cannot be served, nothing is taken and the cart stays as it was. So that
 * one account cannot hold the stock, a customer who already has the limit of open unpaid
 * orders, or a line of more pieces than the limit, is refused (409) the same way.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlacedOrder> {
  const outcome = await db.transaction(async (tx) => {
    if (input.idempotencyKey) {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ userId: input.userId, key: input.idempotencyKey })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const [previous] = await tx
          .select({ orderId: idempotencyKeys.orderId })
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.key, input.idempotencyKey)));
        if (previous?.orderId) return { orderId: previous.orderId, replayed: true };
      }
    }
    // One customer's orders are placed one at a time (their account row's lock), so two placed
    // at once cannot both pass the limit of open orders.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('no key update');
    const [open] = await tx
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userId, input.userId), eq(orders.isPaid, false), inArray(orders.status, OPEN_UNPAID_STATUSES)));
    const limits = input.limits ?? DEFAULT_ORDER_LIMITS;
    if ((open?.n ?? 0) >= limits.openOrders) throw new AppError(409, MSG.tooManyOpenOrders);

    const [cart] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.id, input.cartId), eq(carts.userId, input.userId)))
      .for('update');
    if (!cart) throw new AppError(404, MSG.cartNotFound);
    const lines = await tx
      .select({
        productId: cartItems.productId,
        colorId: cartItems.colorId,
        colorName: productColors.name,
        size: cartItems.size,
        count: cartItems.count,
        title: products.title,
        imageCover: products.imageCover,
        barcode: products.barcode,
        price: products.priceAfterDiscount,
        available: products.available,
        sizes: products.availableSizes,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .leftJoin(productColors, eq(productColors.id, cartItems.colorId))
      .where(eq(cartItems.cartId, cart.id))
      // A fixed order of row locks, so two orders sharing products cannot deadlock.
      .orderBy(asc(cartItems.productId), asc(cartItems.colorId), asc(cartItems.size));
    if (lines.length === 0) throw new AppError(400, MSG.cartEmpty);

    for (const line of lines) {
      if (!line.available || !line.sizes.includes(line.size)) throw AppError.about(409, 'productUnavailable', line.title);
      if (line.count > limits.linePieces) {
        throw new AppError(409, `${MSG.tooManyLinePieces} (${limits.linePieces}): ${lineLabel(line)}`, undefined, { key: 'tooManyLinePieces' });
      }
    }

    const card = input.paymentMethodType === 'card';
    const status: OrderStatus = card ? 'awaiting_payment' : 'pending';
    const itemsTotal = sumLines(lines);
    // The order keeps what it is charged now; later changes of the fees never reach it.
    const charge = shippingChargeOf(await readShippingRules(tx), input.shippingAddress.shippingCity, itemsTotal, card ? 'card' : 'cash');
    // The cart's code, checked again under its row lock: racing orders are counted one at a time.
    const coupon = await claimCartCoupon(tx, { cartId: cart.id, userId: input.userId, itemsTotal, shippingPrice: charge.shippingPrice, codFee: charge.codFee });
    if (input.expectedCouponCode !== undefined && input.expectedCouponCode !== (coupon?.code ?? '')) throw new AppError(409, MSG.couponChanged);
    // The shown price is the one charged, after a free-shipping code.
    if (input.expectedShippingPrice !== undefined && toPiastres(input.expectedShippingPrice) !== toPiastres(coupon?.shippingPrice ?? charge.shippingPrice)) {
      throw new AppError(409, MSG.shippingChanged);
    }
    // A card order a code leaves nothing to pay on could never be paid through Paymob (nor
    // expire into anything useful): the shopper is asked to choose cash on delivery instead.
    if (card && amountDueCents({ totalOrderPrice: itemsTotal, shippingPrice: coupon?.shippingPrice ?? charge.shippingPrice, discount: coupon?.discount ?? 0 }) === 0) {
      throw fieldError('paymentMethodType', MSG.cardNothingToPay);
    }
    const [order] = await tx
      .insert(orders)
      .values({
        userId: input.userId,
        shippingDetails: input.shippingAddress.details,
        shippingPhone: input.shippingAddress.phone,
        shippingCity: input.shippingAddress.shippingCity,
        shippingDistrict: input.shippingAddress.district,
        postalCode: input.shippingAddress.postalCode ?? DEFAULT_POSTAL_CODE,
        shippingPrice: coupon?.shippingPrice ?? charge.shippingPrice,
        codFee: charge.codFee,
        totalOrderPrice: itemsTotal,
        couponId: coupon?.couponId ?? null,
        couponCode: coupon?.code ?? null,
        discount: coupon?.discount ?? 0,
        paymentMethodType: card ? 'card' : 'cash',
        status,
        paymentDueAt: card ? new Date(Date.now() + (input.paymentTimeoutMinutes ?? 30) * 60_000) : null,
      })
      .returning({ id: orders.id });
    await takeStock(
      tx,
      lines.map((line) => ({ ...line, colorName: line.colorName ?? null })),
      { reason: 'order', orderId: order!.id, userId: input.userId },
    );
    if (coupon) await recordCouponUse(tx, coupon, { id: order!.id, userId: input.userId, cartId: cart.id });
    await tx.insert(orderStatusHistory).values({ orderId: order!.id, status, userId: input.userId });
    await tx.insert(orderItems).values(
      lines.map((line) => ({
        orderId: order!.id,
        productId: line.productId,
        title: line.title,
        imageCover: line.imageCover,
        barcode: line.barcode,
        colorId: line.colorId,
        colorName: line.colorName ?? null,
        size: line.size,
        count: line.count,
        price: line.price,
      })),
    );
    await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
    if (input.idempotencyKey) {
      await tx
        .update(idempotencyKeys)
        .set({ orderId: order!.id })
        .where(and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.key, input.idempotencyKey)));
    }
    await recordOrderMessage(db, tx, order!.id, card ? 'order_placed_card' : 'order_placed_cash');
    return { orderId: order!.id, replayed: false };
  });
  catalogueChanged(db);
  return { order: await getOrder(db, outcome.orderId), replayed: outcome.replayed };
}
