/**
 * Messages to customers on WhatsApp (API.md "Additions: messages to customers"), against the
 * WhatsApp stand-in over real HTTP: each event records one message in its own transaction and
 * the sender sends it once, whatever fails; the webhook's verification and signature; delivery
 * statuses; a cash order's confirm and cancel taps, from the right phone only.
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAX_TRIES, MSG, type OrderStatus } from '../../contracts/index.ts';
import { cancelOwnOrder, changeOrderStatus, setOrderDelivered } from '../../core/orders/order-lifecycle.ts';
import { resendMessage, sendDueMessages } from '../../core/messages/outbox.ts';
import { renderTemplateText } from '../../core/messages/templates.ts';
import { orders, whatsappMessages, whatsappReplies } from '../../db/schema.ts';
import { WHATSAPP_STANDIN_SETTINGS, type WhatsAppStandInMessage } from '../../scripts/whatsapp-standin.ts';
import { advanceOrderFixture, createAccount, createProductFixture, placeOrderFixture, type Account } from '../fixtures/factories.ts';
import { createTestApp } from '../helpers/app.ts';
import { createBostaTestApp } from '../helpers/bosta.ts';
import { payAtStandIn, paymobSettings, startStandIn } from '../helpers/paymob.ts';
import { ADDRESS, fillCart, placeOrder, sizeStockOf } from '../helpers/shop.ts';
import { createWhatsAppTestApp, messagesOf, standInWebhook, WHATSAPP_WEBHOOK_PATH, whatsappConnection, type WhatsAppTestApp } from '../helpers/whatsapp.ts';
import type { StandIn } from '../../scripts/paymob-standin.ts';

let t: WhatsAppTestApp;
let paymob: StandIn;
let admin: Account;
beforeAll(async () => {
  paymob = await startStandIn();
  t = await createWhatsAppTestApp({ paymob: paymobSettings(paymob.url) });
  admin = await createAccount(t.db, 'admin', 'مدير الرسائل');
});
afterAll(async () => {
  await t?.close();
  await paymob?.close();
});

/** A cash order of one piece (the shipping phone is the fixtures' 01012345678), walked to `status`. */
async function cashOrder(status: OrderStatus = 'pending') {
  const customer = await createAccount(t.db, 'user', 'منى عبد الله');
  const product = await createProductFixture(t.db, t.images, { price: 200, priceAfterDiscount: 149.5, stock: { m: 5, l: 5 } });
  const order = await placeOrderFixture(t.db, customer.user.id, [{ product, count: 1, size: 'm' }]);
  if (status !== 'pending') await advanceOrderFixture(t.db, order.id, status, admin);
  return { customer, product, order };
}

/** What the stand-in received for an order's number, oldest first. */
function sentFor(orderNumber: number): WhatsAppStandInMessage[] {
  return t.standIn.sent.filter((m) => m.template.components.some((c) => c.type === 'body' && c.parameters[0]?.text === String(orderNumber)));
}

const bodyValues = (message: WhatsAppStandInMessage) => message.template.components.find((c) => c.type === 'body')!.parameters.map((p) => p.text);

async function statusOf(orderId: string) {
  const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row!.status;
}

/** Posts a body to the webhook signed with `secret`, as Meta would. */
function postSigned(body: unknown, secret: string = WHATSAPP_STANDIN_SETTINGS.appSecret, raw = JSON.stringify(body)) {
  const signature = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
  return t.app.inject({ method: 'POST', url: WHATSAPP_WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, payload: raw });
}

describe('each event sends one message with its template and words', () => {
  it('a cash order placed: order_placed_cash with the number, the amount due, the link and the two buttons', async () => {
    const { order } = await cashOrder();
    const [row] = await messagesOf(t.db, order.id);
    expect(row).toMatchObject({ kind: 'order_placed_cash', status: 'pending', phone: '01012345678', tries: 0 });
    expect(await t.sendNow()).toBeGreaterThanOrEqual(1);
    const [sent] = sentFor(order.number);
    expect(sent!.template.name).toBe('order_placed_cash');
    expect(sent!.to).toBe('+201012345678');
    // 149.5 rounded up to 150, plus Cairo's 70.
    expect(bodyValues(sent!)).toEqual([String(order.number), '220.00 جنيه', `${t.storeUrl}/profile?order=${order.number}`]);
    const buttons = sent!.template.components.filter((c) => c.type === 'button');
    expect(buttons.map((b) => b.type === 'button' && b.sub_type === 'quick_reply' && b.parameters[0].payload)).toEqual([`confirm:${order.id}`, `cancel:${order.id}`]);
    expect(sent!.reference).toBe(row!.id);
    const [after] = await messagesOf(t.db, order.id);
    expect(after).toMatchObject({ status: 'sent', wamid: sent!.messageId, tries: 1, lastError: null });
    expect(renderTemplateText('order_placed_cash', { orderNumber: order.number, orderId: order.id, amount: 220, orderUrl: 'x' })).toContain(`#${order.number}`);
  });

  it('shipped by hand (no tracking number), delivered, and each only once however often the step is taken', async () => {
    const { order } = await cashOrder('shipped');
    await setOrderDelivered(t.db, order.id, true, admin.user.id);
    await setOrderDelivered(t.db, order.id, false, admin.user.id);
    await setOrderDelivered(t.db, order.id, true, admin.user.id);
    expect((await messagesOf(t.db, order.id)).map((m) => m.kind).sort()).toEqual(['order_confirmed', 'order_delivered', 'order_placed_cash', 'order_shipped']);
    await t.sendNow();
    const names = sentFor(order.number).map((m) => m.template.name);
    expect(names.sort()).toEqual(['order_confirmed', 'order_delivered', 'order_placed_cash', 'order_shipped_no_tracking']);
    expect((await messagesOf(t.db, order.id)).every((m) => m.status === 'sent')).toBe(true);
  });

  it('shipped with Bosta: order_shipped with the tracking number', async () => {
    const shop = await createBostaTestApp({ whatsapp: whatsappConnection(t.standIn.url) });
    try {
      const staff = await createAccount(shop.db, 'admin');
      const customer = await createAccount(shop.db, 'user');
      const product = await createProductFixture(shop.db, shop.images, { stock: { m: 5 } });
      const order = await placeOrderFixture(shop.db, customer.user.id, [{ product, size: 'm' }]);
      await advanceOrderFixture(shop.db, order.id, 'confirmed', staff);
      const res = await shop.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/shipments`, headers: staff.headers, payload: { courier: 'bosta' } });
      expect(res.statusCode, res.body).toBe(201);
      const trackingNumber = res.json().data.shipment.trackingNumber as string;
      const [shipped] = (await messagesOf(shop.db, order.id)).filter((m) => m.kind === 'order_shipped');
      expect(shipped!.params).toEqual({ orderNumber: order.number, trackingNumber });
      await sendDueMessages(shop.db, { whatsapp: whatsappConnection(t.standIn.url).client, storeUrl: shop.storeUrl });
      const sent = t.standIn.sent.find((m) => m.reference === shipped!.id)!;
      expect(sent.template.name).toBe('order_shipped');
      expect(bodyValues(sent)).toEqual([String(order.number), trackingNumber, `${shop.storeUrl}/profile?order=${order.number}`]);
    } finally {
      await shop.close();
    }
  });

  it('confirmed by staff sends order_confirmed with the number and the link', async () => {
    const { order } = await cashOrder();
    await changeOrderStatus(t.db, order.id, 'confirmed', admin.user);
    await t.sendNow();
    const sent = sentFor(order.number).find((m) => m.template.name === 'order_confirmed')!;
    expect(bodyValues(sent)).toEqual([String(order.number), `${t.storeUrl}/profile?order=${order.number}`]);
  });

  it('cancelled by the shop sends order_cancelled; cancelled by the customer sends nothing', async () => {
    const byShop = await cashOrder('confirmed');
    await changeOrderStatus(t.db, byShop.order.id, 'cancelled', admin.user);
    const byCustomer = await cashOrder();
    await cancelOwnOrder(t.db, byCustomer.order.id, byCustomer.customer.user);
    expect((await messagesOf(t.db, byShop.order.id)).map((m) => m.kind)).toContain('order_cancelled');
    expect((await messagesOf(t.db, byCustomer.order.id)).map((m) => m.kind)).toEqual(['order_placed_cash']);
  });

  it('a card order: order_placed_card at checkout, then payment_received when Paymob says it is paid', async () => {
    const customer = await createAccount(t.db, 'user', 'كريم');
    const product = await createProductFixture(t.db, t.images, { stock: { m: 5, l: 5 } });
    const res = await placeOrder(t, customer, await fillCart(t, customer, product.id, 'm'), { body: { shippingAddress: ADDRESS, paymentMethodType: 'card' } });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().data._id as string;
    expect((await messagesOf(t.db, orderId)).map((m) => m.kind)).toEqual(['order_placed_card']);
    const paid = await payAtStandIn(paymob, res.json().payment.redirectUrl as string);
    expect(paid.status).toBeLessThan(400);
    expect((await messagesOf(t.db, orderId)).map((m) => m.kind).sort()).toEqual(['order_placed_card', 'payment_received']);
  });

  it('an order placed with a discount code says the discounted amount', async () => {
    const code = `WA${Date.now() % 100000}`;
    const made = await t.app.inject({ method: 'POST', url: '/api/v1/coupons', headers: admin.headers, payload: { code, type: 'fixed', value: 50 } });
    expect(made.statusCode, made.body).toBe(201);
    const customer = await createAccount(t.db, 'user', 'نادية');
    const product = await createProductFixture(t.db, t.images, { price: 200, priceAfterDiscount: 149.5, stock: { m: 5 } });
    const cartId = await fillCart(t, customer, product.id, 'm');
    const applied = await t.app.inject({ method: 'POST', url: '/api/v1/cart/coupon', headers: customer.headers, payload: { code } });
    expect(applied.statusCode, applied.body).toBe(200);
    const res = await placeOrder(t, customer, cartId);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await messagesOf(t.db, res.json().data._id as string);
    // 149.5 rounded up to 150, less 50, plus Giza's 70.
    expect(row!.params).toMatchObject({ amount: 170 });
  });

  it('a customer who turned order messages off gets none', async () => {
    const customer = await createAccount(t.db, 'user', 'هادئ');
    const { users } = await import('../../db/schema.ts');
    await t.db.update(users).set({ orderMessages: false }).where(eq(users.id, customer.user.id));
    const product = await createProductFixture(t.db, t.images, { stock: { m: 5 } });
    const order = await placeOrderFixture(t.db, customer.user.id, [{ product, size: 'm' }]);
    expect(await messagesOf(t.db, order.id)).toEqual([]);
  });

  it('a shop without WhatsApp records nothing', async () => {
    const plain = await createTestApp();
    try {
      const customer = await createAccount(plain.db, 'user');
      const product = await createProductFixture(plain.db, plain.images, { stock: { m: 5 } });
      const order = await placeOrderFixture(plain.db, customer.user.id, [{ product, size: 'm' }]);
      expect(await messagesOf(plain.db, order.id)).toEqual([]);
      const res = await plain.app.inject({ method: 'POST', url: WHATSAPP_WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' }, payload: '{}' });
      expect(res.statusCode).toBe(401);
    } finally {
      await plain.close();
    }
  });
});

describe('sending: retries, giving up, and never twice', () => {
  it('WhatsApp failing then recovering sends each message once', async () => {
    t.standIn.setMode('fail');
    const { order } = await cashOrder();
    try {
      expect(await t.sendNow()).toBe(0);
      const [row] = await messagesOf(t.db, order.id);
      expect(row).toMatchObject({ status: 'pending', tries: 1, lastError: expect.stringContaining('131000') });
      expect(row!.nextTryAt.getTime()).toBeGreaterThan(Date.now());
    } finally {
      t.standIn.setMode('ok');
    }
    await t.db.update(whatsappMessages).set({ nextTryAt: new Date() }).where(eq(whatsappMessages.orderId, order.id));
    await Promise.all([t.sendNow(), t.sendNow()]);
    await t.sendNow();
    expect(sentFor(order.number)).toHaveLength(1);
    expect((await messagesOf(t.db, order.id))[0]).toMatchObject({ status: 'sent', tries: 2, lastError: null });
  });

  it('several senders at once (several processes) send each message once', async () => {
    const placed = await Promise.all(Array.from({ length: 8 }, () => cashOrder()));
    const before = t.standIn.sent.length;
    await Promise.all([t.sendNow(), t.sendNow(), t.sendNow()]);
    const ids = new Set(placed.map((p) => p.order.id));
    const rows = (await messagesOf(t.db)).filter((m) => m.orderId && ids.has(m.orderId));
    expect(rows).toHaveLength(8);
    expect(rows.every((m) => m.status === 'sent' && m.tries === 1)).toBe(true);
    const references = t.standIn.sent.slice(before).map((m) => m.reference);
    expect(new Set(references).size).toBe(references.length);
    for (const row of rows) expect(references.filter((r) => r === row.id)).toHaveLength(1);
  });

  it('gives up after the last try and marks the message failed with the reason', async () => {
    t.standIn.setMode('rate_limited');
    const { order } = await cashOrder();
    try {
      for (let i = 0; i < MESSAGE_MAX_TRIES; i++) {
        await t.db.update(whatsappMessages).set({ nextTryAt: new Date() }).where(eq(whatsappMessages.orderId, order.id));
        await t.sendNow();
      }
    } finally {
      t.standIn.setMode('ok');
    }
    expect((await messagesOf(t.db, order.id))[0]).toMatchObject({ status: 'failed', tries: MESSAGE_MAX_TRIES, lastError: expect.stringContaining('130429') });
    expect(sentFor(order.number)).toEqual([]);
    // Staff send it again: it goes once.
    const [row] = await messagesOf(t.db, order.id);
    expect(await resendMessage(t.db, row!.id, admin.user.id)).toBe(true);
    expect(await resendMessage(t.db, row!.id, admin.user.id)).toBe(false);
    await t.sendNow();
    expect(sentFor(order.number)).toHaveLength(1);
  });

  it('a send whose answer never came is unknown and not sent again; its status webhook makes it sent', async () => {
    const slow = whatsappConnection(t.standIn.url, { timeoutMs: 300 });
    t.standIn.setMode('timeout');
    const { order } = await cashOrder();
    try {
      await sendDueMessages(t.db, { whatsapp: slow.client, storeUrl: t.storeUrl });
    } finally {
      t.standIn.setMode('ok');
    }
    const [row] = await messagesOf(t.db, order.id);
    expect(row).toMatchObject({ status: 'unknown', wamid: null });
    await t.sendNow();
    expect((await messagesOf(t.db, order.id))[0]!.status).toBe('unknown');
    // Meta had taken it after all: a status webhook carries the row's id as biz_opaque_callback_data.
    const wamid = 'wamid.HBgMMjAxMDEyMzQ1Njc4FQIAERgSUNKNOWN';
    const res = await postSigned(statusBody(wamid, 'delivered', row!.id));
    expect(res.statusCode).toBe(200);
    expect((await messagesOf(t.db, order.id))[0]).toMatchObject({ status: 'delivered', wamid });
  });

  it('a row left "sending" by a stopped process becomes unknown, never resent', async () => {
    const { order } = await cashOrder();
    await t.db
      .update(whatsappMessages)
      .set({ status: 'sending', tries: 1, updatedAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(whatsappMessages.orderId, order.id));
    await t.sendNow();
    expect((await messagesOf(t.db, order.id))[0]).toMatchObject({ status: 'unknown', tries: 1 });
    expect(sentFor(order.number)).toEqual([]);
  });
});

function statusBody(wamid: string, status: string, reference?: string) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: WHATSAPP_STANDIN_SETTINGS.businessAccountId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: WHATSAPP_STANDIN_SETTINGS.displayPhoneNumber, phone_number_id: WHATSAPP_STANDIN_SETTINGS.phoneNumberId },
              statuses: [{ id: wamid, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: '201012345678', ...(reference && { biz_opaque_callback_data: reference }) }],
            },
          },
        ],
      },
    ],
  };
}

describe('GET /api/v1/webhooks/whatsapp (verification)', () => {
  it("answers Meta's challenge with the verify token, and 403 otherwise", async () => {
    const ok = await t.app.inject({ method: 'GET', url: `${WHATSAPP_WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=${WHATSAPP_STANDIN_SETTINGS.verifyToken}&hub.challenge=1158201444` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.app.inject({ method: 'GET', url: `${WHATSAPP_WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444` });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('1158201444');
  });
});

describe('POST /api/v1/webhooks/whatsapp', () => {
  async function sentOrder() {
    const placed = await cashOrder();
    await t.sendNow();
    const [message] = sentFor(placed.order.number);
    return { ...placed, message: message! };
  }

  it('records delivery statuses forward only: read, then a late delivered, changes nothing', async () => {
    const { order, message } = await sentOrder();
    expect(await standInWebhook(t.standIn, 'status', { messageId: message.messageId, status: 'read' })).toBe(200);
    expect(await standInWebhook(t.standIn, 'status', { messageId: message.messageId, status: 'delivered' })).toBe(200);
    expect((await messagesOf(t.db, order.id))[0]!.status).toBe('read');
  });

  it('records a failed delivery with its reason', async () => {
    const { order, message } = await sentOrder();
    expect(await standInWebhook(t.standIn, 'status', { messageId: message.messageId, status: 'failed', errorCode: 131026 })).toBe(200);
    expect((await messagesOf(t.db, order.id))[0]).toMatchObject({ status: 'failed', lastError: expect.stringContaining('131026') });
  });

  it('confirms a pending cash order from its message\'s "تأكيد الطلب", once', async () => {
    const { order, message } = await sentOrder();
    expect(await standInWebhook(t.standIn, 'reply', { messageId: message.messageId, payload: `confirm:${order.id}` })).toBe(200);
    expect(await statusOf(order.id)).toBe('confirmed');
    // The customer confirmed it: the shop does not write back to say so.
    expect((await messagesOf(t.db, order.id)).map((m) => m.kind)).toEqual(['order_placed_cash']);
    // Meta posting the same tap again changes nothing.
    const replay = t.standIn.webhooks.at(-1)!.payload;
    expect((await postSigned(replay)).statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe('confirmed');
    expect(await t.db.select().from(whatsappReplies).where(eq(whatsappReplies.messageId, (await messagesOf(t.db, order.id))[0]!.id))).toHaveLength(1);
  });

  it('cancels a pending or confirmed cash order from "إلغاء الطلب", its pieces back exactly once', async () => {
    const { order, product, message } = await sentOrder();
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 4, l: 5 });
    expect(await standInWebhook(t.standIn, 'reply', { messageId: message.messageId, payload: `confirm:${order.id}` })).toBe(200);
    expect(await standInWebhook(t.standIn, 'reply', { messageId: message.messageId, payload: `cancel:${order.id}` })).toBe(200);
    expect(await standInWebhook(t.standIn, 'reply', { messageId: message.messageId, payload: `cancel:${order.id}` })).toBe(200);
    expect(await statusOf(order.id)).toBe('cancelled');
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 5, l: 5 });
    // The customer cancelled: the shop does not write to say it cancelled.
    expect((await messagesOf(t.db, order.id)).map((m) => m.kind)).toEqual(['order_placed_cash']);
  });

  it('a confirm for an order the customer already cancelled changes nothing', async () => {
    const { order, customer, message } = await sentOrder();
    await cancelOwnOrder(t.db, order.id, customer.user);
    expect(await standInWebhook(t.standIn, 'reply', { messageId: message.messageId, payload: `confirm:${order.id}` })).toBe(200);
    expect(await statusOf(order.id)).toBe('cancelled');
  });

  it('a tap from another phone, or naming another order, changes nothing', async () => {
    const { order, message } = await sentOrder();
    const other = await cashOrder();
    expect(await standInWebhook(t.standIn, 'reply', { messageId: message.messageId, payload: `confirm:${order.id}`, from: '01199999999' })).toBe(200);
    expect(await standInWebhook(t.standIn, 'reply', { messageId: message.messageId, payload: `cancel:${other.order.id}` })).toBe(200);
    expect(await statusOf(order.id)).toBe('pending');
    expect(await statusOf(other.order.id)).toBe('pending');
  });

  it('refuses a forged or altered notification with 401 and changes nothing', async () => {
    const { order, message } = await sentOrder();
    await standInWebhook(t.standIn, 'reply', { messageId: message.messageId, payload: `confirm:${order.id}` });
    const genuine = t.standIn.webhooks.at(-1)!.payload as { entry: { changes: { value: { messages: { id: string }[] } }[] }[] };
    await t.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, order.id));
    await t.db.delete(whatsappReplies);
    // Signed with another secret; no signature; the body changed after signing.
    expect((await postSigned(genuine, 'not-the-app-secret')).statusCode).toBe(401);
    const unsigned = await t.app.inject({ method: 'POST', url: WHATSAPP_WEBHOOK_PATH, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(genuine) });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toEqual({ status: 'fail', message: MSG.whatsappSignatureInvalid });
    const raw = JSON.stringify(genuine);
    const signature = `sha256=${createHmac('sha256', WHATSAPP_STANDIN_SETTINGS.appSecret).update(raw).digest('hex')}`;
    const altered = raw.replace('confirm:', 'cancel:');
    const res = await t.app.inject({ method: 'POST', url: WHATSAPP_WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, payload: altered });
    expect(res.statusCode).toBe(401);
    expect(await statusOf(order.id)).toBe('pending');
    expect(await t.db.select().from(whatsappReplies)).toEqual([]);
  });

  it('answers 400 to a signed body that is not JSON, changing nothing', async () => {
    const res = await postSigned(undefined, WHATSAPP_STANDIN_SETTINGS.appSecret, '{"entry": [');
    expect(res.statusCode).toBe(400);
  });
});
