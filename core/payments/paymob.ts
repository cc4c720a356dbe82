/**
 * Paymob's API as the shop uses it (docs/decisions/009-card-payments-paymob.md): create an
 * intention for Unified Checkout, refund a transaction, and check the HMAC of the transaction
 * callbacks. Nothing here touches the database. The settings carry secrets: no error, log line
 * or page built from this module ever includes them.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readAnswer } from '../shared/outside-json.ts';

export const PAYMOB_DEFAULT_BASE_URL = 'https://accept.paymob.com';

export interface PaymobSettings {
  /** Authorises server calls ("Token <secret key>"). */
  secretKey: string;
  /** Opens Unified Checkout in the shopper's browser; not a secret. */
  publicKey: string;
  /** Signs the transaction callbacks. */
  hmacSecret: string;
  cardIntegrationId: number;
  walletIntegrationId?: number;
  /** Paymob's API address, or a stand-in's in tests. */
  baseUrl: string;
}

/** A failed call to Paymob: the step and what Paymob answered, never a key. */
export class PaymobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymobError';
  }
}

/** The longest the shop waits for one answer from Paymob. */
export const PAYMOB_CALL_TIMEOUT_MS = 15_000;
/** The longest answer read from Paymob: an intention's answer is a few kilobytes. */
export const PAYMOB_ANSWER_MAX_BYTES = 1024 * 1024;

/**
 * The fields of a transaction callback that the HMAC covers, in Paymob's documented order
 * (developers.paymob.com, "HMAC Transaction Callback"). The Processed callback (POST) nests
 * them in `obj`; the Response callback (GET) sends them flat, naming the transaction `id` and
 * the order `order_id`.
 */
export const HMAC_FIELDS = [
  'amount_cents',
  'created_at',
  'currency',
  'error_occured',
  'has_parent_transaction',
  'id',
  'integration_id',
  'is_3d_secure',
  'is_auth',
  'is_capture',
  'is_refunded',
  'is_standalone_payment',
  'is_voided',
  'order.id',
  'owner',
  'pending',
  'source_data.pan',
  'source_data.sub_type',
  'source_data.type',
  'success',
] as const;

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** A nested field of the Processed callback's `obj` ("order.id", "source_data.pan"). */
function pick(obj: Record<string, unknown>, dotted: string): unknown {
  let value: unknown = obj;
  for (const key of dotted.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The string the HMAC of a Transaction Processed callback is computed over. */
export function processedHmacInput(obj: Record<string, unknown>): string {
  return HMAC_FIELDS.map((field) => text(pick(obj, field))).join('');
}

/**
 * The Paymob order id of a Response callback's query. The documentation names it `order_id`;
 * `order` is read when it is absent. The same value is signed and used to find the order.
 */
export function responseOrderId(query: Record<string, unknown>): string {
  return text(query.order_id ?? query.order);
}

/** The string the HMAC of a Transaction Response callback (the browser's return) is computed over. */
export function responseHmacInput(query: Record<string, unknown>): string {
  return HMAC_FIELDS.map((field) => (field === 'order.id' ? responseOrderId(query) : text(query[field]))).join('');
}

/** Lowercase hex HMAC-SHA512 of `input` with the HMAC secret. */
export function hmacOf(input: string, secret: string): string {
  return createHmac('sha512', secret).update(input, 'utf8').digest('hex');
}

/** Compares a received signature with the expected one in constant time. */
export function signatureMatches(received: unknown, input: string, secret: string): boolean {
  if (typeof received !== 'string' || !/^[0-9a-f]{128}$/i.test(received)) return false;
  const expected = Buffer.from(hmacOf(input, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(received.toLowerCase(), 'hex'));
}

export interface IntentionItem {
  name: string;
  /** Piastres. */
  amount: number;
  description: string;
  quantity: number;
}

export interface IntentionRequest {
  /** Piastres; equal to the sum of the items. */
  amountCents: number;
  items: IntentionItem[];
  billing: { firstName: string; lastName: string; phone: string; street: string; city: string; postalCode: string };
  /** Our order's id, returned by Paymob as merchant_order_id (informative only: not signed). */
  specialReference: string;
  notificationUrl: string;
  redirectionUrl: string;
  /**
   * Seconds the intention can be paid for (Paymob's `expiration`): the order's remaining payment
   * time, so nobody pays for an order the shop has already cancelled as unpaid.
   */
  expirationSeconds?: number;
}

export interface Intention {
  intentionId: string;
  clientSecret: string;
  /** The Paymob order id the callbacks carry in their signed fields. */
  paymobOrderId: string;
}

async function call(settings: PaymobSettings, path: string, body: unknown, step: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(`${settings.baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Token ${settings.secretKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(PAYMOB_CALL_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    throw new PaymobError(`${step}: Paymob did not answer (${error instanceof Error ? error.name : 'error'})`);
  }
  // Read to a limit: an answer that never stops is refused like one that is not JSON.
  const raw = await readAnswer(response, PAYMOB_ANSWER_MAX_BYTES).catch(() => '');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = undefined;
  }
  if (!response.ok || typeof json !== 'object' || json === null) {
    const detail = typeof json === 'object' && json !== null ? JSON.stringify(json).slice(0, 300) : `${raw.slice(0, 120)}`;
    throw new PaymobError(`${step}: HTTP ${response.status} ${detail}`);
  }
  return json as Record<string, unknown>;
}

/** Creates an intention (POST /v1/intention/) for card, and wallet when configured. */
export async function createIntention(settings: PaymobSettings, request: IntentionRequest): Promise<Intention> {
  const methods = [settings.cardIntegrationId, ...(settings.walletIntegrationId ? [settings.walletIntegrationId] : [])];
  const json = await call(
    settings,
    '/v1/intention/',
    {
      amount: request.amountCents,
      currency: 'EGP',
      payment_methods: methods,
      items: request.items,
      billing_data: {
        first_name: request.billing.firstName,
        last_name: request.billing.lastName,
        phone_number: request.billing.phone,
        street: request.billing.street,
        city: request.billing.city,
        state: request.billing.city,
        postal_code: request.billing.postalCode,
        country: 'EG',
      },
      special_reference: request.specialReference,
      notification_url: request.notificationUrl,
      redirection_url: request.redirectionUrl,
      ...(request.expirationSeconds !== undefined && { expiration: request.expirationSeconds }),
    },
    'create intention',
  );
  const intentionId = text(json.id);
  const clientSecret = text(json.client_secret);
  const paymobOrderId = text(json.intention_order_id);
  if (!intentionId || !clientSecret || !paymobOrderId) throw new PaymobError('create intention: the answer lacks id, client_secret or intention_order_id');
  return { intentionId, clientSecret, paymobOrderId };
}

/** Where the shopper pays: Unified Checkout for the intention. */
export function checkoutUrl(settings: PaymobSettings, clientSecret: string): string {
  const url = new URL('/unifiedcheckout/', settings.baseUrl);
  url.searchParams.set('publicKey', settings.publicKey);
  url.searchParams.set('clientSecret', clientSecret);
  return url.toString();
}

export type RefundResult = { ok: true; refundTransactionId: string } | { ok: false; detail: string };

/** Refunds `amountCents` of a paid transaction (POST /api/acceptance/void_refund/refund). */
export async function refundTransaction(settings: PaymobSettings, transactionId: string, amountCents: number): Promise<RefundResult> {
  let json: Record<string, unknown>;
  try {
    json = await call(settings, '/api/acceptance/void_refund/refund', { transaction_id: Number(transactionId) || transactionId, amount_cents: amountCents }, 'refund');
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : 'refund failed' };
  }
  const success = json.success === true || json.success === 'true';
  const pending = json.pending === true || json.pending === 'true';
  if (success && !pending) return { ok: true, refundTransactionId: text(json.id) };
  const message = typeof json.data === 'object' && json.data !== null ? text((json.data as Record<string, unknown>).message) : '';
  return { ok: false, detail: `refund: ${pending ? 'pending' : 'declined'}${message ? ` (${message.slice(0, 200)})` : ''}` };
}
