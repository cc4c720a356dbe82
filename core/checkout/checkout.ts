/**
 * Checkout, whichever door it comes through (the API's POST /orders/{cartId}, the checkout
 * page): every rule of turning a cart into an order and, for a card, into Paymob's checkout. The
 * doors parse the request, call `checkout` and present what it answers.
 */
import { MSG, type OrderLimits, type PaymentMethod, type ShippingAddress } from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../shared/errors.ts';
import { type Order, type Viewer } from '../orders/orders.ts';
import { placeOrder } from './place-order.ts';
import { startPayment, type PaymentSettings } from '../payments/payments.ts';

/** What checkout needs to know of the shop: Paymob (or cash only), how long a card order waits, the order limits. */
export type CheckoutSettings = PaymentSettings & { timeoutMinutes: number; orderLimits: OrderLimits };

export interface CheckoutInput {
  cartId: string;
  shippingAddress: ShippingAddress;
  paymentMethodType: PaymentMethod;
  /** The client's key for this checkout: the same key gets the first order back. */
  idempotencyKey?: string;
  /** The shipping price the customer was shown: placing at another is refused (409, `shippingChanged`). */
  expectedShippingPrice?: number;
  /** The discount code the customer was shown ('' for none): another on the cart now is refused (409, `couponChanged`). */
  expectedCouponCode?: string;
}

export interface CheckoutOutcome {
  order: Order;
  /** True when the key had already placed this order. */
  replayed: boolean;
  /**
   * A card order awaiting its payment: Paymob's checkout for exactly the amount due, or why it
   * could not be had (Paymob down: 502; the time to pay ran out: 409). The order is kept either way.
   */
  payment?: { redirectUrl: string } | { failure: AppError };
}

/**
 * Places the order from the customer's cart and, for a card, starts its payment. A card asked for
 * while the shop takes cash only is refused (409), and nothing is placed.
 */
export async function checkout(db: Db, settings: CheckoutSettings, customer: Viewer, input: CheckoutInput): Promise<CheckoutOutcome> {
  if (input.paymentMethodType === 'card' && !settings.paymob) throw new AppError(409, MSG.cardPaymentsOff);
  const { order, replayed } = await placeOrder(db, {
    userId: customer.id,
    cartId: input.cartId,
    shippingAddress: input.shippingAddress,
    idempotencyKey: input.idempotencyKey,
    paymentMethodType: input.paymentMethodType,
    paymentTimeoutMinutes: settings.timeoutMinutes,
    limits: settings.orderLimits,
    expectedShippingPrice: input.expectedShippingPrice,
    expectedCouponCode: input.expectedCouponCode,
  });
  if (order.status !== 'awaiting_payment') return { order, replayed };
  // Outside the order's transaction: Paymob may take seconds, and the order is kept whatever it answers.
  try {
    return { order, replayed, payment: { redirectUrl: await startPayment(db, settings, order.id, customer) } };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { order, replayed, payment: { failure: error } };
  }
}
