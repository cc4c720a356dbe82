/**
 * WhatsApp in API tests: a stand-in (scripts/whatsapp-standin.ts) whose webhooks post to a test
 * app listening on a real port, as Meta's would; `sendNow` runs the sender once, as the shop's
 * timer would, and the outbox rows the tests check.
 */
import { asc, eq } from 'drizzle-orm';
import { createWhatsApp } from '../../core/messages/cloud-api.ts';
import { sendDueMessages, type WhatsAppConnection } from '../../core/messages/outbox.ts';
import type { Db } from '../../db/client.ts';
import { whatsappMessages } from '../../db/schema.ts';
import { startWhatsAppStandIn, WHATSAPP_STANDIN_SETTINGS, type WhatsAppStandIn } from '../../scripts/whatsapp-standin.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './app.ts';
import { freePort } from './paymob.ts';

export const WHATSAPP_WEBHOOK_PATH = '/api/v1/webhooks/whatsapp';

export interface WhatsAppTestApp extends TestApp {
  standIn: WhatsAppStandIn;
  whatsapp: WhatsAppConnection;
  storeUrl: string;
  /** Sends every due message now (the sender's one run); how many went out. */
  sendNow(): Promise<number>;
}

/** The shop's WhatsApp connection to a stand-in at `url` (calls time out after `timeoutMs`). */
export function whatsappConnection(url: string, options: { timeoutMs?: number } = {}): WhatsAppConnection {
  return {
    client: createWhatsApp({ token: WHATSAPP_STANDIN_SETTINGS.token, phoneNumberId: WHATSAPP_STANDIN_SETTINGS.phoneNumberId, baseUrl: url, timeoutMs: options.timeoutMs ?? 2_000 }),
    appSecret: WHATSAPP_STANDIN_SETTINGS.appSecret,
    verifyToken: WHATSAPP_STANDIN_SETTINGS.verifyToken,
  };
}

/** A stand-in and a test app sending its messages there, the stand-in's webhooks reaching the app over HTTP. */
export async function createWhatsAppTestApp(options: Omit<TestAppOptions, 'storeUrl' | 'whatsapp'> & { timeoutMs?: number } = {}): Promise<WhatsAppTestApp> {
  const port = await freePort();
  const storeUrl = `http://127.0.0.1:${port}`;
  const standIn = await startWhatsAppStandIn({ ...WHATSAPP_STANDIN_SETTINGS, webhookUrl: `${storeUrl}${WHATSAPP_WEBHOOK_PATH}` });
  const whatsapp = whatsappConnection(standIn.url, { timeoutMs: options.timeoutMs });
  const t = await createTestApp({ ...options, storeUrl, whatsapp });
  await t.app.listen({ port, host: '127.0.0.1' });
  return {
    ...t,
    standIn,
    whatsapp,
    storeUrl,
    sendNow: () => sendDueMessages(t.db, { whatsapp: whatsapp.client, storeUrl }),
    async close() {
      await t.close();
      await standIn.close();
    },
  };
}

/** The outbox's rows, oldest first; of one order when `orderId` is given. */
export function messagesOf(db: Db, orderId?: string) {
  return db
    .select()
    .from(whatsappMessages)
    .where(orderId ? eq(whatsappMessages.orderId, orderId) : undefined)
    .orderBy(asc(whatsappMessages.createdAt), asc(whatsappMessages.kind));
}

/** Asks the stand-in to post a webhook (status or reply); answers the status the shop gave. */
export async function standInWebhook(standIn: WhatsAppStandIn, kind: 'status' | 'reply', body: Record<string, unknown>): Promise<number> {
  const res = await fetch(`${standIn.url}/_standin/${kind}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await res.json()) as { status?: number };
  return answer.status ?? res.status;
}
