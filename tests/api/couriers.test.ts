import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountDueCents, MSG, toPounds } from '../../contracts/index.ts';
import { togglePaid } from '../../core/orders/order-lifecycle.ts';
import { cashHeldByCouriers, recordCashPaidOut } from '../../core/couriers/shipments.ts';
import { orders, orderStatusHistory } from '../../db/schema.ts';
import { BOSTA_STANDIN_SETTINGS } from '../../scripts/bosta-standin.ts';
import { advanceOrderFixture, createAccount, createProductFixture, placeOrderFixture, type Account } from '../fixtures/factories.ts';
import { createTestApp } from '../helpers/app.ts';
import { bostaCouriers, courierEventsOf, createBostaTestApp, moveDelivery, shipmentOf, WEBHOOK_PATH, type BostaTestApp } from '../helpers/bosta.ts';
import { ledgerOf, stockOf } from '../helpers/shop.ts';

let t: BostaTestApp;
let admin: Account;
beforeAll(async () => {
  t = await createBostaTestApp();
  admin = await createAccount(t.db, 'admin', 'مدير الشحن');
});
afterAll(() => t.close());

/** A cash order of two pieces, placed and walked to `status` (confirmed by default). */
async function orderAt(status: 'pending' | 'confirmed' | 'shipped' = 'confirmed') {
  const customer = await createAccount(t.db, 'user', 'منى عبد الله');
  const product = await createProductFixture(t.db, t.images, { price: 200, priceAfterDiscount: 149.5, quantity: 10 });
  const order = await placeOrderFixture(t.db, customer.user.id, [{ product, count: 2 }]);
  if (status !== 'pending') await advanceOrderFixture(t.db, order.id, status, admin);
  return { customer, product, order };
}

function ship(orderId: string, who: Account | null = admin, body: Record<string, unknown> = { courier: 'bosta' }) {
  return t.app.inject({ method: 'POST', url: `/api/v1/orders/${orderId}/shipments`, headers: who?.headers ?? {}, payload: body });
}

function webhook(body: unknown, headers: Record<string, string> = { authorization: BOSTA_STANDIN_SETTINGS.webhookSecret }) {
  return t.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers, payload: body as Record<string, unknown> });
}

async function statusOf(orderId: string) {
  const [row] = await t.db.select({ status: orders.status, isPaid: orders.isPaid }).from(orders).where(eq(orders.id, orderId));
  return row!;
}

describe('POST /api/v1/orders/{id}/shipments', () => {
  it('creates the delivery at Bosta with the amount due to collect, and moves the order to shipped', async () => {
    const { order, customer } = await orderAt();
    const res = await ship(order.id, admin, { courier: 'bosta', allowOpenPackage: true });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.status).toBe('shipped');
    expect(data.shipment).toEqual({
      courier: 'bosta',
      trackingNumber: expect.any(String),
      deliveryId: expect.any(String),
      state: 'created',
      trackingUrl: expect.stringContaining(data.shipment.trackingNumber),
      createdAt: expect.any(String),
      codAmount: 369,
      cashCollected: null,
      paidOutAt: null,
    });
    const sent = t.standIn.deliveries.find((d) => d.trackingNumber === data.shipment.trackingNumber)!;
    // 2 × 149.5 = 299, plus Giza's default 70.
    expect(sent.body).toMatchObject({
      type: 10,
      cod: toPounds(amountDueCents(order)),
      allowToOpenPackage: true,
      businessReference: String(order.number),
      receiver: { firstName: 'منى', lastName: 'عبد الله', phone: order.shippingAddress.phone },
      dropOffAddress: expect.objectContaining({ firstLine: order.shippingAddress.details }),
    });
    expect(sent.body.cod).toBe(369);
    // The customer sees the tracking number and link on their order.
    const mine = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: customer.headers });
    expect(mine.json().data.shipment.trackingNumber).toBe(data.shipment.trackingNumber);
    expect(mine.json().data.shipment.trackingUrl).toMatch(/^https:\/\//);
  });

  it("describes the package to Bosta, for its airway bill, by the order's lines: a coloured line with its colour and size, a line without colour with its size", async () => {
    const customer = await createAccount(t.db, 'user', 'هالة سمير');
    const coloured = await createProductFixture(t.db, t.images, {
      title: 'تيشيرت قطن ملون',
      colors: [
        { name: 'كحلي', hex: '#1f2a44', images: [] },
        { name: 'أسود', hex: '#111111', images: [] },
      ],
      stock: { كحلي: { m: 3, l: 3 }, أسود: { m: 3, l: 3 } },
    });
    const plain = await createProductFixture(t.db, t.images, { title: 'بنطلون قطن سادة', stock: { m: 3, l: 3 } });
    const order = await placeOrderFixture(t.db, customer.user.id, [
      { product: coloured, size: 'm', colorName: 'كحلي', count: 2 },
      { product: coloured, size: 'l', colorName: 'أسود' },
      { product: plain, size: 'l' },
    ]);
    await advanceOrderFixture(t.db, order.id, 'confirmed', admin);
    const res = await ship(order.id);
    expect(res.statusCode, res.body).toBe(201);
    const sent = t.standIn.deliveries.find((d) => d.trackingNumber === res.json().data.shipment.trackingNumber)!;
    expect(sent.body.specs).toEqual({
      packageDetails: {
        itemsCount: 4,
        description: `طلب رقم #${order.number}: بنطلون قطن سادة × 1 (مقاس L)، تيشيرت قطن ملون × 1 (لون أسود، مقاس L)، تيشيرت قطن ملون × 2 (لون كحلي، مقاس M)`,
      },
    });
  });

  it('asks Bosta to collect nothing for an order already paid', async () => {
    const { order } = await orderAt();
    await togglePaid(t.db, order.id);
    const res = await ship(order.id);
    expect(res.statusCode).toBe(201);
    const sent = t.standIn.deliveries.find((d) => d.trackingNumber === res.json().data.shipment.trackingNumber)!;
    expect(sent.body.cod).toBe(0);
  });

  it('refuses a second shipment of the same order with 409, Bosta asked once', async () => {
    const { order } = await orderAt();
    expect((await ship(order.id)).statusCode).toBe(201);
    const before = t.standIn.deliveries.length;
    const again = await ship(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.shipmentExists);
    expect(t.standIn.deliveries.length).toBe(before);
  });

  it('gives two admins shipping the same order at once one delivery: one 201, one 409', async () => {
    const { order } = await orderAt();
    const other = await createAccount(t.db, 'admin');
    const before = t.standIn.deliveries.length;
    const answers = await Promise.all([ship(order.id, admin), ship(order.id, other)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(t.standIn.deliveries.length).toBe(before + 1);
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.filter((h) => h.status === 'shipped')).toHaveLength(1);
  });

  it('refuses an order that is not confirmed with 409 naming its status, nothing sent', async () => {
    const { order } = await orderAt('pending');
    const before = t.standIn.deliveries.length;
    const res = await ship(order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`${MSG.shipmentNeedsConfirmed}: قيد المراجعة`);
    expect(t.standIn.deliveries.length).toBe(before);
    expect(await shipmentOf(t.db, order.id)).toHaveLength(0);
  });

  it('refuses a courier it does not know and a bad allowOpenPackage with 400 and the Arabic message', async () => {
    const { order } = await orderAt();
    const unknown = await ship(order.id, admin, { courier: 'aramex' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([expect.objectContaining({ msg: MSG.courierInvalid, path: 'courier' })]);
    const bad = await ship(order.id, admin, { courier: 'bosta', allowOpenPackage: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(await shipmentOf(t.db, order.id)).toHaveLength(0);
    expect((await statusOf(order.id)).status).toBe('confirmed');
  });

  it('is for admins only: a customer gets 403, no session 401, and an unknown order 404', async () => {
    const { order, customer } = await orderAt();
    expect((await ship(order.id, customer)).statusCode).toBe(403);
    expect((await ship(order.id, null)).statusCode).toBe(401);
    expect((await ship('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await shipmentOf(t.db, order.id)).toHaveLength(0);
  });

  it('answers 502 with the Arabic message when Bosta is down, keeping the order confirmed with nothing stored; it works once Bosta is back', async () => {
    const { order } = await orderAt();
    t.standIn.setDown(true);
    try {
      const res = await ship(order.id);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(MSG.courierDown);
    } finally {
      t.standIn.setDown(false);
    }
    expect((await statusOf(order.id)).status).toBe('confirmed');
    expect(await shipmentOf(t.db, order.id)).toHaveLength(0);
    expect((await ship(order.id)).statusCode).toBe(201);
  });

  it('answers 502 when Bosta does not answer in time', async () => {
    const { order } = await orderAt();
    t.standIn.setDown('hang');
    try {
      const res = await ship(order.id);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(MSG.courierDown);
    } finally {
      t.standIn.setDown(false);
    }
    expect((await statusOf(order.id)).status).toBe('confirmed');
  });

  it('answers 502 saying Bosta refused when the API key is wrong, the order still confirmed', async () => {
    const wrong = await createTestApp({ couriers: bostaCouriers(t.standIn.url, { apiKey: 'not-the-key' }) });
    try {
      const boss = await createAccount(wrong.db, 'admin');
      const customer = await createAccount(wrong.db);
      const product = await createProductFixture(wrong.db, wrong.images);
      const order = await placeOrderFixture(wrong.db, customer.user.id, [{ product }]);
      await advanceOrderFixture(wrong.db, order.id, 'confirmed', boss);
      const res = await wrong.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/shipments`, headers: boss.headers, payload: { courier: 'bosta' } });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(new RegExp(`^${MSG.courierRefused}`));
      expect(await shipmentOf(wrong.db, order.id)).toHaveLength(0);
    } finally {
      await wrong.close();
    }
  });

  it('is 409 saying Bosta is not set up while BOSTA_* is unset', async () => {
    const plain = await createTestApp();
    try {
      const boss = await createAccount(plain.db, 'admin');
      const customer = await createAccount(plain.db);
      const product = await createProductFixture(plain.db, plain.images);
      const order = await placeOrderFixture(plain.db, customer.user.id, [{ product }]);
      await advanceOrderFixture(plain.db, order.id, 'confirmed', boss);
      const res = await plain.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/shipments`, headers: boss.headers, payload: { courier: 'bosta' } });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MSG.couriersOff);
    } finally {
      await plain.close();
    }
  });
});

describe('GET /api/v1/orders/{id}/shipments/label', () => {
  it("gives the admin the courier's airway bill as a PDF", async () => {
    const { order } = await orderAt();
    const shipped = (await ship(order.id)).json().data;
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}/shipments/label`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toContain(shipped.shipment.trackingNumber);
  });

  it('is 404 for an order never shipped with a courier, 403 for a customer', async () => {
    const { order, customer } = await orderAt();
    const none = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}/shipments/label`, headers: admin.headers });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(MSG.shipmentNotFound);
    const theirs = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}/shipments/label`, headers: customer.headers });
    expect(theirs.statusCode).toBe(403);
  });
});

describe('POST /api/v1/couriers/bosta/webhook', () => {
  async function shippedOrder() {
    const placed = await orderAt();
    const res = await ship(placed.order.id);
    expect(res.statusCode).toBe(201);
    return { ...placed, trackingNumber: res.json().data.shipment.trackingNumber as string };
  }

  it('moves the order to delivered on Bosta delivering it, and records the cash collected until it is paid out', async () => {
    const { order, trackingNumber } = await shippedOrder();
    const held = await cashHeldByCouriers(t.db);
    expect((await moveDelivery(t.standIn, trackingNumber, 21)).status).toBe(200);
    expect((await statusOf(order.id)).status).toBe('shipped');
    expect((await shipmentOf(t.db, order.id))[0]!.state).toBe('in_transit');

    expect((await moveDelivery(t.standIn, trackingNumber, 45, 369)).status).toBe(200);
    expect(await statusOf(order.id)).toEqual({ status: 'delivered', isPaid: false });
    const [shipment] = await shipmentOf(t.db, order.id);
    expect(shipment).toMatchObject({ state: 'delivered', stateCode: '45', cashCollected: 369, paidOutAt: null });
    expect(await cashHeldByCouriers(t.db)).toEqual({ amount: held.amount + 369, orders: held.orders + 1 });

    // Staff record Bosta paying the cash out: the order is paid, and the cash no longer held.
    expect(await recordCashPaidOut(t.db, [order.id])).toBe(1);
    expect(await recordCashPaidOut(t.db, [order.id])).toBe(0);
    expect(await statusOf(order.id)).toEqual({ status: 'delivered', isPaid: true });
    expect(await cashHeldByCouriers(t.db)).toEqual(held);
  });

  it('moves the order to refused when Bosta returns it to the shop, its pieces back exactly once however often the event comes', async () => {
    const { order, product, trackingNumber } = await shippedOrder();
    expect(await stockOf(t.db, product.id)).toBe(8);
    const first = await moveDelivery(t.standIn, trackingNumber, 46);
    expect(first.status).toBe(200);
    expect((await statusOf(order.id)).status).toBe('refused');
    expect(await stockOf(t.db, product.id)).toBe(10);
    // Bosta sends the same event again: stored once, nothing more changes.
    expect((await webhook(first.payload)).statusCode).toBe(200);
    expect(await stockOf(t.db, product.id)).toBe(10);
    expect((await ledgerOf(t.db, product.id)).filter((m) => m.reason === 'refused')).toHaveLength(1);
    expect(await courierEventsOf(t.db, trackingNumber)).toEqual([expect.objectContaining({ stateCode: '46', outcome: 'applied', orderId: order.id })]);
  });

  it('refuses a forged webhook with 401 and changes and stores nothing', async () => {
    const { order, trackingNumber } = await shippedOrder();
    const body = { _id: 'x', trackingNumber, state: 45, cod: 369, timeStamp: Date.now(), type: 'SEND' };
    for (const headers of [{}, { authorization: 'guess' }, { authorization: `${BOSTA_STANDIN_SETTINGS.webhookSecret}x` }, { 'x-other': BOSTA_STANDIN_SETTINGS.webhookSecret }]) {
      const res = await webhook(body, headers as Record<string, string>);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.courierSignatureInvalid);
    }
    expect((await statusOf(order.id)).status).toBe('shipped');
    expect(await courierEventsOf(t.db, trackingNumber)).toHaveLength(0);
  });

  it('reads the delivery back before a final state: an event saying delivered that Bosta does not confirm moves nothing', async () => {
    const { order, trackingNumber } = await shippedOrder();
    const res = await webhook({ _id: 'x', trackingNumber, state: 45, cod: 369, timeStamp: Date.now(), type: 'SEND' });
    expect(res.statusCode).toBe(200);
    expect((await statusOf(order.id)).status).toBe('shipped');
    expect((await shipmentOf(t.db, order.id))[0]!.state).toBe('created');
  });

  it('answers 503 when Bosta cannot be read back, so Bosta sends the event again, which is then applied', async () => {
    const { order, trackingNumber } = await shippedOrder();
    t.standIn.setDown(true);
    let payload: Record<string, unknown>;
    try {
      const moved = await moveDelivery(t.standIn, trackingNumber, 45);
      expect(moved.status).toBe(503);
      payload = moved.payload;
    } finally {
      t.standIn.setDown(false);
    }
    expect((await statusOf(order.id)).status).toBe('shipped');
    expect((await webhook(payload)).statusCode).toBe(200);
    expect((await statusOf(order.id)).status).toBe('delivered');
  });

  it('stores an event for an unknown tracking number and applies it to nothing', async () => {
    const res = await webhook({ _id: 'nobody', trackingNumber: '9999999999', state: 41, timeStamp: Date.now(), type: 'SEND' });
    expect(res.statusCode).toBe(200);
    expect(await courierEventsOf(t.db, '9999999999')).toEqual([expect.objectContaining({ outcome: 'unknown', orderId: null })]);
  });

  it('refuses a body that is not a Bosta delivery event with 400', async () => {
    const res = await webhook({ hello: 'world' });
    expect(res.statusCode).toBe(400);
  });

  it("leaves an order the admin cancelled as cancelled when Bosta's delivered event arrives after, and cancels the delivery at Bosta", async () => {
    const { order, product, trackingNumber } = await shippedOrder();
    const cancel = await t.app.inject({ method: 'PUT', url: `/api/v1/orders/${order.id}/status`, headers: admin.headers, payload: { status: 'cancelled' } });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data.shipment.state).toBe('cancelled');
    expect(t.standIn.deliveries.find((d) => d.trackingNumber === trackingNumber)!.stateCode).toBe(48);
    expect(await stockOf(t.db, product.id)).toBe(10);

    // The courier's event raced the cancellation: it changes nothing, and the stock is not returned twice.
    await webhook({ _id: 'late', trackingNumber, state: 45, timeStamp: Date.now(), type: 'SEND' });
    expect((await statusOf(order.id)).status).toBe('cancelled');
    expect(await stockOf(t.db, product.id)).toBe(10);
  });
});

describe("the courier's cash in the API", () => {
  function get(url: string, who: Account | null) {
    return t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
  }

  it("shows an admin the cash asked for, collected and paid out on the order, and GET /couriers/cash the cash not yet paid out; the customer sees none of it", async () => {
    const { order, customer } = await orderAt();
    const trackingNumber = (await ship(order.id)).json().data.shipment.trackingNumber as string;
    const before = (await get('/api/v1/couriers/cash', admin)).json().data as { amount: number; orders: number };

    const shipped = (await get(`/api/v1/orders/${order.id}`, admin)).json().data.shipment;
    expect(shipped).toMatchObject({ trackingNumber, codAmount: 369, cashCollected: null, paidOutAt: null });

    expect((await moveDelivery(t.standIn, trackingNumber, 45, 369)).status).toBe(200);
    expect((await get(`/api/v1/orders/${order.id}`, admin)).json().data.shipment).toMatchObject({ codAmount: 369, cashCollected: 369, paidOutAt: null });
    const held = await get('/api/v1/couriers/cash', admin);
    expect(held.statusCode).toBe(200);
    expect(held.json()).toEqual({ data: { amount: before.amount + 369, orders: before.orders + 1 } });
    const listed = (await get('/api/v1/orders?limit=100', admin)).json().data.find((o: { _id: string }) => o._id === order.id);
    expect(listed.shipment).toMatchObject({ codAmount: 369, cashCollected: 369 });

    // The customer's own order keeps the tracking number and link, not the shop's cash.
    const own = (await get(`/api/v1/orders/${order.id}`, customer)).json().data.shipment;
    expect(own).toMatchObject({ trackingNumber });
    expect(own).not.toHaveProperty('codAmount');
    expect(own).not.toHaveProperty('cashCollected');
    expect(own).not.toHaveProperty('paidOutAt');

    expect(await recordCashPaidOut(t.db, [order.id])).toBe(1);
    const paidOut = (await get(`/api/v1/orders/${order.id}`, admin)).json().data.shipment;
    expect(Date.parse(paidOut.paidOutAt)).not.toBeNaN();
    expect((await get('/api/v1/couriers/cash', admin)).json()).toEqual({ data: before });
  });

  it('GET /couriers/cash is for admins only: a customer gets 403, no session 401', async () => {
    const customer = await createAccount(t.db, 'user', 'سامح');
    const refused = await get('/api/v1/couriers/cash', customer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.forbidden);
    expect((await get('/api/v1/couriers/cash', null)).statusCode).toBe(401);
  });
});

describe('the same webhook posted twice at once', () => {
  it('moves the order once and returns the pieces once', async () => {
    const { order, product } = await orderAt();
    const trackingNumber = (await ship(order.id)).json().data.shipment.trackingNumber as string;
    // The first post could not be finished (Bosta away when read back); Bosta's retry then arrives twice at the same moment.
    t.standIn.setDown(true);
    let payload: Record<string, unknown>;
    try {
      const moved = await moveDelivery(t.standIn, trackingNumber, 46);
      expect(moved.status).toBe(503);
      payload = moved.payload;
    } finally {
      t.standIn.setDown(false);
    }
    expect((await statusOf(order.id)).status).toBe('shipped');
    const answers = await Promise.all([webhook(payload), webhook(payload)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await statusOf(order.id)).status).toBe('refused');
    expect(await stockOf(t.db, product.id)).toBe(10);
    expect((await ledgerOf(t.db, product.id)).filter((m) => m.reason === 'refused')).toHaveLength(1);
    expect(await courierEventsOf(t.db, trackingNumber)).toEqual([expect.objectContaining({ outcome: 'applied' })]);
  });
});
