/**
 * A Paymob stand-in: a small HTTP server that speaks the part of Paymob's API the shop uses, so
 * the shop's own client code (core/payments/paymob.ts) runs unchanged against it in tests and locally.
 *
 * - POST /v1/intention/ (Authorization: Token <secret key>) checks what Paymob documents
 *   (integration ids, items adding up to the amount, a phone number) and answers with an id,
 *   a client_secret and an intention_order_id. `expiration` (seconds, 3600 when absent) is how
 *   long the intention can be paid.
 * - GET /unifiedcheckout/?publicKey=…&clientSecret=… is the hosted checkout: a page with "pay",
 *   "decline" and "pay a wrong amount". Each sends the Transaction Processed callback (POST, JSON,
 *   ?hmac=) to the intention's notification_url, then the browser to its redirection_url with the
 *   Transaction Response callback's query (GET, ?hmac=), both signed the documented way. An
 *   expired intention's checkout is a 410 page, and paying it is refused (410) with no callback.
 * - POST /api/acceptance/void_refund/refund refunds part or all of a paid transaction and sends
 *   the refund's own Processed callback.
 * - /_standin/health, and POST /_standin/refunds {"decline": true|false} to make refunds fail.
 * - A slow Paymob: `delayMs` (PAYMOB_STANDIN_DELAY_MS when run alone) delays every intention and
 *   refund answer; tests hold them instead (`hold`) until they release them.
 *
 * Run alone: `npm run paymob-standin` (settings from the PAYMOB_* variables, port
 * PAYMOB_STANDIN_PORT). It keeps everything in memory.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { listen, readBody, runUntilStopped, sendJson } from './standin-http.ts';
import { hmacOf, processedHmacInput } from '../core/payments/paymob.ts';

export interface StandInOptions {
  port?: number;
  host?: string;
  secretKey: string;
  publicKey: string;
  hmacSecret: string;
  /** Integration ids the account has (card, wallet). */
  integrationIds: number[];
  /** Milliseconds every intention and refund answer waits before it is sent (a slow Paymob). */
  delayMs?: number;
}

/** The server calls whose answers can be delayed or held. */
export type StandInCall = 'intention' | 'refund';

/** Answers of one kind held back until released. */
export interface StandInHold {
  /** Resolves once a call of that kind has arrived and is being held. */
  arrived: Promise<void>;
  /** Lets the held calls answer, and those that arrive later answer at once. */
  release(): void;
}

/**
 * The longest a call is held: a hold never released (the test failed before it could) lets the
 * call answer then, well within the shop's own wait for Paymob.
 */
const HOLD_LIMIT_MS = 10_000;

/** Paymob's default lifetime of an intention, in seconds, when the request names none. */
const DEFAULT_EXPIRATION_SECONDS = 3600;

export interface StandIn {
  url: string;
  server: Server;
  /** Intentions made so far, newest last (for tests to read what the shop sent). */
  intentions: Intention[];
  /** Every callback the stand-in sent and the status the shop answered. */
  deliveries: { url: string; status: number; transactionId: number }[];
  /**
   * Holds the answers to calls of one kind (creating intentions, or refunds) until `release`,
   * or HOLD_LIMIT_MS at most: a test of what the shop does while Paymob has not answered.
   */
  hold(call: StandInCall): StandInHold;
  close(): Promise<void>;
}

interface Intention {
  id: string;
  clientSecret: string;
  paymobOrderId: number;
  amount: number;
  /** When the intention can no longer be paid (epoch milliseconds), from its `expiration`. */
  expiresAt: number;
  body: Record<string, unknown>;
  notificationUrl: string;
  redirectionUrl: string;
  integrationId: number;
  paid: boolean;
}

interface Transaction {
  id: number;
  intention: Intention;
  amountCents: number;
  success: boolean;
  refundedCents: number;
}

const OWNER = 302852;

/** Paymob's timestamp shape: local time with microseconds and no zone ("2024-06-13T11:33:44.592345"). */
function paymobTime(date = new Date()): string {
  return `${date.toISOString().slice(0, 23)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function sendHtml(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end(html);
}

function transactionObject(tx: { id: number; amountCents: number; success: boolean; parent: boolean; intention: Intention; refunded?: boolean }) {
  return {
    id: tx.id,
    pending: false,
    amount_cents: tx.amountCents,
    success: tx.success,
    is_auth: false,
    is_capture: false,
    is_standalone_payment: !tx.parent,
    is_voided: false,
    is_refunded: tx.refunded ?? false,
    is_refund: tx.parent,
    is_void: false,
    is_3d_secure: true,
    integration_id: tx.intention.integrationId,
    profile_id: OWNER,
    has_parent_transaction: tx.parent,
    order: { id: tx.intention.paymobOrderId, merchant_order_id: String(tx.intention.body.special_reference ?? '') },
    created_at: paymobTime(),
    currency: 'EGP',
    source_data: { pan: '2346', sub_type: 'MasterCard', type: 'card' },
    error_occured: false,
    owner: OWNER,
    data: { message: tx.success ? 'Approved' : 'Do not honour' },
  };
}

/** The flat query of the Transaction Response callback for a transaction object. */
function responseQuery(obj: ReturnType<typeof transactionObject>, hmacSecret: string): URLSearchParams {
  const query = new URLSearchParams({
    id: String(obj.id),
    pending: String(obj.pending),
    amount_cents: String(obj.amount_cents),
    success: String(obj.success),
    is_auth: String(obj.is_auth),
    is_capture: String(obj.is_capture),
    is_standalone_payment: String(obj.is_standalone_payment),
    is_voided: String(obj.is_voided),
    is_refunded: String(obj.is_refunded),
    is_3d_secure: String(obj.is_3d_secure),
    integration_id: String(obj.integration_id),
    profile_id: String(obj.profile_id),
    has_parent_transaction: String(obj.has_parent_transaction),
    order_id: String(obj.order.id),
    created_at: obj.created_at,
    currency: obj.currency,
    merchant_order_id: obj.order.merchant_order_id,
    'source_data.pan': obj.source_data.pan,
    'source_data.sub_type': obj.source_data.sub_type,
    'source_data.type': obj.source_data.type,
    error_occured: String(obj.error_occured),
    owner: String(obj.owner),
    'data.message': obj.data.message,
  });
  query.set('hmac', hmacOf(processedHmacInput(obj), hmacSecret));
  return query;
}

export async function startPaymobStandIn(options: StandInOptions): Promise<StandIn> {
  const intentions: Intention[] = [];
  const bySecret = new Map<string, Intention>();
  const transactions = new Map<number, Transaction>();
  const deliveries: StandIn['deliveries'] = [];
  let nextOrder = 317_000_000 + Math.floor(Math.random() * 1_000_000);
  let nextTransaction = 241_000_000 + Math.floor(Math.random() * 1_000_000);
  let declineRefunds = false;
  const holds = new Map<StandInCall, { reached: () => void; released: Promise<void> }>();

  /** Waits as a slow Paymob would: the configured delay, then any hold on this kind of call. */
  async function answerLater(call: StandInCall): Promise<void> {
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const held = holds.get(call);
    if (!held) return;
    held.reached();
    await held.released;
  }

  function hold(call: StandInCall): StandInHold {
    let reached = () => {};
    const arrived = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const limit = setTimeout(release, HOLD_LIMIT_MS);
    limit.unref();
    const entry = { reached, released };
    holds.set(call, entry);
    return {
      arrived,
      release() {
        clearTimeout(limit);
        if (holds.get(call) === entry) holds.delete(call);
        release();
      },
    };
  }

  const authorised = (request: IncomingMessage) => request.headers.authorization === `Token ${options.secretKey}`;

  async function notify(intention: Intention, obj: ReturnType<typeof transactionObject>) {
    const url = new URL(intention.notificationUrl);
    url.searchParams.set('hmac', hmacOf(processedHmacInput(obj), options.hmacSecret));
    let status = 0;
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ type: 'TRANSACTION', obj }) });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = 0;
    }
    deliveries.push({ url: intention.notificationUrl, status, transactionId: obj.id });
  }

  /** The JSON body of a server call authorised with the secret key; undefined once it answered the refusal. */
  async function authorisedJson(request: IncomingMessage, response: ServerResponse): Promise<Record<string, unknown> | undefined> {
    if (!authorised(request)) {
      sendJson(response, 401, { detail: 'Authentication credentials were not provided.' });
      return undefined;
    }
    try {
      return JSON.parse(await readBody(request)) as Record<string, unknown>;
    } catch {
      sendJson(response, 400, { detail: 'JSON parse error' });
      return undefined;
    }
  }

  async function createIntention(request: IncomingMessage, response: ServerResponse) {
    const body = await authorisedJson(request, response);
    if (!body) return;
    const amount = body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) return sendJson(response, 400, { amount: ['A valid integer is required.'] });
    if (body.currency !== 'EGP') return sendJson(response, 400, { currency: ['Not a valid currency for this integration.'] });
    const methods = Array.isArray(body.payment_methods) ? body.payment_methods : [];
    if (methods.length === 0 || methods.some((m) => !options.integrationIds.includes(Number(m)))) {
      return sendJson(response, 404, { detail: 'Integration ID/Name does not exist in our system .' });
    }
    const items = Array.isArray(body.items) ? (body.items as Record<string, unknown>[]) : [];
    for (const item of items) {
      if (typeof item.name !== 'string' || item.name === '') return sendJson(response, 400, { items: { name: ['This field is required.'] } });
      if (typeof item.amount !== 'number' || !Number.isInteger(item.amount)) return sendJson(response, 400, { items: { amount: ['This field is required.'] } });
    }
    const sum = items.reduce((total, item) => total + (item.amount as number) * Number(item.quantity ?? 1), 0);
    if (items.length > 0 && sum !== amount) return sendJson(response, 400, { detail: 'Items total amount is not equal to the intention amount.' });
    const billing = body.billing_data as Record<string, unknown> | undefined;
    if (!billing || typeof billing.phone_number !== 'string' || billing.phone_number === '') {
      return sendJson(response, 400, { billing_data: { phone_number: ['This field is required.'] } });
    }
    for (const key of ['notification_url', 'redirection_url'] as const) {
      if (typeof body[key] !== 'string' || !URL.canParse(body[key] as string)) return sendJson(response, 400, { [key]: ['Enter a valid URL.'] });
    }
    const expiration = body.expiration ?? DEFAULT_EXPIRATION_SECONDS;
    if (typeof expiration !== 'number' || !Number.isInteger(expiration) || expiration <= 0) return sendJson(response, 400, { expiration: ['A valid integer is required.'] });
    await answerLater('intention');
    const intention: Intention = {
      id: `pi_test_${randomBytes(12).toString('hex')}`,
      clientSecret: `egy_csk_test_${randomBytes(16).toString('hex')}`,
      paymobOrderId: nextOrder++,
      amount,
      expiresAt: Date.now() + expiration * 1000,
      body,
      notificationUrl: body.notification_url as string,
      redirectionUrl: body.redirection_url as string,
      integrationId: Number(methods[0]),
      paid: false,
    };
    intentions.push(intention);
    bySecret.set(intention.clientSecret, intention);
    sendJson(response, 201, {
      id: intention.id,
      client_secret: intention.clientSecret,
      intention_order_id: intention.paymobOrderId,
      amount,
      currency: 'EGP',
      status: 'intended',
      payment_keys: methods.map((m) => ({ integration: Number(m), key: randomBytes(8).toString('hex'), order_id: intention.paymobOrderId })),
      special_reference: body.special_reference ?? null,
      created: new Date().toISOString(),
    });
  }

  function checkoutPage(url: URL, response: ServerResponse) {
    const intention = bySecret.get(url.searchParams.get('clientSecret') ?? '');
    if (url.searchParams.get('publicKey') !== options.publicKey || !intention) {
      return sendHtml(response, 404, '<!doctype html><html lang="en"><title>Not found</title><h1>Payment session not found</h1></html>');
    }
    if (!intention.paid && intention.expiresAt <= Date.now()) {
      return sendHtml(response, 410, '<!doctype html><html lang="en"><title>Expired</title><h1>This payment session has expired</h1></html>');
    }
    const pounds = (intention.amount / 100).toFixed(2);
    const items = (intention.body.items as Record<string, unknown>[] | undefined) ?? [];
    const rows = items.map((item) => `<li><bdi>${escapeHtml(String(item.name))}</bdi>: ${((item.amount as number) / 100).toFixed(2)} EGP</li>`).join('');
    const button = (result: string, label: string) =>
      `<form method="post" action="/unifiedcheckout/pay"><input type="hidden" name="clientSecret" value="${escapeHtml(intention.clientSecret)}"><input type="hidden" name="result" value="${result}"><button type="submit">${label}</button></form>`;
    sendHtml(
      response,
      200,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Paymob stand-in checkout</title>
<style>body{font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}button{display:block;width:100%;min-height:44px;margin:.5rem 0;font-size:1rem}</style></head>
<body><h1>Paymob stand-in checkout</h1><p>Amount due: <strong data-amount>${pounds} EGP</strong></p><ul>${rows}</ul>
${intention.paid ? '<p role="status">This payment is complete.</p>' : `${button('pay', 'Pay')}${button('decline', 'Decline')}${button('wrong-amount', 'Pay a wrong amount')}`}
</body></html>`,
    );
  }

  async function pay(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    const intention = bySecret.get(form.get('clientSecret') ?? '');
    if (!intention) return sendHtml(response, 404, '<!doctype html><title>Not found</title><h1>Payment session not found</h1>');
    if (intention.paid) return sendHtml(response, 409, '<!doctype html><title>Paid</title><h1>This payment is complete</h1>');
    if (intention.expiresAt <= Date.now()) return sendHtml(response, 410, '<!doctype html><title>Expired</title><h1>This payment session has expired</h1>');
    const result = form.get('result');
    const success = result !== 'decline';
    const amountCents = result === 'wrong-amount' ? Math.max(100, intention.amount - 100) : intention.amount;
    const tx: Transaction = { id: nextTransaction++, intention, amountCents, success, refundedCents: 0 };
    transactions.set(tx.id, tx);
    if (success) intention.paid = true;
    const obj = transactionObject({ id: tx.id, amountCents, success, parent: false, intention });
    await notify(intention, obj);
    const back = new URL(intention.redirectionUrl);
    for (const [key, value] of responseQuery(obj, options.hmacSecret)) back.searchParams.set(key, value);
    response.writeHead(302, { Location: back.toString() });
    response.end();
  }

  async function refund(request: IncomingMessage, response: ServerResponse) {
    const body = await authorisedJson(request, response);
    if (!body) return;
    const original = transactions.get(Number(body.transaction_id));
    const amountCents = Number(body.amount_cents);
    if (!original || !original.success) return sendJson(response, 404, { detail: 'Transaction not found.' });
    if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > original.amountCents - original.refundedCents) {
      return sendJson(response, 400, { detail: 'Refund amount exceeds the refundable amount.' });
    }
    await answerLater('refund');
    // Checked again after the wait: a refund that went through meanwhile leaves less to refund.
    if (amountCents > original.amountCents - original.refundedCents) return sendJson(response, 400, { detail: 'Refund amount exceeds the refundable amount.' });
    const id = nextTransaction++;
    const success = !declineRefunds;
    const obj = transactionObject({ id, amountCents, success, parent: true, intention: original.intention });
    if (success) original.refundedCents += amountCents;
    sendJson(response, 200, obj);
    if (success) void notify(original.intention, obj);
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const route = `${request.method} ${url.pathname}`;
    const done = (error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { detail: error instanceof Error ? error.message : 'error' });
    };
    if (route === 'POST /v1/intention/') return void createIntention(request, response).catch(done);
    if (route === 'GET /unifiedcheckout/') return checkoutPage(url, response);
    if (route === 'POST /unifiedcheckout/pay') return void pay(request, response).catch(done);
    if (route === 'POST /api/acceptance/void_refund/refund') return void refund(request, response).catch(done);
    if (route === 'GET /_standin/health') return sendJson(response, 200, { ok: true });
    if (route === 'POST /_standin/refunds') {
      return void readBody(request).then((text) => {
        declineRefunds = Boolean((JSON.parse(text || '{}') as { decline?: boolean }).decline);
        sendJson(response, 200, { declineRefunds });
      }, done);
    }
    sendJson(response, 404, { detail: 'Not found.' });
  });
  const listening = await listen(server, options);
  return {
    url: listening.url,
    server,
    intentions,
    deliveries,
    hold,
    close: listening.close,
  };
}

/** The stand-in's settings in the shop's PAYMOB_* terms, for a local shop or the tests. */
export const STANDIN_SETTINGS = {
  secretKey: 'egy_sk_test_standin_secret_key',
  publicKey: 'egy_pk_test_standin_public_key',
  hmacSecret: 'standin_hmac_secret_for_local_use_only',
  cardIntegrationId: 4_097_558,
  walletIntegrationId: 4_097_559,
} as const;

/** The PAYMOB_* settings (server/config.ts) that send the shop's card payments to a stand-in at `url`. */
export function standInEnv(url: string): Record<string, string> {
  return {
    PAYMOB_SECRET_KEY: STANDIN_SETTINGS.secretKey,
    PAYMOB_PUBLIC_KEY: STANDIN_SETTINGS.publicKey,
    PAYMOB_HMAC_SECRET: STANDIN_SETTINGS.hmacSecret,
    PAYMOB_CARD_INTEGRATION_ID: String(STANDIN_SETTINGS.cardIntegrationId),
    PAYMOB_WALLET_INTEGRATION_ID: String(STANDIN_SETTINGS.walletIntegrationId),
    PAYMOB_BASE_URL: url,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const standIn = await startPaymobStandIn({
    port: Number(process.env.PAYMOB_STANDIN_PORT ?? 3099),
    host: process.env.PAYMOB_STANDIN_HOST ?? '127.0.0.1',
    secretKey: process.env.PAYMOB_SECRET_KEY || STANDIN_SETTINGS.secretKey,
    publicKey: process.env.PAYMOB_PUBLIC_KEY || STANDIN_SETTINGS.publicKey,
    hmacSecret: process.env.PAYMOB_HMAC_SECRET || STANDIN_SETTINGS.hmacSecret,
    integrationIds: [
      Number(process.env.PAYMOB_CARD_INTEGRATION_ID || STANDIN_SETTINGS.cardIntegrationId),
      Number(process.env.PAYMOB_WALLET_INTEGRATION_ID || STANDIN_SETTINGS.walletIntegrationId),
    ],
    delayMs: Number(process.env.PAYMOB_STANDIN_DELAY_MS ?? 0),
  });
  runUntilStopped('Paymob', standIn);
}
