/**
 * A WhatsApp Cloud API stand-in: a small HTTP server that speaks the part of Meta's API the shop
 * uses, at the same paths and in the same shapes, so core/messages/cloud-api.ts runs unchanged
 * against it in tests and locally (docs/decisions/023-whatsapp-messages.md says where each shape
 * comes from).
 *
 * - POST /{version}/{phone-number-id}/messages checks `Authorization: Bearer <token>` (401 with
 *   Graph error 190 otherwise), the phone number id (400, code 100), the request's shape (400, code
 *   100, saying what is wrong), and the template against the shop's own (core/messages/templates.ts):
 *   an unknown name or language is 404 code 132001, a wrong number of body values 400 code 132000.
 *   It answers Meta's {messaging_product, contacts: [{input, wa_id}], messages: [{id: "wamid.…"}]}
 *   and records the message in `sent`.
 * - POST /_standin/status {messageId, status, errorCode?} posts Meta's statuses webhook for a sent
 *   message, with its biz_opaque_callback_data, to the webhook URL; POST /_standin/reply
 *   {messageId, payload, from?} posts a quick-reply tap on it (from the phone it went to unless
 *   `from` says another). Both are signed with X-Hub-Signature-256 as Meta signs them and answer
 *   with the status the shop answered (502 when it did not answer), or 200 {sent: false, payload}
 *   with no webhook URL.
 * - GET /_standin/sent[?to=01xxxxxxxxx]: what it was asked to send and accepted, newest first.
 * - GET /_standin/health; POST /_standin/mode {"mode": "ok" | "fail" | "timeout" | "rate_limited"}:
 *   Meta failing (500, code 131000), never answering, or limiting the rate (400, code 130429).
 *
 * Run alone: `tsx scripts/whatsapp-standin.ts` (WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID,
 * WHATSAPP_APP_SECRET, WHATSAPP_WEBHOOK_URL, WHATSAPP_STANDIN_PORT). It keeps everything in memory.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { listen, readBody, runUntilStopped, sendJson } from './standin-http.ts';
import { toWhatsAppNumber, type TemplateMessage } from '../core/messages/cloud-api.ts';
import { TEMPLATE_LANGUAGE, WHATSAPP_TEMPLATES, type TemplateDefinition } from '../core/messages/templates.ts';
import { isRecord, type Json } from '../core/shared/outside-json.ts';

export type WhatsAppStandInMode = 'ok' | 'fail' | 'timeout' | 'rate_limited';

export interface WhatsAppStandInOptions {
  port?: number;
  host?: string;
  token: string;
  phoneNumberId: string;
  /** Signs the webhooks (X-Hub-Signature-256). */
  appSecret: string;
  /** Where the webhooks are posted: the shop's POST /webhooks/whatsapp. */
  webhookUrl?: string;
  /** The business's own number as webhooks show it in metadata and context. */
  displayPhoneNumber?: string;
}

export interface WhatsAppStandInMessage {
  /** The wamid the stand-in answered with. */
  messageId: string;
  /** `to` as the shop sent it. */
  to: string;
  /** The recipient's WhatsApp id (digits, country code first). */
  waId: string;
  template: TemplateMessage;
  /** `biz_opaque_callback_data`, when sent. */
  reference: string | null;
  at: Date;
}

export interface WhatsAppStandInWebhook {
  url: string;
  /** What the shop answered; 0 when it did not. */
  status: number;
  payload: Record<string, unknown>;
}

export interface WhatsAppStandIn {
  url: string;
  server: Server;
  /** Every message the stand-in was asked to send and accepted, newest last. */
  sent: WhatsAppStandInMessage[];
  /** Every webhook the stand-in posted. */
  webhooks: WhatsAppStandInWebhook[];
  setMode(mode: WhatsAppStandInMode): void;
  close(): Promise<void>;
}


function traceId(): string {
  return randomBytes(12).toString('base64url');
}

/** Meta's error body ("Error codes": message "(#code) title", type, code, error_data, fbtrace_id). */
function graphError(response: ServerResponse, status: number, code: number, title: string, details?: string) {
  sendJson(response, status, {
    error: {
      message: `(#${code}) ${title}`,
      type: 'OAuthException',
      code,
      ...(details !== undefined && { error_data: { messaging_product: 'whatsapp', details } }),
      fbtrace_id: traceId(),
    },
  });
}

function newMessageId(): string {
  return `wamid.${randomBytes(24).toString('base64')}`;
}

/** The body values, buttons and sub-types a template expects. */
function expectations(definition: TemplateDefinition) {
  return {
    bodyValues: new Set(definition.body.match(/\{\{\d+\}\}/g) ?? []).size,
    quickReplies: definition.buttons.filter((b) => b.type === 'QUICK_REPLY').length,
    copyCode: definition.buttons.some((b) => b.type === 'COPY_CODE'),
  };
}

/** Why Meta would refuse this send request as malformed, or null. */
function shapeRefusal(body: Json): string | null {
  if (body.messaging_product !== 'whatsapp') return 'messaging_product must be "whatsapp".';
  if (body.recipient_type !== undefined && body.recipient_type !== 'individual') return 'recipient_type must be "individual".';
  if (typeof body.to !== 'string' || !/^\+?\d{8,15}$/.test(body.to.replace(/[\s\-()]/g, ''))) return 'to must be a phone number with its country code.';
  if (body.type !== 'template') return 'the stand-in sends template messages only: type must be "template".';
  const template = body.template;
  if (!isRecord(template)) return 'template is required when type is "template".';
  if (typeof template.name !== 'string' || !/^[a-z0-9_]{1,512}$/.test(template.name)) return 'template.name must be lowercase letters, digits and underscores.';
  if (!isRecord(template.language) || typeof template.language.code !== 'string') return 'template.language.code is required.';
  if (template.components !== undefined && !Array.isArray(template.components)) return 'template.components must be an array.';
  for (const component of (template.components as unknown[] | undefined) ?? []) {
    if (!isRecord(component) || !Array.isArray(component.parameters)) return 'each component needs a type and parameters.';
    if (component.type === 'body' || component.type === 'header') {
      for (const parameter of component.parameters) {
        if (!isRecord(parameter) || parameter.type !== 'text' || typeof parameter.text !== 'string' || parameter.text.trim() === '') return 'body parameters must be {"type": "text", "text": <non-empty string>}.';
        if (/[\n\t]| {5,}/.test(parameter.text)) return 'Parameter text cannot have new-line/tab characters or more than 4 consecutive spaces.';
      }
    } else if (component.type === 'button') {
      if (typeof component.index !== 'string' || !/^\d$/.test(component.index)) return 'button index must be a string holding one digit.';
      const [parameter] = component.parameters;
      if (component.parameters.length !== 1 || !isRecord(parameter)) return 'a button takes exactly one parameter.';
      if (component.sub_type === 'quick_reply') {
        if (parameter.type !== 'payload' || typeof parameter.payload !== 'string' || parameter.payload === '') return 'a quick_reply button takes {"type": "payload", "payload": <string>}.';
      } else if (component.sub_type === 'url') {
        if (parameter.type !== 'text' || typeof parameter.text !== 'string' || parameter.text === '') return 'a url button takes {"type": "text", "text": <string>}.';
      } else {
        return 'button sub_type must be "quick_reply" or "url".';
      }
    } else {
      return 'component type must be "header", "body" or "button".';
    }
  }
  if (body.biz_opaque_callback_data !== undefined && (typeof body.biz_opaque_callback_data !== 'string' || body.biz_opaque_callback_data.length > 512)) return 'biz_opaque_callback_data must be a string of at most 512 characters.';
  return null;
}

export async function startWhatsAppStandIn(options: WhatsAppStandInOptions): Promise<WhatsAppStandIn> {
  const sent: WhatsAppStandInMessage[] = [];
  const byId = new Map<string, WhatsAppStandInMessage>();
  const webhooks: WhatsAppStandInWebhook[] = [];
  const displayPhoneNumber = options.displayPhoneNumber ?? WHATSAPP_STANDIN_SETTINGS.displayPhoneNumber;
  const templates = new Map<string, TemplateDefinition>(Object.values(WHATSAPP_TEMPLATES).map((t) => [t.name, t]));
  let mode: WhatsAppStandInMode = 'ok';

  async function send(request: IncomingMessage, response: ServerResponse, phoneNumberId: string) {
    const raw = await readBody(request);
    if (request.headers.authorization !== `Bearer ${options.token}`) {
      return graphError(response, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
    }
    if (phoneNumberId !== options.phoneNumberId) {
      return graphError(response, 400, 100, 'Invalid parameter', `Unsupported post request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`);
    }
    if (mode === 'fail') return graphError(response, 500, 131000, 'Something went wrong', 'Message failed to send because of an unknown error.');
    if (mode === 'rate_limited') return graphError(response, 400, 130429, 'Rate limit hit', 'Cloud API message throughput has been reached.');
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = undefined;
    }
    if (!isRecord(body)) return graphError(response, 400, 100, 'Invalid parameter', 'The request body must be a JSON object.');
    const refusal = shapeRefusal(body);
    if (refusal) return graphError(response, 400, 100, 'Invalid parameter', refusal);
    const template = body.template as unknown as TemplateMessage;
    const definition = templates.get(template.name);
    if (!definition || template.language.code !== TEMPLATE_LANGUAGE) {
      return graphError(response, 404, 132001, 'Template name does not exist in the translation', `template name (${template.name}) does not exist in ${template.language.code}`);
    }
    const expected = expectations(definition);
    const components = template.components ?? [];
    const values = components.filter((c) => c.type === 'body').flatMap((c) => c.parameters).length;
    if (values !== expected.bodyValues) {
      return graphError(response, 400, 132000, 'Number of parameters does not match the expected number of params', `body: number of localizable_params (${values}) does not match the expected number of params (${expected.bodyValues})`);
    }
    const buttons = components.filter((c) => c.type === 'button');
    const quickReplies = buttons.filter((c) => c.sub_type === 'quick_reply');
    if (quickReplies.some((c) => Number(c.index) >= expected.quickReplies) || buttons.some((c) => c.sub_type === 'url' && !expected.copyCode)) {
      return graphError(response, 400, 131008, 'Required parameter is missing', `button at this index does not exist in template ${template.name}`);
    }
    if (expected.copyCode && !buttons.some((c) => c.sub_type === 'url' && c.index === '0')) {
      return graphError(response, 400, 131008, 'Required parameter is missing', 'an authentication template needs the code as the url button at index 0');
    }
    const to = body.to as string;
    const message: WhatsAppStandInMessage = {
      messageId: newMessageId(),
      to,
      waId: to.replace(/\D/g, ''),
      template,
      reference: typeof body.biz_opaque_callback_data === 'string' ? body.biz_opaque_callback_data : null,
      at: new Date(),
    };
    sent.push(message);
    byId.set(message.messageId, message);
    sendJson(response, 200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: message.waId }], messages: [{ id: message.messageId }] });
  }

  function envelope(value: Json): Json {
    return {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: WHATSAPP_STANDIN_SETTINGS.businessAccountId,
          changes: [{ value: { messaging_product: 'whatsapp', metadata: { display_phone_number: displayPhoneNumber, phone_number_id: options.phoneNumberId }, ...value }, field: 'messages' }],
        },
      ],
    };
  }

  /** Posts a signed webhook: what the shop answered, or 0, or null when there is no webhook URL. */
  async function post(payload: Json): Promise<number | null> {
    const url = options.webhookUrl;
    if (!url) return null;
    const raw = Buffer.from(JSON.stringify(payload), 'utf8');
    const signature = `sha256=${createHmac('sha256', options.appSecret).update(raw).digest('hex')}`;
    let status = 0;
    try {
      const answer = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature }, body: raw, signal: AbortSignal.timeout(10_000) });
      status = answer.status;
      await answer.arrayBuffer();
    } catch {
      status = 0;
    }
    webhooks.push({ url, status, payload });
    return status;
  }

  async function answerWithShop(response: ServerResponse, payload: Json) {
    const status = await post(payload);
    if (status === null) return sendJson(response, 200, { sent: false, payload });
    sendJson(response, status === 0 ? 502 : status, { sent: true, status, payload });
  }

  async function control(request: IncomingMessage): Promise<Json | undefined> {
    try {
      const body: unknown = JSON.parse((await readBody(request)) || '{}');
      return isRecord(body) ? body : undefined;
    } catch {
      return undefined;
    }
  }

  const seconds = () => String(Math.floor(Date.now() / 1000));

  async function controlStatus(request: IncomingMessage, response: ServerResponse) {
    const body = await control(request);
    const status = body?.status;
    if (!body || typeof body.messageId !== 'string' || (status !== 'sent' && status !== 'delivered' && status !== 'read' && status !== 'failed')) {
      return sendJson(response, 400, { error: 'body must be {"messageId": <wamid>, "status": "sent" | "delivered" | "read" | "failed", "errorCode"?: <number>}' });
    }
    const message = byId.get(body.messageId);
    if (!message) return sendJson(response, 404, { error: 'no message with this id was sent' });
    const code = typeof body.errorCode === 'number' ? body.errorCode : 131026;
    const item: Json = {
      id: message.messageId,
      status,
      timestamp: seconds(),
      recipient_id: message.waId,
      ...(message.reference !== null && { biz_opaque_callback_data: message.reference }),
      ...(status !== 'failed' && { pricing: { billable: true, pricing_model: 'PMP', type: 'regular', category: message.template.name === 'password_reset_code' ? 'authentication' : 'utility' } }),
      ...(status === 'failed' && {
        errors: [{ code, title: 'Message undeliverable', message: 'Message undeliverable', error_data: { details: 'Message Undeliverable.' }, href: '/documentation/business-messaging/whatsapp/support/error-codes' }],
      }),
    };
    await answerWithShop(response, envelope({ statuses: [item] }));
  }

  async function controlReply(request: IncomingMessage, response: ServerResponse) {
    const body = await control(request);
    if (!body || typeof body.messageId !== 'string' || typeof body.payload !== 'string' || body.payload === '' || (body.from !== undefined && typeof body.from !== 'string')) {
      return sendJson(response, 400, { error: 'body must be {"messageId": <wamid>, "payload": <string>, "from"?: <phone>}' });
    }
    const message = byId.get(body.messageId);
    if (!message) return sendJson(response, 404, { error: 'no message with this id was sent' });
    const from = typeof body.from === 'string' ? (toWhatsAppNumber(body.from) ?? body.from.replace(/\D/g, '')) : message.waId;
    // The button's label: the one whose payload was tapped, as WhatsApp shows it.
    const buttons = WHATSAPP_TEMPLATES[message.template.name as keyof typeof WHATSAPP_TEMPLATES]?.buttons ?? [];
    const tapped = message.template.components.find((c) => c.type === 'button' && c.sub_type === 'quick_reply' && c.parameters[0].payload === body.payload);
    const label = tapped && tapped.type === 'button' ? buttons[Number(tapped.index)]?.text : undefined;
    await answerWithShop(
      response,
      envelope({
        contacts: [{ profile: { name: 'عميل تجريبي' }, wa_id: from }],
        messages: [
          {
            context: { from: displayPhoneNumber, id: message.messageId },
            from,
            id: newMessageId(),
            timestamp: seconds(),
            type: 'button',
            button: { payload: body.payload, text: label ?? body.payload },
          },
        ],
      }),
    );
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const route = `${request.method} ${url.pathname}`;
    const done = (error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: error instanceof Error ? error.message : 'error' });
    };

    if (route === 'GET /_standin/health') return sendJson(response, 200, { ok: true, mode });
    if (route === 'POST /_standin/mode') {
      return void control(request).then((body) => {
        const wanted = body?.mode;
        if (wanted !== 'ok' && wanted !== 'fail' && wanted !== 'timeout' && wanted !== 'rate_limited') return sendJson(response, 400, { error: 'body must be {"mode": "ok" | "fail" | "timeout" | "rate_limited"}' });
        mode = wanted;
        sendJson(response, 200, { mode });
      }, done);
    }
    if (route === 'GET /_standin/sent') {
      // What was sent, newest first; ?to=01xxxxxxxxx keeps one phone's.
      const to = url.searchParams.get('to');
      const waId = to ? (toWhatsAppNumber(to) ?? to) : null;
      return sendJson(response, 200, { messages: sent.filter((m) => !waId || m.waId === waId).reverse() });
    }
    if (route === 'POST /_standin/status') return void controlStatus(request, response).catch(done);
    if (route === 'POST /_standin/reply') return void controlReply(request, response).catch(done);

    const messages = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(url.pathname);
    if (request.method === 'POST' && messages) {
      // Meta not answering at all: the connection stays open until the shop gives up.
      if (mode === 'timeout') return;
      return void send(request, response, decodeURIComponent(messages[2]!)).catch(done);
    }
    graphError(response, 400, 100, 'Invalid parameter', `Unsupported ${request.method} request.`);
  });
  const listening = await listen(server, options);
  return {
    url: listening.url,
    server,
    sent,
    webhooks,
    setMode(value) {
      mode = value;
    },
    close: listening.close,
  };
}

/** The stand-in's own settings, for a local shop or the tests. */
export const WHATSAPP_STANDIN_SETTINGS = {
  token: 'whatsapp_standin_token_for_local_use_only',
  phoneNumberId: '100000000000001',
  appSecret: 'whatsapp_standin_app_secret_for_local_use_only',
  verifyToken: 'whatsapp_standin_verify_token_for_local_use_only',
  displayPhoneNumber: '201000000000',
  businessAccountId: '100000000000002',
} as const;

/** The WHATSAPP_* settings that send the shop's messages to a stand-in at `url`. */
export function whatsappStandInEnv(
  url: string,
  settings: { token: string; phoneNumberId: string; appSecret: string; verifyToken: string } = WHATSAPP_STANDIN_SETTINGS,
): Record<string, string> {
  return {
    WHATSAPP_TOKEN: settings.token,
    WHATSAPP_PHONE_NUMBER_ID: settings.phoneNumberId,
    WHATSAPP_APP_SECRET: settings.appSecret,
    WHATSAPP_VERIFY_TOKEN: settings.verifyToken,
    WHATSAPP_BASE_URL: url,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const standIn = await startWhatsAppStandIn({
    port: Number(process.env.WHATSAPP_STANDIN_PORT ?? 3097),
    host: process.env.WHATSAPP_STANDIN_HOST ?? '127.0.0.1',
    token: process.env.WHATSAPP_TOKEN || WHATSAPP_STANDIN_SETTINGS.token,
    phoneNumberId: process.env.WHATSAPP_PHONE_NUMBER_ID || WHATSAPP_STANDIN_SETTINGS.phoneNumberId,
    appSecret: process.env.WHATSAPP_APP_SECRET || WHATSAPP_STANDIN_SETTINGS.appSecret,
    webhookUrl: process.env.WHATSAPP_WEBHOOK_URL || undefined,
  });
  runUntilStopped('WhatsApp', standIn);
}
