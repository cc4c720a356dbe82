/**
 * Card payments in API tests: a Paymob stand-in (scripts/paymob-standin.ts) and a test app
 * configured against it and listening on the port its store address names, so the stand-in's
 * callbacks reach it over HTTP as Paymob's would. Also signed callbacks made by hand, what a
 * shopper does on the stand-in's checkout page, and the payment rows the tests check.
 */
import { createServer, type AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { hmacOf, processedHmacInput, type PaymobSettings } from '../../core/payments/paymob.ts';
import type { Db } from '../../db/client.ts';
import { orderRefunds, paymentAttempts, paymentCallbacks } from '../../db/schema.ts';
import { startPaymobStandIn, STANDIN_SETTINGS, type StandIn } from '../../scripts/paymob-standin.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './app.ts';

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts a stand-in with the stand-in's own keys and both integration ids. */
export function startStandIn(): Promise<StandIn> {
  return startPaymobStandIn({ ...STANDIN_SETTINGS, integrationIds: [STANDIN_SETTINGS.cardIntegrationId, STANDIN_SETTINGS.walletIntegrationId] });
}

/** The shop's Paymob settings for a stand-in at `baseUrl`. */
export function paymobSettings(baseUrl: string): PaymobSettings {
  return { ...STANDIN_SETTINGS, baseUrl };
}

export interface PaymobTestApp extends TestApp {
  storeUrl: string;
  paymob: PaymobSettings;
}

/** A test app with card payments against `standIn`, listening where its store address says. */
export async function createPaymobTestApp(standIn: StandIn, options: Omit<TestAppOptions, 'storeUrl' | 'paymob'> = {}): Promise<PaymobTestApp> {
  const port = await freePort();
  const storeUrl = `http://127.0.0.1:${port}`;
  const paymob = paymobSettings(standIn.url);
  const t = await createTestApp({ ...options, storeUrl, paymob });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, storeUrl, paymob };
}

/** The stand-in's client secret in a checkout address. */
export const clientSecretOf = (redirectUrl: string) => new URL(redirectUrl).searchParams.get('clientSecret') ?? '';

/**
 * The shopper presses a button on the stand-in's checkout: it sends the signed Processed callback
 * to the shop (and waits for its answer), then answers with the 302 to the shop's return address.
 */
export async function payAtStandIn(standIn: StandIn, redirectUrl: string, result: 'pay' | 'decline' | 'wrong-amount' = 'pay'): Promise<{ status: number; location: string }> {
  const res = await fetch(`${standIn.url}/unifiedcheckout/pay`, {
    method: 'POST',
    body: new URLSearchParams({ clientSecret: clientSecretOf(redirectUrl), result }),
    redirect: 'manual',
  });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get('location') ?? '' };
}

/** Follows the stand-in's redirect back into the shop (its return address) through `inject`. */
export function followReturn(t: TestApp, location: string) {
  const url = new URL(location);
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
}

/** Makes refunds at the stand-in fail (true) or go through (false). */
export async function declineRefunds(standIn: StandIn, decline: boolean): Promise<void> {
  const res = await fetch(`${standIn.url}/_standin/refunds`, { method: 'POST', body: JSON.stringify({ decline }) });
  if (!res.ok) throw new Error(`stand-in refused the refund setting: ${res.status}`);
  await res.arrayBuffer();
}

let transactionSeq = 0;

/**
 * A transaction as Paymob's Processed callback carries it in `obj`: a successful standalone card
 * payment of `amountCents` on Paymob order `paymobOrderId`, with fields overridden as given.
 */
export function transactionObj(paymobOrderId: string | number, amountCents: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  transactionSeq += 1;
  return {
    id: 900_000_000 + (process.pid % 1000) * 10_000 + transactionSeq,
    pending: false,
    amount_cents: amountCents,
    success: true,
    is_auth: false,
    is_capture: false,
    is_standalone_payment: true,
    is_voided: false,
    is_refunded: false,
    is_refund: false,
    is_void: false,
    is_3d_secure: true,
    integration_id: STANDIN_SETTINGS.cardIntegrationId,
    has_parent_transaction: false,
    order: { id: Number(paymobOrderId), merchant_order_id: 'test' },
    created_at: `2025-01-0${1 + (transactionSeq % 9)}T10:00:00.${String(transactionSeq).padStart(6, '0')}`,
    currency: 'EGP',
    source_data: { pan: '2346', sub_type: 'MasterCard', type: 'card' },
    error_occured: false,
    owner: 302852,
    data: { message: 'Approved' },
    ...overrides,
  };
}

/** The signature Paymob puts in `?hmac=` of a Processed callback carrying `obj`. */
export const signObj = (obj: Record<string, unknown>, secret: string = STANDIN_SETTINGS.hmacSecret) => hmacOf(processedHmacInput(obj), secret);

/** Sends a Processed callback to the shop, signed with `hmac` (omitted: no hmac parameter). */
export function sendCallback(t: TestApp, body: unknown, hmac?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/payments/paymob/callback${hmac === undefined ? '' : `?hmac=${hmac}`}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

/** The callbacks stored for an order, oldest first. */
export function callbacksOf(db: Db, orderId: string) {
  return db.select().from(paymentCallbacks).where(eq(paymentCallbacks.orderId, orderId)).orderBy(asc(paymentCallbacks.createdAt));
}

/** The callbacks stored about a Paymob order id, ours or not. */
export function callbacksOfPaymobOrder(db: Db, paymobOrderId: string) {
  return db.select().from(paymentCallbacks).where(eq(paymentCallbacks.paymobOrderId, paymobOrderId)).orderBy(asc(paymentCallbacks.createdAt));
}

/** The refunds recorded for an order, oldest first. */
export function refundsOf(db: Db, orderId: string) {
  return db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.createdAt));
}

/** The intentions made for an order, oldest first. */
export function attemptsOf(db: Db, orderId: string) {
  return db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)).orderBy(asc(paymentAttempts.createdAt));
}

/** A request in flight, and whether it has answered yet: for tests of what else completes while it waits. */
export interface InFlight<T> {
  answer: Promise<T>;
  readonly done: boolean;
}

/** Starts watching `answer`; `done` turns true once it settles, answered or failed. */
export function inFlight<T>(answer: Promise<T>): InFlight<T> {
  let done = false;
  answer.then(
    () => (done = true),
    () => (done = true),
  );
  return {
    answer,
    get done() {
      return done;
    },
  };
}
