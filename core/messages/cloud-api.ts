/**
 * Meta's WhatsApp Cloud API as the shop uses it (docs/decisions/023-whatsapp-messages.md): send a
 * template message, check and read the webhooks Meta posts, and answer Meta's verification of the
 * webhook URL. Nothing here touches the database. The token and the app secret are secrets: no
 * error, log line or page built from this module ever includes them.
 *
 * Where each fact comes from (developers.facebook.com/documentation/business-messaging/whatsapp/…):
 *  - "Send messages" (messages/send-messages): POST /<PHONE_NUMBER_ID>/messages with
 *    {messaging_product: "whatsapp", recipient_type: "individual", to, type, <type>: {…}}; the
 *    answer {messaging_product, contacts: [{input, wa_id}], messages: [{id}]} only says the request
 *    was accepted, delivery comes by webhook; "include the plus sign and the country calling code":
 *    without the plus, the country code of the business's own number is put in front.
 *  - "Message API" reference (reference/whatsapp-business-phone-number/message-api): base URL
 *    https://graph.facebook.com, POST /{Version}/{Phone-Number-ID}/messages,
 *    `Authorization: Bearer <token>`, the message id `wamid.…`; the request's fields
 *    (messaging_product, recipient_type, to, type, context, the message) include no idempotency key.
 *  - "Status messages webhook reference" (below): `biz_opaque_callback_data`, a string the business
 *    sets on the send request, comes back in the message's status webhooks. Its 512-character limit
 *    is quoted from Meta's older reference by public SDKs (whatsapp-api-js, whatsapp-business).
 *  - "Error codes" (support/error-codes): the error body {error: {message, type, code,
 *    error_data: {messaging_product, details}, fbtrace_id}}; build on `code`, not on the HTTP
 *    status (the rate limits 4, 80007, 130429 and 131056 come with HTTP 400); "try again" for 2
 *    (temporary, overload), 131000 (unknown error), 131016 (service unavailable), 131057
 *    (maintenance mode) and 133004 (server temporarily unavailable); 190 an expired token.
 *  - "Create a webhook endpoint" (webhooks/create-webhook-endpoint): GET ?hub.mode=subscribe
 *    &hub.challenge&hub.verify_token, answered 200 with the challenge when the token matches;
 *    POST with `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the body with the app secret>`;
 *    failed deliveries are retried for 36 hours, so the receiver deduplicates.
 *  - "Status messages webhook reference" (webhooks/reference/messages/status): entry[].changes[]
 *    .value.statuses[] {id, status: sent | delivered | read | failed | played, timestamp (Unix
 *    seconds), recipient_id, biz_opaque_callback_data, errors: [{code, title, message,
 *    error_data: {details}}]}.
 *  - "Button messages webhook reference" (webhooks/reference/messages/button): a quick-reply tap
 *    on a template is value.messages[] {context: {from, id: <wamid of the template message>},
 *    from, id, timestamp, type: "button", button: {payload, text}}.
 *  - Graph API changelog (developers.facebook.com/docs/graph-api/changelog): v25.0 released
 *    18 February 2026, available until 29 July 2028 (v26.0 came out 29 July 2026).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { PHONE_PATTERN } from '../../contracts/constants.ts';
import { isRecord, readAnswer, text, type Json } from '../shared/outside-json.ts';

/** Meta's Graph API. */
export const WHATSAPP_GRAPH_URL = 'https://graph.facebook.com';

/**
 * The Graph API version the shop speaks. Pinned rather than "latest" so a new version never
 * changes the shop's messages unannounced; v25.0 is supported until 29 July 2028.
 */
export const WHATSAPP_API_VERSION = 'v25.0';

/** The longest the shop waits for one answer from Meta. */
export const WHATSAPP_CALL_TIMEOUT_MS = 10_000;
/** The longest answer read from Meta: a send's answer is a few hundred bytes. */
export const WHATSAPP_ANSWER_MAX_BYTES = 1024 * 1024;

/** `biz_opaque_callback_data` holds at most this many characters (as public SDKs quote Meta's reference). */
export const WHATSAPP_REFERENCE_MAX = 512;

export interface WhatsAppSettings {
  /** A system user's access token, sent as `Authorization: Bearer …`. */
  token: string;
  /** The id of the business phone number the messages go from (not the number itself). */
  phoneNumberId: string;
  /** WHATSAPP_GRAPH_URL, or a stand-in's in tests. */
  baseUrl: string;
  /** WHATSAPP_API_VERSION when absent. */
  apiVersion?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** One value of a template's body, in the order of its {{1}}, {{2}}… */
export interface TextParameter {
  type: 'text';
  text: string;
}

export type TemplateComponent =
  | { type: 'body'; parameters: TextParameter[] }
  | { type: 'button'; sub_type: 'quick_reply'; index: string; parameters: [{ type: 'payload'; payload: string }] }
  /** An authentication template's copy-code button carries the code as a URL button's text. */
  | { type: 'button'; sub_type: 'url'; index: string; parameters: [TextParameter] };

/** The `template` object of a send request. */
export interface TemplateMessage {
  name: string;
  language: { code: string };
  components: TemplateComponent[];
}

export type WhatsAppErrorKind = 'refused' | 'unreachable' | 'rate_limited';

/** A send that did not go through: what Meta answered (or that it did not), never a secret. */
export class WhatsAppError extends Error {
  readonly kind: WhatsAppErrorKind;
  /** Meta's error code (130429, 131000, 190…); null when Meta gave none. */
  readonly code: number | null;
  /** HTTP status, Meta's message and details, and its fbtrace_id: what staff and Meta's support need. */
  readonly detail: string;
  /** The same send may succeed later (Meta busy or away); false when it would be refused again. */
  readonly retryable: boolean;
  /**
   * The request may have reached Meta and been accepted although no answer said so (no answer
   * within the timeout, the connection cut after the request went out). Meta takes no
   * idempotency key, so sending again could deliver the message twice.
   */
  readonly maybeSent: boolean;

  constructor(message: string, fields: { kind: WhatsAppErrorKind; code?: number | null; detail: string; retryable: boolean; maybeSent?: boolean }) {
    super(message);
    this.name = 'WhatsAppError';
    this.kind = fields.kind;
    this.code = fields.code ?? null;
    this.detail = fields.detail;
    this.retryable = fields.retryable;
    this.maybeSent = fields.maybeSent ?? false;
  }
}

/** Meta's rate limits ("Error codes", throttling errors): wait, then the same send goes through. */
const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131056]);

/** Meta's temporary failures, each documented with "try again". */
const TEMPORARY_CODES = new Set([2, 131000, 131016, 131057, 133004]);

/**
 * Failures before a connection was made: the request never left, so sending again cannot
 * duplicate it. Anything else without an answer may have reached Meta.
 */
const NOT_CONNECTED_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);


function causeCode(error: unknown): string | null {
  const cause = error instanceof Error ? (error as { cause?: unknown }).cause : undefined;
  return isRecord(cause) && typeof cause.code === 'string' ? cause.code : null;
}

function failureName(error: unknown): string {
  if (!(error instanceof Error)) return 'error';
  const code = causeCode(error);
  return `${error.name}${code ? ` ${code}` : ''}`;
}

/**
 * An Egyptian mobile number (01xxxxxxxxx, or already with 20, +20 or 0020 in front) as WhatsApp
 * writes it in `wa_id`, `recipient_id` and `from`: the country code and the number, digits only
 * (201xxxxxxxxx). Null when it is not an Egyptian mobile number.
 */
export function toWhatsAppNumber(phone: string): string | null {
  const digits = phone.replace(/[\s\-()]/g, '').replace(/^(\+|00)/, '');
  const local = digits.startsWith('20') ? `0${digits.slice(2)}` : digits;
  return PHONE_PATTERN.test(local) ? `2${local}` : null;
}

/** The shop's form of a WhatsApp number (201xxxxxxxxx or +201xxxxxxxxx → 01xxxxxxxxx); null when not an Egyptian mobile. */
export function fromWhatsAppNumber(waNumber: string): string | null {
  const digits = waNumber.replace(/^\+/, '');
  if (!/^20\d{10}$/.test(digits)) return null;
  const local = `0${digits.slice(2)}`;
  return PHONE_PATTERN.test(local) ? local : null;
}

/** A number from a webhook in the shop's form, or "+<digits>" for one that is not Egyptian, so it never equals a shop phone. */
function shopNumber(waNumber: string): string {
  return fromWhatsAppNumber(waNumber) ?? `+${waNumber.replace(/^\+/, '')}`;
}

/** The error a Graph error body describes. */
function graphError(status: number, error: Json): WhatsAppError {
  const code = typeof error.code === 'number' && Number.isInteger(error.code) ? error.code : null;
  const details = isRecord(error.error_data) ? text(error.error_data.details) : '';
  const said = [text(error.message), details].filter(Boolean).join(': ').slice(0, 300);
  const trace = text(error.fbtrace_id);
  const detail = `HTTP ${status}${said ? `: ${said}` : ''}${trace ? ` (fbtrace_id ${trace})` : ''}`;
  if ((code !== null && RATE_LIMIT_CODES.has(code)) || status === 429) {
    return new WhatsAppError('send template: Meta is limiting the rate', { kind: 'rate_limited', code, detail, retryable: true });
  }
  if ((code !== null && TEMPORARY_CODES.has(code)) || (code === null && status >= 500)) {
    return new WhatsAppError('send template: Meta is unavailable', { kind: 'unreachable', code, detail, retryable: true });
  }
  return new WhatsAppError('send template: Meta refused', { kind: 'refused', code, detail, retryable: false });
}

export interface SendOptions {
  /**
   * The shop's own id for this message, sent as `biz_opaque_callback_data`: Meta returns it in
   * every status webhook of the message, so a send whose answer was lost can still be recognised.
   */
  reference?: string;
}

export interface WhatsApp {
  /** Sends an approved template to an Egyptian mobile number; Meta's message id (wamid) when Meta accepts it. */
  sendTemplate(to: string, message: TemplateMessage, options?: SendOptions): Promise<{ messageId: string }>;
}

/** The shop's WhatsApp sender. Every call waits at most `timeoutMs` (WHATSAPP_CALL_TIMEOUT_MS) for Meta's whole answer. */
export function createWhatsApp(settings: WhatsAppSettings): WhatsApp {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/${settings.apiVersion ?? WHATSAPP_API_VERSION}/${encodeURIComponent(settings.phoneNumberId)}/messages`;

  return {
    async sendTemplate(to, message, options = {}) {
      const waNumber = toWhatsAppNumber(to);
      if (!waNumber) throw new WhatsAppError('send template: not an Egyptian mobile number', { kind: 'refused', detail: 'the phone is not 01xxxxxxxxx', retryable: false });
      if (options.reference !== undefined && (options.reference === '' || options.reference.length > WHATSAPP_REFERENCE_MAX)) {
        throw new WhatsAppError('send template: the reference is empty or too long', { kind: 'refused', detail: `at most ${WHATSAPP_REFERENCE_MAX} characters`, retryable: false });
      }
      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        // With the plus: without it Meta puts the business number's own country code in front.
        to: `+${waNumber}`,
        type: 'template',
        template: message,
        ...(options.reference !== undefined && { biz_opaque_callback_data: options.reference }),
      };
      let status: number;
      let raw: string;
      try {
        const response = await (settings.fetch ?? fetch)(url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${settings.token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(settings.timeoutMs ?? WHATSAPP_CALL_TIMEOUT_MS),
          redirect: 'error',
        });
        status = response.status;
        // Read under the same timeout, and to a limit: a body that never ends, or never stops, is no answer either.
        raw = await readAnswer(response, WHATSAPP_ANSWER_MAX_BYTES);
      } catch (error) {
        const code = causeCode(error);
        const maybeSent = !(code !== null && NOT_CONNECTED_CODES.has(code));
        throw new WhatsAppError('send template: Meta did not answer', { kind: 'unreachable', detail: failureName(error), retryable: true, maybeSent });
      }
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        json = undefined;
      }
      if (isRecord(json) && isRecord(json.error)) throw graphError(status, json.error);
      if (status < 200 || status >= 300) {
        // No Graph error body: a proxy's answer, which says nothing of whether Meta took the message.
        const detail = `HTTP ${status}: ${raw.slice(0, 120)}`;
        if (status >= 500 || status === 429) throw new WhatsAppError('send template: Meta is unavailable', { kind: 'unreachable', detail, retryable: true, maybeSent: status >= 500 });
        throw new WhatsAppError('send template: Meta refused', { kind: 'refused', detail, retryable: false });
      }
      const messages = isRecord(json) && Array.isArray(json.messages) ? json.messages : [];
      const messageId = isRecord(messages[0]) ? text(messages[0].id) : '';
      if (!messageId) {
        throw new WhatsAppError("send template: Meta's answer has no message id", { kind: 'unreachable', detail: `HTTP ${status}: ${raw.slice(0, 120)}`, retryable: true, maybeSent: true });
      }
      return { messageId };
    },
  };
}

/**
 * Checks `X-Hub-Signature-256` against the raw body as it arrived (not the body parsed and
 * serialised again), in constant time. False for a missing or malformed header or an empty secret.
 */
export function verifyWebhookSignature(rawBody: Buffer | string, header: string | undefined, appSecret: string): boolean {
  if (typeof header !== 'string' || appSecret === '') return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
}

function sameSecret(received: string, expected: string): boolean {
  // Digests of equal length, so the comparison takes the same time whatever was received.
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(received), digest(expected));
}

/** Meta's challenge is "a random string" (an integer in its examples); anything else is not echoed. */
const CHALLENGE = /^[A-Za-z0-9._~-]{1,256}$/;

/**
 * Meta's verification of the webhook URL (GET ?hub.mode=subscribe&hub.verify_token&hub.challenge):
 * the challenge to answer with 200 when the token is the shop's, otherwise null (answer 403).
 * Reads the keys flat ("hub.mode") or nested ({hub: {mode}}), as query parsers give them.
 */
export function answerVerification(query: unknown, verifyToken: string): string | null {
  if (!isRecord(query) || verifyToken === '') return null;
  const hub = isRecord(query.hub) ? query.hub : {};
  const mode = query['hub.mode'] ?? hub.mode;
  const token = query['hub.verify_token'] ?? hub.verify_token;
  const challenge = query['hub.challenge'] ?? hub.challenge;
  if (mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string') return null;
  if (!sameSecret(token, verifyToken) || !CHALLENGE.test(challenge)) return null;
  return challenge;
}

export type WhatsAppStatus = 'sent' | 'delivered' | 'read' | 'failed';

const STATUSES = new Set<string>(['sent', 'delivered', 'read', 'failed']);

export interface WhatsAppStatusEvent {
  /** The wamid of the shop's message. */
  messageId: string;
  status: WhatsAppStatus;
  /** The phone the message went to, in the shop's form (01xxxxxxxxx). */
  recipient: string;
  at: Date;
  /** The `reference` the message was sent with; null when none. */
  reference: string | null;
  error?: { code: number | null; title: string; detail: string };
}

export interface WhatsAppReply {
  /** The phone that tapped the button, in the shop's form (01xxxxxxxxx); "+<digits>" when not Egyptian. */
  from: string;
  /** The reply's own wamid: the same for the same reply posted again. */
  messageId: string;
  /** The wamid of the shop's message whose button was tapped. */
  contextMessageId: string | null;
  /** The payload the shop sent with the button (the button's text when it sent none). */
  payload: string;
  at: Date;
}

function dateOf(timestamp: unknown): Date {
  const seconds = Number(text(timestamp));
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
}

function statusFrom(value: unknown): WhatsAppStatusEvent | null {
  if (!isRecord(value)) return null;
  const messageId = text(value.id);
  const status = text(value.status);
  if (!messageId || !STATUSES.has(status)) return null;
  const event: WhatsAppStatusEvent = {
    messageId,
    status: status as WhatsAppStatus,
    recipient: shopNumber(text(value.recipient_id)),
    at: dateOf(value.timestamp),
    reference: text(value.biz_opaque_callback_data) || null,
  };
  const first = Array.isArray(value.errors) ? value.errors[0] : undefined;
  if (isRecord(first)) {
    event.error = {
      code: typeof first.code === 'number' && Number.isInteger(first.code) ? first.code : null,
      title: text(first.title || first.message).slice(0, 300),
      detail: (isRecord(first.error_data) ? text(first.error_data.details) : '').slice(0, 300),
    };
  }
  return event;
}

function replyFrom(value: unknown): WhatsAppReply | null {
  if (!isRecord(value) || value.type !== 'button' || !isRecord(value.button)) return null;
  const from = text(value.from);
  const messageId = text(value.id);
  const payload = text(value.button.payload);
  if (!from || !messageId || !payload) return null;
  return {
    from: shopNumber(from),
    messageId,
    contextMessageId: isRecord(value.context) ? text(value.context.id) || null : null,
    payload,
    at: dateOf(value.timestamp),
  };
}

/**
 * Reads a `messages` webhook: the statuses of the shop's messages and the quick-reply taps on
 * them. Other messages (text, media, interactive…) and other fields are left out. Meta may post
 * the same event more than once: statuses repeat with the same message and status, replies with
 * the same messageId. Checking the signature is the caller's (verifyWebhookSignature).
 */
export function parseWebhook(body: unknown): { statuses: WhatsAppStatusEvent[]; replies: WhatsAppReply[] } {
  const statuses: WhatsAppStatusEvent[] = [];
  const replies: WhatsAppReply[] = [];
  if (!isRecord(body) || !Array.isArray(body.entry)) return { statuses, replies };
  for (const entry of body.entry) {
    if (!isRecord(entry) || !Array.isArray(entry.changes)) continue;
    for (const change of entry.changes) {
      if (!isRecord(change) || (change.field !== undefined && change.field !== 'messages') || !isRecord(change.value)) continue;
      const value = change.value;
      for (const item of Array.isArray(value.statuses) ? value.statuses : []) {
        const event = statusFrom(item);
        if (event) statuses.push(event);
      }
      for (const item of Array.isArray(value.messages) ? value.messages : []) {
        const reply = replyFrom(item);
        if (reply) replies.push(reply);
      }
    }
  }
  return { statuses, replies };
}
