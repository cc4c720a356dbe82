/**
 * The WhatsApp Cloud API client (core/messages/cloud-api.ts) against the WhatsApp stand-in
 * (scripts/whatsapp-standin.ts) over HTTP: a template sent and recorded as Meta receives it; a
 * wrong token, Meta failing, Meta silent and Meta limiting the rate, each as its WhatsAppError; the
 * webhooks' signature and Meta's verification of the URL; the stand-in's status and reply webhooks
 * read back; and every template of core/messages/templates.ts as the customer reads it.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  answerVerification,
  createWhatsApp,
  fromWhatsAppNumber,
  parseWebhook,
  toWhatsAppNumber,
  verifyWebhookSignature,
  WHATSAPP_ANSWER_MAX_BYTES,
  WHATSAPP_API_VERSION,
  WhatsAppError,
  type WhatsAppSettings,
} from '../../core/messages/cloud-api.ts';
import {
  formatPounds,
  orderPageUrl,
  parseReplyPayload,
  renderTemplateText,
  templateFor,
  templateMessage,
  WHATSAPP_TEMPLATES,
  type TemplateKind,
  type TemplateParams,
} from '../../core/messages/templates.ts';
import { startWhatsAppStandIn, WHATSAPP_STANDIN_SETTINGS, whatsappStandInEnv, type WhatsAppStandIn } from '../../scripts/whatsapp-standin.ts';

interface Received {
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

/** The shop's webhook endpoint: keeps the raw bodies Meta posts and answers `status`. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 200 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, raw: Buffer.concat(chunks) });
      response.writeHead(state.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/webhooks/whatsapp`, received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let standIn: WhatsAppStandIn;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  standIn = await startWhatsAppStandIn({
    token: WHATSAPP_STANDIN_SETTINGS.token,
    phoneNumberId: WHATSAPP_STANDIN_SETTINGS.phoneNumberId,
    appSecret: WHATSAPP_STANDIN_SETTINGS.appSecret,
    webhookUrl: receiver.url,
  });
});

afterAll(async () => {
  await standIn.close();
  await receiver.close();
});

afterEach(() => {
  vi.restoreAllMocks();
  standIn.setMode('ok');
  receiver.state.status = 200;
});

function whatsapp(settings: Partial<WhatsAppSettings> = {}) {
  return createWhatsApp({ token: WHATSAPP_STANDIN_SETTINGS.token, phoneNumberId: WHATSAPP_STANDIN_SETTINGS.phoneNumberId, baseUrl: standIn.url, ...settings });
}

const ORDER_ID = '3f6b1a2c-9d4e-4f10-8a7b-2c5d6e7f8091';
const STORE = 'https://souq.example';

const SAMPLES: { [K in TemplateKind]: TemplateParams[K] } = {
  order_placed_cash: { orderId: ORDER_ID, orderNumber: 1234, amount: 350, orderUrl: orderPageUrl(STORE, 1234) },
  order_placed_card: { orderNumber: 1235, amount: 1299.5, orderUrl: orderPageUrl(STORE, 1235) },
  payment_received: { orderNumber: 1235, amount: 1299.5, orderUrl: orderPageUrl(STORE, 1235) },
  order_confirmed: { orderNumber: 1234, orderUrl: orderPageUrl(STORE, 1234) },
  order_shipped: { orderNumber: 1234, trackingNumber: '7345123890', orderUrl: orderPageUrl(STORE, 1234) },
  order_delivered: { orderNumber: 1234, orderUrl: orderPageUrl(STORE, 1234) },
  order_cancelled: { orderNumber: 1236, orderUrl: orderPageUrl(STORE, 1236) },
  return_approved: { returnNumber: 56, orderNumber: 1234, exchange: false, orderUrl: orderPageUrl(STORE, 1234) },
  return_declined: { returnNumber: 56, orderNumber: 1234, declineReason: 'القطعة مستعملة', orderUrl: orderPageUrl(STORE, 1234) },
  return_refunded: { returnNumber: 56, orderNumber: 1234, amount: 279, method: 'instapay', orderUrl: orderPageUrl(STORE, 1234) },
  password_reset_code: { code: '482913' },
};

const KINDS = Object.keys(SAMPLES) as TemplateKind[];

async function whatsAppError(promise: Promise<unknown>): Promise<WhatsAppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WhatsAppError);
  return error as WhatsAppError;
}

async function control(path: '/_standin/status' | '/_standin/reply', body: Record<string, unknown>) {
  const response = await fetch(`${standIn.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { sent: boolean; status?: number; payload: unknown } };
}

/** Sends a cash order's message and returns its wamid. */
async function sendCashOrderMessage(phone = '01012345678') {
  const { messageId } = await whatsapp().sendTemplate(phone, templateMessage('order_placed_cash', SAMPLES.order_placed_cash), { reference: 'msg-42' });
  return messageId;
}

describe('sending a template', () => {
  it("is accepted with Meta's message id and reaches Meta with the template's name, language and values", async () => {
    const { messageId } = await whatsapp().sendTemplate('01012345678', templateMessage('order_placed_cash', SAMPLES.order_placed_cash), { reference: 'msg-42' });
    expect(messageId).toMatch(/^wamid\./);

    const sent = standIn.sent.at(-1)!;
    expect(sent).toMatchObject({ messageId, to: '+201012345678', waId: '201012345678', reference: 'msg-42' });
    expect(sent.template).toEqual({
      name: 'order_placed_cash',
      language: { code: 'ar' },
      components: [
        { type: 'body', parameters: [{ type: 'text', text: '1234' }, { type: 'text', text: '350.00 جنيه' }, { type: 'text', text: 'https://souq.example/profile?order=1234' }] },
        { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: `confirm:${ORDER_ID}` }] },
        { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: `cancel:${ORDER_ID}` }] },
      ],
    });
  });

  it('sends every template of the shop in a shape the stand-in accepts', async () => {
    for (const kind of KINDS) {
      await whatsapp().sendTemplate('01122334455', templateMessage(kind, SAMPLES[kind]));
      expect(standIn.sent.at(-1)!.template.name).toBe(templateFor(kind, SAMPLES[kind]).name);
    }
    await whatsapp().sendTemplate('01122334455', templateMessage('order_shipped', { ...SAMPLES.order_shipped, trackingNumber: null }));
    expect(standIn.sent.at(-1)!.template.name).toBe('order_shipped_no_tracking');
    await whatsapp().sendTemplate('01122334455', templateMessage('return_approved', { ...SAMPLES.return_approved, exchange: true }));
    expect(standIn.sent.at(-1)!.template.name).toBe('return_approved_exchange');
  });

  it('sends the reset code twice, as the body value and as the copy-code button', () => {
    expect(templateMessage('password_reset_code', { code: '482913' }).components).toEqual([
      { type: 'body', parameters: [{ type: 'text', text: '482913' }] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '482913' }] },
    ]);
  });

  it('uses the pinned Graph API version in the path', async () => {
    const urls: string[] = [];
    const recording: typeof fetch = (input, init) => {
      urls.push(String(input));
      return fetch(input, init);
    };
    await whatsapp({ fetch: recording }).sendTemplate('01012345678', templateMessage('order_delivered', SAMPLES.order_delivered));
    expect(urls).toEqual([`${standIn.url}/${WHATSAPP_API_VERSION}/${WHATSAPP_STANDIN_SETTINGS.phoneNumberId}/messages`]);
  });
});

describe('what Meta refuses', () => {
  it('refuses a token it does not accept, not retryable, and never shows the token', async () => {
    const token = 'a-token-meta-never-issued';
    const error = await whatsAppError(whatsapp({ token }).sendTemplate('01012345678', templateMessage('order_delivered', SAMPLES.order_delivered)));
    expect(error).toMatchObject({ kind: 'refused', code: 190, retryable: false, maybeSent: false });
    expect(error.detail).toContain('HTTP 401');
    expect(error.detail).toContain('fbtrace_id');
    expect(`${error.message} ${error.detail}`).not.toContain(token);
  });

  it('refuses a template Meta does not have, with its code', async () => {
    const error = await whatsAppError(whatsapp().sendTemplate('01012345678', { name: 'no_such_template', language: { code: 'ar' }, components: [] }));
    expect(error).toMatchObject({ kind: 'refused', code: 132001, retryable: false });
  });

  it('refuses a template sent with the wrong number of values', async () => {
    const message = templateMessage('order_delivered', SAMPLES.order_delivered);
    const error = await whatsAppError(whatsapp().sendTemplate('01012345678', { ...message, components: [{ type: 'body', parameters: [{ type: 'text', text: '1234' }] }] }));
    expect(error).toMatchObject({ kind: 'refused', code: 132000 });
  });

  it('refuses a phone that is not an Egyptian mobile without calling Meta', async () => {
    const before = standIn.sent.length;
    const error = await whatsAppError(whatsapp().sendTemplate('0223456789', templateMessage('order_delivered', SAMPLES.order_delivered)));
    expect(error).toMatchObject({ kind: 'refused', retryable: false });
    expect(standIn.sent.length).toBe(before);
  });
});

describe('Meta away', () => {
  it("answers unreachable and retryable when Meta fails with its 'something went wrong'", async () => {
    standIn.setMode('fail');
    const error = await whatsAppError(whatsapp().sendTemplate('01012345678', templateMessage('order_delivered', SAMPLES.order_delivered)));
    expect(error).toMatchObject({ kind: 'unreachable', code: 131000, retryable: true, maybeSent: false });
    expect(error.detail).toContain('HTTP 500');
  });

  it('answers rate_limited and retryable when Meta limits the rate, whatever the HTTP status', async () => {
    standIn.setMode('rate_limited');
    const error = await whatsAppError(whatsapp().sendTemplate('01012345678', templateMessage('order_delivered', SAMPLES.order_delivered)));
    expect(error).toMatchObject({ kind: 'rate_limited', code: 130429, retryable: true, maybeSent: false });
    expect(error.detail).toContain('HTTP 400');
  });

  it('gives the call up at the timeout it was given when Meta never answers, saying the message may have been sent', async () => {
    standIn.setMode('timeout');
    const before = standIn.sent.length;
    const timeouts = vi.spyOn(AbortSignal, 'timeout');
    const error = await whatsAppError(whatsapp({ timeoutMs: 300 }).sendTemplate('01012345678', templateMessage('order_delivered', SAMPLES.order_delivered)));
    expect(error).toMatchObject({ kind: 'unreachable', retryable: true, maybeSent: true });
    // Ended by its own timeout, the one given rather than the default.
    expect(error.detail).toContain('TimeoutError');
    expect(timeouts).toHaveBeenCalledExactlyOnceWith(300);
    expect(standIn.sent.length).toBe(before);
  });

  it('answers unreachable, certainly not sent, when no connection can be made', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await whatsAppError(whatsapp({ baseUrl: `http://127.0.0.1:${port}` }).sendTemplate('01012345678', templateMessage('order_delivered', SAMPLES.order_delivered)));
    expect(error).toMatchObject({ kind: 'unreachable', retryable: true, maybeSent: false });
    expect(error.detail).toContain('ECONNREFUSED');
  });

  it('answers unreachable, perhaps sent, when the answer runs past the limit', async () => {
    const huge = new Response('x'.repeat(WHATSAPP_ANSWER_MAX_BYTES + 1), { status: 200 });
    const error = await whatsAppError(whatsapp({ fetch: () => Promise.resolve(huge) }).sendTemplate('01012345678', templateMessage('order_delivered', SAMPLES.order_delivered)));
    expect(error).toMatchObject({ kind: 'unreachable', retryable: true, maybeSent: true });
    expect(error.detail).toContain('AnswerTooLarge');
  });

  it('answers unreachable when a proxy answers 502 without a Graph error', async () => {
    const error = await whatsAppError(whatsapp({ fetch: () => Promise.resolve(new Response('<html>bad gateway</html>', { status: 502 })) }).sendTemplate('01012345678', templateMessage('order_delivered', SAMPLES.order_delivered)));
    expect(error).toMatchObject({ kind: 'unreachable', retryable: true, maybeSent: true, code: null });
  });
});

describe("Meta's webhooks", () => {
  it('posts a status signed with the app secret, which only the right secret and the untouched body verify', async () => {
    const messageId = await sendCashOrderMessage();
    const before = receiver.received.length;
    expect(await control('/_standin/status', { messageId, status: 'delivered' })).toMatchObject({ status: 200, body: { sent: true, status: 200 } });

    const { headers, raw } = receiver.received.slice(before).at(-1)!;
    const header = headers['x-hub-signature-256'] as string;
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(raw, header, WHATSAPP_STANDIN_SETTINGS.appSecret)).toBe(true);
    expect(verifyWebhookSignature(raw.toString('utf8'), header, WHATSAPP_STANDIN_SETTINGS.appSecret)).toBe(true);
    expect(verifyWebhookSignature(raw, header, 'another app secret')).toBe(false);
    expect(verifyWebhookSignature(raw, undefined, WHATSAPP_STANDIN_SETTINGS.appSecret)).toBe(false);
    expect(verifyWebhookSignature(raw, header.replace('sha256=', ''), WHATSAPP_STANDIN_SETTINGS.appSecret)).toBe(false);
    expect(verifyWebhookSignature(raw, 'sha256=abc', WHATSAPP_STANDIN_SETTINGS.appSecret)).toBe(false);
    expect(verifyWebhookSignature(raw, header, '')).toBe(false);
    const tampered = Buffer.from(raw.toString('utf8').replace('"delivered"', '"read"'), 'utf8');
    expect(verifyWebhookSignature(tampered, header, WHATSAPP_STANDIN_SETTINGS.appSecret)).toBe(false);

    const { statuses, replies } = parseWebhook(JSON.parse(raw.toString('utf8')));
    expect(replies).toEqual([]);
    expect(statuses).toEqual([{ messageId, status: 'delivered', recipient: '01012345678', at: expect.any(Date), reference: 'msg-42' }]);
    expect(Math.abs(statuses[0]!.at.getTime() - Date.now())).toBeLessThan(5_000);
  });

  it("reads a failed status with Meta's error", async () => {
    const messageId = await sendCashOrderMessage();
    const answer = await control('/_standin/status', { messageId, status: 'failed', errorCode: 131026 });
    expect(parseWebhook(answer.body.payload).statuses).toEqual([
      { messageId, status: 'failed', recipient: '01012345678', at: expect.any(Date), reference: 'msg-42', error: { code: 131026, title: 'Message undeliverable', detail: 'Message Undeliverable.' } },
    ]);
  });

  it('reads a quick-reply tap from the phone the message went to, with the order and the answer it names', async () => {
    const messageId = await sendCashOrderMessage('01098765432');
    const answer = await control('/_standin/reply', { messageId, payload: `confirm:${ORDER_ID}` });
    expect(answer).toMatchObject({ status: 200, body: { sent: true } });
    const { statuses, replies } = parseWebhook(answer.body.payload);
    expect(statuses).toEqual([]);
    expect(replies).toEqual([{ from: '01098765432', messageId: expect.stringMatching(/^wamid\./), contextMessageId: messageId, payload: `confirm:${ORDER_ID}`, at: expect.any(Date) }]);
    expect(parseReplyPayload(replies[0]!.payload)).toEqual({ answer: 'confirm', orderId: ORDER_ID });
    expect((answer.body.payload as { entry: { changes: { value: { messages: { button: { text: string } }[] } }[] }[] }).entry[0]!.changes[0]!.value.messages[0]!.button.text).toBe('تأكيد الطلب');
  });

  it('reads a tap answered from another phone as that phone', async () => {
    const messageId = await sendCashOrderMessage('01098765432');
    const answer = await control('/_standin/reply', { messageId, payload: `cancel:${ORDER_ID}`, from: '01511112222' });
    expect(parseWebhook(answer.body.payload).replies).toMatchObject([{ from: '01511112222', contextMessageId: messageId, payload: `cancel:${ORDER_ID}` }]);
  });

  it("answers the stand-in's control call with the shop's own status", async () => {
    const messageId = await sendCashOrderMessage();
    receiver.state.status = 401;
    expect(await control('/_standin/reply', { messageId, payload: `confirm:${ORDER_ID}` })).toMatchObject({ status: 401, body: { sent: true, status: 401 } });
    expect((await control('/_standin/status', { messageId: 'wamid.unknown', status: 'read' })).status).toBe(404);
  });

  it('leaves out other messages, other statuses and other fields', () => {
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                messages: [
                  { from: '201012345678', id: 'wamid.text', timestamp: '1749416383', type: 'text', text: { body: 'تأكيد الطلب' } },
                  { from: '201012345678', id: 'wamid.image', timestamp: '1749416383', type: 'image', image: { id: '1' } },
                  { from: '201012345678', id: 'wamid.list', timestamp: '1749416383', type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: `confirm:${ORDER_ID}` } } },
                  { from: '16505551234', id: 'wamid.abroad', timestamp: '1750091045', type: 'button', button: { payload: 'Unsubscribe', text: 'Unsubscribe' } },
                ],
                statuses: [{ id: 'wamid.voice', status: 'played', timestamp: '1750030073', recipient_id: '201012345678' }],
              },
            },
            { field: 'message_template_status_update', value: { event: 'APPROVED', message_template_name: 'order_shipped' } },
          ],
        },
      ],
    };
    expect(parseWebhook(body)).toEqual({
      statuses: [],
      replies: [{ from: '+16505551234', messageId: 'wamid.abroad', contextMessageId: null, payload: 'Unsubscribe', at: new Date(1750091045_000) }],
    });
    expect(parseWebhook(null)).toEqual({ statuses: [], replies: [] });
    expect(parseWebhook({ entry: 'nothing' })).toEqual({ statuses: [], replies: [] });
  });
});

describe("Meta's verification of the webhook URL", () => {
  const token = WHATSAPP_STANDIN_SETTINGS.verifyToken;

  it('answers the challenge when the verify token is the shop’s', () => {
    expect(answerVerification({ 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': '1158201444' }, token)).toBe('1158201444');
    expect(answerVerification({ hub: { mode: 'subscribe', verify_token: token, challenge: '1158201444' } }, token)).toBe('1158201444');
  });

  it('answers nothing for another token, another mode, no challenge or a challenge that is not a plain token', () => {
    expect(answerVerification({ 'hub.mode': 'subscribe', 'hub.verify_token': 'guess', 'hub.challenge': '1158201444' }, token)).toBeNull();
    expect(answerVerification({ 'hub.mode': 'unsubscribe', 'hub.verify_token': token, 'hub.challenge': '1158201444' }, token)).toBeNull();
    expect(answerVerification({ 'hub.mode': 'subscribe', 'hub.verify_token': token }, token)).toBeNull();
    expect(answerVerification({ 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': '<script>' }, token)).toBeNull();
    expect(answerVerification({ 'hub.mode': 'subscribe', 'hub.verify_token': '', 'hub.challenge': '1' }, '')).toBeNull();
  });
});

describe("the shop's templates", () => {
  it('each renders its Arabic text with the values in place and no placeholder left', () => {
    for (const kind of KINDS) {
      const text = renderTemplateText(kind, SAMPLES[kind]);
      expect(text, kind).toMatch(/[\u0600-\u06FF]/);
      expect(text, kind).not.toMatch(/\{\{/);
    }
    expect(renderTemplateText('order_placed_cash', SAMPLES.order_placed_cash)).toBe(
      'شكراً لطلبك! استلمنا طلبك رقم #1234 بإجمالي 350.00 جنيه يُدفع عند الاستلام.\n' +
        'من فضلك أكّد الطلب أو ألغِه من الزرين بالأسفل، ويمكنك متابعته من https://souq.example/profile?order=1234 في أي وقت.',
    );
    expect(renderTemplateText('payment_received', SAMPLES.payment_received)).toContain('#1235 بمبلغ 1299.50 جنيه،');
    expect(renderTemplateText('order_shipped', SAMPLES.order_shipped)).toContain('ورقم التتبع 7345123890.');
    expect(renderTemplateText('order_shipped', { ...SAMPLES.order_shipped, trackingNumber: null })).not.toContain('رقم التتبع');
    expect(renderTemplateText('password_reset_code', SAMPLES.password_reset_code)).toBe('482913 هو رمز التحقق الخاص بك. للحفاظ على أمانك، لا تشارك هذا الرمز.\nتنتهي صلاحية هذا الرمز خلال 10 دقائق.');
  });

  it('each has a valid name, a category, numbered placeholders with samples, and fits Meta’s limits', () => {
    for (const template of Object.values(WHATSAPP_TEMPLATES)) {
      expect(template.name).toMatch(/^[a-z0-9_]{1,512}$/);
      expect(['UTILITY', 'AUTHENTICATION']).toContain(template.category);
      const numbers = (template.body.match(/\{\{(\d+)\}\}/g) ?? []).map((p) => Number(p.slice(2, -2)));
      expect(numbers, template.name).toEqual(numbers.map((_, i) => i + 1));
      expect(template.placeholders.length).toBe(numbers.length);
      expect(template.examples.length).toBe(numbers.length);
      expect(template.body.length).toBeLessThanOrEqual(1024);
      for (const button of template.buttons) expect(button.text.length).toBeLessThanOrEqual(25);
      if (template.category === 'UTILITY') {
        // Meta refuses a body that opens or closes with a placeholder (error 2388299).
        expect(template.body.trim(), template.name).not.toMatch(/^\{\{\d+\}\}|\{\{\d+\}\}[.!؟]?$/);
      }
    }
    expect(WHATSAPP_TEMPLATES.order_placed_cash.buttons.map((b) => b.text)).toEqual(['تأكيد الطلب', 'إلغاء الطلب']);
    expect(WHATSAPP_TEMPLATES.password_reset_code).toMatchObject({ category: 'AUTHENTICATION', buttons: [{ type: 'COPY_CODE' }] });
  });

  it('sends as many body values as each template has placeholders', () => {
    for (const kind of KINDS) {
      const message = templateMessage(kind, SAMPLES[kind]);
      const body = message.components.find((c) => c.type === 'body')!;
      expect(body.parameters.length, kind).toBe(templateFor(kind, SAMPLES[kind]).placeholders.length);
      expect(message.language).toEqual({ code: 'ar' });
    }
  });

  it('keeps each value on one line', () => {
    const message = templateMessage('order_shipped', { ...SAMPLES.order_shipped, trackingNumber: ' 7345\n123890 ' });
    expect(message.components[0]).toEqual({ type: 'body', parameters: [{ type: 'text', text: '1234' }, { type: 'text', text: '7345 123890' }, { type: 'text', text: 'https://souq.example/profile?order=1234' }] });
  });

  it('reads back only the payloads the shop puts on its buttons', () => {
    expect(parseReplyPayload(`cancel:${ORDER_ID.toUpperCase()}`)).toEqual({ answer: 'cancel', orderId: ORDER_ID });
    expect(parseReplyPayload('تأكيد الطلب')).toBeNull();
    expect(parseReplyPayload(`refund:${ORDER_ID}`)).toBeNull();
    expect(parseReplyPayload(`confirm:${ORDER_ID}x`)).toBeNull();
  });

  it('writes amounts with two decimals and the currency as an Arabic word, which stays after the number in a right-to-left paragraph', () => {
    expect(formatPounds(350)).toBe('350.00 جنيه');
    expect(formatPounds(0.1 + 0.2)).toBe('0.30 جنيه');
  });
});

describe('phone numbers', () => {
  it('become WhatsApp numbers and back', () => {
    expect(toWhatsAppNumber('01012345678')).toBe('201012345678');
    expect(toWhatsAppNumber('+201012345678')).toBe('201012345678');
    expect(toWhatsAppNumber('00201012345678')).toBe('201012345678');
    expect(toWhatsAppNumber('010 1234-5678')).toBe('201012345678');
    expect(fromWhatsAppNumber('201012345678')).toBe('01012345678');
    expect(fromWhatsAppNumber('+201512345678')).toBe('01512345678');
    for (const phone of ['01012345678', '01112345678', '01212345678', '01512345678']) expect(fromWhatsAppNumber(toWhatsAppNumber(phone)!)).toBe(phone);
  });

  it('that are not Egyptian mobiles are not converted', () => {
    expect(toWhatsAppNumber('0223456789')).toBeNull();
    expect(toWhatsAppNumber('01312345678')).toBeNull();
    expect(toWhatsAppNumber('16505551234')).toBeNull();
    expect(fromWhatsAppNumber('16505551234')).toBeNull();
    expect(fromWhatsAppNumber('2010123456789')).toBeNull();
  });
});

describe("the stand-in's settings", () => {
  it('give the shop every WHATSAPP_* setting, pointed at the stand-in', () => {
    expect(whatsappStandInEnv('http://127.0.0.1:3097')).toEqual({
      WHATSAPP_TOKEN: WHATSAPP_STANDIN_SETTINGS.token,
      WHATSAPP_PHONE_NUMBER_ID: WHATSAPP_STANDIN_SETTINGS.phoneNumberId,
      WHATSAPP_APP_SECRET: WHATSAPP_STANDIN_SETTINGS.appSecret,
      WHATSAPP_VERIFY_TOKEN: WHATSAPP_STANDIN_SETTINGS.verifyToken,
      WHATSAPP_BASE_URL: 'http://127.0.0.1:3097',
    });
  });
});
