/**
 * Staff's view of the WhatsApp messages to customers and a customer's own switch (API.md
 * "Additions: messages to customers"), against the WhatsApp stand-in: the list with the words
 * each customer reads (never a reset code), sending a failed message again exactly once, the
 * per-kind switch, and a customer turning order messages off.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_KIND_LABELS, MESSAGE_MAX_TRIES, MESSAGE_STATUS_LABELS, MSG, ORDER_MESSAGE_KINDS } from '../../contracts/index.ts';
import { orderPageUrl, renderTemplateText } from '../../core/messages/templates.ts';
import { messageKindSettings, users, whatsappMessages } from '../../db/schema.ts';
import { createAccount, createProductFixture, UNKNOWN_ID, type Account } from '../fixtures/factories.ts';
import { ADDRESS, fillCart, placeOrder } from '../helpers/shop.ts';
import { createWhatsAppTestApp, messagesOf, type WhatsAppTestApp } from '../helpers/whatsapp.ts';

let t: WhatsAppTestApp;
let admin: Account;
let customer: Account;
beforeAll(async () => {
  t = await createWhatsAppTestApp();
  admin = await createAccount(t.db, 'admin', 'مدير الرسائل');
  customer = await createAccount(t.db, 'user', 'منى عبد الله');
});
afterAll(() => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, who?: Account, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: who?.headers, ...(payload && { payload }) });

/** A cash order placed through the API by `who` (a new customer unless given), as a shopper places one; its id and number. */
async function placeCashOrder(who?: Account): Promise<{ id: string; number: number }> {
  who ??= await createAccount(t.db, 'user', 'عميل جديد');
  const product = await createProductFixture(t.db, t.images, { price: 200, priceAfterDiscount: 200, stock: { m: 5, l: 5 } });
  const res = await placeOrder(t, who, await fillCart(t, who, product.id, 'm'));
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data._id as string, number: res.json().data.id as number };
}

/** The order's one message, as GET /messages?orderId= lists it. */
async function listedFor(orderId: string) {
  const res = await api('GET', `/messages?orderId=${orderId}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, unknown>[];
}

/** Fails a message the way the sender does: WhatsApp refusing every try until the tries are used up. */
async function failAllTries(orderId: string) {
  t.standIn.setMode('fail');
  try {
    for (let n = 0; n < MESSAGE_MAX_TRIES; n++) {
      // Each retry is due at once rather than after its wait.
      await t.db.update(whatsappMessages).set({ nextTryAt: new Date(Date.now() - 1000) }).where(eq(whatsappMessages.orderId, orderId));
      await t.sendNow();
    }
  } finally {
    t.standIn.setMode('ok');
  }
  const [row] = await messagesOf(t.db, orderId);
  expect(row).toMatchObject({ status: 'failed', tries: MESSAGE_MAX_TRIES });
  return row!;
}

/** A reset code's message, as the forgotten-password form records it, its code still unsent. */
async function resetCodeMessage(status: 'pending' | 'failed' = 'pending') {
  const [row] = await t.db
    .insert(whatsappMessages)
    .values({ kind: 'password_reset_code', eventKey: `password_reset_code:${crypto.randomUUID()}`, userId: customer.user.id, phone: customer.user.phone, params: { code: '482913' }, status })
    .returning();
  return row!;
}

const sentTo = (orderNumber: number) =>
  t.standIn.sent.filter((m) => m.template.components.some((c) => c.type === 'body' && c.parameters[0]?.type === 'text' && c.parameters[0].text === String(orderNumber)));

describe('GET /messages', () => {
  it("lists a placed cash order's message pending, with the words the customer reads, then sent once the sender ran", async () => {
    const order = await placeCashOrder();
    const [listed] = await listedFor(order.id);
    const [row] = await messagesOf(t.db, order.id);
    expect(listed).toEqual({
      id: row!.id,
      kind: 'order_placed_cash',
      kindLabel: MESSAGE_KIND_LABELS.order_placed_cash,
      orderId: order.id,
      orderNumber: order.number,
      phone: ADDRESS.phone,
      status: 'pending',
      statusLabel: MESSAGE_STATUS_LABELS.pending,
      tries: 0,
      lastError: null,
      text: renderTemplateText('order_placed_cash', { orderNumber: order.number, orderId: order.id, amount: 270, orderUrl: orderPageUrl(t.storeUrl, order.number) }),
      createdAt: row!.createdAt.toISOString(),
      sentAt: null,
    });
    expect(listed!.text).toContain(`${t.storeUrl}/profile?order=${order.number}`);

    await t.sendNow();
    const [sent] = await listedFor(order.id);
    expect(sent).toMatchObject({ status: 'sent', statusLabel: MESSAGE_STATUS_LABELS.sent, tries: 1, lastError: null });
    expect(Date.parse(sent!.sentAt as string)).toBeGreaterThan(0);
  });

  it('filters by status and by order, newest first, a page at a time', async () => {
    const older = await placeCashOrder();
    const newer = await placeCashOrder();
    const res = await api('GET', '/messages?status=pending&limit=1', admin);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.results).toBe(1);
    expect(page.paginationResult).toMatchObject({ currentPage: 1, limit: 1, next: 2 });
    expect(page.data[0]).toMatchObject({ orderId: newer.id, status: 'pending' });
    const second = (await api('GET', '/messages?status=pending&limit=1&page=2', admin)).json();
    expect(second.data[0]).toMatchObject({ orderId: older.id });
    expect(second.paginationResult).toMatchObject({ currentPage: 2, prev: 1 });

    expect((await listedFor(older.id)).map((m) => m.orderNumber)).toEqual([older.number]);
    const sentOnly = (await api('GET', '/messages?status=sent', admin)).json().data as { status: string }[];
    expect(sentOnly.every((m) => m.status === 'sent')).toBe(true);
  });

  it('shows a reset code by its kind alone, never the code', async () => {
    const row = await resetCodeMessage();
    const res = await api('GET', '/messages?limit=50', admin);
    expect(res.body).not.toContain('482913');
    const listed = (res.json().data as { id: string }[]).find((m) => m.id === row.id);
    expect(listed).toMatchObject({ kind: 'password_reset_code', text: MESSAGE_KIND_LABELS.password_reset_code, orderId: null, orderNumber: null, phone: customer.user.phone });
    await t.db.delete(whatsappMessages).where(eq(whatsappMessages.id, row.id));
  });

  it('refuses a status or an order id that is not one, in Arabic', async () => {
    const badStatus = await api('GET', '/messages?status=lost', admin);
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().errors).toEqual([{ msg: MSG.messageStatusInvalid, path: 'status', location: 'query' }]);
    const badOrder = await api('GET', '/messages?orderId=12', admin);
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().errors).toEqual([{ msg: MSG.invalidId, path: 'orderId', location: 'query' }]);
  });

  it('is for admins only: a guest 401, a customer 403', async () => {
    const guest = await api('GET', '/messages');
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe(MSG.unauthenticated);
    const refused = await api('GET', '/messages', customer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.forbidden);
  });
});

describe('POST /messages/{id}/resend', () => {
  it('sends a failed message again, exactly once, and then refuses to send it a third time', async () => {
    const order = await placeCashOrder();
    const failed = await failAllTries(order.id);
    expect(sentTo(order.number)).toHaveLength(0);
    const [listed] = await listedFor(order.id);
    expect(listed).toMatchObject({ status: 'failed', statusLabel: MESSAGE_STATUS_LABELS.failed, tries: MESSAGE_MAX_TRIES });
    expect(listed!.lastError).toContain('131000');

    const res = await api('POST', `/messages/${failed.id}/resend`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: failed.id, status: 'pending', tries: 0, lastError: null, orderNumber: order.number });
    const [row] = await messagesOf(t.db, order.id);
    expect(row!.resentBy).toBe(admin.user.id);

    await t.sendNow();
    await t.sendNow();
    expect(sentTo(order.number)).toHaveLength(1);
    expect((await listedFor(order.id))[0]).toMatchObject({ status: 'sent', tries: 1 });

    const again = await api('POST', `/messages/${failed.id}/resend`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`${MSG.messageNotResendable}: ${MESSAGE_STATUS_LABELS.sent}`);
    await t.sendNow();
    expect(sentTo(order.number)).toHaveLength(1);
  });

  it('sends again a message that may or may not have arrived', async () => {
    const order = await placeCashOrder();
    await t.db.update(whatsappMessages).set({ status: 'unknown', tries: 1, lastError: 'انقطع الاتصال' }).where(eq(whatsappMessages.orderId, order.id));
    const [row] = await messagesOf(t.db, order.id);
    const res = await api('POST', `/messages/${row!.id}/resend`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'pending', tries: 0 });
  });

  it('refuses a pending message and a reset code (409, nothing changes), an unknown id (404) and a malformed one (400)', async () => {
    const order = await placeCashOrder();
    const [pending] = await messagesOf(t.db, order.id);
    const notYet = await api('POST', `/messages/${pending!.id}/resend`, admin);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe(`${MSG.messageNotResendable}: ${MESSAGE_STATUS_LABELS.pending}`);
    expect((await messagesOf(t.db, order.id))[0]).toMatchObject({ status: 'pending', resentBy: null });

    const code = await resetCodeMessage('failed');
    const refused = await api('POST', `/messages/${code.id}/resend`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MSG.resetCodeNotResent);
    const [kept] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, code.id));
    expect(kept).toMatchObject({ status: 'failed', resentBy: null });
    await t.db.delete(whatsappMessages).where(eq(whatsappMessages.id, code.id));

    const unknown = await api('POST', `/messages/${UNKNOWN_ID}/resend`, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.messageNotFound);
    const malformed = await api('POST', '/messages/12/resend', admin);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual([{ msg: MSG.invalidId, path: 'id', location: 'params' }]);
  });

  it('is for admins only: a guest 401, a customer 403, and the message stays failed', async () => {
    const order = await placeCashOrder();
    const failed = await failAllTries(order.id);
    expect((await api('POST', `/messages/${failed.id}/resend`)).statusCode).toBe(401);
    expect((await api('POST', `/messages/${failed.id}/resend`, customer)).statusCode).toBe(403);
    expect((await messagesOf(t.db, order.id))[0]).toMatchObject({ status: 'failed', resentBy: null });
  });
});

describe('GET and PUT /messages/kinds', () => {
  it('lists every kind of order message on; one switched off records no message for the next order, switched on again it does', async () => {
    const listed = await api('GET', '/messages/kinds', admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual(ORDER_MESSAGE_KINDS.map((kind) => ({ kind, label: MESSAGE_KIND_LABELS[kind], enabled: true })));

    const off = await api('PUT', '/messages/kinds', admin, { kind: 'order_placed_cash', enabled: false });
    try {
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().data).toContainEqual({ kind: 'order_placed_cash', label: MESSAGE_KIND_LABELS.order_placed_cash, enabled: false });
      expect((off.json().data as { enabled: boolean }[]).filter((k) => !k.enabled)).toHaveLength(1);
      const quiet = await placeCashOrder();
      expect(await messagesOf(t.db, quiet.id)).toEqual([]);
    } finally {
      const on = await api('PUT', '/messages/kinds', admin, { kind: 'order_placed_cash', enabled: true });
      expect(on.statusCode).toBe(200);
    }
    const heard = await placeCashOrder();
    expect((await messagesOf(t.db, heard.id)).map((m) => m.kind)).toEqual(['order_placed_cash']);
  });

  it('refuses to switch off the reset code, an unknown kind or a switch that is not true or false, in Arabic, storing nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: 'password_reset_code', enabled: false }, MSG.messageKindAlwaysOn, 'kind'],
      [{ kind: 'order_lost', enabled: false }, MSG.messageKindInvalid, 'kind'],
      [{ kind: 'order_shipped', enabled: 'no' }, MSG.invalidValue, 'enabled'],
    ];
    for (const [body, msg, path] of cases) {
      const res = await api('PUT', '/messages/kinds', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toEqual([{ msg, path, location: 'body' }]);
    }
    const stored = await t.db.select().from(messageKindSettings);
    expect(stored.filter((s) => !s.enabled)).toEqual([]);
    expect(stored.map((s) => s.kind)).not.toContain('password_reset_code');
  });

  it('is for admins only: a guest 401, a customer 403, and nothing is switched', async () => {
    for (const who of [undefined, customer]) {
      const status = who ? 403 : 401;
      expect((await api('GET', '/messages/kinds', who)).statusCode).toBe(status);
      expect((await api('PUT', '/messages/kinds', who, { kind: 'order_shipped', enabled: false })).statusCode).toBe(status);
    }
    expect((await t.db.select().from(messageKindSettings)).filter((s) => !s.enabled)).toEqual([]);
  });
});

describe('GET and PUT /users/me/notifications', () => {
  it("a customer turning order messages off gets none for their next order, while another customer's order still records one", async () => {
    const quiet = await createAccount(t.db, 'user', 'هادئ');
    expect((await api('GET', '/users/me/notifications', quiet)).json()).toEqual({ data: { orderMessages: true } });
    const off = await api('PUT', '/users/me/notifications', quiet, { orderMessages: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ data: { orderMessages: false } });
    expect((await api('GET', '/users/me/notifications', quiet)).json()).toEqual({ data: { orderMessages: false } });

    const theirs = await placeCashOrder(quiet);
    expect(await messagesOf(t.db, theirs.id)).toEqual([]);
    const others = await placeCashOrder();
    expect((await listedFor(others.id)).map((m) => m.kind)).toEqual(['order_placed_cash']);

    expect((await api('PUT', '/users/me/notifications', quiet, { orderMessages: true })).json()).toEqual({ data: { orderMessages: true } });
    const again = await placeCashOrder(quiet);
    expect((await messagesOf(t.db, again.id)).map((m) => m.kind)).toEqual(['order_placed_cash']);
  });

  it('refuses anything but true or false, in Arabic, and keeps the setting', async () => {
    for (const body of [{ orderMessages: 'no' }, {}]) {
      const res = await api('PUT', '/users/me/notifications', customer, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toEqual([{ msg: MSG.orderMessagesInvalid, path: 'orderMessages', location: 'body' }]);
    }
    const [row] = await t.db.select({ orderMessages: users.orderMessages }).from(users).where(eq(users.id, customer.user.id));
    expect(row!.orderMessages).toBe(true);
  });

  it('is for signed-in accounts: a guest gets 401', async () => {
    expect((await api('GET', '/users/me/notifications')).statusCode).toBe(401);
    const guest = await api('PUT', '/users/me/notifications', undefined, { orderMessages: false });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe(MSG.unauthenticated);
  });
});
