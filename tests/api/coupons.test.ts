import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { amountDueSql } from '../../core/shared/money.ts';
import { expireUnpaidOrders } from '../../core/payments/payments.ts';
import { placeOrder as placeOrderCore } from '../../core/checkout/place-order.ts';
import { couponUses, coupons, orders } from '../../db/schema.ts';
import type { StandIn } from '../../scripts/paymob-standin.ts';
import { advanceOrderFixture, createAccount, createProductFixture, UNKNOWN_ID, type Account } from '../fixtures/factories.ts';
import { onPostgres } from '../helpers/database.ts';
import { clientSecretOf, createPaymobTestApp, startStandIn, type PaymobTestApp } from '../helpers/paymob.ts';
import { ADDRESS, fillCart, getCart, placeOrder } from '../helpers/shop.ts';

let standIn: StandIn;
let t: PaymobTestApp;
let admin: Account;
let customer: Account;
beforeAll(async () => {
  standIn = await startStandIn();
  t = await createPaymobTestApp(standIn);
  admin = await createAccount(t.db, 'admin', 'مدير الخصومات');
  customer = await createAccount(t.db);
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

let codes = 0;
const newCode = (prefix = 'OFF') => `${prefix}-${++codes}-${process.pid % 1000}`;

function createCoupon(body: Record<string, unknown>, account: Account | null = admin) {
  return t.app.inject({ method: 'POST', url: '/api/v1/coupons', headers: account?.headers ?? {}, payload: body });
}

async function couponMade(body: Record<string, unknown>) {
  const res = await createCoupon({ code: newCode(), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; code: string; uses: number };
}

const applyCode = (account: Account, code: string) => t.app.inject({ method: 'POST', url: '/api/v1/cart/coupon', headers: account.headers, payload: { code } });

async function usesOf(id: string) {
  const [row] = await t.db.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.id, id));
  const [live] = await t.db.select({ n: count() }).from(couponUses).where(eq(couponUses.couponId, id));
  return { uses: row!.uses, rows: live!.n };
}

/** A new customer with `count` pieces at `price` in the cart, and the code applied; returns the cart id. */
async function cartWithCode(code: string | null, options: { price?: number; count?: number; account?: Account } = {}) {
  const account = options.account ?? (await createAccount(t.db));
  const product = await createProductFixture(t.db, t.images, { price: options.price ?? 200, priceAfterDiscount: options.price ?? 200, quantity: 40 });
  let cartId = '';
  for (let i = 0; i < (options.count ?? 1); i++) cartId = await fillCart(t, account, product.id);
  if (code) {
    const res = await applyCode(account, code);
    expect(res.statusCode, res.body).toBe(200);
  }
  return { account, cartId, product };
}

describe('admin: discount codes', () => {
  it('creates a code shown upper-case with its defaults, lists it with its uses, changes and deletes it', async () => {
    const code = newCode('eid').toLowerCase();
    const res = await createCoupon({ code, type: 'percent', value: 10 });
    expect(res.statusCode).toBe(201);
    const made = res.json().data;
    expect(made).toMatchObject({ code: code.toUpperCase(), type: 'percent', value: 10, minItemsTotal: 0, startsAt: null, endsAt: null, maxUses: null, maxUsesPerCustomer: 1, uses: 0, active: true });

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/coupons?page=1', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((c: { _id: string }) => c._id === made._id)).toMatchObject({ uses: 0 });
    expect(list.json().paginationResult).toMatchObject({ currentPage: 1 });

    const put = await t.app.inject({ method: 'PUT', url: `/api/v1/coupons/${made._id}`, headers: admin.headers, payload: { value: 20, maxUses: 3, active: false } });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ value: 20, maxUses: 3, active: false, code: code.toUpperCase() });

    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/coupons/${made._id}`, headers: admin.headers });
    expect(del.statusCode).toBe(204);
    expect(await t.db.select().from(coupons).where(eq(coupons.id, made._id))).toEqual([]);
  });

  it('refuses a code that exists ignoring case (409) and bad input with Arabic messages, storing nothing', async () => {
    const made = await couponMade({ type: 'fixed', value: 50 });
    const again = await createCoupon({ code: made.code.toLowerCase(), type: 'fixed', value: 20 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 'fail', message: MSG.couponCodeTaken });

    const [before] = await t.db.select({ n: count() }).from(coupons);
    const bad: [Record<string, unknown>, string, string][] = [
      [{ code: 'AB', type: 'fixed', value: 5 }, 'code', MSG.couponCodeInvalid],
      [{ code: 'مرحبا', type: 'fixed', value: 5 }, 'code', MSG.couponCodeInvalid],
      [{ code: newCode(), type: 'half', value: 5 }, 'type', MSG.couponTypeInvalid],
      [{ code: newCode(), type: 'percent', value: 95 }, 'value', MSG.couponPercentInvalid],
      [{ code: newCode(), type: 'fixed', value: -5 }, 'value', MSG.couponFixedInvalid],
      [{ code: newCode(), type: 'freeShipping', value: 5 }, 'value', MSG.couponValueNotAllowed],
      [{ code: newCode(), type: 'fixed', value: 5, startsAt: '2026-03-01T00:00:00Z', endsAt: '2026-02-01T00:00:00Z' }, 'endsAt', MSG.couponEndsBeforeStart],
      [{ code: newCode(), type: 'fixed', value: 5, maxUsesPerCustomer: 0 }, 'maxUsesPerCustomer', MSG.couponMaxUsesPerCustomerInvalid],
    ];
    for (const [body, path, msg] of bad) {
      const res = await createCoupon(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toEqual([{ msg, path, location: 'body' }]);
    }
    const [after] = await t.db.select({ n: count() }).from(coupons);
    expect(after!.n).toBe(before!.n);

    const put = await t.app.inject({ method: 'PUT', url: `/api/v1/coupons/${made._id}`, headers: admin.headers, payload: { type: 'percent' } });
    expect(put.statusCode).toBe(400);
    expect(put.json().errors).toEqual([{ msg: MSG.couponPercentInvalid, path: 'value', location: 'body' }]);
    const missing = await t.app.inject({ method: 'PUT', url: `/api/v1/coupons/${UNKNOWN_ID}`, headers: admin.headers, payload: { active: false } });
    expect(missing.statusCode).toBe(404);
  });

  it('is for admins only: a guest is 401, a customer 403', async () => {
    const made = await couponMade({ type: 'fixed', value: 5 });
    const calls = [
      { method: 'GET', url: '/api/v1/coupons' },
      { method: 'POST', url: '/api/v1/coupons', payload: { code: newCode(), type: 'fixed', value: 5 } },
      { method: 'PUT', url: `/api/v1/coupons/${made._id}`, payload: { active: false } },
      { method: 'DELETE', url: `/api/v1/coupons/${made._id}` },
    ] as const;
    for (const call of calls) {
      expect((await t.app.inject({ ...call })).statusCode).toBe(401);
      expect((await t.app.inject({ ...call, headers: customer.headers })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/cart/coupon', payload: { code: made.code } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/cart/coupon' })).statusCode).toBe(401);
  });
});

describe('a code on the cart', () => {
  it('shows the code and the total after the discount, keeps it while the items change, and removes it', async () => {
    const made = await couponMade({ type: 'percent', value: 10, minItemsTotal: 300 });
    const { account, product } = await cartWithCode(null, { price: 199.5, count: 2 });
    const res = await applyCode(account, made.code.toLowerCase());
    expect(res.statusCode).toBe(200);
    // 399 (rounded up from 399) less 10% rounded down to the piastre.
    expect(res.json().data).toMatchObject({ totalCartPrice: 399, coupon: { code: made.code, type: 'percent', discount: 39.9 }, totalAfterDiscount: 359.1 });

    await fillCart(t, account, product.id);
    expect((await getCart(t, account)).json().data).toMatchObject({ totalCartPrice: 598.5, coupon: { code: made.code, discount: 59.9 }, totalAfterDiscount: 539.1 });

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/v1/cart/coupon', headers: account.headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.coupon).toBeUndefined();
    expect(removed.json().data.totalCartPrice).toBe(598.5);
  });

  it('drops the code once the items fall below its minimum', async () => {
    const made = await couponMade({ type: 'fixed', value: 50, minItemsTotal: 300 });
    const { account } = await cartWithCode(made.code, { price: 200, count: 2 });
    const cart = (await getCart(t, account)).json().data;
    expect(cart.coupon).toMatchObject({ code: made.code, discount: 50 });
    const line = cart.products[0]._id as string;
    await t.app.inject({ method: 'PUT', url: `/api/v1/cart/${line}`, headers: account.headers, payload: { count: 1 } });
    expect((await getCart(t, account)).json().data.coupon).toBeUndefined();
  });

  it('refuses each reason with its message and status, and the cart keeps what it had', async () => {
    const { account } = await cartWithCode(null, { price: 100 });
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const inactive = await couponMade({ type: 'fixed', value: 5, active: false });
    const notStarted = await couponMade({ type: 'fixed', value: 5, startsAt: future });
    const ended = await couponMade({ type: 'fixed', value: 5, startsAt: new Date(Date.now() - 2 * 86_400_000).toISOString(), endsAt: past });
    const minimum = await couponMade({ type: 'fixed', value: 5, minItemsTotal: 500 });
    const usedUp = await couponMade({ type: 'fixed', value: 5, maxUses: 1 });
    const once = await couponMade({ type: 'fixed', value: 5, maxUsesPerCustomer: 1 });
    const good = await couponMade({ type: 'fixed', value: 5 });
    expect((await applyCode(account, good.code)).statusCode).toBe(200);

    const other = await cartWithCode(usedUp.code);
    expect((await placeOrder(t, other.account, other.cartId)).statusCode).toBe(201);
    const first = await cartWithCode(once.code, { account });
    expect((await placeOrder(t, account, first.cartId)).statusCode).toBe(201);
    await cartWithCode(null, { account, price: 100 });
    expect((await applyCode(account, good.code)).statusCode).toBe(200);

    const cases: [string, number, string][] = [
      ['NO-SUCH-CODE', 400, MSG.couponNotFound],
      [inactive.code, 400, MSG.couponInactive],
      [notStarted.code, 400, MSG.couponNotStarted],
      [ended.code, 400, MSG.couponEnded],
      [minimum.code, 400, `${MSG.couponBelowMinimum}: 500 جنيه`],
      [usedUp.code, 409, MSG.couponUsedUp],
      [once.code, 409, MSG.couponUsedUpByCustomer],
    ];
    for (const [code, status, message] of cases) {
      const res = await applyCode(account, code);
      expect(res.statusCode, code).toBe(status);
      if (status === 400) expect(res.json()).toEqual({ errors: [{ msg: message, path: 'code', location: 'body' }] });
      else expect(res.json()).toEqual({ status: 'fail', message });
      expect((await getCart(t, account)).json().data.coupon).toMatchObject({ code: good.code });
    }
    const blank = await applyCode(account, '');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([{ msg: MSG.couponCodeRequired, path: 'code', location: 'body' }]);
  });
});

describe('an order placed with a code', () => {
  it('takes a percent off the items rounded up, and shows it on the order and in GET /orders/{id}', async () => {
    const made = await couponMade({ type: 'percent', value: 15 });
    const { account, cartId } = await cartWithCode(made.code, { price: 32.5 });
    const res = await placeOrder(t, account, cartId);
    expect(res.statusCode).toBe(201);
    // 32.5 rounds up to 33; 15% of 33 is 4.95.
    const order = res.json().data;
    expect(order).toMatchObject({ couponCode: made.code, discount: 4.95, totalOrderPrice: 32.5, shippingPrice: 70 });
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order._id}`, headers: account.headers });
    expect(read.json().data).toMatchObject({ couponCode: made.code, discount: 4.95, shippingPrice: 70 });
    expect(await usesOf(made._id)).toEqual({ uses: 1, rows: 1 });
    expect((await getCart(t, account)).json().data.coupon).toBeUndefined();
    // The sales figures add up the same amount: 33 − 4.95 + 70.
    const [due] = await t.db.select({ due: amountDueSql }).from(orders).where(eq(orders.id, order._id));
    expect(Number(due!.due)).toBe(98.05);
  });

  it('never takes a fixed amount above the items', async () => {
    const made = await couponMade({ type: 'fixed', value: 500 });
    const { account, cartId } = await cartWithCode(made.code, { price: 120 });
    const order = (await placeOrder(t, account, cartId)).json().data;
    expect(order).toMatchObject({ couponCode: made.code, discount: 120, shippingPrice: 70 });
  });

  it('ships free with a freeShipping code', async () => {
    const made = await couponMade({ type: 'freeShipping' });
    const { account, cartId } = await cartWithCode(made.code, { price: 120 });
    const order = (await placeOrder(t, account, cartId)).json().data;
    expect(order).toMatchObject({ couponCode: made.code, discount: 0, shippingPrice: 0 });
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order._id}`, headers: admin.headers });
    expect(read.json().data).toMatchObject({ discount: 0, shippingPrice: 0, couponCode: made.code });
  });

  it("asks Paymob for the discounted amount due, the intention's items adding up to it", async () => {
    const made = await couponMade({ type: 'fixed', value: 150.25 });
    const { account, cartId } = await cartWithCode(made.code, { price: 99.75, count: 2 });
    const res = await placeOrder(t, account, cartId, { body: { shippingAddress: ADDRESS, paymentMethodType: 'card' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ discount: 150.25, status: 'awaiting_payment' });
    const intention = standIn.intentions.find((i) => i.clientSecret === clientSecretOf(res.json().payment.redirectUrl))!;
    // 199.5 rounds up to 200, less 150.25, plus 70 shipping.
    expect(intention.amount).toBe(11975);
    const items = intention.body.items as { amount: number; quantity: number }[];
    expect(items.reduce((sum, item) => sum + item.amount * item.quantity, 0)).toBe(11975);
    expect(items.every((item) => item.amount >= 0)).toBe(true);
  });

  it('places nothing when the code on the cart is not the one the customer was shown (couponChanged)', async () => {
    const made = await couponMade({ type: 'fixed', value: 10 });
    const other = await couponMade({ type: 'fixed', value: 20 });
    const { account, cartId } = await cartWithCode(other.code);
    const input = { userId: account.user.id, cartId, shippingAddress: ADDRESS };
    await expect(placeOrderCore(t.db, { ...input, expectedCouponCode: made.code })).rejects.toMatchObject({ status: 409, message: MSG.couponChanged });
    await expect(placeOrderCore(t.db, { ...input, expectedCouponCode: '' })).rejects.toMatchObject({ status: 409, message: MSG.couponChanged });
    expect(await t.db.select().from(orders).where(eq(orders.userId, account.user.id))).toEqual([]);
    expect(await usesOf(other._id)).toEqual({ uses: 0, rows: 0 });
    const placed = await placeOrderCore(t.db, { ...input, expectedCouponCode: other.code });
    expect(placed.order).toMatchObject({ couponCode: other.code, discount: 20 });
  });

  it('refuses a card order a code leaves nothing to pay on, and places nothing; cash on delivery takes it', async () => {
    // Items that ship free, and a fixed code as large as the items: nothing is left to pay.
    const before = (await t.app.inject({ method: 'GET', url: '/api/v1/shipping' })).json().data;
    const setRules = (rules: unknown) => t.app.inject({ method: 'PUT', url: '/api/v1/shipping', headers: admin.headers, payload: rules as Record<string, unknown> });
    expect((await setRules({ freeShippingFrom: 100 })).statusCode).toBe(200);
    try {
      const made = await couponMade({ type: 'fixed', value: 500 });
      const { account, cartId } = await cartWithCode(made.code, { price: 120 });
      const intentions = standIn.intentions.length;
      const card = await placeOrder(t, account, cartId, { body: { shippingAddress: ADDRESS, paymentMethodType: 'card' } });
      expect(card.statusCode, card.body).toBe(400);
      expect(card.json().errors).toEqual([{ msg: MSG.cardNothingToPay, path: 'paymentMethodType', location: 'body' }]);
      expect(standIn.intentions.length).toBe(intentions);
      expect(await usesOf(made._id)).toEqual({ uses: 0, rows: 0 });
      const [placed] = await t.db.select({ n: count() }).from(orders).where(eq(orders.userId, account.user.id));
      expect(placed!.n).toBe(0);
      expect((await getCart(t, account)).json().data).toMatchObject({ coupon: { code: made.code, discount: 120 }, totalAfterDiscount: 0 });

      const cash = await placeOrder(t, account, cartId, { body: { shippingAddress: ADDRESS, paymentMethodType: 'cash' } });
      expect(cash.statusCode, cash.body).toBe(201);
      expect(cash.json().data).toMatchObject({ couponCode: made.code, discount: 120, shippingPrice: 0, paymentMethodType: 'cash' });
      expect(await usesOf(made._id)).toEqual({ uses: 1, rows: 1 });
    } finally {
      expect((await setRules(before)).statusCode).toBe(200);
    }
  });

  it('gives the use back once when an order is cancelled (twice), refused or expired', async () => {
    const made = await couponMade({ type: 'fixed', value: 10, maxUsesPerCustomer: 5 });

    const cancelled = await cartWithCode(made.code);
    const order = (await placeOrder(t, cancelled.account, cancelled.cartId)).json().data;
    expect(await usesOf(made._id)).toEqual({ uses: 1, rows: 1 });
    const cancel = () => t.app.inject({ method: 'PUT', url: `/api/v1/orders/${order._id}/cancel`, headers: cancelled.account.headers });
    expect((await cancel()).statusCode).toBe(200);
    expect((await cancel()).statusCode).toBe(409);
    expect(await usesOf(made._id)).toEqual({ uses: 0, rows: 0 });

    const refused = await cartWithCode(made.code);
    const shipped = (await placeOrder(t, refused.account, refused.cartId)).json().data;
    await advanceOrderFixture(t.db, shipped._id, 'shipped');
    expect(await usesOf(made._id)).toEqual({ uses: 1, rows: 1 });
    const refuse = await t.app.inject({ method: 'PUT', url: `/api/v1/orders/${shipped._id}/status`, headers: admin.headers, payload: { status: 'refused' } });
    expect(refuse.statusCode).toBe(200);
    expect(await usesOf(made._id)).toEqual({ uses: 0, rows: 0 });

    const expired = await cartWithCode(made.code);
    const card = await placeOrder(t, expired.account, expired.cartId, { body: { shippingAddress: ADDRESS, paymentMethodType: 'card' } });
    expect(card.statusCode).toBe(201);
    expect(await usesOf(made._id)).toEqual({ uses: 1, rows: 1 });
    const later = new Date(Date.now() + 2 * 60 * 60_000);
    await Promise.all([expireUnpaidOrders(t.db, later), expireUnpaidOrders(t.db, later)]);
    expect(await usesOf(made._id)).toEqual({ uses: 0, rows: 0 });
    const [stored] = await t.db.select({ status: orders.status, discount: orders.discount }).from(orders).where(eq(orders.id, card.json().data._id));
    expect(stored).toEqual({ status: 'cancelled', discount: 10 });
  });

  it('refuses an order when its code was used up meanwhile, placing nothing', async () => {
    const made = await couponMade({ type: 'fixed', value: 10, maxUses: 1 });
    const a = await cartWithCode(made.code);
    const b = await cartWithCode(made.code);
    expect((await placeOrder(t, a.account, a.cartId)).statusCode).toBe(201);
    const res = await placeOrder(t, b.account, b.cartId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.couponUsedUp });
    expect(await t.db.select().from(orders).where(eq(orders.userId, b.account.user.id))).toEqual([]);
  });

  it('lets one customer placing two orders at once use a one-use code once', async () => {
    const made = await couponMade({ type: 'fixed', value: 10, maxUsesPerCustomer: 1 });
    const { account, cartId } = await cartWithCode(made.code, { count: 2 });
    const results = await Promise.all([placeOrder(t, account, cartId), placeOrder(t, account, cartId)]);
    expect(results.map((r) => r.statusCode).filter((s) => s === 201)).toHaveLength(1);
    const placed = await t.db.select({ couponCode: orders.couponCode }).from(orders).where(eq(orders.userId, account.user.id));
    expect(placed).toEqual([{ couponCode: made.code }]);
    expect(await usesOf(made._id)).toEqual({ uses: 1, rows: 1 });
  });

  it(`lets exactly 5 of 20 customers racing for the last 5 uses have the code${onPostgres ? ' (PostgreSQL)' : ' (PGlite)'}`, async () => {
    const made = await couponMade({ type: 'percent', value: 20, maxUses: 7 });
    const early = await Promise.all([cartWithCode(made.code), cartWithCode(made.code)]);
    for (const { account, cartId } of early) expect((await placeOrder(t, account, cartId)).statusCode).toBe(201);
    const racers = await Promise.all(Array.from({ length: 20 }, () => cartWithCode(made.code)));
    const results = await Promise.all(racers.map(({ account, cartId }) => placeOrder(t, account, cartId)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().message === MSG.couponUsedUp)).toBe(true);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(15);
    const [carried] = await t.db.select({ n: count() }).from(orders).where(eq(orders.couponId, made._id));
    expect(carried!.n).toBe(7);
    expect(await usesOf(made._id)).toEqual({ uses: 7, rows: 7 });
  });

  it('refuses to delete a code an order was placed with (409), even after the use came back', async () => {
    const made = await couponMade({ type: 'fixed', value: 10 });
    const { account, cartId } = await cartWithCode(made.code);
    const order = (await placeOrder(t, account, cartId)).json().data;
    await t.app.inject({ method: 'PUT', url: `/api/v1/orders/${order._id}/cancel`, headers: account.headers });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/coupons/${made._id}`, headers: admin.headers });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ status: 'fail', message: MSG.couponUsedCannotDelete });
    const off = await t.app.inject({ method: 'PUT', url: `/api/v1/coupons/${made._id}`, headers: admin.headers, payload: { active: false } });
    expect(off.json().data).toMatchObject({ active: false, uses: 0 });
  });
});
