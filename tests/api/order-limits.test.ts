/**
 * Stock cannot be hoarded: a customer has at most MAX_OPEN_ORDERS orders open without being paid
 * or confirmed (cash orders pending, card orders awaiting payment), and an order line takes at
 * most MAX_LINE_PIECES pieces of one size. Past either, placing an order is a 409 with an Arabic
 * message and nothing is stored, through the API and the checkout page alike; two orders placed
 * at once at the limit never both pass (PostgreSQL). The cart pages stop a line at the limit
 * already: no + past it, and a count posted past it is refused with the limit named.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LINE_PIECES, MAX_OPEN_ORDERS, MSG } from '../../contracts/index.ts';
import type { Product } from '../../core/catalogue/products.ts';
import { cartItems, idempotencyKeys, orders } from '../../db/schema.ts';
import type { StandIn } from '../../scripts/paymob-standin.ts';
import { createAccount, createProductFixture, type Account } from '../fixtures/factories.ts';
import { onPostgres } from '../helpers/database.ts';
import { createTestApp } from '../helpers/app.ts';
import { createPaymobTestApp, payAtStandIn, startStandIn, type PaymobTestApp } from '../helpers/paymob.ts';
import { ADDRESS, cartLinesOf, fillCart, ledgerOf, ordersOf, placeOrder, sizeStockOf } from '../helpers/shop.ts';
import { buildWebApp } from '../helpers/web-build.ts';

let standIn: StandIn;
let t: PaymobTestApp;
let admin: Account;
beforeAll(async () => {
  standIn = await startStandIn();
  t = await createPaymobTestApp(standIn, { webBuildDir: await buildWebApp() });
  admin = await createAccount(t.db, 'admin');
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

const CARD = { shippingAddress: ADDRESS, paymentMethodType: 'card' } as const;
const fail = (message: string) => ({ status: 'fail', message });

/** A product with plenty of every size, so only the limits can refuse an order. */
const plentiful = () => createProductFixture(t.db, t.images, { stock: { m: 30, l: 30 } });

/** Places a cash (or card) order of one piece of m of `product` through the API. */
async function placed(customer: Account, product: Product, body?: unknown) {
  const res = await placeOrder(t, customer, await fillCart(t, customer, product.id, 'm'), { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; status: string };
}

/** Everything a refused order must leave as it was: the customer's orders, the stock and its ledger, the cart, the idempotency keys. */
async function snapshot(customer: Account, product: Product) {
  const [keys] = await t.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, customer.user.id));
  return {
    orders: (await ordersOf(t.db, customer.user.id)).length,
    stock: await sizeStockOf(t.db, product.id),
    ledger: (await ledgerOf(t.db, product.id)).length,
    cart: await cartLinesOf(t.db, customer.user.id),
    keys: keys!.n,
  };
}

/** Sets the count of the customer's only cart line. */
async function setLineCount(customer: Account, pieces: number) {
  const cart = await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: customer.headers });
  const itemId = cart.json().data.products[0]._id as string;
  const res = await t.app.inject({ method: 'PUT', url: `/api/v1/cart/${itemId}`, headers: customer.headers, payload: { count: pieces } });
  expect(res.statusCode, res.body).toBe(200);
  return cart.json().data._id as string;
}

/** Gives a cart line a count the cart would refuse, as one put in before the shop lowered its limit. */
async function overLimit(itemId: string, pieces: number, db = t.db) {
  await db.update(cartItems).set({ count: pieces }).where(eq(cartItems.id, itemId));
}

/** The text of the page's alert: the form's message. */
const alertOf = (html: string) => /<p role="alert"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];

/** A page's form posted as a browser without JavaScript sends it, from `referer` when given. */
function formPost(customer: Account, url: string, fields: Record<string, string>, referer?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      host: new URL(t.storeUrl).host,
      origin: t.storeUrl,
      ...(referer && { referer: `${t.storeUrl}${referer}` }),
      cookie: `token=${customer.token}`,
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-mode': 'navigate',
      accept: 'text/html',
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The checkout page's form posted as a browser without JavaScript sends it. */
function checkoutForm(customer: Account) {
  return formPost(customer, '/checkout', {
    details: ADDRESS.details,
    phone: ADDRESS.phone,
    shippingCity: ADDRESS.shippingCity,
    district: ADDRESS.district,
    shownShippingCash: '70.00',
    idempotencyKey: crypto.randomUUID(),
  });
}

const getPage = (customer: Account, url: string) => t.app.inject({ method: 'GET', url, headers: { host: new URL(t.storeUrl).host, cookie: `token=${customer.token}`, accept: 'text/html' } });

describe('open orders per customer', () => {
  it(`places up to ${MAX_OPEN_ORDERS} open orders, cash pending and card awaiting payment alike; the next is 409 in Arabic and stores nothing`, async () => {
    const customer = await createAccount(t.db);
    const product = await plentiful();
    for (let i = 0; i < MAX_OPEN_ORDERS - 1; i++) expect(await placed(customer, product)).toMatchObject({ status: 'pending' });
    expect(await placed(customer, product, CARD)).toMatchObject({ status: 'awaiting_payment' });

    const cartId = await fillCart(t, customer, product.id, 'l');
    const before = await snapshot(customer, product);
    const res = await placeOrder(t, customer, cartId, { idempotencyKey: 'open-orders-0001' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(fail(MSG.tooManyOpenOrders));
    expect(await snapshot(customer, product)).toEqual(before);
    expect(before.cart).toEqual([{ productId: product.id, size: 'l', count: 1 }]);
    expect(before.stock).toEqual({ m: 30 - MAX_OPEN_ORDERS, l: 30 });

    // Another customer is not limited by this one's orders.
    const other = await createAccount(t.db);
    await placed(other, product);

    // One order cancelled frees a place; the refused key was not kept, so it places the order now.
    const [first] = await ordersOf(t.db, customer.user.id);
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/orders/${first!.id}/cancel`, headers: customer.headers })).statusCode).toBe(200);
    const again = await placeOrder(t, customer, cartId, { idempotencyKey: 'open-orders-0001' });
    expect(again.statusCode, again.body).toBe(201);
    expect(await ordersOf(t.db, customer.user.id)).toHaveLength(MAX_OPEN_ORDERS + 1);
  });

  it('does not count orders confirmed, cancelled or paid online', async () => {
    const customer = await createAccount(t.db);
    const product = await plentiful();
    const confirmed = await placed(customer, product);
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/orders/${confirmed._id}/status`, headers: admin.headers, payload: { status: 'confirmed' } })).statusCode).toBe(200);
    const cancelled = await placed(customer, product);
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/orders/${cancelled._id}/cancel`, headers: customer.headers })).statusCode).toBe(200);
    const cart = await fillCart(t, customer, product.id, 'm');
    const card = await placeOrder(t, customer, cart, { body: CARD });
    expect((await payAtStandIn(standIn, card.json().payment.redirectUrl, 'pay')).status).toBe(302);
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, card.json().data._id));
    expect(paid).toMatchObject({ status: 'pending', isPaid: true });

    for (let i = 0; i < MAX_OPEN_ORDERS; i++) await placed(customer, product);
    const cartId = await fillCart(t, customer, product.id, 'm');
    const refused = await placeOrder(t, customer, cartId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(fail(MSG.tooManyOpenOrders));
    expect(await ordersOf(t.db, customer.user.id)).toHaveLength(3 + MAX_OPEN_ORDERS);
  });

  it('answers a repeated Idempotency-Key with the order it placed, even at the limit', async () => {
    const customer = await createAccount(t.db);
    const product = await plentiful();
    for (let i = 0; i < MAX_OPEN_ORDERS - 1; i++) await placed(customer, product);
    const cartId = await fillCart(t, customer, product.id, 'm');
    const last = await placeOrder(t, customer, cartId, { idempotencyKey: 'open-orders-last' });
    expect(last.statusCode).toBe(201);
    const replay = await placeOrder(t, customer, cartId, { idempotencyKey: 'open-orders-last' });
    expect(replay.statusCode).toBe(201);
    expect(replay.json().data._id).toBe(last.json().data._id);
  });

  it('shows the refusal on the checkout page, placing nothing', async () => {
    const customer = await createAccount(t.db);
    const product = await plentiful();
    for (let i = 0; i < MAX_OPEN_ORDERS; i++) await placed(customer, product);
    await fillCart(t, customer, product.id, 'l');
    const before = await snapshot(customer, product);
    const res = await checkoutForm(customer);
    expect(res.statusCode).toBe(409);
    expect(alertOf(res.body)).toBe(MSG.tooManyOpenOrders);
    expect(await snapshot(customer, product)).toEqual(before);
  });
});

describe(`at most ${MAX_LINE_PIECES} pieces of one size in an order line`, () => {
  it(`places a line of exactly ${MAX_LINE_PIECES} pieces`, async () => {
    const customer = await createAccount(t.db);
    const product = await plentiful();
    await fillCart(t, customer, product.id, 'm');
    const cartId = await setLineCount(customer, MAX_LINE_PIECES);
    const res = await placeOrder(t, customer, cartId);
    expect(res.statusCode, res.body).toBe(201);
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 30 - MAX_LINE_PIECES, l: 30 });
  });

  it('refuses a line of more with 409 naming the product and size, storing nothing, through the API and the checkout page', async () => {
    const customer = await createAccount(t.db);
    const product = await plentiful();
    await fillCart(t, customer, product.id, 'l');
    await fillCart(t, customer, product.id, 'm');
    const cart = await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: customer.headers });
    const mLine = (cart.json().data.products as { _id: string; color: string }[]).find((line) => line.color === 'm')!;
    // The cart itself refuses such a count now; a line can still carry one from before the shop lowered its limit.
    await overLimit(mLine._id, MAX_LINE_PIECES + 1);
    const before = await snapshot(customer, product);
    expect(before.cart).toEqual([
      { productId: product.id, size: 'l', count: 1 },
      { productId: product.id, size: 'm', count: MAX_LINE_PIECES + 1 },
    ]);

    const message = `${MSG.tooManyLinePieces} (${MAX_LINE_PIECES}): ${product.title} (${MSG.sizeLabel} M)`;
    const intentions = standIn.intentions.length;
    const res = await placeOrder(t, customer, cart.json().data._id, { body: CARD });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(fail(message));
    expect(await snapshot(customer, product)).toEqual(before);
    expect(standIn.intentions).toHaveLength(intentions);

    const page = await checkoutForm(customer);
    expect(page.statusCode).toBe(409);
    expect(alertOf(page.body)).toBe(message);
    expect(await snapshot(customer, product)).toEqual(before);
  });
});

describe(`the cart's pages stop a line at ${MAX_LINE_PIECES} pieces`, () => {
  const limitMessage = `${MSG.linePiecesLimit}: ${MAX_LINE_PIECES}`;
  /** The cart page's + button of the line (its tag), found by its accessible name. */
  const plusButtonOf = (html: string) => /<button[^>]*aria-label="زيادة كمية[^"]*"[^>]*>/.exec(html)?.[0];

  const cartLinesOfApi = async (customer: Account) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: customer.headers })).json().data.products as { _id: string; count: number }[];

  async function customerAtLimit() {
    const customer = await createAccount(t.db);
    const product = await plentiful();
    await fillCart(t, customer, product.id, 'm');
    await setLineCount(customer, MAX_LINE_PIECES);
    const itemId = (await cartLinesOfApi(customer))[0]!._id;
    return { customer, product, itemId };
  }

  it('offers no + at the limit and says why, while a line below it has its +', async () => {
    const { customer, itemId } = await customerAtLimit();
    const page = await getPage(customer, '/cart');
    expect(page.statusCode).toBe(200);
    expect(plusButtonOf(page.body)).toMatch(/ disabled=""/);
    expect(page.body).toContain(`الحد الأقصى ${MAX_LINE_PIECES} قطع من المقاس الواحد في الطلب الواحد`);

    expect((await formPost(customer, '/cart', { intent: 'update', itemId, count: String(MAX_LINE_PIECES - 1) })).statusCode).toBe(302);
    const below = await getPage(customer, '/cart');
    expect(plusButtonOf(below.body)).not.toMatch(/ disabled=""/);
    expect(below.body).not.toContain('الحد الأقصى');
  });

  it('refuses a count above the limit posted without JavaScript with 400 and the message, the cart unchanged', async () => {
    const { customer, product, itemId } = await customerAtLimit();
    const before = await snapshot(customer, product);
    const res = await formPost(customer, '/cart', { intent: 'update', itemId, count: String(MAX_LINE_PIECES + 1) });
    expect(res.statusCode).toBe(400);
    expect(alertOf(res.body)).toBe(limitMessage);
    expect(await snapshot(customer, product)).toEqual(before);
    expect(before.cart).toEqual([{ productId: product.id, size: 'm', count: MAX_LINE_PIECES }]);
  });

  it("refuses the product page's add past the limit with 400 and the message, the cart unchanged", async () => {
    const { customer, product } = await customerAtLimit();
    const before = await snapshot(customer, product);
    const res = await formPost(customer, '/cart', { intent: 'add', productId: product.id, color: 'm' }, `/product/${product.id}`);
    expect(res.statusCode).toBe(400);
    expect(alertOf(res.body)).toBe(limitMessage);
    expect(await snapshot(customer, product)).toEqual(before);
  });

  it("refuses the wishlist's add-to-cart past the limit, saying so on the profile; the product stays in the wishlist", async () => {
    const { customer, product } = await customerAtLimit();
    await t.app.inject({ method: 'POST', url: '/api/v1/wishlist', headers: customer.headers, payload: { productId: product.id } });
    const before = await snapshot(customer, product);
    const res = await formPost(customer, '/wishlist', { intent: 'add-to-cart', productId: product.id, color: 'm' }, '/profile');
    expect(res.statusCode).toBe(302);
    const back = res.headers.location as string;
    expect(back).toMatch(/^\/profile\?wishlist=linePiecesLimit&product=/);
    const profile = await getPage(customer, back);
    expect(profile.body).toContain(limitMessage);
    expect(await snapshot(customer, product)).toEqual(before);
    const wishlist = await t.app.inject({ method: 'GET', url: '/api/v1/wishlist', headers: customer.headers });
    expect(wishlist.json().data.map((p: { _id: string }) => p._id)).toEqual([product.id]);
  });
});

describe.runIf(onPostgres)('orders placed at once at the limit (PostgreSQL)', () => {
  it('lets one pass and refuses the others with 409, placing one order', async () => {
    for (let round = 0; round < 3; round++) {
      const customer = await createAccount(t.db);
      const product = await plentiful();
      for (let i = 0; i < MAX_OPEN_ORDERS - 1; i++) await placed(customer, product);
      const cartId = await fillCart(t, customer, product.id, 'l');
      const answers = await Promise.all([0, 1, 2].map((i) => placeOrder(t, customer, cartId, { idempotencyKey: `open-race-${round}-${i}` })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
      for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.json()).toEqual(fail(MSG.tooManyOpenOrders));
      expect(await ordersOf(t.db, customer.user.id)).toHaveLength(MAX_OPEN_ORDERS);
      expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 30 - (MAX_OPEN_ORDERS - 1), l: 29 });
    }
  });
});

describe('the limits are settings', () => {
  it('a shop that sets other limits gets them (MAX_OPEN_ORDERS, MAX_LINE_PIECES)', async () => {
    const strict = await createTestApp({ orderLimits: { openOrders: 1, linePieces: 2 } });
    try {
      const shopper = await createAccount(strict.db);
      const shirt = await createProductFixture(strict.db, strict.images, { stock: { m: 30 } });
      const add = () => strict.app.inject({ method: 'POST', url: '/api/v1/cart', headers: shopper.headers, payload: { productId: shirt.id, color: 'm' } });
      const cartOf = async (pieces: number) => {
        for (let i = 0; i < pieces; i++) expect((await add()).statusCode).toBe(200);
        return (await strict.app.inject({ method: 'GET', url: '/api/v1/cart', headers: shopper.headers })).json().data;
      };
      const order = (cartId: string) =>
        strict.app.inject({ method: 'POST', url: `/api/v1/orders/${cartId}`, headers: shopper.headers, payload: { shippingAddress: ADDRESS } });
      const cart = await cartOf(2);
      // The cart stops at the shop's limit, and says its number.
      const third = await add();
      expect(third.statusCode).toBe(400);
      expect(third.json().errors[0].msg).toBe(`${MSG.linePiecesLimit}: 2`);
      const lineId = cart.products[0]._id as string;
      const setCount = (count: number) => strict.app.inject({ method: 'PUT', url: `/api/v1/cart/${lineId}`, headers: shopper.headers, payload: { count } });
      expect((await setCount(3)).json().errors[0].msg).toBe(`${MSG.linePiecesLimit}: 2`);
      // A line over the limit from before is refused at the order too.
      await overLimit(lineId, 3, strict.db);
      const tooMany = await order(cart._id);
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json().message).toBe(`${MSG.tooManyLinePieces} (2): ${shirt.title} (${MSG.sizeLabel} M)`);
      // The refused cart is kept as it was: one piece less is within the limit.
      expect((await setCount(2)).statusCode).toBe(200);
      expect((await order(cart._id)).statusCode).toBe(201);
      const second = await order((await cartOf(1))._id);
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(MSG.tooManyOpenOrders);
    } finally {
      await strict.close();
    }
  });
});
