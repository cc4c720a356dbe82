/**
 * WhatsApp messages about returns (API.md "Additions: returns and exchanges", WhatsApp), through
 * the outbox and the WhatsApp stand-in as order messages go: one message when staff approve a
 * return (what happens next), decline it (their reason) and when its money goes back (the amount
 * and the method, recorded by hand or refunded to the card through the Paymob stand-in), to the
 * order's phone, once per event, and none for a customer who turned order messages off or a kind
 * staff switched off.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_KIND_LABELS, MSG, type MessageKind } from '../../contracts/index.ts';
import { RETURN_STATUS_LABELS } from '../../contracts/returns.ts';
import { renderTemplateText } from '../../core/messages/templates.ts';
import type { WhatsAppStandInMessage } from '../../scripts/whatsapp-standin.ts';
import type { StandIn } from '../../scripts/paymob-standin.ts';
import { advanceOrderFixture, createAccount, createProductFixture, type Account } from '../fixtures/factories.ts';
import { declineRefunds, payAtStandIn, paymobSettings, refundsOf, startStandIn } from '../helpers/paymob.ts';
import { ADDRESS, fillCart, placeOrder } from '../helpers/shop.ts';
import { createWhatsAppTestApp, messagesOf, type WhatsAppTestApp } from '../helpers/whatsapp.ts';

let paymob: StandIn;
let t: WhatsAppTestApp;
let admin: Account;
beforeAll(async () => {
  paymob = await startStandIn();
  t = await createWhatsAppTestApp({ paymob: paymobSettings(paymob.url) });
  admin = await createAccount(t.db, 'admin', 'هبة المرتجعات');
});
afterAll(async () => {
  await t?.close();
  await paymob?.close();
});

/** The phone the orders here are shipped to: not the customer's account phone, so the message's phone is the order's. */
const ORDER_PHONE = '01198765432';

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, account: Account | null, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: account?.headers ?? {}, ...(payload !== undefined && { payload }) });
const step = (id: string, body: Record<string, unknown>) => inject('PUT', `/returns/${id}/status`, admin, body);
const receive = (id: string, lineId: string) => inject('POST', `/returns/${id}/receive`, admin, { lines: [{ lineId, received: 1, restock: 1 }] });
const refund = (id: string, body: Record<string, unknown> = {}) => inject('POST', `/returns/${id}/refund`, admin, body);

afterEach(async () => {
  expect((await inject('PUT', '/returns/settings', admin, { windowDays: 14, returnShippingFee: 0 })).statusCode).toBe(200);
});

interface Asked {
  customer: Account;
  order: { _id: string; id: number };
  ret: { _id: string; id: number };
  lineId: string;
}

/**
 * A customer's delivered order of one piece of m (by card, paid at the Paymob stand-in, when
 * `card`), shipped to ORDER_PHONE, and a return of that piece asked for `reason` (defective unless
 * given), or an exchange for l.
 */
async function askedReturn(options: { card?: boolean; reason?: string; exchange?: boolean; customer?: Account } = {}): Promise<Asked> {
  const customer = options.customer ?? (await createAccount(t.db, 'user', 'سلمى فؤاد'));
  const product = await createProductFixture(t.db, t.images, { stock: { m: 5, l: 5 } });
  const cartId = await fillCart(t, customer, product.id, 'm');
  const placed = await placeOrder(t, customer, cartId, { body: { shippingAddress: { ...ADDRESS, phone: ORDER_PHONE }, paymentMethodType: options.card ? 'card' : 'cash' } });
  expect(placed.statusCode, placed.body).toBe(201);
  if (options.card) expect((await payAtStandIn(paymob, placed.json().payment.redirectUrl as string)).status).toBe(302);
  const order = placed.json().data as { _id: string; id: number; cartItems: { _id: string }[] };
  await advanceOrderFixture(t.db, order._id, 'delivered', admin);
  const lineId = order.cartItems[0]!._id;
  const line = { lineId, count: 1, reason: options.reason ?? 'defective', ...(options.exchange && { exchangeSize: 'l' }) };
  const asked = await inject('POST', `/orders/${order._id}/returns`, customer, { lines: [line] });
  expect(asked.statusCode, asked.body).toBe(201);
  return { customer, order: { _id: order._id, id: order.id }, ret: asked.json().data, lineId };
}

/** The outbox's messages about the order's returns (its own order messages left out), oldest first. */
async function returnMessagesOf(orderId: string) {
  return (await messagesOf(t.db, orderId)).filter((m) => m.kind.startsWith('return_'));
}

/** Sends what is due and answers what the stand-in received for the outbox row `id`. */
async function sentFor(id: string): Promise<WhatsAppStandInMessage[]> {
  await t.sendNow();
  return t.standIn.sent.filter((m) => m.reference === id);
}

const bodyValues = (message: WhatsAppStandInMessage) => message.template.components.find((c) => c.type === 'body')!.parameters.map((p) => p.text);
const orderUrl = (orderNumber: number) => `${t.storeUrl}/profile?order=${orderNumber}`;

/** Approves the return and records its receipt: it waits for its money. */
async function approveAndReceive(asked: Asked) {
  expect((await step(asked.ret._id, { status: 'approved' })).statusCode).toBe(200);
  const received = await receive(asked.ret._id, asked.lineId);
  expect(received.statusCode, received.body).toBe(200);
  return received.json().data as { status: string; refund: unknown };
}

describe('approving a return', () => {
  it("sends return_approved once to the order's phone, with the return's and the order's numbers and the order's link", async () => {
    const asked = await askedReturn();
    const res = await step(asked.ret._id, { status: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    const [row, ...more] = await returnMessagesOf(asked.order._id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      kind: 'return_approved',
      eventKey: `return_approved:${asked.ret._id}`,
      phone: ORDER_PHONE,
      userId: asked.customer.user.id,
      status: 'pending',
      params: { returnNumber: asked.ret.id, orderNumber: asked.order.id, exchange: false },
    });
    const [sent, ...again] = await sentFor(row!.id);
    expect(again).toEqual([]);
    expect(sent!.to).toBe('+201198765432');
    expect(sent!.template).toMatchObject({ name: 'return_approved', language: { code: 'ar' } });
    expect(bodyValues(sent!)).toEqual([String(asked.ret.id), String(asked.order.id), orderUrl(asked.order.id)]);
    const text = renderTemplateText('return_approved', { returnNumber: asked.ret.id, orderNumber: asked.order.id, exchange: false, orderUrl: orderUrl(asked.order.id) });
    expect(text).toContain(`وافقنا على طلب الإرجاع رقم #${asked.ret.id} من طلبك رقم #${asked.order.id}`);
    expect(text).toContain('سيتواصل معك مندوبنا لاستلام القطع');
    expect((await returnMessagesOf(asked.order._id))[0]).toMatchObject({ status: 'sent', wamid: sent!.messageId });
  });

  it('tells an exchange that the new pieces will be sent, with its own template', async () => {
    const asked = await askedReturn({ reason: 'size', exchange: true });
    expect((await step(asked.ret._id, { status: 'approved' })).statusCode).toBe(200);
    const [row] = await returnMessagesOf(asked.order._id);
    expect(row!.params).toMatchObject({ exchange: true });
    const [sent] = await sentFor(row!.id);
    expect(sent!.template.name).toBe('return_approved_exchange');
    expect(bodyValues(sent!)).toEqual([String(asked.ret.id), String(asked.order.id), orderUrl(asked.order.id)]);
    const text = renderTemplateText('return_approved', { returnNumber: asked.ret.id, orderNumber: asked.order.id, exchange: true, orderUrl: orderUrl(asked.order.id) });
    expect(text).toContain('وسنرسل لك القطع البديلة بالمقاس أو اللون الذي اخترته');
  });

  it('sends nothing more when the step is taken again (409), nor when the customer cancels a return', async () => {
    const asked = await askedReturn();
    const both = await Promise.all([step(asked.ret._id, { status: 'approved' }), step(asked.ret._id, { status: 'approved' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const late = await step(asked.ret._id, { status: 'declined', declineReason: 'متأخر' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(`${MSG.returnStepNotAllowed}: ${RETURN_STATUS_LABELS.approved}`);
    expect((await returnMessagesOf(asked.order._id)).map((m) => m.kind)).toEqual(['return_approved']);

    const own = await askedReturn();
    expect((await inject('PUT', `/returns/${own.ret._id}/cancel`, own.customer)).statusCode).toBe(200);
    expect(await returnMessagesOf(own.order._id)).toEqual([]);
  });
});

describe('declining a return', () => {
  it('sends return_declined with the reason staff wrote, on one line', async () => {
    const asked = await askedReturn();
    const res = await step(asked.ret._id, { status: 'declined', declineReason: 'القطعة مستعملة\nوليست بحالتها الأصلية' });
    expect(res.statusCode, res.body).toBe(200);
    const [row, ...more] = await returnMessagesOf(asked.order._id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ kind: 'return_declined', phone: ORDER_PHONE, params: { returnNumber: asked.ret.id, declineReason: 'القطعة مستعملة\nوليست بحالتها الأصلية' } });
    const [sent] = await sentFor(row!.id);
    expect(sent!.template.name).toBe('return_declined');
    expect(bodyValues(sent!)).toEqual([String(asked.ret.id), String(asked.order.id), 'القطعة مستعملة وليست بحالتها الأصلية', orderUrl(asked.order.id)]);
    expect((await step(asked.ret._id, { status: 'declined', declineReason: 'مرة أخرى' })).statusCode).toBe(409);
    expect(await returnMessagesOf(asked.order._id)).toHaveLength(1);
  });
});

describe('the money of a return going back', () => {
  it('a refund staff record sends return_refunded with the amount in pounds and the method in Arabic, once', async () => {
    expect((await inject('PUT', '/returns/settings', admin, { returnShippingFee: 0.5 })).statusCode).toBe(200);
    const asked = await askedReturn({ reason: 'changed_mind' });
    expect((await approveAndReceive(asked)).status).toBe('received');
    // Receipt alone sends nothing: the money has not gone back yet.
    expect((await returnMessagesOf(asked.order._id)).map((m) => m.kind)).toEqual(['return_approved']);

    const both = await Promise.all([refund(asked.ret._id, { method: 'instapay', reference: 'IP-77' }), refund(asked.ret._id, { method: 'cash' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refunded = (await returnMessagesOf(asked.order._id)).filter((m) => m.kind === 'return_refunded');
    expect(refunded).toHaveLength(1);
    const method = both.find((r) => r.statusCode === 200)!.json().data.refund.method as 'instapay' | 'cash';
    expect(refunded[0]).toMatchObject({ phone: ORDER_PHONE, params: { returnNumber: asked.ret.id, orderNumber: asked.order.id, amount: 179.5, method } });
    const [sent] = await sentFor(refunded[0]!.id);
    expect(sent!.template.name).toBe('return_refunded');
    expect(bodyValues(sent!)).toEqual([String(asked.ret.id), String(asked.order.id), '179.50 جنيه', method === 'instapay' ? 'إنستاباي' : 'نقداً', orderUrl(asked.order.id)]);
    expect((await refund(asked.ret._id, { method: 'wallet' })).json().message).toBe(MSG.returnAlreadyRefunded);
    expect((await returnMessagesOf(asked.order._id)).filter((m) => m.kind === 'return_refunded')).toHaveLength(1);
  });

  it('writes each recorded method in Arabic', async () => {
    const words = { cash: 'نقداً', wallet: 'محفظة إلكترونية', bank: 'تحويل بنكي' } as const;
    for (const [method, word] of Object.entries(words)) {
      const asked = await askedReturn();
      await approveAndReceive(asked);
      expect((await refund(asked.ret._id, { method })).statusCode).toBe(200);
      const [row] = (await returnMessagesOf(asked.order._id)).filter((m) => m.kind === 'return_refunded');
      const [sent] = await sentFor(row!.id);
      expect(bodyValues(sent!)[2]).toBe('180.00 جنيه');
      expect(bodyValues(sent!)[3]).toBe(word);
    }
  });

  it('a card refund that goes through at Paymob sends one return_refunded saying the card', async () => {
    const asked = await askedReturn({ card: true });
    const received = await approveAndReceive(asked);
    expect(received).toMatchObject({ status: 'completed', refund: { method: 'card', status: 'succeeded', amount: 180 } });
    const refunded = (await returnMessagesOf(asked.order._id)).filter((m) => m.kind === 'return_refunded');
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({ phone: ORDER_PHONE, params: { amount: 180, method: 'card' } });
    const [sent] = await sentFor(refunded[0]!.id);
    expect(bodyValues(sent!)).toEqual([String(asked.ret.id), String(asked.order.id), '180.00 جنيه', 'البطاقة', orderUrl(asked.order.id)]);
    expect((await refund(asked.ret._id)).statusCode).toBe(409);
    expect((await returnMessagesOf(asked.order._id)).filter((m) => m.kind === 'return_refunded')).toHaveLength(1);
  });

  it('a card refund Paymob refuses sends nothing; the retry that goes through sends one', async () => {
    const asked = await askedReturn({ card: true });
    await declineRefunds(paymob, true);
    try {
      expect(await approveAndReceive(asked)).toMatchObject({ status: 'received', refund: { status: 'failed' } });
    } finally {
      await declineRefunds(paymob, false);
    }
    expect((await returnMessagesOf(asked.order._id)).map((m) => m.kind)).toEqual(['return_approved']);
    const retry = await refund(asked.ret._id);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data).toMatchObject({ status: 'completed', refund: { status: 'succeeded' } });
    expect((await refundsOf(t.db, asked.order._id)).map((r) => r.status)).toEqual(['failed', 'succeeded']);
    expect((await returnMessagesOf(asked.order._id)).map((m) => m.kind)).toEqual(['return_approved', 'return_refunded']);
  });
});

describe("the customer's and staff's switches", () => {
  it('a customer who turned order messages off gets none about returns', async () => {
    const customer = await createAccount(t.db, 'user', 'هادئ');
    expect((await inject('PUT', '/users/me/notifications', customer, { orderMessages: false })).statusCode).toBe(200);
    const approved = await askedReturn({ customer });
    await approveAndReceive(approved);
    expect((await refund(approved.ret._id, { method: 'cash' })).statusCode).toBe(200);
    const declined = await askedReturn({ customer });
    expect((await step(declined.ret._id, { status: 'declined', declineReason: 'خارج الشروط' })).statusCode).toBe(200);
    expect(await messagesOf(t.db, approved.order._id)).toEqual([]);
    expect(await messagesOf(t.db, declined.order._id)).toEqual([]);
  });

  it('lists the kinds about returns with Arabic labels, and a kind switched off by staff is not sent while the others are', async () => {
    const listed = await inject('GET', '/messages/kinds', admin);
    expect(listed.statusCode).toBe(200);
    const kinds: MessageKind[] = ['return_approved', 'return_declined', 'return_refunded'];
    for (const kind of kinds) expect(listed.json().data).toContainEqual({ kind, label: MESSAGE_KIND_LABELS[kind], enabled: true });
    expect(kinds.map((kind) => MESSAGE_KIND_LABELS[kind])).toEqual(['الموافقة على طلب الإرجاع', 'رفض طلب الإرجاع', 'رد مبلغ طلب الإرجاع']);

    const asked = await askedReturn();
    expect((await inject('PUT', '/messages/kinds', admin, { kind: 'return_approved', enabled: false })).statusCode).toBe(200);
    try {
      await approveAndReceive(asked);
      expect((await refund(asked.ret._id, { method: 'wallet' })).statusCode).toBe(200);
    } finally {
      expect((await inject('PUT', '/messages/kinds', admin, { kind: 'return_approved', enabled: true })).statusCode).toBe(200);
    }
    expect((await returnMessagesOf(asked.order._id)).map((m) => m.kind)).toEqual(['return_refunded']);
  });

  it("shows a return's message on the dashboard's list with its kind's label and the words the customer reads", async () => {
    const asked = await askedReturn();
    expect((await step(asked.ret._id, { status: 'declined', declineReason: 'مضى على الاستخدام وقت طويل' })).statusCode).toBe(200);
    const res = await inject('GET', `/messages?orderId=${asked.order._id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const listed = (res.json().data as { kind: string; kindLabel: string; text: string; phone: string }[]).find((m) => m.kind === 'return_declined')!;
    expect(listed).toMatchObject({ kindLabel: 'رفض طلب الإرجاع', phone: ORDER_PHONE, orderNumber: asked.order.id });
    expect(listed.text).toBe(
      `نأسف، لم نتمكن من قبول طلب الإرجاع رقم #${asked.ret.id} من طلبك رقم #${asked.order.id}، والسبب: مضى على الاستخدام وقت طويل\n` +
        `لأي استفسار تابع طلبك من ${orderUrl(asked.order.id)} أو راسلنا هنا.`,
    );
  });
});
