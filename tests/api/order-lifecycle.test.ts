/**
 * An order's life through the API (API.md "Order status"): the admin's steps, the customer's
 * cancellation, the pieces put back exactly once, and the flags that follow the status.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, ORDER_STATUS_LABELS, type OrderStatus } from '../../contracts/index.ts';
import type { Product } from '../../core/catalogue/products.ts';
import { orders, orderStatusHistory } from '../../db/schema.ts';
import { advanceOrderFixture, createAccount, createProductFixture, UNKNOWN_ID, type Account } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { fillCart, ledgerOf, placeOrder, sizeStockOf } from '../helpers/shop.ts';

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t.db, 'admin', 'نادية المتابعة');
});
afterAll(() => t.close());

interface OrderJson {
  _id: string;
  id: number;
  status: OrderStatus;
  statusHistory: { status: OrderStatus; at: string; by: { _id: string; name: string } | null }[];
  isDelivered: boolean;
  deliveredAt: string | null;
  isPaid: boolean;
  [field: string]: unknown;
}

/** A customer's pending order of 2 pieces of m from a product with m 5 and l 5. */
async function pendingOrder(customer?: Account): Promise<{ customer: Account; product: Product; order: OrderJson }> {
  const account = customer ?? (await createAccount(t.db, 'user', 'ياسر عبد الله'));
  const product = await createProductFixture(t.db, t.images, { stock: { m: 5, l: 5 } });
  const cartId = await fillCart(t, account, product.id, 'm');
  await fillCart(t, account, product.id, 'm');
  const res = await placeOrder(t, account, cartId);
  expect(res.statusCode).toBe(201);
  return { customer: account, product, order: res.json().data };
}

/** A pending order walked to `status` by the admin's steps. */
async function orderIn(status: OrderStatus) {
  const placed = await pendingOrder();
  if (status !== 'pending') await advanceOrderFixture(t.db, placed.order._id, status, admin);
  return placed;
}

const setStatus = (account: Account | null, id: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/orders/${id}/status`, headers: account?.headers ?? {}, payload: payload as Record<string, unknown> });
const cancel = (account: Account | null, id: string) => t.app.inject({ method: 'PUT', url: `/api/v1/orders/${id}/cancel`, headers: account?.headers ?? {} });
const pay = (account: Account, id: string) => t.app.inject({ method: 'PUT', url: `/api/v1/orders/${id}/pay`, headers: account.headers });

async function storedOrder(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function historyOf(id: string) {
  return (await t.db.select({ status: orderStatusHistory.status }).from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)).orderBy(orderStatusHistory.seq)).map(
    (h) => h.status,
  );
}

/** Each size's ledger adds up to its stock now minus what the product was created with. */
async function expectLedgerToAgree(product: Product) {
  const stock = await sizeStockOf(t.db, product.id);
  for (const { size, quantity: initial } of product.stock) {
    const moves = (await ledgerOf(t.db, product.id, size)).filter((row) => row.reason !== 'admin');
    expect(moves.reduce((sum, row) => sum + row.quantityAfter - row.quantityBefore, 0), `size ${size}`).toBe(stock[size]! - initial);
  }
}

const notAllowed = (status: OrderStatus) => ({ status: 'fail', message: `${MSG.statusStepNotAllowed}: ${ORDER_STATUS_LABELS[status]}` });

describe('PUT /api/v1/orders/{id}/status', () => {
  it('walks an order from pending to delivered, recording each step with its admin; delivered sets isDelivered and its date', async () => {
    const { product, order } = await pendingOrder();
    expect(order).toMatchObject({ status: 'pending', isDelivered: false, deliveredAt: null });
    const byAdmin = { _id: admin.user.id, name: 'نادية المتابعة' };
    for (const status of ['confirmed', 'shipped'] as const) {
      const res = await setStatus(admin, order._id, { status });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status, isDelivered: false, deliveredAt: null });
      expect(res.json().data.statusHistory.at(-1)).toEqual({ status, at: expect.any(String), by: byAdmin });
    }
    const before = Date.now();
    const delivered = await setStatus(admin, order._id, { status: 'delivered' });
    expect(delivered.statusCode).toBe(200);
    const data = delivered.json().data as OrderJson;
    expect(data).toMatchObject({ status: 'delivered', isDelivered: true, isPaid: false });
    expect(Date.parse(data.deliveredAt!)).toBeGreaterThan(before - 60_000);
    expect(data.statusHistory.map((h) => h.status)).toEqual(['pending', 'confirmed', 'shipped', 'delivered']);
    expect(data.statusHistory[0]!.by).toEqual({ _id: order.statusHistory[0]!.by!._id, name: 'ياسر عبد الله' });
    const times = data.statusHistory.map((h) => Date.parse(h.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(await storedOrder(order._id)).toMatchObject({ status: 'delivered', isDelivered: true, deliveredAt: expect.any(Date) });
    // Delivery takes no more pieces and gives none back.
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 3, l: 5 });
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order._id}`, headers: admin.headers });
    expect(read.json().data).toEqual(data);
  });

  it.each([
    ['pending', 'cancelled'],
    ['confirmed', 'cancelled'],
    ['shipped', 'cancelled'],
    ['shipped', 'refused'],
  ] as const)('moves a %s order to %s and puts its pieces back in their size', async (from, to) => {
    const { product, order } = await orderIn(from);
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 3, l: 5 });
    const res = await setStatus(admin, order._id, { status: to });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: to, isDelivered: false, deliveredAt: null });
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 5, l: 5 });
    expect((await ledgerOf(t.db, product.id, 'm')).at(-1)).toEqual({
      size: 'm',
      reason: to,
      quantityBefore: 3,
      quantityAfter: 5,
      orderId: order._id,
      userId: admin.user.id,
    });
    await expectLedgerToAgree(product);
  });

  it.each([
    ['pending', 'shipped'],
    ['pending', 'delivered'],
    ['pending', 'refused'],
    ['pending', 'pending'],
    ['pending', 'awaiting_payment'],
    ['confirmed', 'confirmed'],
    ['confirmed', 'delivered'],
    ['confirmed', 'refused'],
    ['confirmed', 'pending'],
    ['shipped', 'shipped'],
    ['shipped', 'confirmed'],
    ['delivered', 'delivered'],
    ['delivered', 'cancelled'],
    ['delivered', 'refused'],
    ['delivered', 'shipped'],
    ['cancelled', 'cancelled'],
    ['cancelled', 'confirmed'],
    ['cancelled', 'pending'],
    ['refused', 'refused'],
    ['refused', 'delivered'],
    ['refused', 'cancelled'],
  ] as const)('refuses to move a %s order to %s with 409 naming its status, changing nothing', async (from, to) => {
    const { product, order } = await orderIn(from);
    const [statusBefore, historyBefore, stockBefore] = [await storedOrder(order._id), await historyOf(order._id), await sizeStockOf(t.db, product.id)];
    const res = await setStatus(admin, order._id, { status: to });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(notAllowed(from));
    expect(await storedOrder(order._id)).toEqual(statusBefore);
    expect(await historyOf(order._id)).toEqual(historyBefore);
    expect(await sizeStockOf(t.db, product.id)).toEqual(stockBefore);
  });

  it.each([
    ['an unknown status', { status: 'lost' }],
    ['a status in Arabic', { status: 'ملغي' }],
    ['no status', {}],
    ['a status that is not text', { status: 3 }],
  ])('refuses %s with 400 and the Arabic message, changing nothing', async (_name, body) => {
    const { order } = await pendingOrder();
    const res = await setStatus(admin, order._id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ msg: MSG.statusInvalid, path: 'status', location: 'body' }] });
    expect(await storedOrder(order._id)).toMatchObject({ status: 'pending' });
    expect(await historyOf(order._id)).toEqual(['pending']);
  });

  it('refuses a customer, even the owner, with 403 and a guest with 401, changing nothing', async () => {
    const { customer, order } = await pendingOrder();
    const asOwner = await setStatus(customer, order._id, { status: 'cancelled' });
    expect(asOwner.statusCode).toBe(403);
    expect(asOwner.json()).toEqual({ status: 'fail', message: MSG.forbidden });
    const asGuest = await setStatus(null, order._id, { status: 'confirmed' });
    expect(asGuest.statusCode).toBe(401);
    expect(asGuest.json()).toEqual({ status: 'fail', message: MSG.unauthenticated });
    expect(await historyOf(order._id)).toEqual(['pending']);
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    const unknown = await setStatus(admin, UNKNOWN_ID, { status: 'confirmed' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'fail', message: MSG.orderNotFound });
    const malformed = await setStatus(admin, 'x1', { status: 'confirmed' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ errors: [{ msg: MSG.invalidId, path: 'id', location: 'params' }] });
  });

  it('refuses to cancel or refuse an order marked paid until the payment is unmarked, keeping its pieces out', async () => {
    const { product, order } = await orderIn('shipped');
    expect((await pay(admin, order._id)).statusCode).toBe(200);
    for (const status of ['cancelled', 'refused'] as const) {
      const res = await setStatus(admin, order._id, { status });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ status: 'fail', message: MSG.paidOrderCannotClose });
    }
    expect(await storedOrder(order._id)).toMatchObject({ status: 'shipped', isPaid: true });
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 3, l: 5 });
    expect((await pay(admin, order._id)).json().data.isPaid).toBe(false);
    expect((await setStatus(admin, order._id, { status: 'refused' })).statusCode).toBe(200);
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 5, l: 5 });
  });
});

describe('PUT /api/v1/orders/{id}/cancel', () => {
  it.each(['pending', 'confirmed'] as const)("lets the customer cancel their own %s order: the pieces go back and the history names them", async (from) => {
    const { customer, product, order } = await orderIn(from);
    const res = await cancel(customer, order._id);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as OrderJson;
    expect(data).toMatchObject({ _id: order._id, status: 'cancelled', isDelivered: false });
    expect(data.statusHistory.at(-1)).toEqual({ status: 'cancelled', at: expect.any(String), by: { _id: customer.user.id, name: 'ياسر عبد الله' } });
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 5, l: 5 });
    expect((await ledgerOf(t.db, product.id, 'm')).at(-1)).toMatchObject({ reason: 'cancelled', quantityBefore: 3, quantityAfter: 5, userId: customer.user.id });
  });

  it.each(['shipped', 'delivered', 'refused'] as const)('refuses to cancel a %s order with 409 naming its status, changing nothing', async (from) => {
    const { customer, product, order } = await orderIn(from);
    const stockBefore = await sizeStockOf(t.db, product.id);
    const res = await cancel(customer, order._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'fail', message: `${MSG.orderNotCancellable}: ${ORDER_STATUS_LABELS[from]}` });
    expect(await storedOrder(order._id)).toMatchObject({ status: from });
    expect(await sizeStockOf(t.db, product.id)).toEqual(stockBefore);
  });

  it('refuses a second cancellation with 409 and puts the pieces back only once', async () => {
    const { customer, product, order } = await pendingOrder();
    expect((await cancel(customer, order._id)).statusCode).toBe(200);
    const again = await cancel(customer, order._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 'fail', message: `${MSG.orderNotCancellable}: ${ORDER_STATUS_LABELS.cancelled}` });
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 5, l: 5 });
    expect(await historyOf(order._id)).toEqual(['pending', 'cancelled']);
    await expectLedgerToAgree(product);
  });

  it("answers 404 for someone else's order, even to an admin, as for an order that does not exist", async () => {
    const { product, order } = await pendingOrder();
    const stranger = await createAccount(t.db);
    for (const account of [stranger, admin]) {
      const res = await cancel(account, order._id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'fail', message: MSG.orderNotFound });
    }
    expect((await cancel(stranger, UNKNOWN_ID)).json()).toEqual({ status: 'fail', message: MSG.orderNotFound });
    expect(await storedOrder(order._id)).toMatchObject({ status: 'pending' });
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 3, l: 5 });
  });

  it('refuses a guest with 401 and a malformed id with 400', async () => {
    const { customer, order } = await pendingOrder();
    const guest = await cancel(null, order._id);
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ status: 'fail', message: MSG.unauthenticated });
    const malformed = await cancel(customer, 'order-1');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ errors: [{ msg: MSG.invalidId, path: 'id', location: 'params' }] });
    expect(await storedOrder(order._id)).toMatchObject({ status: 'pending' });
  });
});

describe('pieces back exactly once when two people close an order at the same moment', () => {
  it('two admins refusing the same shipped order: one 200, one 409, the pieces back once', async () => {
    const { product, order } = await orderIn('shipped');
    const other = await createAccount(t.db, 'admin');
    const responses = await Promise.all([setStatus(admin, order._id, { status: 'refused' }), setStatus(other, order._id, { status: 'refused' })]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json()).toEqual(notAllowed('refused'));
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 5, l: 5 });
    expect((await ledgerOf(t.db, product.id, 'm')).filter((row) => row.reason === 'refused')).toHaveLength(1);
    expect(await historyOf(order._id)).toEqual(['pending', 'confirmed', 'shipped', 'refused']);
    await expectLedgerToAgree(product);
  });

  it('the customer and an admin cancelling the same order: one 200, one 409, the pieces back once', async () => {
    const { customer, product, order } = await orderIn('confirmed');
    const [byCustomer, byAdmin] = await Promise.all([cancel(customer, order._id), setStatus(admin, order._id, { status: 'cancelled' })]);
    expect([byCustomer.statusCode, byAdmin.statusCode].sort()).toEqual([200, 409]);
    const refused = byCustomer.statusCode === 409 ? byCustomer : byAdmin;
    expect(refused.json().message).toContain(ORDER_STATUS_LABELS.cancelled);
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 5, l: 5 });
    expect((await ledgerOf(t.db, product.id, 'm')).filter((row) => row.reason === 'cancelled')).toHaveLength(1);
    expect(await historyOf(order._id)).toEqual(['pending', 'confirmed', 'cancelled']);
    await expectLedgerToAgree(product);
  });

  it('many admins refusing and cancelling one order together: exactly one change wins', async () => {
    const { product, order } = await orderIn('shipped');
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => setStatus(admin, order._id, { status: i % 2 === 0 ? 'refused' : 'cancelled' })),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 5, l: 5 });
    expect(await historyOf(order._id)).toHaveLength(4);
    await expectLedgerToAgree(product);
  });
});

describe('the flags beside the status', () => {
  it('/pay refuses a cancelled or refused order with 409 and leaves it unpaid', async () => {
    for (const status of ['cancelled', 'refused'] as const) {
      const { order } = await orderIn(status);
      const res = await pay(admin, order._id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ status: 'fail', message: MSG.closedOrderCannotBePaid });
      expect(await storedOrder(order._id)).toMatchObject({ status, isPaid: false, paidAt: null });
    }
  });

  it('/pay marks a delivered order paid and keeps it delivered', async () => {
    const { order } = await orderIn('delivered');
    const res = await pay(admin, order._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'delivered', isDelivered: true, isPaid: true });
  });
});

describe('GET /api/v1/orders?status=', () => {
  const listOrders = (account: Account, query: string) => t.app.inject({ method: 'GET', url: `/api/v1/orders${query}`, headers: account.headers });

  it('lists an admin only the orders of that status, newest first', async () => {
    const { order: shippedOld } = await orderIn('shipped');
    const { order: pending } = await orderIn('pending');
    const { order: shippedNew } = await orderIn('shipped');
    const res = await listOrders(admin, '?status=shipped&limit=100');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as OrderJson[];
    expect(data.every((o) => o.status === 'shipped')).toBe(true);
    const ids = data.map((o) => o._id);
    expect(ids).toEqual(expect.arrayContaining([shippedOld._id, shippedNew._id]));
    expect(ids).not.toContain(pending._id);
    expect(ids.indexOf(shippedNew._id)).toBeLessThan(ids.indexOf(shippedOld._id));
    expect(res.json().results).toBe((await t.db.select().from(orders).where(eq(orders.status, 'shipped'))).length);
  });

  it("keeps a customer's list to their own orders of that status", async () => {
    const customer = await createAccount(t.db);
    const { order: kept } = await pendingOrder(customer);
    const { order: cancelled } = await pendingOrder(customer);
    expect((await cancel(customer, cancelled._id)).statusCode).toBe(200);
    await orderIn('cancelled');
    const res = await listOrders(customer, '?status=cancelled');
    expect(res.json().data.map((o: OrderJson) => o._id)).toEqual([cancelled._id]);
    expect((await listOrders(customer, '')).json().data.map((o: OrderJson) => o._id)).toEqual([cancelled._id, kept._id]);
  });

  it('refuses an unknown status with 400 in query and the Arabic message', async () => {
    const res = await listOrders(admin, '?status=lost');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ msg: MSG.statusInvalid, path: 'status', location: 'query' }] });
  });
});
