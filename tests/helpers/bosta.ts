/**
 * Couriers in API tests: a Bosta stand-in (scripts/bosta-standin.ts) whose webhook posts to a
 * test app listening on a real port, as Bosta's would, and the rows the tests check.
 */
import { asc, eq } from 'drizzle-orm';
import { createBosta } from '../../core/couriers/bosta.ts';
import type { CourierSettings } from '../../core/couriers/shipments.ts';
import type { Db } from '../../db/client.ts';
import { courierEvents, shipments } from '../../db/schema.ts';
import { BOSTA_STANDIN_SETTINGS, startBostaStandIn, type BostaStandIn } from '../../scripts/bosta-standin.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './app.ts';
import { freePort } from './paymob.ts';

export const WEBHOOK_PATH = '/api/v1/couriers/bosta/webhook';

export interface BostaTestApp extends TestApp {
  standIn: BostaStandIn;
  couriers: CourierSettings;
  storeUrl: string;
}

/** The shop's courier settings against a stand-in at `url` (calls time out after `timeoutMs`). */
export function bostaCouriers(url: string, options: { apiKey?: string; timeoutMs?: number } = {}): CourierSettings {
  return {
    courier: createBosta({ apiKey: options.apiKey ?? BOSTA_STANDIN_SETTINGS.apiKey, baseUrl: url, timeoutMs: options.timeoutMs ?? 2_000 }),
    webhookHeader: BOSTA_STANDIN_SETTINGS.webhookHeader,
    webhookSecret: BOSTA_STANDIN_SETTINGS.webhookSecret,
  };
}

/** A stand-in and a test app shipping with it, the stand-in's webhook reaching the app over HTTP. */
export async function createBostaTestApp(options: Omit<TestAppOptions, 'storeUrl' | 'couriers'> & { apiKey?: string } = {}): Promise<BostaTestApp> {
  const port = await freePort();
  const storeUrl = `http://127.0.0.1:${port}`;
  const standIn = await startBostaStandIn({ ...BOSTA_STANDIN_SETTINGS, webhookUrl: `${storeUrl}${WEBHOOK_PATH}` });
  const couriers = bostaCouriers(standIn.url, { apiKey: options.apiKey });
  const t = await createTestApp({ ...options, storeUrl, couriers });
  await t.app.listen({ port, host: '127.0.0.1' });
  return {
    ...t,
    standIn,
    couriers,
    storeUrl,
    async close() {
      await t.close();
      await standIn.close();
    },
  };
}

/** Moves the stand-in's delivery to a Bosta state code; the stand-in posts the webhook and answers with the shop's status. */
export async function moveDelivery(standIn: BostaStandIn, trackingNumber: string, code: number, codCollected?: number): Promise<{ status: number; payload: Record<string, unknown> }> {
  const res = await fetch(`${standIn.url}/_standin/deliveries/${encodeURIComponent(trackingNumber)}/state`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code, ...(codCollected !== undefined && { codCollected }) }),
  });
  const body = (await res.json()) as { status?: number; payload: Record<string, unknown> };
  return { status: body.status ?? res.status, payload: body.payload };
}

export function shipmentOf(db: Db, orderId: string) {
  return db.select().from(shipments).where(eq(shipments.orderId, orderId));
}

export function courierEventsOf(db: Db, trackingNumber: string) {
  return db.select().from(courierEvents).where(eq(courierEvents.trackingNumber, trackingNumber)).orderBy(asc(courierEvents.receivedAt));
}
