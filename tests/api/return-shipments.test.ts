/**
 * A return collected by Bosta (API.md "Additions: returns and exchanges", Courier): an approved
 * return becomes a customer return pickup (type 25) or, with an exchange line, an exchange visit
 * (type 30) at the Bosta stand-in; asked once; nothing stored when Bosta refuses or is away; and
 * Bosta's webhook records the pickup's states without touching the order or stock.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { RETURN_STATUS_LABELS } from '../../contracts/returns.ts';
import { BOSTA_EGYPT_COUNTRY_ID } from '../../core/couriers/bosta.ts';
import { orderItems, orders, returnShipments } from '../../db/schema.ts';
import { BOSTA_STANDIN_SETTINGS } from '../../scripts/bosta-standin.ts';
import { advanceOrderFixture, createAccount, createProductFixture, placeOrderFixture, UNKNOWN_ID, type Account } from '../fixtures/factories.ts';
import { courierEventsOf, createBostaTestApp, moveDelivery, WEBHOOK_PATH, type BostaTestApp } from '../helpers/bosta.ts';
import { ledgerOf, sizeStockOf } from '../helpers/shop.ts';

let t: BostaTestApp;
let admin: Account;
beforeAll(async () => {
  t = await createBostaTestApp();
  admin = await createAccount(t.db, 'admin', 'هبة المرتجعات');
});
afterAll(() => t.close());

afterEach(async () => {
  t.standIn.setDown(false);
  expect((await inject('PUT', '/returns/settings', admin, { returnShippingFee: 0 })).statusCode).toBe(200);
});

interface ReturnJson {
  _id: string;
  id: number;
  status: string;
  shipment: Record<string, unknown> | null;
  [field: string]: unknown;
}

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, account: Account | null, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: account?.headers ?? {}, ...(payload !== undefined && { payload: payload as Record<string, unknown> }) });
const collect = (id: string, who: Account | null = admin, body: unknown = { courier: 'bosta' }) => inject('POST', `/returns/${id}/shipments`, who, body);
const pickupRows = (returnId: string) => t.db.select().from(returnShipments).where(eq(returnShipments.returnId, returnId));
const sentFor = (trackingNumber: unknown) => t.standIn.deliveries.find((d) => d.trackingNumber === trackingNumber)!;

async function readReturn(id: string, who: Account = admin): Promise<ReturnJson> {
  const res = await inject('GET', `/returns/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function orderStatusOf(orderId: string) {
  const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row!.status;
}

/**
 * A customer's delivered order of two pieces of m (stock m 5, l 5 before it), and a return of
 * one piece asked by the customer (defective unless given; `exchangeSize` makes it an exchange),
 * approved by staff unless `approve` is false.
 */
async function aReturn(line: { reason?: string; exchangeSize?: string } = {}, approve = true) {
  const customer = await createAccount(t.db, 'user', 'منى عبد الله');
  const product = await createProductFixture(t.db, t.images, { stock: { m: 5, l: 5 } });
  const order = await placeOrderFixture(t.db, customer.user.id, [{ product, count: 2, size: 'm' }]);
  await advanceOrderFixture(t.db, order.id, 'delivered', admin);
  const [item] = await t.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, order.id));
  const asked = await inject('POST', `/orders/${order.id}/returns`, customer, { lines: [{ lineId: item!.id, count: 1, reason: line.reason ?? 'defective', ...(line.exchangeSize && { exchangeSize: line.exchangeSize }) }] });
  expect(asked.statusCode, asked.body).toBe(201);
  const ret = asked.json().data as ReturnJson;
  if (approve) expect((await inject('PUT', `/returns/${ret._id}/status`, admin, { status: 'approved' })).statusCode).toBe(200);
  return { customer, product, order, ret };
}

describe('POST /api/v1/returns/{id}/shipments', () => {
  it("asks Bosta for a customer return pickup (type 25) from the order's address when no line is an exchange, collecting nothing", async () => {
    const { customer, product, order, ret } = await aReturn();
    const res = await collect(ret._id);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as ReturnJson;
    expect(data.status).toBe('approved');
    expect(data.shipment).toEqual({
      courier: 'bosta',
      trackingNumber: expect.any(String),
      deliveryId: expect.any(String),
      state: 'created',
      trackingUrl: expect.stringContaining(data.shipment!.trackingNumber as string),
      createdAt: expect.any(String),
      codAmount: 0,
    });

    const sent = sentFor(data.shipment!.trackingNumber).body;
    expect(sent).toMatchObject({
      type: 25,
      cod: 0,
      businessReference: `R-${ret.id}`,
      uniqueBusinessReference: `R-${ret.id}`,
      receiver: { firstName: 'منى', lastName: 'عبد الله', phone: order.shippingAddress.phone },
      // Bosta collects at the customer's address: pickupAddress for a CRP.
      pickupAddress: expect.objectContaining({ city: 'Cairo', districtId: expect.any(String), firstLine: order.shippingAddress.details }),
    });
    expect(sent.dropOffAddress).toBeUndefined();
    const collected = { packageDetails: { itemsCount: 1, description: `${MSG.returnNumberPrefix} #${ret.id}: ${product.title} × 1 (مقاس M)` } };
    expect(sent.specs).toEqual(collected);
    expect(sent.returnSpecs).toEqual(collected);

    // The customer sees the pickup on their return; the order itself is unchanged.
    expect((await readReturn(ret._id, customer)).shipment).toEqual(data.shipment);
    expect(await orderStatusOf(order.id)).toBe('delivered');
  });

  it('asks Bosta for an exchange (type 30) when a line is one: the new pieces delivered to the customer, the old collected, and the return shipping fee to collect', async () => {
    expect((await inject('PUT', '/returns/settings', admin, { returnShippingFee: 30 })).statusCode).toBe(200);
    const { product, order, ret } = await aReturn({ reason: 'size', exchangeSize: 'l' });
    expect(ret.shippingFee).toBe(30);
    const res = await collect(ret._id);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as ReturnJson;
    expect(data.shipment).toMatchObject({ courier: 'bosta', state: 'created', codAmount: 30 });

    const sent = sentFor(data.shipment!.trackingNumber).body;
    expect(sent).toMatchObject({
      type: 30,
      cod: 30,
      businessReference: `R-${ret.id}`,
      receiver: { firstName: 'منى', lastName: 'عبد الله', phone: order.shippingAddress.phone },
      // Bosta delivers to the customer's address: dropOffAddress for an exchange.
      dropOffAddress: expect.objectContaining({ city: 'Cairo', districtId: expect.any(String), firstLine: order.shippingAddress.details }),
      specs: { packageDetails: { itemsCount: 1, description: `${MSG.exchangeNumberPrefix} #${ret.id}: ${product.title} × 1 (مقاس L)` } },
      returnSpecs: { packageDetails: { itemsCount: 1, description: `${MSG.returnNumberPrefix} #${ret.id}: ${product.title} × 1 (مقاس M)` } },
    });
    expect(sent.pickupAddress).toBeUndefined();
  });

  it('takes the fee once on a return that mixes an exchange and a refund: off the refund, nothing at the door', async () => {
    expect((await inject('PUT', '/returns/settings', admin, { returnShippingFee: 30 })).statusCode).toBe(200);
    const customer = await createAccount(t.db, 'user', 'منى عبد الله');
    const product = await createProductFixture(t.db, t.images, { stock: { m: 5, l: 5 } });
    const order = await placeOrderFixture(t.db, customer.user.id, [
      { product, count: 1, size: 'm' },
      { product, count: 1, size: 'l' },
    ]);
    await advanceOrderFixture(t.db, order.id, 'delivered', admin);
    const items = await t.db.select({ id: orderItems.id, size: orderItems.size }).from(orderItems).where(eq(orderItems.orderId, order.id));
    const m = items.find((i) => i.size === 'm')!;
    const l = items.find((i) => i.size === 'l')!;
    const asked = await inject('POST', `/orders/${order.id}/returns`, customer, {
      lines: [
        { lineId: m.id, count: 1, reason: 'size', exchangeSize: 'l' },
        { lineId: l.id, count: 1, reason: 'size' },
      ],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const ret = asked.json().data as ReturnJson & { refundAmount: number; lines: { paidPrice: number; exchangeSize: string | null }[] };
    const refunded = ret.lines.find((line) => line.exchangeSize === null)!.paidPrice;
    expect(refunded).toBeGreaterThan(30);
    expect(ret.refundAmount).toBeCloseTo(refunded - 30, 2);
    expect((await inject('PUT', `/returns/${ret._id}/status`, admin, { status: 'approved' })).statusCode).toBe(200);

    const res = await collect(ret._id);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as ReturnJson;
    expect(data.shipment).toMatchObject({ codAmount: 0 });
    expect(sentFor(data.shipment!.trackingNumber).body).toMatchObject({ type: 30, cod: 0 });
  });

  it('refuses a second call with 409, Bosta asked once; two admins at the same moment get one pickup', async () => {
    const { ret } = await aReturn();
    const before = t.standIn.deliveries.length;
    expect((await collect(ret._id)).statusCode).toBe(201);
    const again = await collect(ret._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 'fail', message: MSG.returnShipmentExists });
    expect(t.standIn.deliveries.length).toBe(before + 1);

    const racing = await aReturn();
    const answers = await Promise.all([collect(racing.ret._id), collect(racing.ret._id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(t.standIn.deliveries.length).toBe(before + 2);
    expect(await pickupRows(racing.ret._id)).toHaveLength(1);
  });

  it('refuses a return that is not approved with 409 naming its status, Bosta not asked', async () => {
    const { ret } = await aReturn({}, false);
    const before = t.standIn.deliveries.length;
    const res = await collect(ret._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`${MSG.returnShipmentNeedsApproved}: ${RETURN_STATUS_LABELS.requested}`);
    expect(t.standIn.deliveries.length).toBe(before);
    expect(await pickupRows(ret._id)).toEqual([]);
  });

  it('answers 502 with nothing stored when Bosta refuses the pickup, and asks again once the address is one Bosta takes', async () => {
    const { order, ret } = await aReturn();
    // Bosta refuses an address line of 5 characters or fewer ("Format Bosta Address").
    await t.db.update(orders).set({ shippingDetails: 'شارع' }).where(eq(orders.id, order.id));
    const res = await collect(ret._id);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(new RegExp(`^${MSG.returnCourierRefused}`));
    expect(await pickupRows(ret._id)).toEqual([]);
    expect((await readReturn(ret._id)).shipment).toBeNull();

    await t.db.update(orders).set({ shippingDetails: '5 شارع النيل، الدور الثالث' }).where(eq(orders.id, order.id));
    expect((await collect(ret._id)).statusCode).toBe(201);
  });

  it('answers 502 with nothing stored when Bosta does not answer', async () => {
    const { ret } = await aReturn();
    t.standIn.setDown(true);
    const res = await collect(ret._id);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(MSG.returnCourierDown);
    expect(await pickupRows(ret._id)).toEqual([]);
    expect((await readReturn(ret._id)).shipment).toBeNull();
  });

  it('is for admins only: the customer gets 403, no session 401, an unknown return 404, an unknown courier 400', async () => {
    const { customer, ret } = await aReturn();
    expect((await collect(ret._id, customer)).statusCode).toBe(403);
    expect((await collect(ret._id, null)).statusCode).toBe(401);
    expect((await collect(UNKNOWN_ID)).statusCode).toBe(404);
    const unknown = await collect(ret._id, admin, { courier: 'aramex' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].msg).toBe(MSG.courierInvalid);
    expect(await pickupRows(ret._id)).toEqual([]);
  });

  it('cancels the pickup at Bosta when staff cancel the approved return before Bosta collects it', async () => {
    const { ret } = await aReturn();
    const trackingNumber = (await collect(ret._id)).json().data.shipment.trackingNumber;
    const res = await inject('PUT', `/returns/${ret._id}/status`, admin, { status: 'cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', shipment: { trackingNumber, state: 'cancelled' } });
    expect(sentFor(trackingNumber).stateCode).toBe(48);
  });
});

describe("Bosta's webhook for a return's pickup", () => {
  it("records the pickup's states on the return, and changes neither the order nor stock, however often an event comes", async () => {
    const { product, order, ret } = await aReturn();
    const trackingNumber = (await collect(ret._id)).json().data.shipment.trackingNumber as string;
    const stock = await sizeStockOf(t.db, product.id);
    const ledger = await ledgerOf(t.db, product.id);

    // Picked up from the customer.
    expect((await moveDelivery(t.standIn, trackingNumber, 23)).status).toBe(200);
    expect((await readReturn(ret._id)).shipment).toMatchObject({ trackingNumber, state: 'in_transit' });

    // Back with the shop: a final state, read back from Bosta before it is recorded.
    const back = await moveDelivery(t.standIn, trackingNumber, 46);
    expect(back.status).toBe(200);
    expect(back.payload.type).toBe('CUSTOMER_RETURN_PICKUP');
    const read = await readReturn(ret._id);
    expect(read).toMatchObject({ status: 'approved', shipment: { trackingNumber, state: 'returned' } });
    expect((await pickupRows(ret._id))[0]).toMatchObject({ state: 'returned', stateCode: '46' });

    // Bosta sends the same event again: stored once, nothing more changes.
    const again = await t.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers: { authorization: BOSTA_STANDIN_SETTINGS.webhookSecret }, payload: back.payload });
    expect(again.statusCode).toBe(200);
    expect(await courierEventsOf(t.db, trackingNumber)).toEqual([
      expect.objectContaining({ stateCode: '23', outcome: 'applied', orderId: null }),
      expect.objectContaining({ stateCode: '46', outcome: 'applied', orderId: null }),
    ]);

    expect(await orderStatusOf(order.id)).toBe('delivered');
    expect(await sizeStockOf(t.db, product.id)).toEqual(stock);
    expect(await ledgerOf(t.db, product.id)).toEqual(ledger);
  });
});

describe('the Bosta stand-in', () => {
  it('refuses, as Bosta documents, a customer return pickup without the customer\'s pickupAddress and an exchange without dropOffAddress', async () => {
    const city = (await (await fetch(`${t.standIn.url}/api/v2/cities/getAllDistricts?countryId=${BOSTA_EGYPT_COUNTRY_ID}`)).json()).data[0];
    const address = { city: city.cityName, districtId: city.districts[0].districtId, firstLine: '5 شارع النيل' };
    const create = (body: Record<string, unknown>) =>
      fetch(`${t.standIn.url}/api/v2/deliveries?apiVersion=1`, {
        method: 'POST',
        headers: { Authorization: BOSTA_STANDIN_SETTINGS.apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ receiver: { firstName: 'منى', phone: '01012345678' }, cod: 0, ...body }),
      });
    const crp = await create({ type: 25, dropOffAddress: address });
    expect(crp.status).toBe(400);
    expect((await crp.json()).message).toBe('pickupAddress is required.');
    const exchange = await create({ type: 30, pickupAddress: address });
    expect(exchange.status).toBe(400);
    expect((await exchange.json()).message).toBe('dropOffAddress is required.');
    expect((await create({ type: 15, dropOffAddress: address })).status).toBe(400);
    expect((await create({ type: 25, pickupAddress: address })).status).toBe(201);
  });
});
