/**
 * The WhatsApp side of the durability check: the server sends its messages to a stand-in while it
 * is killed and started again. Afterwards every stored order must have its one "order placed"
 * message recorded, none sent twice, and none left unsent: a message is sent, or, when the kill
 * fell between asking Meta and recording the answer, marked unknown (docs/decisions/023), never
 * sent a second time.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/client.ts';
import { orders, whatsappMessages } from '../../db/schema.ts';
import { SENDER_EVERY_MS } from '../../core/messages/outbox.ts';
import { LEASE_MS } from '../../core/shared/job-leases.ts';
import type { WhatsAppStandIn } from '../whatsapp-standin.ts';
import { ask, parseBody } from './http.ts';
import { PASSWORD } from './settings.ts';
import type { Check } from './check-shop.ts';

/**
 * Waits until the shop's outbox holds no message still to send (GET /messages?status=pending,
 * asked as staff), as long as the stand-in keeps receiving: a sender stops only when it has gone
 * `stalledMs` with nothing new. That is longer than a job lease (LEASE_MS): after a kill the dead
 * process holds the sender's lease until it runs out, and only then does the new one send.
 */
export async function waitForOutbox(
  baseUrl: string,
  staffPhone: string,
  standIn: WhatsAppStandIn,
  { stalledMs = LEASE_MS + SENDER_EVERY_MS + 5_000, withinMs = 180_000 } = {},
): Promise<void> {
  const until = Date.now() + withinMs;
  let token: string | undefined;
  let count = -1;
  let since = Date.now();
  while (Date.now() < until) {
    if (standIn.sent.length !== count) {
      count = standIn.sent.length;
      since = Date.now();
    } else if (Date.now() - since >= stalledMs) return;
    token ??= parseBody((await ask(baseUrl, 'POST', '/api/v1/auth/login', { body: { phone: staffPhone, password: PASSWORD } })).text)?.token;
    if (token) {
      const reply = await ask(baseUrl, 'GET', '/api/v1/messages?status=pending&limit=1', { token });
      const left = reply.status === 200 ? parseBody(reply.text)?.paginationResult?.numberOfPages : undefined;
      if (left === 0) return;
    }
    await sleep(500);
  }
}

export interface MessageFindings {
  checks: Check[];
  recorded: number;
  sent: number;
  unknown: number;
}

/** Reads the outbox once the server has stopped, against what the stand-in received. */
export async function checkMessages(db: Db, standIn: WhatsAppStandIn): Promise<MessageFindings> {
  const storedOrders = await db.select({ id: orders.id }).from(orders);
  const rows = await db
    .select({ id: whatsappMessages.id, kind: whatsappMessages.kind, orderId: whatsappMessages.orderId, status: whatsappMessages.status, wamid: whatsappMessages.wamid })
    .from(whatsappMessages);

  const one: Check = { name: 'every stored order has one "order placed" message recorded', failures: [] };
  const placed = new Map<string, number>();
  for (const row of rows) if (row.kind === 'order_placed_cash' && row.orderId) placed.set(row.orderId, (placed.get(row.orderId) ?? 0) + 1);
  for (const order of storedOrders) {
    const n = placed.get(order.id) ?? 0;
    if (n !== 1) one.failures.push(`order ${order.id} has ${n} messages`);
  }

  const once: Check = { name: 'no message was sent twice', failures: [] };
  const byReference = new Map<string, number>();
  for (const message of standIn.sent) if (message.reference) byReference.set(message.reference, (byReference.get(message.reference) ?? 0) + 1);
  for (const [reference, n] of byReference) if (n > 1) once.failures.push(`message ${reference} sent ${n} times`);
  const known = new Set(rows.map((row) => row.id));
  for (const reference of byReference.keys()) if (!known.has(reference)) once.failures.push(`the stand-in received ${reference}, which the shop never recorded`);

  const none: Check = { name: 'no message left unsent: each is sent, or unknown when a kill fell mid-send', failures: [] };
  const wamids = new Set(standIn.sent.map((message) => message.messageId));
  let unknown = 0;
  for (const row of rows) {
    if (row.status === 'sent') {
      if (!row.wamid || !wamids.has(row.wamid)) none.failures.push(`message ${row.id} is marked sent, but the stand-in has no ${row.wamid}`);
    } else if (row.status === 'unknown' || row.status === 'sending') unknown++;
    else none.failures.push(`message ${row.id} is ${row.status}`);
  }
  return { checks: [one, once, none], recorded: rows.length, sent: standIn.sent.length, unknown };
}
