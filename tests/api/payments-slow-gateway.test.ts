/**
 * A slow Paymob never holds the shop: the stand-in holds its answer to an intention or a refund
 * until the test releases it, and meanwhile other customers' orders, catalogue reads and changes
 * to the very order waiting on Paymob complete. On the embedded database (one connection for the
 * whole process) that shows no transaction stays open across the call; on PostgreSQL, that the
 * order's row lock is not held during it. What happened meanwhile is re-read when Paymob's answer
 * is recorded. Also: the intention expires with the order's payment time, and the stand-in
 * refuses to take money for an expired one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, ORDER_STATUS_LABELS, type OrderStatus } from '../../contracts/index.ts';
import { orders, paymentAttempts } from '../../db/schema.ts';
import type { StandIn } from '../../scripts/paymob-standin.ts';
import { createAccount, createProductFixture, type Account } from '../fixtures/factories.ts';
import {
  attemptsOf,
  callbacksOf,
  clientSecretOf,
  createPaymobTestApp,
  inFlight,
  payAtStandIn,
  refundsOf,
  startStandIn,
  type PaymobTestApp,
} from '../helpers/paymob.ts';
import { ADDRESS, fillCart, ordersOf, placeOrder, sizeStockOf } from '../helpers/shop.ts';

let standIn: StandIn;
let t: PaymobTestApp;
let admin: Account;
beforeAll(async () => {
  standIn = await startStandIn();
  t = await createPaymobTestApp(standIn);
  admin = await createAccount(t.db, 'admin', 'سارة الحسابات');
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

const CARD = { shippingAddress: ADDRESS, paymentMethodType: 'card' } as const;
const fail = (message: string) => ({ status: 'fail', message });

const payNow = (account: Account, id: string) => t.app.inject({ method: 'POST', url: `/api/v1/orders/${id}/payment`, headers: account.headers });
const setStatus = (id: string, status: OrderStatus) => t.app.inject({ method: 'PUT', url: `/api/v1/orders/${id}/status`, headers: admin.headers, payload: { status } });
const cancelOwn = (account: Account, id: string) => t.app.inject({ method: 'PUT', url: `/api/v1/orders/${id}/cancel`, headers: account.headers });
const retryRefund = (id: string) => t.app.inject({ method: 'POST', url: `/api/v1/orders/${id}/refund`, headers: admin.headers });
const readOrder = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers: admin.headers })).json().data;

/** The intention the stand-in made for a checkout address. */
function intentionOf(redirectUrl: string) {
  const intention = standIn.intentions.find((i) => i.clientSecret === clientSecretOf(redirectUrl));
  if (!intention) throw new Error(`the stand-in made no intention for ${redirectUrl}`);
  return intention;
}

/** A customer with one piece of m in their cart (a product of its own), and the cart's id. */
async function shopper(name = 'منى إبراهيم') {
  const customer = await createAccount(t.db, 'user', name);
  const product = await createProductFixture(t.db, t.images, { stock: { m: 5, l: 5 } });
  const cartId = await fillCart(t, customer, product.id, 'm');
  return { customer, product, cartId };
}

/** A card order awaiting payment whose first checkout was declined, so "pay now" makes a fresh intention. */
async function declinedCardOrder() {
  const { customer, product, cartId } = await shopper();
  const res = await placeOrder(t, customer, cartId, { body: CARD });
  expect(res.statusCode, res.body).toBe(201);
  expect((await payAtStandIn(standIn, res.json().payment.redirectUrl, 'decline')).status).toBe(302);
  return { customer, product, order: res.json().data as { _id: string } };
}

/** A card order paid through the stand-in (status pending). */
async function paidCardOrder() {
  const { customer, product, cartId } = await shopper();
  const res = await placeOrder(t, customer, cartId, { body: CARD });
  expect(res.statusCode, res.body).toBe(201);
  expect((await payAtStandIn(standIn, res.json().payment.redirectUrl, 'pay')).status).toBe(302);
  const order = await readOrder(res.json().data._id);
  expect(order).toMatchObject({ status: 'pending', isPaid: true });
  return { customer, product, order: order as { _id: string; trnxId: string } };
}

/** Another customer's cash order and a catalogue read, each answered in full. */
async function otherRequestsComplete() {
  const other = await shopper('كريم عادل');
  const cash = await placeOrder(t, other.customer, other.cartId);
  expect(cash.statusCode, cash.body).toBe(201);
  expect(cash.json().data).toMatchObject({ status: 'pending', paymentMethodType: 'cash' });
  expect(await sizeStockOf(t.db, other.product.id)).toEqual({ m: 4, l: 5 });
  const catalogue = await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=5' });
  expect(catalogue.statusCode).toBe(200);
  expect(catalogue.json().data.length).toBeGreaterThan(0);
}

describe('while Paymob is slow to create an intention', () => {
  it("lets another customer's cash order and a catalogue read complete during a card checkout", async () => {
    const { customer, cartId } = await shopper();
    const held = standIn.hold('intention');
    try {
      const checkout = inFlight(placeOrder(t, customer, cartId, { body: CARD }));
      await held.arrived;
      await otherRequestsComplete();
      // The other requests finished while the checkout still waited for Paymob.
      expect(checkout.done).toBe(false);
      held.release();
      const res = await checkout.answer;
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ status: 'awaiting_payment' });
      const attempts = await attemptsOf(t.db, res.json().data._id);
      expect(attempts).toEqual([expect.objectContaining({ clientSecret: clientSecretOf(res.json().payment.redirectUrl) })]);
    } finally {
      held.release();
    }
  });

  it('lets the customer cancel the order meanwhile; the checkout then answers 409 and the intention is kept for its callbacks', async () => {
    const { customer, product, order } = await declinedCardOrder();
    const made = standIn.intentions.length;
    const held = standIn.hold('intention');
    try {
      const pay = inFlight(payNow(customer, order._id));
      await held.arrived;
      const cancelled = await cancelOwn(customer, order._id);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().data).toMatchObject({ status: 'cancelled' });
      expect(pay.done).toBe(false);
      held.release();
      const res = await pay.answer;
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(fail(`${MSG.paymentNotAwaited}: ${ORDER_STATUS_LABELS.cancelled}`));
    } finally {
      held.release();
    }
    expect(standIn.intentions).toHaveLength(made + 1);
    const attempts = await attemptsOf(t.db, order._id);
    expect(attempts).toHaveLength(2);
    expect(attempts[1]).toMatchObject({ paymobOrderId: String(standIn.intentions.at(-1)!.paymobOrderId), clientSecret: standIn.intentions.at(-1)!.clientSecret });
    // The pieces went back once, with the cancellation.
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 5, l: 5 });
    expect(await readOrder(order._id)).toMatchObject({ status: 'cancelled', isPaid: false });
  });

  it('lets the order be paid through its earlier checkout meanwhile; the new checkout then answers 409 naming its status', async () => {
    const { customer, cartId } = await shopper();
    const placed = await placeOrder(t, customer, cartId, { body: CARD });
    const first = placed.json().payment.redirectUrl as string;
    const id = placed.json().data._id as string;
    // The first checkout is old enough that "pay now" makes a fresh one.
    await t.db.update(paymentAttempts).set({ createdAt: new Date(Date.now() - 5 * 60_000) }).where(eq(paymentAttempts.orderId, id));
    const held = standIn.hold('intention');
    try {
      const pay = inFlight(payNow(customer, id));
      await held.arrived;
      expect((await payAtStandIn(standIn, first, 'pay')).status).toBe(302);
      expect(await readOrder(id)).toMatchObject({ status: 'pending', isPaid: true });
      expect(pay.done).toBe(false);
      held.release();
      const res = await pay.answer;
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(fail(`${MSG.paymentNotAwaited}: ${ORDER_STATUS_LABELS.pending}`));
    } finally {
      held.release();
    }
    expect(await attemptsOf(t.db, id)).toHaveLength(2);
    expect((await callbacksOf(t.db, id)).map((c) => c.outcome)).toEqual(['paid']);
  });

  it('answers two "pay now" presses with one intention, the second waiting for the first', async () => {
    const { customer, order } = await declinedCardOrder();
    const made = standIn.intentions.length;
    const held = standIn.hold('intention');
    let answers;
    try {
      const firstPress = inFlight(payNow(customer, order._id));
      await held.arrived;
      const secondPress = inFlight(payNow(customer, order._id));
      // Other requests are not held up by either press.
      await otherRequestsComplete();
      expect([firstPress.done, secondPress.done]).toEqual([false, false]);
      held.release();
      answers = await Promise.all([firstPress.answer, secondPress.answer]);
    } finally {
      held.release();
    }
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[1]!.json().data.redirectUrl).toBe(answers[0]!.json().data.redirectUrl);
    expect(standIn.intentions).toHaveLength(made + 1);
    expect(await attemptsOf(t.db, order._id)).toHaveLength(2);
  });
});

describe('while Paymob is slow to answer a refund', () => {
  it("lets another customer's cash order and a catalogue read complete during an admin's cancel-with-refund, and sends no second refund", async () => {
    const { product, order } = await paidCardOrder();
    const held = standIn.hold('refund');
    try {
      const cancel = inFlight(setStatus(order._id, 'cancelled'));
      await held.arrived;
      await otherRequestsComplete();
      // The order is closed and its pieces are back; the refund is recorded as waiting for Paymob.
      expect(await readOrder(order._id)).toMatchObject({ status: 'cancelled', refunds: [expect.objectContaining({ status: 'pending' })] });
      expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 5, l: 5 });
      // Another admin's retry meanwhile sends nothing.
      const retry = await retryRefund(order._id);
      expect(retry.statusCode).toBe(409);
      expect(retry.json()).toEqual(fail(MSG.refundInProgress));
      expect(cancel.done).toBe(false);
      held.release();
      const res = await cancel.answer;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'cancelled', refunds: [expect.objectContaining({ status: 'succeeded' })] });
    } finally {
      held.release();
    }
    expect(await refundsOf(t.db, order._id)).toEqual([expect.objectContaining({ status: 'succeeded', transactionId: order.trnxId, refundTransactionId: expect.stringMatching(/^\d+$/) })]);
    const nothingLeft = await retryRefund(order._id);
    expect(nothingLeft.statusCode).toBe(409);
    expect(nothingLeft.json()).toEqual(fail(MSG.refundNothingToRefund));
  });

  it("refuses to keep a payment while the admin's refund of it waits for Paymob, then closes the decision with the refund", async () => {
    const { customer, cartId } = await shopper();
    const placed = await placeOrder(t, customer, cartId, { body: CARD });
    const id = placed.json().data._id as string;
    await payAtStandIn(standIn, placed.json().payment.redirectUrl, 'wrong-amount');
    const [callback] = await callbacksOf(t.db, id);
    expect(callback).toMatchObject({ outcome: 'amount_mismatch', needsDecision: true });
    const decide = (action: 'refund' | 'keep') =>
      t.app.inject({ method: 'POST', url: `/api/v1/orders/${id}/payments/${callback!.id}/decision`, headers: admin.headers, payload: { action } });
    const held = standIn.hold('refund');
    try {
      const refund = inFlight(decide('refund'));
      await held.arrived;
      for (const action of ['keep', 'refund'] as const) {
        const other = await decide(action);
        expect(other.statusCode).toBe(409);
        expect(other.json()).toEqual(fail(MSG.refundInProgress));
      }
      expect(refund.done).toBe(false);
      held.release();
      expect((await refund.answer).statusCode).toBe(200);
    } finally {
      held.release();
    }
    expect(await refundsOf(t.db, id)).toEqual([expect.objectContaining({ status: 'succeeded', transactionId: callback!.transactionId })]);
    const [decided] = await callbacksOf(t.db, id);
    expect(decided).toMatchObject({ needsDecision: false, decidedBy: admin.user.id });
  });
});

describe('the intention expires with the order', () => {
  it("asks Paymob for an intention that expires when the order's payment time ends, at checkout and on \"pay now\"", async () => {
    const { customer, cartId } = await shopper();
    const before = Date.now();
    const res = await placeOrder(t, customer, cartId, { body: CARD });
    const after = Date.now();
    expect(res.statusCode, res.body).toBe(201);
    const due = Date.parse(res.json().data.paymentDueAt);
    const expiration = intentionOf(res.json().payment.redirectUrl).body.expiration;
    expect(expiration).toBeGreaterThanOrEqual(Math.floor((due - after) / 1000));
    expect(expiration).toBeLessThanOrEqual(Math.ceil((due - before) / 1000));

    // Ten minutes left: the next intention gets ten minutes, not the full payment time.
    const id = res.json().data._id as string;
    await payAtStandIn(standIn, res.json().payment.redirectUrl, 'decline');
    const [order] = await ordersOf(t.db, customer.user.id);
    const dueSoon = new Date(Date.now() + 10 * 60_000);
    await t.db.update(orders).set({ paymentDueAt: dueSoon }).where(eq(orders.id, order!.id));
    const pressedAt = Date.now();
    const again = await payNow(customer, id);
    const answeredAt = Date.now();
    expect(again.statusCode, again.body).toBe(200);
    const left = intentionOf(again.json().data.redirectUrl).body.expiration;
    expect(left).toBeGreaterThanOrEqual(Math.floor((dueSoon.getTime() - answeredAt) / 1000));
    expect(left).toBeLessThanOrEqual(Math.ceil((dueSoon.getTime() - pressedAt) / 1000));
  });

  it('takes no money for an expired intention: its checkout is gone and paying it sends no callback', async () => {
    const { customer, cartId } = await shopper();
    const res = await placeOrder(t, customer, cartId, { body: CARD });
    const redirectUrl = res.json().payment.redirectUrl as string;
    intentionOf(redirectUrl).expiresAt = Date.now() - 1;
    expect((await fetch(redirectUrl)).status).toBe(410);
    expect((await payAtStandIn(standIn, redirectUrl, 'pay')).status).toBe(410);
    expect(await callbacksOf(t.db, res.json().data._id)).toEqual([]);
    expect(await readOrder(res.json().data._id)).toMatchObject({ status: 'awaiting_payment', isPaid: false });
  });
});
