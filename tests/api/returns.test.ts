/**
 * Returns and exchanges through the API (API.md "Additions: returns and exchanges"): the
 * settings, a customer's request and its limits, staff's steps with the exchange pieces taken and
 * given back once, receipt with restocking once, and the refund (recorded for cash, through the
 * Paymob stand-in for a card), never twice.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG, ORDER_STATUS_LABELS } from '../../contracts/index.ts';
import { RETURN_STATUS_LABELS } from '../../contracts/returns.ts';
import type { Product } from '../../core/catalogue/products.ts';
import { orderRefunds, orders, products, returnLines, returns } from '../../db/schema.ts';
import type { StandIn } from '../../scripts/paymob-standin.ts';
import { advanceOrderFixture, createAccount, createProductFixture, UNKNOWN_ID, type Account } from '../fixtures/factories.ts';
import { createPaymobTestApp, declineRefunds, payAtStandIn, refundsOf, startStandIn, type PaymobTestApp } from '../helpers/paymob.ts';
import { ADDRESS, fillCart, ledgerOf, placeOrder, setSizeStock, sizeStockOf } from '../helpers/shop.ts';

let standIn: StandIn;
let t: PaymobTestApp;
let admin: Account;
beforeAll(async () => {
  standIn = await startStandIn();
  t = await createPaymobTestApp(standIn);
  admin = await createAccount(t.db, 'admin', 'هبة المرتجعات');
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

const fail = (message: string) => ({ status: 'fail', message });
const UUID = /^[0-9a-f-]{36}$/;

interface Line {
  _id: string;
  count: number;
  price: number;
  paidPrice: number;
  [field: string]: unknown;
}
interface OrderJson {
  _id: string;
  id: number;
  cartItems: Line[];
  returns: { _id: string; id: number; status: string }[];
  [field: string]: unknown;
}

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, account: Account | null, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: account?.headers ?? {}, ...(payload !== undefined && { payload: payload as Record<string, unknown> }) });
const ask = (account: Account | null, orderId: string, body: unknown) => inject('POST', `/orders/${orderId}/returns`, account, body);
const step = (account: Account | null, id: string, body: unknown) => inject('PUT', `/returns/${id}/status`, account, body);
const receive = (account: Account | null, id: string, body: unknown) => inject('POST', `/returns/${id}/receive`, account, body);
const refund = (account: Account | null, id: string, body?: unknown) => inject('POST', `/returns/${id}/refund`, account, body ?? {});
const settings = (account: Account | null, body: unknown) => inject('PUT', '/returns/settings', account, body);

async function readOrder(id: string, account: Account = admin): Promise<OrderJson> {
  const res = await inject('GET', `/orders/${id}`, account);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const returnsOfOrder = (orderId: string) => t.db.select().from(returns).where(eq(returns.orderId, orderId));

/**
 * A customer's delivered cash order of `pieces` pieces of m (stock m 5, l 5 unless given), or
 * several lines; `paidByCard` pays it through the stand-in first.
 */
async function deliveredOrder(options: { customer?: Account; product?: Product; pieces?: number; card?: boolean; stock?: Record<string, number> } = {}) {
  const customer = options.customer ?? (await createAccount(t.db, 'user', 'سلمى فؤاد'));
  const product = options.product ?? (await createProductFixture(t.db, t.images, { stock: options.stock ?? { m: 5, l: 5 } }));
  let cartId = '';
  for (let i = 0; i < (options.pieces ?? 2); i++) cartId = await fillCart(t, customer, product.id, 'm');
  const res = await placeOrder(t, customer, cartId, options.card ? { body: { shippingAddress: ADDRESS, paymentMethodType: 'card' } } : {});
  expect(res.statusCode, res.body).toBe(201);
  if (options.card) expect((await payAtStandIn(standIn, res.json().payment.redirectUrl as string)).status).toBe(302);
  const placed = res.json().data as OrderJson;
  await advanceOrderFixture(t.db, placed._id, 'delivered', admin);
  return { customer, product, order: await readOrder(placed._id) };
}

/** A delivered order with one return of its line asked: `reason` defective, 1 piece unless given. */
async function requested(body: Record<string, unknown> = {}, options: Parameters<typeof deliveredOrder>[0] = {}) {
  const placed = await deliveredOrder(options);
  const line = placed.order.cartItems[0]!;
  const res = await ask(placed.customer, placed.order._id, { lines: [{ lineId: line._id, count: 1, reason: 'defective', ...body }] });
  expect(res.statusCode, res.body).toBe(201);
  return { ...placed, line, ret: res.json().data as { _id: string; id: number; [field: string]: unknown } };
}

afterEach(async () => {
  expect((await settings(admin, { windowDays: 14, returnShippingFee: 0 })).statusCode).toBe(200);
});

describe('GET and PUT /api/v1/returns/settings', () => {
  it('answers the defaults, then what an admin sets, one field at a time', async () => {
    expect((await inject('GET', '/returns/settings', null)).json()).toEqual({ data: { windowDays: 14, returnShippingFee: 0 } });
    expect((await settings(admin, { returnShippingFee: 35.5 })).json()).toEqual({ data: { windowDays: 14, returnShippingFee: 35.5 } });
    expect((await settings(admin, { windowDays: 30 })).json()).toEqual({ data: { windowDays: 30, returnShippingFee: 35.5 } });
    expect((await inject('GET', '/returns/settings', null)).json()).toEqual({ data: { windowDays: 30, returnShippingFee: 35.5 } });
  });

  it('refuses a window outside 1 to 60 days or a bad fee with Arabic messages, changing nothing', async () => {
    for (const body of [{ windowDays: 0 }, { windowDays: 61 }, { windowDays: 2.5 }, { returnShippingFee: -1 }, { returnShippingFee: 10.001 }, { windowDays: '7' }]) {
      const res = await settings(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].msg).toMatch(/[\u0600-\u06FF]/);
    }
    expect((await inject('GET', '/returns/settings', null)).json().data).toEqual({ windowDays: 14, returnShippingFee: 0 });
  });

  it('lets only admins change them: a guest is 401 and a customer 403', async () => {
    const customer = await createAccount(t.db);
    expect((await settings(null, { windowDays: 3 })).statusCode).toBe(401);
    expect((await settings(customer, { windowDays: 3 })).statusCode).toBe(403);
    expect((await inject('GET', '/returns/settings', null)).json().data.windowDays).toBe(14);
  });
});

describe('POST /api/v1/orders/{id}/returns', () => {
  it("answers 201 with the return; the order's lines have ids and paid prices, and the order lists the return", async () => {
    const { customer, product, order } = await deliveredOrder();
    const line = order.cartItems[0]!;
    expect(line).toMatchObject({ _id: expect.stringMatching(UUID), price: 180, paidPrice: 180, count: 2 });
    expect(order.returns).toEqual([]);

    const res = await ask(customer, order._id, { lines: [{ lineId: line._id, count: 2, reason: 'not_as_described' }], note: 'اللون مختلف عن الصورة' });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toEqual({
      _id: expect.stringMatching(UUID),
      id: expect.any(Number),
      order: { _id: order._id, id: order.id },
      user: { _id: customer.user.id, name: 'سلمى فؤاد', phone: customer.user.phone },
      status: 'requested',
      lines: [
        {
          lineId: line._id,
          product: { _id: product.id, title: product.title, imageCover: product.imageCover },
          color: 'm',
          colorName: null,
          count: 2,
          paidPrice: 180,
          reason: 'not_as_described',
          exchangeSize: null,
          exchangeColorName: null,
          received: null,
          restocked: null,
        },
      ],
      note: 'اللون مختلف عن الصورة',
      declineReason: null,
      shippingFee: 0,
      refundAmount: 360,
      refund: null,
      shipment: null,
      statusHistory: [{ status: 'requested', at: expect.any(String), by: { _id: customer.user.id, name: 'سلمى فؤاد' } }],
      createdAt: expect.any(String),
    });
    const after = await readOrder(order._id, customer);
    expect(after.returns).toEqual([{ _id: data._id, id: data.id, status: 'requested' }]);
    expect({ ...after, returns: [] }).toEqual(order);
  });

  it("charges the return shipping fee when a reason is the customer's, and not for a defect", async () => {
    expect((await settings(admin, { returnShippingFee: 30 })).statusCode).toBe(200);
    const own = await requested({ reason: 'size', count: 2 });
    expect(own.ret).toMatchObject({ shippingFee: 30, refundAmount: 330 });
    const defect = await requested({ reason: 'defective' });
    expect(defect.ret).toMatchObject({ shippingFee: 0, refundAmount: 180 });
  });

  it('refuses an order not delivered yet with 409 naming its status', async () => {
    const customer = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { stock: { m: 5 } });
    const res = await placeOrder(t, customer, await fillCart(t, customer, product.id, 'm'));
    const order = res.json().data as OrderJson;
    const asked = await ask(customer, order._id, { lines: [{ lineId: order.cartItems[0]!._id, count: 1, reason: 'defective' }] });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual(fail(`${MSG.returnNeedsDelivered}: ${ORDER_STATUS_LABELS.pending}`));
    expect(await returnsOfOrder(order._id)).toEqual([]);
  });

  it('refuses a request after the window with 409 giving the last day as a Cairo date', async () => {
    const { customer, order } = await deliveredOrder();
    // Delivered at 23:30 Cairo time (21:30 UTC in winter) on 1 November: the 14 days end on 15 November in Cairo.
    await t.db.update(orders).set({ deliveredAt: new Date('2026-11-01T21:30:00Z') }).where(eq(orders.id, order._id));
    const res = await ask(customer, order._id, { lines: [{ lineId: order.cartItems[0]!._id, count: 1, reason: 'defective' }] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(fail(`${MSG.returnWindowClosed}: 2026-11-15`));
    expect(await returnsOfOrder(order._id)).toEqual([]);

    // A longer window set by the shop lets it in.
    expect((await settings(admin, { windowDays: 60 })).statusCode).toBe(200);
    expect((await ask(customer, order._id, { lines: [{ lineId: order.cartItems[0]!._id, count: 1, reason: 'defective' }] })).statusCode).toBe(201);
  });

  it('refuses bad input with Arabic messages and stores nothing', async () => {
    const { customer, order } = await deliveredOrder();
    const lineId = order.cartItems[0]!._id;
    const cases: [unknown, string, string][] = [
      [{ lines: [] }, 'lines', MSG.returnLinesRequired],
      [{ lines: [{ lineId, count: 1, reason: 'bored' }] }, 'lines.0.reason', MSG.returnReasonInvalid],
      [{ lines: [{ lineId, count: 0, reason: 'size' }] }, 'lines.0.count', MSG.returnCountInvalid],
      [{ lines: [{ lineId, count: 1, reason: 'other' }] }, 'note', MSG.returnNoteRequired],
      [{ lines: [{ lineId, count: 1, reason: 'size' }], note: 'ن'.repeat(301) }, 'note', MSG.returnNoteTooLong],
      [{ lines: [{ lineId: 'x', count: 1, reason: 'size' }] }, 'lines.0.lineId', MSG.invalidId],
      [{ lines: [{ lineId: UNKNOWN_ID, count: 1, reason: 'size' }] }, 'lines', MSG.returnLineNotFound],
      [{ lines: [{ lineId, count: 1, reason: 'size', exchangeSize: 'xxl' }] }, 'lines.0.exchangeSize', MSG.exchangeSizeUnknown],
      // A size the shop sells, but not this product.
      [{ lines: [{ lineId, count: 1, reason: 'size', exchangeSize: 'xl' }] }, 'lines', MSG.exchangeSizeUnknown],
      [{ lines: [{ lineId, count: 1, reason: 'size', exchangeColorName: 'أحمر' }] }, 'lines', MSG.exchangeColorUnknown],
    ];
    for (const [body, path, msg] of cases) {
      const res = await ask(customer, order._id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toContainEqual({ msg, path, location: 'body' });
    }
    expect(await returnsOfOrder(order._id)).toEqual([]);
  });

  it('refuses a product that is not returnable with 400 naming it', async () => {
    const { customer, product, order } = await deliveredOrder();
    await t.db.update(products).set({ returnable: false }).where(eq(products.id, product.id));
    const res = await ask(customer, order._id, { lines: [{ lineId: order.cartItems[0]!._id, count: 1, reason: 'defective' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: `${MSG.notReturnable}: ${product.title}`, path: 'lines', location: 'body' }]);
    expect(await returnsOfOrder(order._id)).toEqual([]);
  });

  it('refuses more pieces than are left to return with 409, counting earlier returns unless declined or cancelled', async () => {
    const { customer, order, ret } = await requested({ count: 1 });
    const lineId = order.cartItems[0]!._id;
    const tooMany = await ask(customer, order._id, { lines: [{ lineId, count: 2, reason: 'defective' }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toContain(MSG.returnCountTooMany);
    expect(tooMany.json().message).toContain('(1)');

    expect((await step(admin, ret._id, { status: 'declined', declineReason: 'القطعة مستعملة' })).statusCode).toBe(200);
    expect((await ask(customer, order._id, { lines: [{ lineId, count: 2, reason: 'defective' }] })).statusCode).toBe(201);
    expect((await ask(customer, order._id, { lines: [{ lineId, count: 1, reason: 'defective' }] })).statusCode).toBe(409);
  });

  it('lets exactly as many racing requests through as the line has pieces', async () => {
    const { customer, order } = await deliveredOrder({ pieces: 3 });
    const lineId = order.cartItems[0]!._id;
    const results = await Promise.all(Array.from({ length: 8 }, () => ask(customer, order._id, { lines: [{ lineId, count: 1, reason: 'changed_mind' }] })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    const held = await t.db.select({ count: returnLines.count }).from(returnLines).where(eq(returnLines.orderItemId, lineId));
    expect(held.reduce((sum, l) => sum + l.count, 0)).toBe(3);
  });

  it('takes an exchange for another size in stock, and refuses one out of stock now with 409', async () => {
    const { customer, order, product } = await deliveredOrder({ stock: { m: 5, l: 1 } });
    const lineId = order.cartItems[0]!._id;
    const none = await ask(customer, order._id, { lines: [{ lineId, count: 2, reason: 'size', exchangeSize: 'l' }] });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toContain(MSG.exchangeOutOfStock);
    const res = await ask(customer, order._id, { lines: [{ lineId, count: 1, reason: 'size', exchangeSize: 'l' }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ refundAmount: 0, lines: [{ exchangeSize: 'l', exchangeColorName: null, count: 1 }] });
    expect(await sizeStockOf(t.db, product.id)).toEqual({ l: 1, m: 3 });
  });

  it("is 401 for a guest and 404 for someone else's order", async () => {
    const { order } = await deliveredOrder();
    const body = { lines: [{ lineId: order.cartItems[0]!._id, count: 1, reason: 'defective' }] };
    expect((await ask(null, order._id, body)).statusCode).toBe(401);
    const other = await ask(await createAccount(t.db), order._id, body);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(fail(MSG.orderNotFound));
    expect(await returnsOfOrder(order._id)).toEqual([]);
  });
});

describe('reading returns', () => {
  it("shows a return to its owner and admins, 404 to anyone else; the list is admins' only, by status", async () => {
    const { customer, order, ret } = await requested();
    expect((await inject('GET', `/returns/${ret._id}`, customer)).json().data).toEqual(ret);
    expect((await inject('GET', `/returns/${ret._id}`, admin)).json().data).toEqual(ret);
    const stranger = await createAccount(t.db);
    expect((await inject('GET', `/returns/${ret._id}`, stranger)).statusCode).toBe(404);
    expect((await inject('GET', `/returns/${ret._id}`, null)).statusCode).toBe(401);
    expect((await inject('GET', `/orders/${order._id}/returns`, customer)).json()).toEqual({ data: [ret] });
    expect((await inject('GET', `/orders/${order._id}/returns`, stranger)).statusCode).toBe(404);

    expect((await inject('GET', '/returns', customer)).statusCode).toBe(403);
    expect((await inject('GET', '/returns', null)).statusCode).toBe(401);
    const listed = (await inject('GET', '/returns?status=requested&limit=100', admin)).json();
    expect(listed.data.map((r: { _id: string }) => r._id)).toContain(ret._id);
    expect(listed.data.every((r: { status: string }) => r.status === 'requested')).toBe(true);
    expect((await inject('GET', '/returns?status=approved&limit=100', admin)).json().data.map((r: { _id: string }) => r._id)).not.toContain(ret._id);
    expect((await inject('GET', '/returns?status=lost', admin)).statusCode).toBe(400);
  });
});

describe('the steps of a return', () => {
  it('lets the owner cancel while requested, then 409; someone else is 404', async () => {
    const { customer, ret } = await requested();
    expect((await inject('PUT', `/returns/${ret._id}/cancel`, await createAccount(t.db))).statusCode).toBe(404);
    const res = await inject('PUT', `/returns/${ret._id}/cancel`, customer);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('cancelled');
    const again = await inject('PUT', `/returns/${ret._id}/cancel`, customer);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(fail(`${MSG.returnNotCancellable}: ${RETURN_STATUS_LABELS.cancelled}`));
  });

  it('takes the exchange pieces on approval and puts them back exactly once on cancellation, in the ledger naming the return', async () => {
    const { product, ret } = await requested({ reason: 'size', exchangeSize: 'l' });
    expect(await sizeStockOf(t.db, product.id)).toEqual({ l: 5, m: 3 });
    const approved = await step(admin, ret._id, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.statusHistory.map((h: { status: string }) => h.status)).toEqual(['requested', 'approved']);
    expect(await sizeStockOf(t.db, product.id)).toEqual({ l: 4, m: 3 });

    const cancels = await Promise.all([step(admin, ret._id, { status: 'cancelled' }), step(admin, ret._id, { status: 'cancelled' })]);
    expect(cancels.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await sizeStockOf(t.db, product.id)).toEqual({ l: 5, m: 3 });
    expect((await ledgerOf(t.db, product.id, 'l')).filter((r) => r.reason === 'exchange').map((r) => [r.quantityBefore, r.quantityAfter])).toEqual([
      [5, 4],
      [4, 5],
    ]);
    const history = (await inject('GET', `/products/${product.id}/stock-history`, admin)).json().data;
    expect(history[0]).toMatchObject({ reason: 'exchange', size: 'l', return: { _id: ret._id, id: ret.id } });
  });

  it('refuses approval with 409 when the exchange pieces ran out meanwhile, changing nothing', async () => {
    const { product, ret } = await requested({ reason: 'size', exchangeSize: 'l' });
    await setSizeStock(t.db, product.id, { l: 0 });
    const res = await step(admin, ret._id, { status: 'approved' });
    expect(res.statusCode).toBe(409);
    expect((await inject('GET', `/returns/${ret._id}`, admin)).json().data.status).toBe('requested');
  });

  it('refuses a step the status does not allow with 409 naming it, a decline without a reason with 400, and customers with 403', async () => {
    const { customer, ret } = await requested();
    const skip = await step(admin, ret._id, { status: 'completed' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toEqual(fail(`${MSG.returnStepNotAllowed}: ${RETURN_STATUS_LABELS.requested}`));
    const noReason = await step(admin, ret._id, { status: 'declined' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toContainEqual({ msg: MSG.declineReasonRequired, path: 'declineReason', location: 'body' });
    expect((await step(customer, ret._id, { status: 'approved' })).statusCode).toBe(403);
    expect((await step(null, ret._id, { status: 'approved' })).statusCode).toBe(401);
    const declined = await step(admin, ret._id, { status: 'declined', declineReason: 'انتهت صلاحية الضمان' });
    expect(declined.json().data).toMatchObject({ status: 'declined', declineReason: 'انتهت صلاحية الضمان' });
  });
});

describe('receiving and refunding', () => {
  it('restocks the pieces received once (ledger reason return naming the return); a second receipt is 409', async () => {
    const { product, ret } = await requested({ count: 2 });
    expect((await step(admin, ret._id, { status: 'approved' })).statusCode).toBe(200);
    const lineId = (ret.lines as { lineId: string }[])[0]!.lineId;
    const bad = await receive(admin, ret._id, { lines: [{ lineId, received: 3, restock: 0 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ msg: MSG.receivedAboveCount, path: 'lines', location: 'body' }]);
    const worse = await receive(admin, ret._id, { lines: [{ lineId, received: 1, restock: 2 }] });
    expect(worse.json().errors).toEqual([{ msg: MSG.restockAboveReceived, path: 'lines', location: 'body' }]);
    expect((await receive(await createAccount(t.db), ret._id, { lines: [{ lineId, received: 2, restock: 1 }] })).statusCode).toBe(403);

    const both = await Promise.all([
      receive(admin, ret._id, { lines: [{ lineId, received: 2, restock: 1 }] }),
      receive(admin, ret._id, { lines: [{ lineId, received: 2, restock: 1 }] }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const done = both.find((r) => r.statusCode === 200)!.json().data;
    expect(done).toMatchObject({ status: 'received', refundAmount: 360, lines: [{ received: 2, restocked: 1 }] });
    expect(both.find((r) => r.statusCode === 409)!.json()).toEqual(fail(`${MSG.returnNotReceivable}: ${RETURN_STATUS_LABELS.received}`));
    expect(await sizeStockOf(t.db, product.id)).toEqual({ l: 5, m: 4 });
    const back = (await ledgerOf(t.db, product.id, 'm')).filter((r) => r.reason === 'return');
    expect(back.map((r) => [r.quantityBefore, r.quantityAfter])).toEqual([[3, 4]]);
    const history = (await inject('GET', `/products/${product.id}/stock-history`, admin)).json().data;
    expect(history[0]).toMatchObject({ reason: 'return', return: { _id: ret._id, id: ret.id } });
  });

  it("records a cash order's refund once, which completes the return; a second refund is 409", async () => {
    const { ret } = await requested({ count: 2 });
    expect((await step(admin, ret._id, { status: 'approved' })).statusCode).toBe(200);
    const lineId = (ret.lines as { lineId: string }[])[0]!.lineId;
    expect((await refund(admin, ret._id, { method: 'cash' })).statusCode).toBe(409);
    expect((await receive(admin, ret._id, { lines: [{ lineId, received: 1, restock: 1 }] })).statusCode).toBe(200);

    const noMethod = await refund(admin, ret._id, {});
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.json().errors).toEqual([{ msg: MSG.refundMethodRequired, path: 'method', location: 'body' }]);
    expect((await refund(admin, ret._id, { method: 'gold' })).statusCode).toBe(400);
    expect((await refund(await createAccount(t.db), ret._id, { method: 'cash' })).statusCode).toBe(403);

    const both = await Promise.all([refund(admin, ret._id, { method: 'instapay', reference: 'IP-2201' }), refund(admin, ret._id, { method: 'instapay', reference: 'IP-2201' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const data = both.find((r) => r.statusCode === 200)!.json().data;
    expect(data).toMatchObject({
      status: 'completed',
      refundAmount: 180,
      refund: { amount: 180, method: 'instapay', status: 'succeeded', reference: 'IP-2201', at: expect.any(String) },
    });
    expect(data.statusHistory.map((h: { status: string }) => h.status)).toEqual(['requested', 'approved', 'received', 'completed']);
    expect((await refund(admin, ret._id, { method: 'cash' })).json()).toEqual(fail(MSG.returnAlreadyRefunded));
  });

  it('completes at once a return with nothing to refund; an exchange waits for staff to mark it sent', async () => {
    const nothing = await requested({ count: 1 });
    expect((await step(admin, nothing.ret._id, { status: 'approved' })).statusCode).toBe(200);
    const lineId = (nothing.ret.lines as { lineId: string }[])[0]!.lineId;
    const res = await receive(admin, nothing.ret._id, { lines: [{ lineId, received: 0, restock: 0 }] });
    expect(res.json().data).toMatchObject({ status: 'completed', refundAmount: 0, refund: null });

    const exchange = await requested({ reason: 'size', exchangeSize: 'l' });
    expect((await step(admin, exchange.ret._id, { status: 'approved' })).statusCode).toBe(200);
    const xLine = (exchange.ret.lines as { lineId: string }[])[0]!.lineId;
    expect((await receive(admin, exchange.ret._id, { lines: [{ lineId: xLine, received: 1, restock: 1 }] })).json().data.status).toBe('received');
    expect((await refund(admin, exchange.ret._id, { method: 'cash' })).json()).toEqual(fail(MSG.returnNothingToRefund));
    const sent = await step(admin, exchange.ret._id, { status: 'completed' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.status).toBe('completed');
  });

  it("refunds a paid card order's return through Paymob when it is received, once", async () => {
    const { order, ret } = await requested({ count: 1 }, { card: true });
    expect((await step(admin, ret._id, { status: 'approved' })).statusCode).toBe(200);
    const lineId = (ret.lines as { lineId: string }[])[0]!.lineId;
    const res = await receive(admin, ret._id, { lines: [{ lineId, received: 1, restock: 1 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'completed', refundAmount: 180, refund: { amount: 180, method: 'card', status: 'succeeded' } });
    const refunds = await refundsOf(t.db, order._id);
    expect(refunds).toEqual([expect.objectContaining({ amount: 180, status: 'succeeded' })]);
    const [stored] = await t.db.select({ returnId: orderRefunds.returnId }).from(orderRefunds).where(eq(orderRefunds.orderId, order._id));
    expect(stored!.returnId).toBe(ret._id);
    expect((await refund(admin, ret._id)).json()).toEqual(fail(MSG.returnAlreadyRefunded));
    expect(await refundsOf(t.db, order._id)).toHaveLength(1);
  });
});

describe('two returns of one card order', () => {
  it('refunds each once when both are received at the same moment', async () => {
    const { customer, order } = await deliveredOrder({ pieces: 2, card: true });
    const lineId = order.cartItems[0]!._id;
    const ids: string[] = [];
    for (const reason of ['defective', 'not_as_described']) {
      const res = await ask(customer, order._id, { lines: [{ lineId, count: 1, reason }] });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data._id);
      expect((await step(admin, res.json().data._id, { status: 'approved' })).statusCode).toBe(200);
    }
    const received = await Promise.all(ids.map((id) => receive(admin, id, { lines: [{ lineId, received: 1, restock: 1 }] })));
    expect(received.map((r) => r.statusCode)).toEqual([200, 200]);
    const refunds = await refundsOf(t.db, order._id);
    expect(refunds.filter((r) => r.status === 'succeeded').map((r) => r.amount)).toEqual([180, 180]);
    expect(refunds.some((r) => r.status === 'pending')).toBe(false);
    for (const id of ids) expect((await inject('GET', `/returns/${id}`, admin)).json().data).toMatchObject({ status: 'completed', refund: { status: 'succeeded', amount: 180 } });
  });
});

describe('card refunds that fail', () => {
  it('keeps a received card return waiting after Paymob refuses the refund, and completes it when a retry goes through', async () => {
    const { order, ret } = await requested({ count: 1 }, { card: true });
    expect((await step(admin, ret._id, { status: 'approved' })).statusCode).toBe(200);
    const lineId = (ret.lines as { lineId: string }[])[0]!.lineId;
    await declineRefunds(standIn, true);
    try {
      const res = await receive(admin, ret._id, { lines: [{ lineId, received: 1, restock: 0 }] });
      expect(res.json().data).toMatchObject({ status: 'received', refund: { amount: 180, method: 'card', status: 'failed' } });
    } finally {
      await declineRefunds(standIn, false);
    }
    const retry = await refund(admin, ret._id);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data).toMatchObject({ status: 'completed', refund: { amount: 180, method: 'card', status: 'succeeded' } });
    expect((await refundsOf(t.db, order._id)).map((r) => r.status)).toEqual(['failed', 'succeeded']);
  });
});

describe('returnable products', () => {
  it('answers returnable on products and lets an admin switch it off', async () => {
    const product = await createProductFixture(t.db, t.images);
    expect((await inject('GET', `/products/${product.id}`, null)).json().data.returnable).toBe(true);
    const res = await inject('PUT', `/products/${product.id}`, admin, { returnable: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.returnable).toBe(false);
    const [row] = await t.db.select({ returnable: products.returnable }).from(products).where(eq(products.id, product.id));
    expect(row!.returnable).toBe(false);
  });
});

describe('an order with a discount', () => {
  it('gives each line the price paid after its share of the discount, and a return gives back that', async () => {
    const customer = await createAccount(t.db, 'user', 'نور الهدى');
    const shirt = await createProductFixture(t.db, t.images, { price: 300, priceAfterDiscount: 300, stock: { m: 5 } });
    const socks = await createProductFixture(t.db, t.images, { price: 100, priceAfterDiscount: 100, stock: { m: 5 } });
    const code = `RET-${process.pid % 1000}`;
    const made = await inject('POST', '/coupons', admin, { code, type: 'fixed', value: 50, minItemsTotal: 0, maxUses: null, maxUsesPerCustomer: 1, active: true });
    expect(made.statusCode, made.body).toBe(201);
    await fillCart(t, customer, shirt.id, 'm');
    await fillCart(t, customer, socks.id, 'm');
    const cartId = await fillCart(t, customer, socks.id, 'm');
    expect((await inject('POST', '/cart/coupon', customer, { code })).statusCode).toBe(200);
    const placed = await placeOrder(t, customer, cartId);
    expect(placed.statusCode, placed.body).toBe(201);
    await advanceOrderFixture(t.db, placed.json().data._id, 'delivered', admin);

    // 300 and 200 of items share 50 off: 30 and 20, so 270 for the shirt and 90 a pair of socks.
    const order = await readOrder(placed.json().data._id, customer);
    expect(order.discount).toBe(50);
    const byTitle = Object.fromEntries(order.cartItems.map((l) => [(l.product as { title: string }).title, l]));
    expect(byTitle[shirt.title]).toMatchObject({ price: 300, paidPrice: 270, count: 1 });
    expect(byTitle[socks.title]).toMatchObject({ price: 100, paidPrice: 90, count: 2 });

    const res = await ask(customer, order._id, {
      lines: [
        { lineId: byTitle[shirt.title]!._id, count: 1, reason: 'defective' },
        { lineId: byTitle[socks.title]!._id, count: 1, reason: 'not_as_described' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.refundAmount).toBe(360);
  });
});
