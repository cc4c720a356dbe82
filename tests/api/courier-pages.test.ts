/**
 * The admin pages' couriers forms, posted as a browser does (with and without JavaScript), against
 * the Bosta stand-in: an order handed to Bosta from its page, Bosta down, a customer refused, several
 * orders shipped from the list, the airway bills' PDF, the courier's cash recorded as paid out, and
 * the customer's profile showing the tracking number.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountDueCents, MSG, ORDER_STATUS_LABELS, PAGE_SIZE, toPounds } from '../../contracts/index.ts';
import { CourierError } from '../../core/couriers/courier.ts';
import { cashHeldByCouriers, createShipments } from '../../core/couriers/shipments.ts';
import { orders } from '../../db/schema.ts';
import { advanceOrderFixture, createAccount, createProductFixture, placeOrderFixture, type Account } from '../fixtures/factories.ts';
import { createBostaTestApp, moveDelivery, shipmentOf, type BostaTestApp } from '../helpers/bosta.ts';
import { buildWebApp } from '../helpers/web-build.ts';

let t: BostaTestApp;
let admin: Account;
let customer: Account;
beforeAll(async () => {
  t = await createBostaTestApp({ webBuildDir: await buildWebApp() });
  admin = await createAccount(t.db, 'admin', 'مدير الشحن');
  customer = await createAccount(t.db, 'user', 'منى عبد الله');
});
afterAll(() => t?.close());

/** A cash order of the customer's, placed and walked to `status`. */
async function orderAt(status: 'pending' | 'confirmed' = 'confirmed') {
  const product = await createProductFixture(t.db, t.images, { price: 200, quantity: 10 });
  const order = await placeOrderFixture(t.db, customer.user.id, [{ product, count: 1 }]);
  if (status !== 'pending') await advanceOrderFixture(t.db, order.id, status, admin);
  return order;
}

const headersOf = (who: Account, page: string, javascript = false) => ({
  host: new URL(t.storeUrl).host,
  origin: t.storeUrl,
  referer: `${t.storeUrl}${page}`,
  cookie: `token=${who.token}`,
  'content-type': 'application/x-www-form-urlencoded',
  // Without JavaScript the browser navigates; with it, React Router fetches the action's data.
  ...(javascript ? { accept: '*/*' } : { 'sec-fetch-mode': 'navigate', accept: 'text/html' }),
});

/** A form posted to an admin page: as a plain document post, or (`javascript`) as the hydrated page's fetch. */
function post(who: Account, page: string, fields: [string, string][], javascript = false) {
  return t.app.inject({ method: 'POST', url: javascript ? `${page}.data` : page, headers: headersOf(who, page, javascript), payload: new URLSearchParams(fields).toString() });
}

const get = (who: Account, url: string) => t.app.inject({ method: 'GET', url, headers: { host: new URL(t.storeUrl).host, cookie: `token=${who.token}` } });

const alertsOf = (html: string) => [...html.matchAll(/<p role="alert"[^>]*>([^<]*)<\/p>/g)].map((m) => m[1]);

async function statusOf(orderId: string) {
  const [row] = await t.db.select({ status: orders.status, isPaid: orders.isPaid }).from(orders).where(eq(orders.id, orderId));
  return row!;
}

const pageOf = (orderId: string) => `/admin/order-details/${orderId}`;

describe("an order's page", () => {
  it('hands a confirmed order to Bosta and shows its tracking number, its state and the airway bill', async () => {
    const order = await orderAt();
    const res = await post(admin, pageOf(order.id), [
      ['intent', 'ship'],
      ['orderId', order.id],
      ['allowOpenPackage', 'true'],
    ]);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe(pageOf(order.id));
    expect(await statusOf(order.id)).toMatchObject({ status: 'shipped' });
    const [shipment] = await shipmentOf(t.db, order.id);
    const sent = t.standIn.deliveries.find((d) => d.trackingNumber === shipment!.trackingNumber)!;
    expect(sent.body).toMatchObject({ allowToOpenPackage: true, cod: toPounds(amountDueCents(order)) });

    const page = await get(admin, pageOf(order.id));
    expect(page.body).toContain(`<bdi dir="ltr" class="break-all font-mono">${shipment!.trackingNumber}</bdi>`);
    expect(page.body).toContain('بانتظار الاستلام من المتجر');
    expect(page.body).toContain(`href="/admin/airway-bills?orderId=${order.id}"`);
    expect(page.body).not.toContain('شحن مع بوسطة');
    // The link opens the PDF (an Arabic page when Bosta cannot give it).
    const label = await get(admin, `/admin/airway-bills?orderId=${order.id}`);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
  });

  it('answers the hydrated page with the success message', async () => {
    const order = await orderAt();
    const res = await post(admin, pageOf(order.id), [
      ['intent', 'ship'],
      ['orderId', order.id],
    ], true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(MSG.shipmentCreated);
    expect(await statusOf(order.id)).toMatchObject({ status: 'shipped' });
    const [shipment] = await shipmentOf(t.db, order.id);
    expect(t.standIn.deliveries.find((d) => d.trackingNumber === shipment!.trackingNumber)!.body).toMatchObject({ allowToOpenPackage: false });
  });

  it('with Bosta down shows the Arabic message in the shipping panel and leaves the order confirmed', async () => {
    const order = await orderAt();
    t.standIn.setDown(true);
    try {
      const res = await post(admin, pageOf(order.id), [
        ['intent', 'ship'],
        ['orderId', order.id],
      ]);
      expect(res.statusCode).toBe(502);
      expect(alertsOf(res.body)).toEqual([MSG.courierDown]);
      // The form is still there to try again.
      expect(res.body).toContain('شحن مع بوسطة');
    } finally {
      t.standIn.setDown(false);
    }
    expect(await statusOf(order.id)).toMatchObject({ status: 'confirmed' });
    expect(await shipmentOf(t.db, order.id)).toEqual([]);
  });

  it('refuses a customer posting the admin form, and ships nothing', async () => {
    const order = await orderAt();
    const before = t.standIn.deliveries.length;
    const res = await post(customer, pageOf(order.id), [
      ['intent', 'ship'],
      ['orderId', order.id],
    ]);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(await statusOf(order.id)).toMatchObject({ status: 'confirmed' });
    expect(t.standIn.deliveries).toHaveLength(before);
  });

  it("records Bosta paying out the cash it collected, marking the order paid; the overview counts what Bosta still holds", async () => {
    const order = await orderAt();
    await post(admin, pageOf(order.id), [
      ['intent', 'ship'],
      ['orderId', order.id],
    ]);
    const [shipment] = await shipmentOf(t.db, order.id);
    const delivered = await moveDelivery(t.standIn, shipment!.trackingNumber!, 45);
    expect(delivered.status).toBe(200);
    expect(await statusOf(order.id)).toEqual({ status: 'delivered', isPaid: false });
    const due = toPounds(amountDueCents(order));
    const held = await cashHeldByCouriers(t.db);
    expect(held.amount).toBeGreaterThanOrEqual(due);

    const overview = await get(admin, '/admin');
    expect(overview.body).toContain('مبالغ لدى شركة الشحن');
    const page = await get(admin, pageOf(order.id));
    expect(page.body).toContain('تم التسليم');
    expect(page.body).toContain('تم استلام المبلغ من بوسطة');

    const res = await post(admin, pageOf(order.id), [
      ['intent', 'paid-out'],
      ['orderId', order.id],
    ]);
    expect(res.statusCode, res.body).toBe(302);
    expect(await statusOf(order.id)).toEqual({ status: 'delivered', isPaid: true });
    expect((await cashHeldByCouriers(t.db)).amount).toBe(held.amount - due);
    const after = await get(admin, pageOf(order.id));
    expect(after.body).toContain('تم الاستلام في');
    expect(after.body).not.toContain('تم استلام المبلغ من بوسطة');

    // A second record of the same payout changes nothing and says why.
    const again = await post(admin, pageOf(order.id), [
      ['intent', 'paid-out'],
      ['orderId', order.id],
    ]);
    expect(again.statusCode).toBe(409);
    expect(alertsOf(again.body)).toEqual([MSG.cashNotCollected]);
  });
});

describe('the orders list', () => {
  it('ships the chosen orders one after another, reporting the one refused with why', async () => {
    const confirmed = await orderAt();
    const pending = await orderAt('pending');
    const list = await get(admin, '/admin/manage-orders');
    const checkbox = (id: string) => `<input type="checkbox" form="bulk-shipments" class="size-5 accent-brand-600" name="orderId" value="${id}"/>`;
    expect(list.body).toContain(checkbox(confirmed.id));
    expect(list.body).not.toContain(checkbox(pending.id));

    const res = await post(admin, '/admin/manage-orders', [
      ['intent', 'ship-many'],
      ['orderId', confirmed.id],
      ['orderId', pending.id],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('تم شحن <bdi dir="ltr">1</bdi> من الطلبات المحددة مع بوسطة.');
    expect(res.body).toContain(`تعذر شحن <!-- -->طلب رقم <bdi dir="ltr">#<!-- -->${pending.number}</bdi>: <!-- -->${MSG.shipmentNeedsConfirmed}: ${ORDER_STATUS_LABELS.pending}`);
    expect(await statusOf(confirmed.id)).toMatchObject({ status: 'shipped' });
    expect(await statusOf(pending.id)).toMatchObject({ status: 'pending' });
    // The shipped order now shows its tracking number on the list.
    const [shipment] = await shipmentOf(t.db, confirmed.id);
    expect((await get(admin, '/admin/manage-orders')).body).toContain(shipment!.trackingNumber!);
  });

  it('once Bosta is out of reach, asks it no more and reports every order left as not sent with why', async () => {
    const orders = [await orderAt(), await orderAt(), await orderAt()];
    // Bosta away, counting how often it is asked: once, not once per order.
    let asked = 0;
    const away = {
      ...t.couriers,
      courier: {
        ...t.couriers.courier,
        createDelivery: async () => {
          asked++;
          throw new CourierError('create delivery: Bosta did not answer', 'unreachable', 'ECONNREFUSED');
        },
      },
    };
    const report = await createShipments(t.db, away, orders.map((o) => o.id), { id: admin.user.id, role: 'admin' });
    expect(asked).toBe(1);
    expect(report).toEqual({ shipped: 0, failed: orders.map((o) => ({ number: o.number, message: MSG.courierDown })) });
    for (const order of orders) expect(await statusOf(order.id)).toMatchObject({ status: 'confirmed' });
  });

  it('keeps the status filter on the links to the other pages', async () => {
    // A customer holds a few open orders at most: one order each.
    const product = await createProductFixture(t.db, t.images, { price: 200, quantity: 50 });
    for (let i = 0; i <= PAGE_SIZE; i++) await placeOrderFixture(t.db, (await createAccount(t.db)).user.id, [{ product, count: 1 }]);
    const page = await get(admin, '/admin/manage-orders?status=pending');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('href="/admin/manage-orders?status=pending&amp;page=2"');
    const second = await get(admin, '/admin/manage-orders?status=pending&page=2');
    expect(second.body).toContain('href="/admin/manage-orders?status=pending&amp;page=1"');
  });

  it('tells the admin to choose an order when none was', async () => {
    const res = await post(admin, '/admin/manage-orders', [['intent', 'ship-many']]);
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)).toEqual(['اختر طلباً واحداً على الأقل']);
  });

  it('prints the airway bills of the chosen orders as one PDF for an admin, and refuses a customer', async () => {
    const first = await orderAt();
    const second = await orderAt();
    await post(admin, '/admin/manage-orders', [
      ['intent', 'ship-many'],
      ['orderId', first.id],
      ['orderId', second.id],
    ]);
    const url = `/admin/airway-bills?orderId=${first.id}&orderId=${second.id}`;
    const res = await get(admin, url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const refused = await get(customer, url);
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe('/');

    // An order never handed to Bosta has no bill.
    const none = await get(admin, `/admin/airway-bills?orderId=${(await orderAt()).id}`);
    expect(none.statusCode).toBe(404);
    expect(none.body).toContain(MSG.shipmentNotFound);
  });
});

describe("the customer's profile", () => {
  it('shows the tracking number and the link to follow the shipment', async () => {
    const order = await orderAt();
    await post(admin, pageOf(order.id), [
      ['intent', 'ship'],
      ['orderId', order.id],
    ]);
    const [shipment] = await shipmentOf(t.db, order.id);
    const profile = await get(customer, '/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain(`<bdi dir="ltr" class="break-all font-mono font-semibold">${shipment!.trackingNumber}</bdi>`);
    expect(profile.body).toMatch(new RegExp(`<a href="[^"]*${shipment!.trackingNumber}[^"]*" target="_blank" rel="noopener"[^>]*>تتبع الشحنة`));
  });
});
