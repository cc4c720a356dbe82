/**
 * The return screens posted as a browser does without JavaScript: the customer's request form on
 * /profile/return/{orderId} (a refusal in Arabic with the choices kept and nothing stored, a
 * request that lands on /profile), cancelling it from /profile, someone else's order not found;
 * /admin/returns and a return's page for staff only, approving from the page, the settings form
 * refusing a bad window.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { readReturnSettings } from '../../core/returns/return-settings.ts';
import { returnLines, returns } from '../../db/schema.ts';
import { advanceOrderFixture, createAccount, createProductFixture, placeOrderFixture, type Account } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { buildWebApp } from '../helpers/web-build.ts';

const STORE = 'http://localhost:3000';
const host = new URL(STORE).host;
let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp({ webBuildDir: await buildWebApp(), storeUrl: STORE });
  admin = await createAccount(t.db, 'admin', 'مدير المرتجعات');
});
afterAll(() => t?.close());

function post(who: Account | null, page: string, fields: [string, string][]) {
  return t.app.inject({
    method: 'POST',
    url: page,
    headers: {
      host,
      origin: STORE,
      referer: `${STORE}${page}`,
      ...(who && { cookie: `token=${who.token}` }),
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-mode': 'navigate',
      accept: 'text/html',
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

const get = (who: Account | null, url: string) => t.app.inject({ method: 'GET', url, headers: { host, ...(who && { cookie: `token=${who.token}` }), accept: 'text/html' } });

const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

async function deliveredOrder() {
  const customer = await createAccount(t.db, 'user', 'ياسمين علي');
  const product = await createProductFixture(t.db, t.images, { title: 'بنطلون جينز أزرق', stock: { m: 4, l: 2 } });
  const order = await placeOrderFixture(t.db, customer.user.id, [{ product, count: 2, size: 'm' }]);
  await advanceOrderFixture(t.db, order.id, 'delivered', admin);
  return { customer, product, order, lineId: order.lines[0]!.id };
}

const returnsOf = (orderId: string) => t.db.select().from(returns).where(eq(returns.orderId, orderId));

describe("the customer's request form", () => {
  it('offers the lines of a delivered order with its last day, and someone else’s order is not found', async () => {
    const { customer, order } = await deliveredOrder();
    const page = await get(customer, `/profile/return/${order.id}`);
    expect(page.statusCode).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain('بنطلون جينز أزرق');
    expect(text).toContain('يمكنك الإرجاع أو الاستبدال حتى');
    expect(text).toContain('استبدال: مقاس L');
    expect(textOf((await get(customer, '/profile')).body)).toContain('إرجاع أو استبدال');

    const stranger = await createAccount(t.db, 'user', 'غريب');
    expect((await get(stranger, `/profile/return/${order.id}`)).statusCode).toBe(404);
    const guest = await get(null, `/profile/return/${order.id}`);
    expect(guest.statusCode).toBe(302);
    expect(guest.headers.location).toMatch(/^\/login/);
  });

  it('refuses a line without a reason in Arabic, keeps the choices, and stores nothing', async () => {
    const { customer, order, lineId } = await deliveredOrder();
    const refused = await post(customer, `/profile/return/${order.id}`, [
      ['lineId', lineId],
      [`count-${lineId}`, '1'],
      [`reason-${lineId}`, ''],
      [`exchange-${lineId}`, '|l'],
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(MSG.returnReasonInvalid);
    // The count chosen is still chosen.
    expect(refused.body).toMatch(/<option value="1" selected="">1<\/option>/);
    expect(await returnsOf(order.id)).toHaveLength(0);
  });

  it('asks an exchange of one M for an L, lands on /profile with it, and the customer cancels it there', async () => {
    const { customer, order, lineId } = await deliveredOrder();
    const asked = await post(customer, `/profile/return/${order.id}`, [
      ['lineId', lineId],
      [`count-${lineId}`, '1'],
      [`reason-${lineId}`, 'size'],
      [`exchange-${lineId}`, '|l'],
      ['note', ''],
    ]);
    expect(asked.statusCode, asked.body.slice(0, 300)).toBe(302);
    const [stored] = await returnsOf(order.id);
    expect(stored).toMatchObject({ status: 'requested' });
    expect(asked.headers.location).toBe(`/profile?return=${stored!.number}#returns`);
    const [line] = await t.db.select().from(returnLines).where(eq(returnLines.returnId, stored!.id));
    expect(line).toMatchObject({ count: 1, reason: 'size', exchangeSize: 'l' });

    const profile = textOf((await get(customer, asked.headers.location as string)).body);
    expect(profile).toContain(`طلب إرجاع رقم #${stored!.number}`);
    expect(profile).toContain('قيد المراجعة');
    expect(profile).toContain('استبدال: مقاس L');

    // Another customer cannot cancel it.
    const stranger = await createAccount(t.db, 'user', 'غريب');
    await post(stranger, '/profile', [
      ['intent', 'cancel-return'],
      ['returnId', stored!.id],
    ]);
    expect((await returnsOf(order.id))[0]!.status).toBe('requested');

    const cancelled = await post(customer, '/profile', [
      ['intent', 'cancel-return'],
      ['returnId', stored!.id],
    ]);
    expect(cancelled.statusCode).toBe(302);
    expect(cancelled.headers.location).toBe(`/profile?returnCancelled=${stored!.number}#return-${stored!.number}`);
    expect((await returnsOf(order.id))[0]!.status).toBe('cancelled');
    expect(textOf((await get(customer, cancelled.headers.location as string)).body)).toContain(MSG.returnCancelled);
  });
});

describe("staff's screens", () => {
  it('are for staff only, list the return, and approve it from its page', async () => {
    const { customer, order, lineId } = await deliveredOrder();
    await post(customer, `/profile/return/${order.id}`, [
      ['lineId', lineId],
      [`count-${lineId}`, '2'],
      [`reason-${lineId}`, 'defective'],
    ]);
    const [stored] = await returnsOf(order.id);

    const asCustomer = await get(customer, '/admin/returns');
    expect(asCustomer.statusCode).toBe(302);
    expect(asCustomer.headers.location).toBe('/');
    const refused = await post(customer, `/admin/returns/${stored!.id}`, [
      ['intent', 'status'],
      ['status', 'approved'],
    ]);
    expect(refused.statusCode).toBe(302);
    expect((await returnsOf(order.id))[0]!.status).toBe('requested');

    const list = textOf((await get(admin, '/admin/returns?status=requested')).body);
    expect(list).toContain(`مرتجع #${stored!.number}`);
    expect(list).toContain('ياسمين علي');

    const approved = await post(admin, `/admin/returns/${stored!.id}`, [
      ['intent', 'status'],
      ['status', 'approved'],
    ]);
    expect(approved.statusCode).toBeLessThan(400);
    expect((await returnsOf(order.id))[0]!.status).toBe('approved');
    const page = textOf((await get(admin, `/admin/returns/${stored!.id}`)).body);
    expect(page).toContain('تمت الموافقة');
    expect(page).toContain('تسجيل الاستلام');
  });

  it('refuses a window of 0 days in Arabic and keeps the settings', async () => {
    const before = await readReturnSettings(t.db);
    const refused = await post(admin, '/admin/returns', [
      ['windowDays', '0'],
      ['returnShippingFee', '20'],
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(MSG.returnWindowInvalid);
    expect(await readReturnSettings(t.db)).toEqual(before);

    const saved = await post(admin, '/admin/returns', [
      ['windowDays', '21'],
      ['returnShippingFee', '25'],
    ]);
    expect(saved.statusCode).toBeLessThan(400);
    expect(await readReturnSettings(t.db)).toEqual({ windowDays: 21, returnShippingFee: 25 });
  });
});
