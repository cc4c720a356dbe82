/**
 * The shop's WhatsApp outbox (docs/decisions/023-whatsapp-messages.md, "At most one message"):
 * a message is a row written in the transaction of the change that causes it, one per event, and
 * sent after commit by `sendDueMessages`, which claims each row before it calls Meta and never
 * resends on its own a row whose send may have reached Meta.
 *
 * Rows are written only for a database whose shop has WhatsApp connected (`useWhatsApp`): while
 * the WHATSAPP_* settings are unset nothing is recorded or sent (API.md).
 */
import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import {
  amountDueCents,
  MESSAGE_MAX_TRIES,
  messageRetryDelayMs,
  RESET_CODE_TTL_MINUTES,
  toPounds,
  type MessageKind,
  type MessageStatus,
  type OrderMessageKind,
  type OrderStatus,
  type ReturnMessageKind,
} from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { messageKindSettings, orders, returnLines, returns, shipments, users, whatsappMessages } from '../../db/schema.ts';
import { runUnderLease } from '../shared/job-leases.ts';
import { WHATSAPP_CALL_TIMEOUT_MS, WhatsAppError, type WhatsApp } from './cloud-api.ts';
import { orderPageUrl, templateMessage, type TemplateKind, type TemplateParams } from './templates.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

/** The databases whose shop sends WhatsApp messages (one per app; set when the app starts with WHATSAPP_* settings). */
const connected = new WeakSet<object>();

/** Messages about `db`'s orders are recorded from now on (or, with false, no longer). */
export function useWhatsApp(db: Db, on = true): void {
  if (on) connected.add(db);
  else connected.delete(db);
}

/** Whether the shop on `db` has WhatsApp connected. A transaction shares its database's answer through `messagingOf`. */
export function whatsAppConnected(db: Db): boolean {
  return connected.has(db);
}

/** A pending message due (or due again) longer ago than this is no longer worth sending (a day-late "order placed" is noise). */
export const MESSAGE_STALE_MS = 24 * 60 * 60_000;

/** A row still `sending` this long after it was claimed lost its sender (the process stopped mid-call). */
export const SENDING_ABANDONED_MS = 3 * WHATSAPP_CALL_TIMEOUT_MS;

/** The kinds about the order itself (a return's are recorded by recordReturnMessage). */
type OrderEventKind = Exclude<OrderMessageKind, ReturnMessageKind>;

/** What the stored params of a message hold: the template's values, without the link (made from STORE_URL when sent). */
type StoredParams<K extends TemplateKind> = K extends 'password_reset_code' ? TemplateParams[K] : Omit<TemplateParams[K], 'orderUrl'>;

/** The params of a reset code once it was sent or given up: the code itself is not kept. */
const WIPED_CODE = { code: '' };

/** Whether staff switched a kind of message off. */
async function kindEnabled(tx: Executor, kind: MessageKind): Promise<boolean> {
  const [row] = await tx.select({ enabled: messageKindSettings.enabled }).from(messageKindSettings).where(eq(messageKindSettings.kind, kind));
  return row?.enabled ?? true;
}

/**
 * Records the message an order's event causes, inside that event's transaction: at most one per
 * (kind, order), whoever asks again. Nothing is recorded when WhatsApp is not connected, the kind
 * is switched off, or the customer turned order messages off.
 */
export async function recordOrderMessage(db: Db, tx: Tx, orderId: string, kind: OrderEventKind): Promise<void> {
  if (!whatsAppConnected(db)) return;
  if (!(await kindEnabled(tx, kind))) return;
  const [order] = await tx
    .select({
      number: orders.number,
      userId: orders.userId,
      phone: orders.shippingPhone,
      totalOrderPrice: orders.totalOrderPrice,
      shippingPrice: orders.shippingPrice,
      discount: orders.discount,
      wantsMessages: users.orderMessages,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!order || !order.wantsMessages) return;
  const amount = toPounds(amountDueCents(order));
  let params: StoredParams<OrderEventKind>;
  if (kind === 'order_placed_cash') params = { orderNumber: order.number, orderId, amount };
  else if (kind === 'order_placed_card' || kind === 'payment_received') params = { orderNumber: order.number, amount };
  else if (kind === 'order_shipped') {
    const [shipment] = await tx.select({ trackingNumber: shipments.trackingNumber }).from(shipments).where(eq(shipments.orderId, orderId));
    params = { orderNumber: order.number, trackingNumber: shipment?.trackingNumber ?? null };
  } else params = { orderNumber: order.number };
  await tx
    .insert(whatsappMessages)
    .values({ kind, eventKey: `${kind}:${orderId}`, orderId, userId: order.userId, phone: order.phone, params })
    .onConflictDoNothing({ target: whatsappMessages.eventKey });
}

/**
 * Records the message a return's event causes, inside that event's transaction, to the phone of
 * the return's order: approved (with what happens next, an exchange's new pieces included),
 * declined (with staff's reason) or refunded (the amount and the method as recorded on the
 * return). At most one per (kind, return); nothing when WhatsApp is not connected, the kind is
 * switched off, or the customer turned order messages off.
 */
export async function recordReturnMessage(db: Db, tx: Tx, returnId: string, kind: ReturnMessageKind): Promise<void> {
  if (!whatsAppConnected(db)) return;
  if (!(await kindEnabled(tx, kind))) return;
  const [found] = await tx
    .select({
      returnNumber: returns.number,
      orderId: returns.orderId,
      orderNumber: orders.number,
      userId: returns.userId,
      phone: orders.shippingPhone,
      declineReason: returns.declineReason,
      refundAmount: returns.refundAmount,
      refundMethod: returns.refundMethod,
      wantsMessages: users.orderMessages,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .innerJoin(users, eq(users.id, returns.userId))
    .where(eq(returns.id, returnId));
  if (!found || !found.wantsMessages) return;
  const about = { returnNumber: found.returnNumber, orderNumber: found.orderNumber };
  let params: StoredParams<ReturnMessageKind>;
  if (kind === 'return_approved') {
    const [exchange] = await tx
      .select({ id: returnLines.id })
      .from(returnLines)
      .where(and(eq(returnLines.returnId, returnId), isNotNull(returnLines.exchangeSize)))
      .limit(1);
    params = { ...about, exchange: exchange !== undefined };
  } else if (kind === 'return_declined') params = { ...about, declineReason: found.declineReason ?? '' };
  else {
    if (found.refundAmount === null || found.refundMethod === null) return;
    params = { ...about, amount: found.refundAmount, method: found.refundMethod };
  }
  await tx
    .insert(whatsappMessages)
    .values({ kind, eventKey: `${kind}:${returnId}`, orderId: found.orderId, userId: found.userId, phone: found.phone, params })
    .onConflictDoNothing({ target: whatsappMessages.eventKey });
}

/** The message a step of the order's life sends when the shop takes it; null for the others. */
const STATUS_MESSAGES: Partial<Record<OrderStatus, OrderEventKind>> = {
  confirmed: 'order_confirmed',
  shipped: 'order_shipped',
  delivered: 'order_delivered',
  cancelled: 'order_cancelled',
};

/**
 * Records the message for an order the shop moved to `to` (staff, the courier's webhook):
 * confirmed, shipped, delivered or cancelled. A customer's own cancelling sends nothing; the caller knows who moved it.
 */
export async function recordStatusMessage(db: Db, tx: Tx, orderId: string, to: OrderStatus): Promise<void> {
  const kind = STATUS_MESSAGES[to];
  if (kind) await recordOrderMessage(db, tx, orderId, kind);
}

/** Records a password-reset code's message (always sent while WhatsApp is connected); `eventKey` names this code. */
export async function recordResetCodeMessage(db: Db, tx: Tx, user: { id: string; phone: string }, code: string, eventKey: string): Promise<void> {
  if (!whatsAppConnected(db)) return;
  await tx
    .insert(whatsappMessages)
    .values({ kind: 'password_reset_code', eventKey: `password_reset_code:${eventKey}`, userId: user.id, phone: user.phone, params: { code } })
    .onConflictDoNothing({ target: whatsappMessages.eventKey });
}

export interface SenderSettings {
  whatsapp: WhatsApp;
  /** The shop's public address, for the order links (STORE_URL). */
  storeUrl: string;
  /** At most this many messages per run (the next run takes the rest). */
  batch?: number;
}

type MessageRow = typeof whatsappMessages.$inferSelect;

/** Messages one run of the sender tries at most. */
const DEFAULT_BATCH = 50;

/** Claims the next due message: one more try, `sending`, in one statement; two senders never claim the same row. */
async function claimNext(db: Db): Promise<MessageRow | undefined> {
  const due = db
    .select({ id: whatsappMessages.id })
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.status, 'pending'), sql`${whatsappMessages.nextTryAt} <= now()`))
    .orderBy(asc(whatsappMessages.nextTryAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(whatsappMessages)
    .set({ status: 'sending', tries: sql`${whatsappMessages.tries} + 1`, updatedAt: sql`now()` })
    // A scalar subquery runs once (an IN over a LIMIT 1 … SKIP LOCKED may run again per row and claim several).
    .where(and(eq(whatsappMessages.id, sql`(${due})`), eq(whatsappMessages.status, 'pending')))
    .returning();
  return row;
}

/** Moves a claimed row on, only if it is still the sender's (`sending`). */
async function settle(db: Db, id: string, values: Partial<typeof whatsappMessages.$inferInsert>): Promise<void> {
  await db
    .update(whatsappMessages)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(whatsappMessages.id, id), eq(whatsappMessages.status, 'sending')));
}

function templateOf(row: MessageRow, storeUrl: string) {
  const params = row.params as Record<string, unknown>;
  if (row.kind === 'password_reset_code') return templateMessage('password_reset_code', params as TemplateParams['password_reset_code']);
  const orderUrl = orderPageUrl(storeUrl, Number(params.orderNumber));
  return templateMessage(row.kind, { ...params, orderUrl } as never);
}

/** Why a message is not sent any more, in the words staff read on the dashboard. */
export const GIVE_UP = {
  stale: 'لم تُرسل في وقتها فلم تعد مفيدة',
  codeExpired: 'انتهت صلاحية الرمز قبل إرساله',
  abandoned: 'توقف الإرسال قبل أن يصل رد واتساب: قد تكون وصلت أو لا',
} as const;

/**
 * Housekeeping before sending: rows a stopped sender left `sending` become `unknown` (their send
 * may have reached Meta; a status webhook carrying their id still turns them `sent`), reset codes
 * past their life and order messages a day late are given up.
 */
async function giveUpLost(db: Db): Promise<void> {
  await db
    .update(whatsappMessages)
    .set({ status: 'unknown', lastError: GIVE_UP.abandoned, updatedAt: new Date() })
    .where(and(eq(whatsappMessages.status, 'sending'), lt(whatsappMessages.updatedAt, new Date(Date.now() - SENDING_ABANDONED_MS))));
  await db
    .update(whatsappMessages)
    .set({ status: 'failed', lastError: GIVE_UP.codeExpired, params: WIPED_CODE, updatedAt: new Date() })
    .where(
      and(
        eq(whatsappMessages.status, 'pending'),
        eq(whatsappMessages.kind, 'password_reset_code'),
        lt(whatsappMessages.createdAt, new Date(Date.now() - RESET_CODE_TTL_MINUTES * 60_000)),
      ),
    );
  await db
    .update(whatsappMessages)
    .set({ status: 'failed', lastError: GIVE_UP.stale, updatedAt: new Date() })
    .where(and(eq(whatsappMessages.status, 'pending'), lt(whatsappMessages.nextTryAt, new Date(Date.now() - MESSAGE_STALE_MS))));
}

/** Sends one claimed message and records what came of it. */
async function sendOne(db: Db, settings: SenderSettings, row: MessageRow): Promise<MessageStatus> {
  const code = row.kind === 'password_reset_code';
  let messageId: string;
  try {
    messageId = (await settings.whatsapp.sendTemplate(row.phone, templateOf(row, settings.storeUrl), { reference: row.id })).messageId;
  } catch (error) {
    const detail = error instanceof WhatsAppError ? `${error.message} (${error.detail})` : error instanceof Error ? error.message : String(error);
    if (error instanceof WhatsAppError && error.maybeSent) {
      await settle(db, row.id, { status: 'unknown', lastError: detail, ...(code && { params: WIPED_CODE }) });
      return 'unknown';
    }
    const retry = (!(error instanceof WhatsAppError) || error.retryable) && row.tries < MESSAGE_MAX_TRIES;
    if (retry) {
      await settle(db, row.id, { status: 'pending', lastError: detail, nextTryAt: new Date(Date.now() + messageRetryDelayMs(row.tries)) });
      return 'pending';
    }
    await settle(db, row.id, { status: 'failed', lastError: detail, ...(code && { params: WIPED_CODE }) });
    return 'failed';
  }
  // A status webhook may have come first (Meta is quick): it only ever moved the row forward.
  await db
    .update(whatsappMessages)
    .set({ wamid: messageId, sentAt: new Date(), lastError: null, updatedAt: new Date(), ...(code && { params: WIPED_CODE }) })
    .where(eq(whatsappMessages.id, row.id));
  await settle(db, row.id, { status: 'sent' });
  return 'sent';
}

/**
 * Sends the messages that are due, one at a time, until none is left, `batch` were tried or
 * `stop` is aborted; returns how many went out. Run by one process at a time (job lease
 * "whatsapp-sender"); claiming with SKIP LOCKED keeps two senders apart all the same.
 */
export async function sendDueMessages(db: Db, settings: SenderSettings, stop?: AbortSignal): Promise<number> {
  await giveUpLost(db);
  let sent = 0;
  for (let n = 0; n < (settings.batch ?? DEFAULT_BATCH) && !stop?.aborted; n++) {
    const row = await claimNext(db);
    if (!row) break;
    if ((await sendOne(db, settings, row)) === 'sent') sent++;
  }
  return sent;
}

/**
 * Staff's "send again" for a failed or unknown message: pending now, tries from zero. An unknown
 * one may then reach the customer twice, which staff accept by asking. A reset code is never
 * resent (its code is gone; the customer asks for a new one). False when the message is not in
 * a state that can be sent again.
 */
export async function resendMessage(db: Db, id: string, staffId: string): Promise<boolean> {
  const resent = await db
    .update(whatsappMessages)
    .set({ status: 'pending', tries: 0, nextTryAt: new Date(), lastError: null, wamid: null, resentBy: staffId, updatedAt: new Date() })
    .where(
      and(
        eq(whatsappMessages.id, id),
        inArray(whatsappMessages.status, ['failed', 'unknown']),
        sql`${whatsappMessages.kind} <> 'password_reset_code'`,
      ),
    )
    .returning({ id: whatsappMessages.id });
  return resent.length > 0;
}

/** What the shop needs to talk to customers on WhatsApp: the client and the webhook's two secrets. */
export interface WhatsAppConnection {
  client: WhatsApp;
  /** The Meta app's secret: the webhook's X-Hub-Signature-256 is an HMAC with it. */
  appSecret: string;
  /** The token Meta's verification of the webhook URL must present. */
  verifyToken: string;
}

/** The job lease the sender holds while it sends. */
export const SENDER_JOB = 'whatsapp-sender';

/** How often the sender looks for due messages. */
export const SENDER_EVERY_MS = 2_000;

export interface Sender {
  /** Stops looking and waits for the message being sent, if any. */
  stop(): Promise<void>;
}

/**
 * Sends due messages every `everyMs` under the "whatsapp-sender" lease, so that among all the
 * processes on the database one sends at a time. `onError` hears what failed (the database away).
 */
export function startSender(
  db: Db,
  settings: SenderSettings,
  options: { everyMs?: number; onError?: (error: unknown) => void } = {},
): Sender {
  const stopping = new AbortController();
  let running: Promise<unknown> | undefined;
  let again = false;
  const run = () => {
    if (stopping.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    const batch = settings.batch ?? DEFAULT_BATCH;
    running = runUnderLease(db, SENDER_JOB, (lost) => sendDueMessages(db, { ...settings, batch }, AbortSignal.any([lost, stopping.signal])))
      // A full batch may have left more behind: the next run starts at once.
      .then((result) => {
        if (result.ran && result.value >= batch) again = true;
      })
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, options.everyMs ?? SENDER_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      stopping.abort();
      clearInterval(timer);
      await running;
    },
  };
}
