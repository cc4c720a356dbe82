/**
 * The WhatsApp messages on the pages, posted as a browser does (with and without JavaScript):
 * the admin's messages page (what needs looking at first, every message on the other tab,
 * "send again", the per-kind switches, WhatsApp not connected), the order's page, a customer
 * refused, and the customer's own switch on /profile.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_KIND_LABELS, MESSAGE_STATUS_LABELS, MSG, ORDER_MESSAGE_KINDS } from '../../contracts/index.ts';
import { useWhatsApp } from '../../core/messages/outbox.ts';
import { messageKindSettings, users, whatsappMessages } from '../../db/schema.ts';
import { createAccount, createProductFixture, placeOrderFixture, type Account } from '../fixtures/factories.ts';
import { createWhatsAppTestApp, messagesOf, type WhatsAppTestApp } from '../helpers/whatsapp.ts';
import { buildWebApp } from '../helpers/web-build.ts';

let t: WhatsAppTestApp;
let admin: Account;
let customer: Account;
beforeAll(async () => {
  t = await createWhatsAppTestApp({ webBuildDir: await buildWebApp() });
  admin = await createAccount(t.db, 'admin', 'مدير الرسائل');
  customer = await createAccount(t.db, 'user', 'منى عبد الله');
});
afterAll(() => t?.close());

const headersOf = (who: Account, page: string, javascript = false) => ({
  host: new URL(t.storeUrl).host,
  origin: t.storeUrl,
  referer: `${t.storeUrl}${page}`,
  cookie: `token=${who.token}`,
  'content-type': 'application/x-www-form-urlencoded',
  // Without JavaScript the browser navigates; with it, React Router fetches the action's data.
  ...(javascript ? { accept: '*/*' } : { 'sec-fetch-mode': 'navigate', accept: 'text/html' }),
});

/** A form posted to a page: as a plain document post, or (`javascript`) as the hydrated page's fetch. */
function post(who: Account, page: string, fields: [string, string][], javascript = false) {
  return t.app.inject({ method: 'POST', url: javascript ? `${page}.data` : page, headers: headersOf(who, page, javascript), payload: new URLSearchParams(fields).toString() });
}

const get = (who: Account, url: string) => t.app.inject({ method: 'GET', url, headers: { host: new URL(t.storeUrl).host, cookie: `token=${who.token}`, accept: 'text/html' } });

const alertsOf = (html: string) => [...html.matchAll(/<p role="alert"[^>]*>([^<]*)<\/p>/g)].map((m) => m[1]);

/** The page's words without its markup, as a reader gets them. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

/** Whether the page's checkbox `name`=`value` is ticked; undefined when the page has none. */
function ticked(html: string, name: string, value: string): boolean | undefined {
  const input = html.match(/<input type="checkbox"[^>]*>/g)?.find((tag) => tag.includes(`name="${name}"`) && tag.includes(`value="${value}"`));
  return input === undefined ? undefined : input.includes('checked=""');
}

/** A cash order of a new customer's, with its order_placed_cash message; `status` sets the message's state. */
async function orderWithMessage(status: 'pending' | 'failed' | 'sent' = 'pending') {
  const buyer = await createAccount(t.db, 'user', 'عميل الرسائل');
  const product = await createProductFixture(t.db, t.images, { stock: { m: 5 } });
  const order = await placeOrderFixture(t.db, buyer.user.id, [{ product, size: 'm' }]);
  if (status !== 'pending') {
    await t.db
      .update(whatsappMessages)
      .set({ status, tries: status === 'failed' ? 5 : 1, lastError: status === 'failed' ? 'Something went wrong (131000)' : null, sentAt: status === 'sent' ? new Date() : null })
      .where(eq(whatsappMessages.orderId, order.id));
  }
  const [message] = await messagesOf(t.db, order.id);
  return { order, message: message! };
}

const resendButton = 'إعادة الإرسال';

describe('the messages page', () => {
  it('shows the messages that need looking at first, each with its order, phone, kind, state, tries and last error, and every message on "all"', async () => {
    const failed = await orderWithMessage('failed');
    const pending = await orderWithMessage('pending');
    const page = await get(admin, '/admin/messages');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`href="/admin/order-details/${failed.order.id}"`);
    expect(page.body).not.toContain(`href="/admin/order-details/${pending.order.id}"`);
    const text = textOf(page.body);
    expect(text).toContain(`طلب رقم #${failed.order.number}`);
    expect(text).toContain(MESSAGE_KIND_LABELS.order_placed_cash);
    expect(text).toContain(MESSAGE_STATUS_LABELS.failed);
    expect(text).toContain('Something went wrong (131000)');
    expect(text).toContain(`استلمنا طلبك رقم #${failed.order.number}`);
    expect(page.body).toContain('<bdi dir="ltr">01012345678</bdi>');
    expect(page.body).toContain(`name="id" value="${failed.message.id}"`);
    expect(text).toContain(resendButton);
    // The tab that is shown is marked as the current one.
    expect(page.body).toMatch(/<a aria-current="page"[^>]*href="\/admin\/messages"[^>]*>تحتاج متابعة/);

    const all = await get(admin, '/admin/messages?view=all');
    expect(all.body).toContain(`href="/admin/order-details/${pending.order.id}"`);
    expect(all.body).toContain(`href="/admin/order-details/${failed.order.id}"`);
    // A pending message cannot be sent again from here.
    expect(all.body).not.toContain(`name="id" value="${pending.message.id}"`);
  });

  it('sends a failed message again from a plain form post, and from the hydrated page', async () => {
    const first = await orderWithMessage('failed');
    const res = await post(admin, '/admin/messages', [
      ['intent', 'resend'],
      ['id', first.message.id],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(MSG.messageResent);
    expect((await messagesOf(t.db, first.order.id))[0]).toMatchObject({ status: 'pending', tries: 0, resentBy: admin.user.id });
    await t.sendNow();
    expect((await messagesOf(t.db, first.order.id))[0]).toMatchObject({ status: 'sent' });

    const second = await orderWithMessage('failed');
    const hydrated = await post(admin, '/admin/messages', [
      ['intent', 'resend'],
      ['id', second.message.id],
    ], true);
    expect(hydrated.statusCode).toBe(200);
    expect(hydrated.body).toContain(MSG.messageResent);
    expect((await messagesOf(t.db, second.order.id))[0]).toMatchObject({ status: 'pending' });
  });

  it('says why a message that was sent is not sent again, and changes nothing', async () => {
    const { order, message } = await orderWithMessage('sent');
    const res = await post(admin, '/admin/messages', [
      ['intent', 'resend'],
      ['id', message.id],
    ]);
    expect(res.statusCode).toBe(409);
    expect(alertsOf(res.body)).toEqual([`${MSG.messageNotResendable}: ${MESSAGE_STATUS_LABELS.sent}`]);
    expect((await messagesOf(t.db, order.id))[0]).toMatchObject({ status: 'sent', resentBy: null });
  });

  it('switches a kind of order message off and on again with its checkboxes', async () => {
    const kept = ORDER_MESSAGE_KINDS.filter((kind) => kind !== 'order_shipped');
    const res = await post(admin, '/admin/messages', [['intent', 'kinds'], ...kept.map((kind): [string, string] => ['kind', kind])]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(MSG.messageKindsSaved);
    const stored = await t.db.select().from(messageKindSettings);
    expect(stored.filter((s) => !s.enabled).map((s) => s.kind)).toEqual(['order_shipped']);
    const page = await get(admin, '/admin/messages');
    expect(ticked(page.body, 'kind', 'order_shipped')).toBe(false);
    expect(ticked(page.body, 'kind', 'order_delivered')).toBe(true);

    await post(admin, '/admin/messages', [['intent', 'kinds'], ...ORDER_MESSAGE_KINDS.map((kind): [string, string] => ['kind', kind])]);
    expect((await t.db.select().from(messageKindSettings)).every((s) => s.enabled)).toBe(true);
  });

  it('says when WhatsApp is not connected, and still lists the messages there are', async () => {
    const { order } = await orderWithMessage('failed');
    useWhatsApp(t.db, false);
    try {
      const page = await get(admin, '/admin/messages');
      expect(page.statusCode).toBe(200);
      expect(textOf(page.body)).toContain(MSG.whatsappNotConnected);
      expect(page.body).toContain(`href="/admin/order-details/${order.id}"`);
    } finally {
      useWhatsApp(t.db, true);
    }
    expect(textOf((await get(admin, '/admin/messages')).body)).not.toContain(MSG.whatsappNotConnected);
  });

  it('is the admin’s only: a customer is sent away, and their post sends nothing', async () => {
    const { order, message } = await orderWithMessage('failed');
    const page = await get(customer, '/admin/messages');
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/');
    const res = await post(customer, '/admin/messages', [
      ['intent', 'resend'],
      ['id', message.id],
    ]);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect((await messagesOf(t.db, order.id))[0]).toMatchObject({ status: 'failed', resentBy: null });
  });
});

describe("an order's page", () => {
  it('lists the messages sent about the order with their state, and leads to their words', async () => {
    const { order } = await orderWithMessage('failed');
    const page = await get(admin, `/admin/order-details/${order.id}`);
    expect(page.statusCode).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain('رسائل واتساب');
    expect(text).toContain(`${MESSAGE_KIND_LABELS.order_placed_cash} حالة الرسالة: ${MESSAGE_STATUS_LABELS.failed}`);
    expect(page.body).toContain(`href="/admin/messages?orderId=${order.id}"`);

    const filtered = await get(admin, `/admin/messages?orderId=${order.id}`);
    expect(textOf(filtered.body)).toContain(`رسائل الطلب رقم #${order.number}`);
    expect(textOf(filtered.body)).toContain(resendButton);
  });

  it('shows the amount in the words as "279.00 جنيه", which a right-to-left paragraph keeps in order, never "L.E"', async () => {
    const buyer = await createAccount(t.db, 'user', 'عميل المبلغ');
    const product = await createProductFixture(t.db, t.images, { price: 209, priceAfterDiscount: 209 });
    // 209 and Cairo's shipping, 70.
    const order = await placeOrderFixture(t.db, buyer.user.id, [{ product }]);
    const text = textOf((await get(admin, `/admin/messages?orderId=${order.id}`)).body);
    expect(text).toContain(`استلمنا طلبك رقم #${order.number} بإجمالي 279.00 جنيه يُدفع عند الاستلام.`);
    expect(text).not.toContain('L.E');
  });
});

describe('the profile', () => {
  it("turns the customer's order messages off and on without JavaScript, saying so", async () => {
    const shopper = await createAccount(t.db, 'user', 'هادئ');
    const before = await get(shopper, '/profile');
    expect(before.statusCode).toBe(200);
    expect(textOf(before.body)).toContain('رسائل واتساب عن طلباتي');
    expect(ticked(before.body, 'orderMessages', 'true')).toBe(true);

    const off = await post(shopper, '/profile', [['intent', 'notifications']]);
    expect(off.statusCode).toBe(302);
    expect(off.headers.location).toBe('/profile?notifications=off#notifications');
    const [row] = await t.db.select({ orderMessages: users.orderMessages }).from(users).where(eq(users.id, shopper.user.id));
    expect(row!.orderMessages).toBe(false);
    const after = await get(shopper, '/profile?notifications=off');
    expect(ticked(after.body, 'orderMessages', 'true')).toBe(false);
    expect(textOf(after.body)).toContain(MSG.orderMessagesOff);

    const on = await post(shopper, '/profile', [
      ['intent', 'notifications'],
      ['orderMessages', 'true'],
    ]);
    expect(on.headers.location).toBe('/profile?notifications=on#notifications');
    expect(ticked((await get(shopper, '/profile')).body, 'orderMessages', 'true')).toBe(true);
  });

  it('shows no switch while WhatsApp is not connected', async () => {
    useWhatsApp(t.db, false);
    try {
      const page = await get(customer, '/profile');
      expect(page.statusCode).toBe(200);
      expect(textOf(page.body)).not.toContain('رسائل واتساب عن طلباتي');
      expect(ticked(page.body, 'orderMessages', 'true')).toBeUndefined();
    } finally {
      useWhatsApp(t.db, true);
    }
  });
});
