/**
 * Card payments through Paymob (API.md "Additions: card and wallet payments"), against the
 * Paymob stand-in over real HTTP: the checkout's intention, the signed callbacks that alone mark
 * an order paid, the shopper's return, bad input and races, the expiry of unpaid orders, refunds
 * and the admin's decisions. Each outcome is checked where it lands: the order, each size's
 * stock, the stock ledger, the stored callbacks and refunds, and what the stand-in received.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAYMENT_TIMEOUT_MINUTES, MSG, ORDER_STATUS_LABELS, type OrderStatus, type RefundStatus } from '../../contracts/index.ts';
import { addToCart, getCart } from '../../core/checkout/cart.ts';
import { getOrder } from '../../core/orders/orders.ts';
import { expireUnpaidOrders, listPaymentCallbacks, ordersNeedingDecision } from '../../core/payments/payments.ts';
import type { Product } from '../../core/catalogue/products.ts';
import { orders, paymentAttempts, paymentCallbacks } from '../../db/schema.ts';
import { STANDIN_SETTINGS, type StandIn } from '../../scripts/paymob-standin.ts';
import { createAccount, createProductFixture, UNKNOWN_ID, type Account } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import {
  attemptsOf,
  callbacksOf,
  callbacksOfPaymobOrder,
  clientSecretOf,
  createPaymobTestApp,
  declineRefunds,
  followReturn,
  freePort,
  payAtStandIn,
  paymobSettings,
  refundsOf,
  sendCallback,
  signObj,
  startStandIn,
  transactionObj,
  type PaymobTestApp,
} from '../helpers/paymob.ts';
import { ADDRESS, cartLinesOf, fillCart, ledgerOf, ordersOf, placeOrder, sizeStockOf } from '../helpers/shop.ts';

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

interface OrderJson {
  _id: string;
  id: number;
  status: OrderStatus;
  statusHistory: { status: OrderStatus; at: string; by: { _id: string; name: string } | null }[];
  paymentMethodType: 'cash' | 'card';
  paymentDueAt: string | null;
  isPaid: boolean;
  paidAt: string | null;
  trnxId: string | null;
  orderPaymobId: string | null;
  refunds: { amount: number; status: RefundStatus; at: string; by: { _id: string; name: string } | null }[];
  [field: string]: unknown;
}

const CARD = { shippingAddress: ADDRESS, paymentMethodType: 'card' } as const;
const fail = (message: string) => ({ status: 'fail', message });

interface CardOrder {
  app: PaymobTestApp;
  customer: Account;
  product: Product;
  order: OrderJson;
  redirectUrl: string;
  /** The Paymob order id of the checkout's intention. */
  paymobOrderId: string;
  /** Piastres due: 180 rounded up plus 70 shipping, per piece of the default product. */
  amountCents: number;
}

/**
 * A customer's card order, awaiting payment, of `pieces` pieces of m from a product with m 5 and
 * l 5 at 180 a piece (250 due for one piece).
 */
async function cardOrder(options: { app?: PaymobTestApp; customer?: Account; pieces?: number } = {}): Promise<CardOrder> {
  const app = options.app ?? t;
  const customer = options.customer ?? (await createAccount(app.db, 'user', 'منى إبراهيم'));
  const product = await createProductFixture(app.db, app.images, { stock: { m: 5, l: 5 } });
  let cartId = '';
  for (let i = 0; i < (options.pieces ?? 1); i++) cartId = await fillCart(app, customer, product.id, 'm');
  const res = await placeOrder(app, customer, cartId, { body: CARD });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().data as OrderJson;
  const redirectUrl = res.json().payment.redirectUrl as string;
  const [attempt] = await attemptsOf(app.db, order._id);
  return { app, customer, product, order, redirectUrl, paymobOrderId: attempt!.paymobOrderId, amountCents: 18_000 * (options.pieces ?? 1) + 7_000 };
}

/** A card order paid through the stand-in (status pending). */
async function paidCardOrder(options: { app?: PaymobTestApp; customer?: Account } = {}) {
  const placed = await cardOrder(options);
  const paid = await payAtStandIn(standIn, placed.redirectUrl, 'pay');
  expect(paid.status).toBe(302);
  const order = await readOrder(placed.app, placed.order._id);
  expect(order).toMatchObject({ status: 'pending', isPaid: true });
  return { ...placed, order };
}

async function readOrder(app: TestApp, id: string, account: Account = admin): Promise<OrderJson> {
  const res = await app.app.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers: account.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function storedOrder(app: TestApp, id: string) {
  const [row] = await app.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

const payNow = (app: TestApp, account: Account | null, id: string) =>
  app.app.inject({ method: 'POST', url: `/api/v1/orders/${id}/payment`, headers: account?.headers ?? {} });
const setStatus = (account: Account, id: string, status: OrderStatus) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/orders/${id}/status`, headers: account.headers, payload: { status } });
const cancelOwn = (account: Account, id: string) => t.app.inject({ method: 'PUT', url: `/api/v1/orders/${id}/cancel`, headers: account.headers });
const retryRefund = (account: Account | null, id: string) => t.app.inject({ method: 'POST', url: `/api/v1/orders/${id}/refund`, headers: account?.headers ?? {} });
const decide = (account: Account | null, orderId: string, callbackId: string, action: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/payments/${callbackId}/decision`,
    headers: account?.headers ?? {},
    payload: { action } as Record<string, unknown>,
  });

/** The intention the stand-in holds for a checkout address. */
function intentionOf(redirectUrl: string) {
  const intention = standIn.intentions.find((i) => i.clientSecret === clientSecretOf(redirectUrl));
  if (!intention) throw new Error(`the stand-in made no intention for ${redirectUrl}`);
  return intention;
}

/** A product's ledger since it was made: the orders' moves, without the admin's initial stock. */
const orderLedgerOf = async (app: TestApp, productId: string) => (await ledgerOf(app.db, productId)).filter((row) => row.reason !== 'admin');

const historyOf = (order: OrderJson) => order.statusHistory.map((h) => [h.status, h.by?._id ?? null]);

describe('POST /api/v1/orders/{cartId} with paymentMethodType card', () => {
  it("places the order awaiting payment, takes its stock, and opens Paymob's checkout for exactly the amount due", async () => {
    const customer = await createAccount(t.db, 'user', 'كريم عادل الشريف');
    const product = await createProductFixture(t.db, t.images, { price: 250, priceAfterDiscount: 199.5, stock: { m: 3, l: 2 } });
    await fillCart(t, customer, product.id, 'm');
    await fillCart(t, customer, product.id, 'm');
    const cartId = await fillCart(t, customer, product.id, 'l');
    const before = Date.now();
    const res = await placeOrder(t, customer, cartId, { body: CARD });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data as OrderJson;
    expect(order).toMatchObject({ status: 'awaiting_payment', paymentMethodType: 'card', isPaid: false, paidAt: null, trnxId: null, orderPaymobId: null, refunds: [] });
    expect(historyOf(order)).toEqual([['awaiting_payment', customer.user.id]]);
    const due = Date.parse(order.paymentDueAt!) - before;
    expect(due).toBeGreaterThan(DEFAULT_PAYMENT_TIMEOUT_MINUTES * 60_000 - 60_000);
    expect(due).toBeLessThanOrEqual(DEFAULT_PAYMENT_TIMEOUT_MINUTES * 60_000 + 60_000);

    // The stock is taken as for any order, each size its own.
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 1, l: 1 });
    expect(await orderLedgerOf(t, product.id)).toEqual([
      { size: 'l', reason: 'order', quantityBefore: 2, quantityAfter: 1, orderId: order._id, userId: customer.user.id },
      { size: 'm', reason: 'order', quantityBefore: 3, quantityAfter: 1, orderId: order._id, userId: customer.user.id },
    ]);
    expect(await cartLinesOf(t.db, customer.user.id)).toEqual([]);

    // 3 × 199.50 = 598.50, shown as 599, plus 70 shipping: 669.00 in piastres.
    const redirectUrl = res.json().payment.redirectUrl as string;
    expect(redirectUrl.startsWith(`${standIn.url}/unifiedcheckout/?`)).toBe(true);
    expect(new URL(redirectUrl).searchParams.get('publicKey')).toBe(STANDIN_SETTINGS.publicKey);
    const checkout = await fetch(redirectUrl);
    expect(checkout.status).toBe(200);
    expect(await checkout.text()).toContain('<strong data-amount>669.00 EGP</strong>');

    const intention = intentionOf(redirectUrl);
    expect(intention.amount).toBe(66_900);
    expect(intention.body).toMatchObject({
      amount: 66_900,
      currency: 'EGP',
      payment_methods: [STANDIN_SETTINGS.cardIntegrationId, STANDIN_SETTINGS.walletIntegrationId],
      notification_url: `${t.storeUrl}/api/v1/payments/paymob/callback`,
      redirection_url: `${t.storeUrl}/api/v1/payments/paymob/return`,
      billing_data: { first_name: 'كريم', last_name: 'عادل الشريف', phone_number: '+201012345678', city: ADDRESS.shippingCity, street: ADDRESS.details, country: 'EG' },
    });
    const items = intention.body.items as { name: string; amount: number; quantity: number; description: string }[];
    expect(items).toEqual([
      { name: product.title, amount: 19_950, description: 'مقاس L × 1', quantity: 1 },
      { name: product.title, amount: 39_900, description: 'مقاس M × 2', quantity: 1 },
      { name: 'تقريب الإجمالي', amount: 50, description: expect.any(String), quantity: 1 },
      { name: 'الشحن', amount: 7_000, description: expect.any(String), quantity: 1 },
    ]);
    expect(items.reduce((sum, item) => sum + item.amount * item.quantity, 0)).toBe(66_900);

    const attempts = await attemptsOf(t.db, order._id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ paymobOrderId: String(intention.paymobOrderId), clientSecret: intention.clientSecret, amountCents: 66_900 });
    // Nothing secret reaches the shopper.
    for (const secret of [STANDIN_SETTINGS.secretKey, STANDIN_SETTINGS.hmacSecret]) expect(res.body).not.toContain(secret);
  });

  it("names each line's colour before its size in Paymob's items, and a line without colour as before", async () => {
    const customer = await createAccount(t.db, 'user', 'هالة سمير');
    // Put in the cart through core, as the cart's API will with `colorName`.
    const coloured = await createProductFixture(t.db, t.images, {
      title: 'تيشيرت قطن ملون',
      colors: [
        { name: 'كحلي', hex: '#1f2a44', images: [] },
        { name: 'أسود', hex: '#111111', images: [] },
      ],
      stock: { كحلي: { m: 3, l: 3 }, أسود: { m: 3, l: 3 } },
    });
    const plain = await createProductFixture(t.db, t.images, { title: 'بنطلون قطن سادة', stock: { m: 3, l: 3 } });
    for (const line of [
      { productId: coloured.id, size: 'm', colorName: 'كحلي' },
      { productId: coloured.id, size: 'm', colorName: 'كحلي' },
      { productId: coloured.id, size: 'l', colorName: 'أسود' },
      { productId: plain.id, size: 'l' },
    ])
      await addToCart(t.db, customer.user.id, line);
    const res = await placeOrder(t, customer, (await getCart(t.db, customer.user.id)).id!, { body: CARD });
    expect(res.statusCode, res.body).toBe(201);
    const items = intentionOf(res.json().payment.redirectUrl as string).body.items as { name: string; description: string }[];
    expect(items.slice(0, 3).map((item) => [item.name, item.description])).toEqual([
      ['بنطلون قطن سادة', 'مقاس L × 1'],
      ['تيشيرت قطن ملون', 'لون أسود، مقاس L × 1'],
      ['تيشيرت قطن ملون', 'لون كحلي، مقاس M × 2'],
    ]);
  });

  it('adds no rounding line when the prices have no piastres', async () => {
    const { redirectUrl } = await cardOrder({ pieces: 2 });
    const intention = intentionOf(redirectUrl);
    expect(intention.amount).toBe(2 * 18_000 + 7_000);
    expect((intention.body.items as { name: string; amount: number }[]).map((i) => [i.name.startsWith('تيشيرت') ? 'line' : i.name, i.amount])).toEqual([
      ['line', 36_000],
      ['الشحن', 7_000],
    ]);
  });

  it('gives the same checkout back when "pay now" follows at once, making no second intention', async () => {
    const { customer, order, redirectUrl } = await cardOrder();
    const made = standIn.intentions.length;
    const res = await payNow(t, customer, order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { redirectUrl } });
    expect(standIn.intentions).toHaveLength(made);
    expect(await attemptsOf(t.db, order._id)).toHaveLength(1);
  });
});

describe('a shop without Paymob settings', () => {
  let cashOnly: TestApp;
  beforeAll(async () => {
    cashOnly = await createTestApp();
  });
  afterAll(() => cashOnly?.close());

  it("refuses 'card' with 409 in Arabic, placing nothing, as the checkout page does (core/checkout/checkout.ts)", async () => {
    const customer = await createAccount(cashOnly.db);
    const product = await createProductFixture(cashOnly.db, cashOnly.images, { stock: { m: 5, l: 5 } });
    const cartId = await fillCart(cashOnly, customer, product.id, 'm');
    const refused = await placeOrder(cashOnly, customer, cartId, { body: CARD });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual(fail(MSG.cardPaymentsOff));
    expect(await sizeStockOf(cashOnly.db, product.id)).toEqual({ m: 5, l: 5 });
    expect(await ordersOf(cashOnly.db, customer.user.id)).toHaveLength(0);

    // The same cart, cash on delivery: placed, with no payment to make.
    const res = await placeOrder(cashOnly, customer, cartId);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).not.toHaveProperty('payment');
    expect(res.json().data).toMatchObject({ status: 'pending', paymentMethodType: 'cash', paymentDueAt: null, isPaid: false });
    expect(await sizeStockOf(cashOnly.db, product.id)).toEqual({ m: 4, l: 5 });

    const payment = await payNow(cashOnly, customer, res.json().data._id);
    expect(payment.statusCode).toBe(409);
    expect(payment.json()).toEqual(fail(MSG.cardPaymentsOff));
  });

  it("refuses a payment method it does not know with 400 in Arabic, storing nothing", async () => {
    const customer = await createAccount(cashOnly.db);
    const product = await createProductFixture(cashOnly.db, cashOnly.images, { stock: { m: 5, l: 5 } });
    const res = await placeOrder(cashOnly, customer, await fillCart(cashOnly, customer, product.id, 'm'), {
      body: { shippingAddress: ADDRESS, paymentMethodType: 'bitcoin' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ msg: MSG.paymentMethodInvalid, path: 'paymentMethodType', location: 'body' })]);
    expect(await ordersOf(cashOnly.db, customer.user.id)).toEqual([]);
    expect(await sizeStockOf(cashOnly.db, product.id)).toEqual({ m: 5, l: 5 });
    expect(await cartLinesOf(cashOnly.db, customer.user.id)).toEqual([{ productId: product.id, size: 'm', count: 1 }]);
  });

  it('answers no Paymob callback or return: they are not routes of a cash-only shop', async () => {
    const obj = transactionObj(1, 100);
    const callback = await sendCallback(cashOnly, { type: 'TRANSACTION', obj }, signObj(obj));
    expect(callback.statusCode).toBe(404);
    const back = await cashOnly.app.inject({ method: 'GET', url: '/api/v1/payments/paymob/return?hmac=00' });
    expect(back.statusCode).toBe(404);
  });
});

describe('Paymob out of reach at checkout', () => {
  let offline: TestApp;
  beforeAll(async () => {
    offline = await createTestApp({ paymob: paymobSettings(`http://127.0.0.1:${await freePort()}`) });
  });
  afterAll(() => offline?.close());

  it('answers 502 in Arabic and keeps the order awaiting payment with its stock, to be paid from the profile', async () => {
    const customer = await createAccount(offline.db);
    const product = await createProductFixture(offline.db, offline.images, { stock: { m: 5, l: 5 } });
    const res = await placeOrder(offline, customer, await fillCart(offline, customer, product.id, 'm'), { body: CARD });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ status: 'error', message: MSG.paymentGatewayDown });
    const [order] = await ordersOf(offline.db, customer.user.id);
    expect(order).toMatchObject({ status: 'awaiting_payment', paymentMethodType: 'card', isPaid: false });
    expect(await sizeStockOf(offline.db, product.id)).toEqual({ m: 4, l: 5 });
    expect(await attemptsOf(offline.db, order!.id)).toEqual([]);

    const again = await payNow(offline, customer, order!.id);
    expect(again.statusCode).toBe(502);
    expect(again.json()).toEqual({ status: 'error', message: MSG.paymentGatewayDown });
  });
});

describe('paying through the stand-in', () => {
  it('marks the order paid from the signed callback and sends the shopper back to it with "paid"', async () => {
    const { customer, product, order, redirectUrl, paymobOrderId, amountCents } = await cardOrder();
    const before = Date.now();
    const paid = await payAtStandIn(standIn, redirectUrl, 'pay');
    expect(paid.status).toBe(302);

    const after = await readOrder(t, order._id, customer);
    const [callback, ...more] = await callbacksOf(t.db, order._id);
    expect(more).toEqual([]);
    expect(callback).toMatchObject({ paymobOrderId, amountCents, success: true, outcome: 'paid', needsDecision: false, decidedAt: null, source: 'card MasterCard 2346' });
    expect(standIn.deliveries.filter((d) => String(d.transactionId) === callback!.transactionId)).toEqual([
      { url: `${t.storeUrl}/api/v1/payments/paymob/callback`, status: 200, transactionId: Number(callback!.transactionId) },
    ]);
    expect(after).toMatchObject({ status: 'pending', isPaid: true, trnxId: callback!.transactionId, orderPaymobId: paymobOrderId });
    expect(Date.parse(after.paidAt!)).toBeGreaterThanOrEqual(before - 1_000);
    expect(historyOf(after)).toEqual([
      ['awaiting_payment', customer.user.id],
      ['pending', null],
    ]);
    // Paying takes no more pieces.
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 4, l: 5 });
    expect((await orderLedgerOf(t, product.id)).map((r) => r.reason)).toEqual(['order']);

    expect(paid.location.startsWith(`${t.storeUrl}/api/v1/payments/paymob/return?`)).toBe(true);
    const back = await followReturn(t, paid.location);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/profile?order=${order.id}&payment=paid`);
    // The return changes nothing.
    expect(await readOrder(t, order._id, customer)).toEqual(after);
  });

  it('leaves a declined order awaiting payment; a second try through "pay now" gets a fresh checkout that pays it', async () => {
    const { customer, order, redirectUrl, paymobOrderId, amountCents } = await cardOrder();
    const declined = await payAtStandIn(standIn, redirectUrl, 'decline');
    expect(declined.status).toBe(302);
    expect(await readOrder(t, order._id)).toMatchObject({ status: 'awaiting_payment', isPaid: false, trnxId: null });
    expect(await callbacksOf(t.db, order._id)).toEqual([expect.objectContaining({ paymobOrderId, amountCents, success: false, outcome: 'declined', needsDecision: false })]);
    const back = await followReturn(t, declined.location);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/profile?order=${order.id}&payment=failed`);

    // The declined intention has had its answer, so "pay now" makes a new one at once.
    const made = standIn.intentions.length;
    const again = await payNow(t, customer, order._id);
    expect(again.statusCode, again.body).toBe(200);
    const secondUrl = again.json().data.redirectUrl as string;
    expect(secondUrl).not.toBe(redirectUrl);
    expect(standIn.intentions).toHaveLength(made + 1);
    expect(intentionOf(secondUrl).amount).toBe(amountCents);
    const attempts = await attemptsOf(t.db, order._id);
    expect(attempts).toHaveLength(2);

    const paid = await payAtStandIn(standIn, secondUrl, 'pay');
    expect((await followReturn(t, paid.location)).headers.location).toBe(`/profile?order=${order.id}&payment=paid`);
    const after = await readOrder(t, order._id);
    expect(after).toMatchObject({ status: 'pending', isPaid: true, orderPaymobId: attempts[1]!.paymobOrderId });
    expect((await callbacksOf(t.db, order._id)).map((c) => c.outcome)).toEqual(['declined', 'paid']);
  });

  it('makes a new intention once the last one is older than the reuse window, even with no answer on it', async () => {
    const { customer, order, redirectUrl } = await cardOrder();
    await t.db.update(paymentAttempts).set({ createdAt: new Date(Date.now() - 5 * 60_000) }).where(eq(paymentAttempts.orderId, order._id));
    const again = await payNow(t, customer, order._id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.redirectUrl).not.toBe(redirectUrl);
    expect(await attemptsOf(t.db, order._id)).toHaveLength(2);
  });

  it('does not mark paid a payment of the wrong amount: it is stored for a decision, and paying in full still works', async () => {
    const { customer, order, redirectUrl, amountCents } = await cardOrder();
    const wrong = await payAtStandIn(standIn, redirectUrl, 'wrong-amount');
    expect(wrong.status).toBe(302);
    expect(await readOrder(t, order._id)).toMatchObject({ status: 'awaiting_payment', isPaid: false, trnxId: null });
    expect(await callbacksOf(t.db, order._id)).toEqual([
      expect.objectContaining({ amountCents: amountCents - 100, success: true, outcome: 'amount_mismatch', needsDecision: true }),
    ]);
    // The shopper is not told their order is paid.
    expect((await followReturn(t, wrong.location)).headers.location).toBe(`/profile?order=${order.id}&payment=failed`);

    const again = await payNow(t, customer, order._id);
    expect(again.statusCode).toBe(200);
    await payAtStandIn(standIn, again.json().data.redirectUrl, 'pay');
    expect(await readOrder(t, order._id)).toMatchObject({ status: 'pending', isPaid: true });
    expect((await callbacksOf(t.db, order._id)).map((c) => [c.outcome, c.needsDecision])).toEqual([
      ['amount_mismatch', true],
      ['paid', false],
    ]);
    // The admin's order page lists them newest first, and the order is among those needing a decision.
    expect((await listPaymentCallbacks(t.db, order._id)).map((c) => [c.outcome, c.amountCents, c.source])).toEqual([
      ['paid', amountCents, 'card MasterCard 2346'],
      ['amount_mismatch', amountCents - 100, 'card MasterCard 2346'],
    ]);
    expect((await ordersNeedingDecision(t.db)).has(order._id)).toBe(true);
  });
});

describe('POST /api/v1/payments/paymob/callback: what must change nothing', () => {
  it.each([
    ['signed with another secret', (obj: Record<string, unknown>) => `?hmac=${signObj(obj, 'not_the_shop_secret')}`],
    ['with a short signature', (obj: Record<string, unknown>) => `?hmac=${signObj(obj).slice(0, 64)}`],
    ['without a signature', () => ''],
    ['with an empty signature', () => '?hmac='],
  ])('refuses a paid callback %s with 401, storing nothing', async (_label, query) => {
    const { order, paymobOrderId, amountCents } = await cardOrder();
    const obj = transactionObj(paymobOrderId, amountCents);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/paymob/callback${query(obj)}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'TRANSACTION', obj }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(fail(MSG.paymentSignatureInvalid));
    expect(await storedOrder(t, order._id)).toMatchObject({ status: 'awaiting_payment', isPaid: false, trnxId: null });
    expect(await callbacksOfPaymobOrder(t.db, paymobOrderId)).toEqual([]);
  });

  it('refuses with 401 a callback whose amount was changed after it was signed', async () => {
    const { order, paymobOrderId, amountCents } = await cardOrder();
    const signedFor = transactionObj(paymobOrderId, 100);
    const res = await sendCallback(t, { type: 'TRANSACTION', obj: { ...signedFor, amount_cents: amountCents } }, signObj(signedFor));
    expect(res.statusCode).toBe(401);
    expect(await storedOrder(t, order._id)).toMatchObject({ status: 'awaiting_payment', isPaid: false });
    expect(await callbacksOfPaymobOrder(t.db, paymobOrderId)).toEqual([]);
  });

  it('refuses a callback naming two signatures as a bad query (400), storing nothing', async () => {
    const { order, paymobOrderId, amountCents } = await cardOrder();
    const obj = transactionObj(paymobOrderId, amountCents);
    const res = await sendCallback(t, { type: 'TRANSACTION', obj }, `${signObj(obj)}&hmac=${signObj(obj)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ path: 'hmac', location: 'query' })]);
    expect(await storedOrder(t, order._id)).toMatchObject({ status: 'awaiting_payment', isPaid: false });
    expect(await callbacksOfPaymobOrder(t.db, paymobOrderId)).toEqual([]);
  });

  it('refuses with 401 a body without a transaction', async () => {
    for (const body of [{}, { obj: null }, { obj: [1] }, 'text']) {
      const res = await sendCallback(t, body, signObj({}));
      expect(res.statusCode).toBe(401);
    }
  });

  it('takes the same signed callback twice as one: the repeat answers 200 and changes nothing', async () => {
    const { order, paymobOrderId, amountCents } = await cardOrder();
    const obj = transactionObj(paymobOrderId, amountCents);
    const first = await sendCallback(t, { type: 'TRANSACTION', obj }, signObj(obj));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const paid = await readOrder(t, order._id);
    expect(paid).toMatchObject({ status: 'pending', isPaid: true, trnxId: String(obj.id) });

    const repeat = await sendCallback(t, { type: 'TRANSACTION', obj }, signObj(obj).toUpperCase());
    expect(repeat.statusCode).toBe(200);
    expect(await readOrder(t, order._id)).toEqual(paid);
    expect(await callbacksOf(t.db, order._id)).toEqual([expect.objectContaining({ outcome: 'paid', transactionId: String(obj.id) })]);
  });

  it.each([
    ['still pending at the bank', { pending: true }, 'pending'],
    ['in another currency', { currency: 'USD' }, 'amount_mismatch'],
  ] as const)('does not mark paid a successful transaction %s', async (_label, overrides, outcome) => {
    const { order, paymobOrderId, amountCents } = await cardOrder();
    const obj = transactionObj(paymobOrderId, amountCents, overrides);
    const res = await sendCallback(t, { type: 'TRANSACTION', obj }, signObj(obj));
    expect(res.statusCode).toBe(200);
    expect(await storedOrder(t, order._id)).toMatchObject({ status: 'awaiting_payment', isPaid: false, trnxId: null });
    expect(await callbacksOf(t.db, order._id)).toEqual([expect.objectContaining({ outcome, needsDecision: outcome === 'amount_mismatch' })]);
  });

  it('stores a validly signed callback for a Paymob order that is none of ours as unknown_order, answering 200', async () => {
    const obj = transactionObj(999_000_001, 25_000);
    const res = await sendCallback(t, { type: 'TRANSACTION', obj }, signObj(obj));
    expect(res.statusCode).toBe(200);
    expect(await callbacksOfPaymobOrder(t.db, '999000001')).toEqual([
      expect.objectContaining({ orderId: null, outcome: 'unknown_order', needsDecision: false, amountCents: 25_000, transactionId: String(obj.id) }),
    ]);
  });

  it('records money paid for an order the customer cancelled as closed_order for a decision; the order stays cancelled and its stock is not taken again', async () => {
    const { customer, product, order, redirectUrl } = await cardOrder();
    const cancelled = await cancelOwn(customer, order._id);
    expect(cancelled.statusCode).toBe(200);
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 5, l: 5 });
    const ledger = await orderLedgerOf(t, product.id);
    expect(ledger.map((r) => r.reason)).toEqual(['order', 'cancelled']);

    const paid = await payAtStandIn(standIn, redirectUrl, 'pay');
    expect(paid.status).toBe(302);
    expect(await readOrder(t, order._id)).toMatchObject({ status: 'cancelled', isPaid: false, trnxId: null, refunds: [] });
    const callbacks = await callbacksOf(t.db, order._id);
    expect(callbacks).toEqual([expect.objectContaining({ outcome: 'closed_order', needsDecision: true, success: true })]);
    expect(standIn.deliveries.find((d) => String(d.transactionId) === callbacks[0]!.transactionId)).toMatchObject({ status: 200 });
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 5, l: 5 });
    expect(await orderLedgerOf(t, product.id)).toEqual(ledger);
  });

  it('stores the same callback for an unknown order once when it arrives twice at once, answering 200 to both', async () => {
    const obj = transactionObj(999_000_003, 25_000);
    const answers = await Promise.all([0, 1].map(() => sendCallback(t, { type: 'TRANSACTION', obj }, signObj(obj))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await callbacksOfPaymobOrder(t.db, '999000003')).toEqual([expect.objectContaining({ outcome: 'unknown_order' })]);
  });

  it('marks an order paid once when two different paid callbacks arrive at once; the other is already_paid for a decision', async () => {
    const { order, paymobOrderId, amountCents } = await cardOrder();
    const first = transactionObj(paymobOrderId, amountCents);
    const second = transactionObj(paymobOrderId, amountCents);
    const answers = await Promise.all([first, second].map((obj) => sendCallback(t, { type: 'TRANSACTION', obj }, signObj(obj))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const after = await readOrder(t, order._id);
    expect(after).toMatchObject({ status: 'pending', isPaid: true });
    expect([String(first.id), String(second.id)]).toContain(after.trnxId);
    expect(historyOf(after).map(([status]) => status)).toEqual(['awaiting_payment', 'pending']);
    const callbacks = await callbacksOf(t.db, order._id);
    expect(callbacks.map((c) => [c.transactionId === after.trnxId ? 'paid' : 'already_paid', c.outcome, c.needsDecision]).sort()).toEqual([
      ['already_paid', 'already_paid', true],
      ['paid', 'paid', false],
    ]);
  });

  it('answers "pay now" pressed twice at once with one checkout, and the order is paid once', async () => {
    const { customer, order, redirectUrl } = await cardOrder();
    await payAtStandIn(standIn, redirectUrl, 'decline');
    const made = standIn.intentions.length;
    const [a, b] = await Promise.all([payNow(t, customer, order._id), payNow(t, customer, order._id)]);
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    const url = a!.json().data.redirectUrl as string;
    expect(b!.json().data.redirectUrl).toBe(url);
    expect(standIn.intentions).toHaveLength(made + 1);
    expect(await attemptsOf(t.db, order._id)).toHaveLength(2);

    expect((await payAtStandIn(standIn, url, 'pay')).status).toBe(302);
    expect((await payAtStandIn(standIn, url, 'pay')).status).toBe(409);
    const after = await readOrder(t, order._id);
    expect(after).toMatchObject({ status: 'pending', isPaid: true });
    expect(historyOf(after).map(([status]) => status)).toEqual(['awaiting_payment', 'pending']);
    expect((await callbacksOf(t.db, order._id)).map((c) => c.outcome)).toEqual(['declined', 'paid']);
  });
});

describe('GET /api/v1/payments/paymob/return', () => {
  it.each([
    ['a changed amount', 'amount_cents', '100'],
    ['a declined payment turned successful', 'success', 'true'],
    ['another order', 'order_id', '999000002'],
  ])('refuses a return URL with %s (401) and changes nothing', async (_label, field, value) => {
    const { order, redirectUrl } = await cardOrder();
    const { location } = await payAtStandIn(standIn, redirectUrl, 'decline');
    const before = await readOrder(t, order._id);
    const tampered = new URL(location);
    expect(tampered.searchParams.get(field)).not.toBe(value);
    tampered.searchParams.set(field, value);
    const res = await followReturn(t, tampered.toString());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(fail(MSG.paymentSignatureInvalid));
    expect(res.headers.location).toBeUndefined();
    expect(await readOrder(t, order._id)).toEqual(before);
    expect(await callbacksOf(t.db, order._id)).toHaveLength(1);
  });

  it('refuses a return without a signature (401) or with two (400)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/payments/paymob/return?success=true&order_id=1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(fail(MSG.paymentSignatureInvalid));
    const twice = await t.app.inject({ method: 'GET', url: `/api/v1/payments/paymob/return?success=true&order_id=1&hmac=${'a'.repeat(128)}&hmac=${'b'.repeat(128)}` });
    expect(twice.statusCode).toBe(400);
  });
});

describe('the expiry of unpaid card orders', () => {
  let e: PaymobTestApp;
  beforeAll(async () => {
    e = await createPaymobTestApp(standIn);
  });
  afterAll(() => e?.close());

  it('cancels an overdue order once however many sweeps run at once, its pieces back once (payment_expired); a late payment is closed_order', async () => {
    const { customer, product, order, redirectUrl } = await cardOrder({ app: e, pieces: 2 });
    const cash = await createProductFixture(e.db, e.images, { stock: { m: 5, l: 5 } });
    const cashOrder = await placeOrder(e, customer, await fillCart(e, customer, cash.id, 'm'));
    expect(cashOrder.statusCode).toBe(201);
    expect(await sizeStockOf(e.db, product.id)).toEqual({ m: 3, l: 5 });

    // Not yet due: nothing happens.
    expect(await expireUnpaidOrders(e.db, new Date())).toBe(0);

    const later = new Date(Date.parse(order.paymentDueAt!) + 1_000);
    const sweeps = await Promise.all([expireUnpaidOrders(e.db, later), expireUnpaidOrders(e.db, later), expireUnpaidOrders(e.db, later)]);
    expect(sweeps.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await expireUnpaidOrders(e.db, later)).toBe(0);

    const expired = await readOrder(e, order._id, customer);
    expect(expired).toMatchObject({ status: 'cancelled', isPaid: false });
    expect(historyOf(expired)).toEqual([
      ['awaiting_payment', customer.user.id],
      ['cancelled', null],
    ]);
    expect(await sizeStockOf(e.db, product.id)).toEqual({ m: 5, l: 5 });
    expect(await orderLedgerOf(e, product.id)).toEqual([
      { size: 'm', reason: 'order', quantityBefore: 5, quantityAfter: 3, orderId: order._id, userId: customer.user.id },
      { size: 'm', reason: 'payment_expired', quantityBefore: 3, quantityAfter: 5, orderId: order._id, userId: null },
    ]);
    // The cash order is not the sweep's business.
    expect(await readOrder(e, cashOrder.json().data._id, customer)).toMatchObject({ status: 'pending' });

    // The shopper pays in the tab left open: the money is recorded for the admin, the order stays cancelled.
    const late = await payAtStandIn(standIn, redirectUrl, 'pay');
    expect(late.status).toBe(302);
    expect(await readOrder(e, order._id, customer)).toMatchObject({ status: 'cancelled', isPaid: false });
    expect(await callbacksOf(e.db, order._id)).toEqual([expect.objectContaining({ outcome: 'closed_order', needsDecision: true })]);
    expect(await sizeStockOf(e.db, product.id)).toEqual({ m: 5, l: 5 });
    expect(await orderLedgerOf(e, product.id)).toHaveLength(2);
  });

  it('lets a paid callback and the sweep racing over an overdue order agree: paid and kept, or expired with the money for a decision', async () => {
    for (let round = 0; round < 4; round++) {
      const { customer, product, order, paymobOrderId, amountCents } = await cardOrder({ app: e });
      await e.db.update(orders).set({ paymentDueAt: new Date(Date.now() - 1_000) }).where(eq(orders.id, order._id));
      const obj = transactionObj(paymobOrderId, amountCents);
      const [answer, expired] = await Promise.all([sendCallback(e, { type: 'TRANSACTION', obj }, signObj(obj)), expireUnpaidOrders(e.db, new Date())]);
      expect(answer.statusCode).toBe(200);
      const after = await readOrder(e, order._id, customer);
      const [callback, ...more] = await callbacksOf(e.db, order._id);
      expect(more).toEqual([]);
      const reasons = (await orderLedgerOf(e, product.id)).map((r) => r.reason);
      if (after.status === 'pending') {
        expect([expired, after.isPaid, callback!.outcome, reasons]).toEqual([0, true, 'paid', ['order']]);
        expect(await sizeStockOf(e.db, product.id)).toEqual({ m: 4, l: 5 });
      } else {
        expect([expired, after.status, after.isPaid, callback!.outcome, callback!.needsDecision, reasons]).toEqual([1, 'cancelled', false, 'closed_order', true, ['order', 'payment_expired']]);
        expect(await sizeStockOf(e.db, product.id)).toEqual({ m: 5, l: 5 });
      }
    }

    // Paid a moment after its time, before the sweep came: the sweep leaves the paid order alone.
    const { customer, product, order, paymobOrderId, amountCents } = await cardOrder({ app: e });
    await e.db.update(orders).set({ paymentDueAt: new Date(Date.now() - 1_000) }).where(eq(orders.id, order._id));
    const obj = transactionObj(paymobOrderId, amountCents);
    expect((await sendCallback(e, { type: 'TRANSACTION', obj }, signObj(obj))).statusCode).toBe(200);
    expect(await expireUnpaidOrders(e.db, new Date())).toBe(0);
    expect(await readOrder(e, order._id, customer)).toMatchObject({ status: 'pending', isPaid: true });
    expect(await sizeStockOf(e.db, product.id)).toEqual({ m: 4, l: 5 });
  });

  it('answers "pay now" on an overdue order with 409 paymentExpired, cancelling it and giving its pieces back', async () => {
    const { customer, product, order } = await cardOrder({ app: e });
    await e.db.update(orders).set({ paymentDueAt: new Date(Date.now() - 1_000) }).where(eq(orders.id, order._id));
    const made = standIn.intentions.length;
    const res = await payNow(e, customer, order._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(fail(MSG.paymentExpired));
    expect(standIn.intentions).toHaveLength(made);
    expect(await readOrder(e, order._id, customer)).toMatchObject({ status: 'cancelled' });
    expect(await sizeStockOf(e.db, product.id)).toEqual({ m: 5, l: 5 });
    expect((await orderLedgerOf(e, product.id)).map((r) => r.reason)).toEqual(['order', 'payment_expired']);

    // Expired once: neither a second press nor a sweep gives the pieces back again.
    const again = await payNow(e, customer, order._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(fail(`${MSG.paymentNotAwaited}: ${ORDER_STATUS_LABELS.cancelled}`));
    expect(await expireUnpaidOrders(e.db, new Date(Date.now() + 24 * 3_600_000))).toBe(0);
    expect(await sizeStockOf(e.db, product.id)).toEqual({ m: 5, l: 5 });
  });
});

describe('refunds of paid card orders', () => {
  /** Waits for the stand-in to deliver the refund's own callback, and for the shop to have stored it. */
  async function expectRefundCallback(orderId: string, refundTransactionId: string, amountCents: number) {
    await vi.waitFor(
      () => {
        expect(standIn.deliveries.find((d) => String(d.transactionId) === refundTransactionId)).toMatchObject({ status: 200 });
      },
      { timeout: 10_000 },
    );
    const stored = (await callbacksOf(t.db, orderId)).filter((c) => c.transactionId === refundTransactionId);
    expect(stored).toEqual([expect.objectContaining({ outcome: 'refund', amountCents, needsDecision: false })]);
  }

  it('refunds the full amount through Paymob when an admin cancels a paid card order', async () => {
    const { product, order, amountCents } = await paidCardOrder();
    const res = await setStatus(admin, order._id, 'cancelled');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as OrderJson;
    expect(data).toMatchObject({ status: 'cancelled', isPaid: true });
    expect(data.refunds).toEqual([{ amount: amountCents / 100, status: 'succeeded', at: expect.any(String), by: { _id: admin.user.id, name: 'سارة الحسابات' } }]);
    const [refund, ...more] = await refundsOf(t.db, order._id);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({ transactionId: order.trnxId, amount: amountCents / 100, status: 'succeeded', detail: null, userId: admin.user.id });
    expect(refund!.refundTransactionId).toMatch(/^\d+$/);
    await expectRefundCallback(order._id, refund!.refundTransactionId!, amountCents);
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 5, l: 5 });
    expect((await orderLedgerOf(t, product.id)).map((r) => r.reason)).toEqual(['order', 'cancelled']);

    const retry = await retryRefund(admin, order._id);
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual(fail(MSG.refundNothingToRefund));
    expect(await refundsOf(t.db, order._id)).toHaveLength(1);
  });

  it('records a refund Paymob declines as failed; the admin retries it (502 while declined, 200 once it goes through, then 409)', async () => {
    const { order, amountCents } = await paidCardOrder();
    await declineRefunds(standIn, true);
    try {
      const res = await setStatus(admin, order._id, 'cancelled');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.refunds).toEqual([expect.objectContaining({ amount: amountCents / 100, status: 'failed' })]);
      expect((await getOrder(t.db, order._id)).refundOwed).toBe(true);
      expect(await refundsOf(t.db, order._id)).toEqual([expect.objectContaining({ status: 'failed', refundTransactionId: null, detail: expect.stringContaining('declined') })]);

      const declined = await retryRefund(admin, order._id);
      expect(declined.statusCode).toBe(502);
      expect(declined.json()).toEqual({ status: 'error', message: MSG.refundFailed });
      expect((await refundsOf(t.db, order._id)).map((r) => r.status)).toEqual(['failed', 'failed']);
    } finally {
      await declineRefunds(standIn, false);
    }
    const retried = await retryRefund(admin, order._id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect((retried.json().data as OrderJson).refunds.map((r) => [r.status, r.amount])).toEqual([
      ['failed', amountCents / 100],
      ['failed', amountCents / 100],
      ['succeeded', amountCents / 100],
    ]);
    expect((await getOrder(t.db, order._id)).refundOwed).toBe(false);
    const refunds = await refundsOf(t.db, order._id);
    await expectRefundCallback(order._id, refunds[2]!.refundTransactionId!, amountCents);

    const nothingLeft = await retryRefund(admin, order._id);
    expect(nothingLeft.statusCode).toBe(409);
    expect(nothingLeft.json()).toEqual(fail(MSG.refundNothingToRefund));
    expect(await refundsOf(t.db, order._id)).toHaveLength(3);
  });

  it('refunds a paid card order refused at the door', async () => {
    const { product, order, amountCents } = await paidCardOrder();
    for (const status of ['confirmed', 'shipped'] as const) expect((await setStatus(admin, order._id, status)).statusCode).toBe(200);
    const res = await setStatus(admin, order._id, 'refused');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'refused', refunds: [expect.objectContaining({ status: 'succeeded', amount: amountCents / 100 })] });
    expect(await refundsOf(t.db, order._id)).toEqual([expect.objectContaining({ status: 'succeeded', userId: admin.user.id })]);
    expect((await orderLedgerOf(t, product.id)).map((r) => r.reason)).toEqual(['order', 'refused']);
  });

  it("refunds a customer's own paid card order when they cancel it", async () => {
    const { customer, product, order, amountCents } = await paidCardOrder();
    const res = await cancelOwn(customer, order._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'cancelled',
      refunds: [{ amount: amountCents / 100, status: 'succeeded', at: expect.any(String), by: { _id: customer.user.id, name: 'منى إبراهيم' } }],
    });
    expect(await refundsOf(t.db, order._id)).toEqual([expect.objectContaining({ status: 'succeeded', transactionId: order.trnxId })]);
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 5, l: 5 });
  });

  it('still refuses to close a cash order marked paid (409), and has nothing to refund on it', async () => {
    const customer = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { stock: { m: 5, l: 5 } });
    const placed = await placeOrder(t, customer, await fillCart(t, customer, product.id, 'm'));
    const id = placed.json().data._id as string;
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/orders/${id}/pay`, headers: admin.headers })).json().data.isPaid).toBe(true);
    const cancel = await setStatus(admin, id, 'cancelled');
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toEqual(fail(MSG.paidOrderCannotClose));
    const own = await cancelOwn(customer, id);
    expect(own.statusCode).toBe(409);
    const refund = await retryRefund(admin, id);
    expect(refund.statusCode).toBe(409);
    expect(refund.json()).toEqual(fail(MSG.refundNothingToRefund));
    expect(await refundsOf(t.db, id)).toEqual([]);
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 4, l: 5 });
  });

  it('refunds once when the customer cancels as the payment arrives: either the paid order is refunded, or the money waits for a decision', async () => {
    for (let round = 0; round < 4; round++) {
      const { customer, product, order, redirectUrl, amountCents } = await cardOrder();
      const [cancel, paid] = await Promise.all([cancelOwn(customer, order._id), payAtStandIn(standIn, redirectUrl, 'pay')]);
      expect([cancel.statusCode, paid.status]).toEqual([200, 302]);
      const after = await readOrder(t, order._id);
      expect(after.status).toBe('cancelled');
      const [stored] = await callbacksOf(t.db, order._id);
      const refunds = await refundsOf(t.db, order._id);
      if (stored!.outcome === 'paid') {
        expect(after.isPaid).toBe(true);
        expect(refunds).toEqual([expect.objectContaining({ status: 'succeeded', transactionId: stored!.transactionId, amount: amountCents / 100 })]);
      } else {
        expect([stored!.outcome, stored!.needsDecision, after.isPaid, refunds]).toEqual(['closed_order', true, false, []]);
      }
      expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 5, l: 5 });
      expect((await orderLedgerOf(t, product.id)).map((r) => r.reason)).toEqual(['order', 'cancelled']);
    }
  });

  it('sends one refund when two admins retry it at once', async () => {
    const { order, amountCents } = await paidCardOrder();
    await declineRefunds(standIn, true);
    try {
      expect((await setStatus(admin, order._id, 'cancelled')).statusCode).toBe(200);
    } finally {
      await declineRefunds(standIn, false);
    }
    const answers = await Promise.all([retryRefund(admin, order._id), retryRefund(admin, order._id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refunds = await refundsOf(t.db, order._id);
    expect(refunds.map((r) => [r.status, r.amount])).toEqual([
      ['failed', amountCents / 100],
      ['succeeded', amountCents / 100],
    ]);
  });

  it('lets only an admin retry a refund', async () => {
    const { customer, order } = await paidCardOrder();
    expect((await retryRefund(customer, order._id)).statusCode).toBe(403);
    expect((await retryRefund(null, order._id)).statusCode).toBe(401);
    expect((await retryRefund(admin, UNKNOWN_ID)).statusCode).toBe(404);
    // A paid order still open has nothing to refund.
    expect((await retryRefund(admin, order._id)).statusCode).toBe(409);
    expect(await refundsOf(t.db, order._id)).toEqual([]);
  });
});

describe('POST /api/v1/orders/{id}/payments/{callbackId}/decision', () => {
  /** An order with a wrong-amount payment waiting for a decision, and that callback's id. */
  async function mismatched() {
    const placed = await cardOrder();
    await payAtStandIn(standIn, placed.redirectUrl, 'wrong-amount');
    const [callback] = await callbacksOf(t.db, placed.order._id);
    expect(callback).toMatchObject({ outcome: 'amount_mismatch', needsDecision: true });
    return { ...placed, callback: callback! };
  }

  it('refunds the payment an admin decides to send back, and closes the decision', async () => {
    const { customer, order, callback } = await mismatched();
    expect((await decide(customer, order._id, callback.id, 'refund')).statusCode).toBe(403);
    expect((await decide(null, order._id, callback.id, 'refund')).statusCode).toBe(401);
    const bad = await decide(admin, order._id, callback.id, 'maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ path: 'action', msg: MSG.invalidValue })]);
    const asXml = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order._id}/payments/${callback.id}/decision`,
      headers: { ...admin.headers, 'content-type': 'application/xml' },
      payload: '<action>refund</action>',
    });
    expect(asXml.statusCode).toBe(415);
    expect(asXml.json()).toEqual(fail(MSG.unsupportedMedia));
    const unknown = await decide(admin, order._id, UNKNOWN_ID, 'refund');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(fail(MSG.paymentDecisionNotFound));
    expect(await refundsOf(t.db, order._id)).toEqual([]);

    expect((await ordersNeedingDecision(t.db)).has(order._id)).toBe(true);
    const res = await decide(admin, order._id, callback.id, 'refund');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'awaiting_payment', isPaid: false, refunds: [expect.objectContaining({ amount: callback.amountCents / 100, status: 'succeeded' })] });
    expect(await refundsOf(t.db, order._id)).toEqual([
      expect.objectContaining({ transactionId: callback.transactionId, amount: callback.amountCents / 100, status: 'succeeded', userId: admin.user.id }),
    ]);
    const [decided] = await t.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.id, callback.id));
    expect(decided).toMatchObject({ needsDecision: false, decidedBy: admin.user.id, decidedAt: expect.any(Date) });
    expect((await ordersNeedingDecision(t.db)).has(order._id)).toBe(false);
    // Paymob's callback for the refund itself may be listed too; the decided one says what was decided.
    const listed = (await listPaymentCallbacks(t.db, order._id)).find((c) => c.id === callback.id);
    expect(listed).toMatchObject({ needsDecision: false, decision: { action: 'refund', by: admin.user.name } });

    const again = await decide(admin, order._id, callback.id, 'keep');
    expect(again.statusCode).toBe(404);
  });

  it('keeps the money when the admin says so: no refund, the decision closed', async () => {
    const { order, callback } = await mismatched();
    const res = await decide(admin, order._id, callback.id, 'keep');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.refunds).toEqual([]);
    expect(await refundsOf(t.db, order._id)).toEqual([]);
    const [decided] = await t.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.id, callback.id));
    expect(decided).toMatchObject({ needsDecision: false, decidedBy: admin.user.id });
    expect((await listPaymentCallbacks(t.db, order._id)).find((c) => c.id === callback.id)).toMatchObject({ decision: { action: 'keep', by: admin.user.name } });
  });

  it('leaves the decision open when Paymob declines the refund (502)', async () => {
    const { order, callback } = await mismatched();
    await declineRefunds(standIn, true);
    try {
      const res = await decide(admin, order._id, callback.id, 'refund');
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ status: 'error', message: MSG.refundFailed });
    } finally {
      await declineRefunds(standIn, false);
    }
    expect(await refundsOf(t.db, order._id)).toEqual([expect.objectContaining({ status: 'failed' })]);
    const [open] = await t.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.id, callback.id));
    expect(open).toMatchObject({ needsDecision: true, decidedAt: null });
    expect((await decide(admin, order._id, callback.id, 'refund')).statusCode).toBe(200);
  });

  it("does not decide on another order's callback, nor on one that needs no decision", async () => {
    const first = await mismatched();
    const other = await paidCardOrder();
    expect((await decide(admin, other.order._id, first.callback.id, 'keep')).statusCode).toBe(404);
    const [paid] = await callbacksOf(t.db, other.order._id);
    expect((await decide(admin, other.order._id, paid!.id, 'refund')).statusCode).toBe(404);
    expect(await refundsOf(t.db, other.order._id)).toEqual([]);
  });
});

describe('who may pay and mark paid', () => {
  it("answers 404 for someone else's order and 401 for a guest", async () => {
    const { order } = await cardOrder();
    const stranger = await createAccount(t.db);
    const res = await payNow(t, stranger, order._id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(fail(MSG.orderNotFound));
    expect((await payNow(t, null, order._id)).statusCode).toBe(401);
    expect((await payNow(t, stranger, UNKNOWN_ID)).statusCode).toBe(404);
    expect((await payNow(t, stranger, 'not-an-id')).statusCode).toBe(400);
    for (const url of [`/api/v1/orders/${order._id}/payment`, `/api/v1/orders/${order._id}/refund`]) {
      const xml = await t.app.inject({ method: 'POST', url, headers: { ...admin.headers, 'content-type': 'application/xml' }, payload: '<pay/>' });
      expect(xml.statusCode, url).toBe(415);
    }
  });

  it('refuses "pay now" on an order that no longer awaits payment, naming its status', async () => {
    const { customer, order } = await paidCardOrder();
    const res = await payNow(t, customer, order._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(fail(`${MSG.paymentNotAwaited}: ${ORDER_STATUS_LABELS.pending}`));
  });

  it('never lets an admin toggle paid on a card order: only Paymob marks it (409)', async () => {
    const awaiting = await cardOrder();
    const paid = await paidCardOrder();
    for (const { order } of [awaiting, paid]) {
      const before = await storedOrder(t, order._id);
      const res = await t.app.inject({ method: 'PUT', url: `/api/v1/orders/${order._id}/pay`, headers: admin.headers });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(fail(MSG.cardOrderPaidOnline));
      expect(await storedOrder(t, order._id)).toEqual(before);
    }
  });
});
