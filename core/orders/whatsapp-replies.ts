/**
 * What the shop does with Meta's webhooks (API.md "messages to customers"; the signature is
 * checked by the route before this runs): delivery statuses move a message forward, and a tap on
 * a cash order's "تأكيد الطلب" or "إلغاء الطلب" confirms or cancels that order, but only when it
 * answers the shop's own message for that order and comes from the phone the message went to.
 * Meta retries webhooks for 36 hours: a status never moves a message backwards, and a tap is
 * acted on once (whatsapp_replies keeps each by its own id).
 */
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { CUSTOMER_CANCELLABLE, type MessageStatus } from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { whatsappMessages, whatsappReplies } from '../../db/schema.ts';
import { catalogueChanged } from '../catalogue/catalogue-changes.ts';
import { lockOrder, moveOrder } from './order-lifecycle.ts';
import { parseWebhook, type WhatsAppReply, type WhatsAppStatusEvent } from '../messages/cloud-api.ts';
import { parseReplyPayload } from '../messages/templates.ts';

/** How far along each state is: a webhook only ever moves a message to a later one. */
const RANK: Record<MessageStatus, number> = { pending: 0, sending: 0, unknown: 0, failed: 1, sent: 2, delivered: 3, read: 4 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Records one delivery status on its message, found by wamid or, for a send whose answer was lost, by the reference (the row's id). */
async function applyStatus(db: Db, event: WhatsAppStatusEvent): Promise<boolean> {
  const byReference = event.reference && UUID.test(event.reference) ? and(eq(whatsappMessages.id, event.reference), isNull(whatsappMessages.wamid)) : undefined;
  const [row] = await db
    .select({ id: whatsappMessages.id, status: whatsappMessages.status, wamid: whatsappMessages.wamid })
    .from(whatsappMessages)
    .where(byReference ? or(eq(whatsappMessages.wamid, event.messageId), byReference) : eq(whatsappMessages.wamid, event.messageId))
    .limit(1);
  if (!row) return false;
  // Failed: Meta could not deliver what it took (never after delivered). Otherwise only forward.
  const from = (Object.keys(RANK) as MessageStatus[]).filter((status) =>
    event.status === 'failed' ? status !== 'failed' && RANK[status] <= RANK.sent : RANK[status] < RANK[event.status],
  );
  if (!from.includes(row.status)) return false;
  const updated = await db
    .update(whatsappMessages)
    .set({
      status: event.status,
      wamid: event.messageId,
      ...(!row.wamid && { sentAt: event.at }),
      ...(event.status === 'failed' && { lastError: event.error ? `${event.error.code ?? ''} ${event.error.title} ${event.error.detail}`.trim() : 'failed' }),
      updatedAt: new Date(),
    })
    .where(and(eq(whatsappMessages.id, row.id), inArray(whatsappMessages.status, from)))
    .returning({ id: whatsappMessages.id });
  return updated.length > 0;
}

export type ReplyOutcome = 'confirmed' | 'cancelled' | 'ignored';

/**
 * Acts on one quick-reply tap, in one transaction with its record: the tap must answer the
 * shop's message for that very order (its wamid), come from the phone that message went to, and
 * find the order at a step the answer can take (confirm: pending; cancel: pending or confirmed).
 * Anything else is recorded as ignored and changes nothing.
 */
async function applyReply(db: Db, reply: WhatsAppReply): Promise<ReplyOutcome | 'repeat'> {
  const answer = parseReplyPayload(reply.payload);
  return db.transaction(async (tx) => {
    const [message] = reply.contextMessageId
      ? await tx
          .select({ id: whatsappMessages.id, orderId: whatsappMessages.orderId, phone: whatsappMessages.phone, kind: whatsappMessages.kind })
          .from(whatsappMessages)
          .where(eq(whatsappMessages.wamid, reply.contextMessageId))
      : [];
    const record = async (outcome: ReplyOutcome) => {
      const kept = await tx
        .insert(whatsappReplies)
        .values({ replyId: reply.messageId, messageId: message?.id ?? null, fromPhone: reply.from, payload: reply.payload.slice(0, 200), outcome })
        .onConflictDoNothing()
        .returning({ id: whatsappReplies.replyId });
      return kept.length > 0;
    };
    const [seen] = await tx.select({ id: whatsappReplies.replyId }).from(whatsappReplies).where(eq(whatsappReplies.replyId, reply.messageId));
    if (seen) return 'repeat';
    const applies =
      answer && message && message.kind === 'order_placed_cash' && message.orderId === answer.orderId && message.phone === reply.from;
    if (!applies) return (await record('ignored')) ? 'ignored' : 'repeat';
    const order = await lockOrder(tx, answer.orderId);
    const to = answer.answer === 'confirm' ? 'confirmed' : 'cancelled';
    const allowed = answer.answer === 'confirm' ? order.status === 'pending' : CUSTOMER_CANCELLABLE.includes(order.status) && order.status !== 'awaiting_payment';
    if (!allowed) return (await record('ignored')) ? 'ignored' : 'repeat';
    // Recorded first: a copy of the same tap racing this one finds the row and stops.
    if (!(await record(to))) return 'repeat';
    await moveOrder(tx, order, to, order.userId);
    return to;
  });
}

export interface WebhookResult {
  statuses: number;
  replies: { confirmed: number; cancelled: number; ignored: number };
}

/** Applies a verified webhook body: what it changed. Parts the shop does not use are left alone. */
export async function applyWhatsAppWebhook(db: Db, body: unknown): Promise<WebhookResult> {
  const { statuses, replies } = parseWebhook(body);
  const result: WebhookResult = { statuses: 0, replies: { confirmed: 0, cancelled: 0, ignored: 0 } };
  for (const status of statuses) if (await applyStatus(db, status)) result.statuses++;
  for (const reply of replies) {
    const outcome = await applyReply(db, reply);
    if (outcome !== 'repeat') result.replies[outcome]++;
  }
  if (result.replies.confirmed + result.replies.cancelled > 0) catalogueChanged(db);
  return result;
}
