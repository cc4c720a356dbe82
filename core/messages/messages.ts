/**
 * WhatsApp messages as staff and customers manage them (API.md "Additions: messages to
 * customers"): the outbox listed with the words each customer reads, a failed message sent
 * again, the kinds staff switched off, and a customer's choice about order messages. Recording
 * and sending them is core/messages/outbox.ts's.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import {
  MESSAGE_KIND_LABELS,
  MESSAGE_STATUS_LABELS,
  MESSAGE_STATUSES,
  MSG,
  ORDER_MESSAGE_KINDS,
  type MessageKind,
  type MessageStatus,
  type OrderMessageKind,
} from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { messageKindSettings, orders, users, whatsappMessages } from '../../db/schema.ts';
import { AppError, fieldError } from '../shared/errors.ts';
import { offsetOf, toPage, type Page } from '../shared/pagination.ts';
import { resendMessage } from './outbox.ts';
import { orderPageUrl, renderTemplateText } from './templates.ts';

/** A message as staff read it. */
export interface CustomerMessage {
  id: string;
  kind: MessageKind;
  kindLabel: string;
  orderId: string | null;
  /** The number customers know the order by; null for a reset code (or an order since deleted). */
  orderNumber: number | null;
  phone: string;
  status: MessageStatus;
  statusLabel: string;
  tries: number;
  lastError: string | null;
  /** The words the customer reads; a reset code's is its kind alone, so the code is never shown. */
  text: string;
  createdAt: Date;
  sentAt: Date | null;
}

const messageColumns = {
  id: whatsappMessages.id,
  kind: whatsappMessages.kind,
  orderId: whatsappMessages.orderId,
  orderNumber: orders.number,
  phone: whatsappMessages.phone,
  params: whatsappMessages.params,
  status: whatsappMessages.status,
  tries: whatsappMessages.tries,
  lastError: whatsappMessages.lastError,
  createdAt: whatsappMessages.createdAt,
  sentAt: whatsappMessages.sentAt,
};

const selectMessages = (db: Db) => db.select(messageColumns).from(whatsappMessages).leftJoin(orders, eq(orders.id, whatsappMessages.orderId));

type MessageRow = Awaited<ReturnType<typeof selectMessages>>[number];

/** The text of a stored message, its order link made from the shop's address as the sender makes it. */
function textOf(row: Pick<MessageRow, 'kind' | 'params'>, storeUrl: string): string {
  if (row.kind === 'password_reset_code') return MESSAGE_KIND_LABELS.password_reset_code;
  const params = row.params as { orderNumber: number };
  return renderTemplateText(row.kind, { ...params, orderUrl: orderPageUrl(storeUrl, Number(params.orderNumber)) } as never);
}

function toCustomerMessage(row: MessageRow, storeUrl: string): CustomerMessage {
  const { params: _params, ...rest } = row;
  return { ...rest, kindLabel: MESSAGE_KIND_LABELS[row.kind], statusLabel: MESSAGE_STATUS_LABELS[row.status], text: textOf(row, storeUrl) };
}

export interface MessagesFilter {
  page: number;
  limit: number;
  /** Messages in any of these states (all states when absent). */
  statuses?: readonly MessageStatus[];
  orderId?: string;
}

/** Messages newest first, with the words each customer reads; `storeUrl` is the shop's public address (STORE_URL). */
export async function listMessages(db: Db, storeUrl: string, filter: MessagesFilter): Promise<Page<CustomerMessage>> {
  const where = and(
    filter.statuses ? inArray(whatsappMessages.status, [...filter.statuses]) : undefined,
    filter.orderId ? eq(whatsappMessages.orderId, filter.orderId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectMessages(db)
      .where(where)
      .orderBy(desc(whatsappMessages.createdAt), desc(whatsappMessages.id))
      .limit(filter.limit)
      .offset(offsetOf(filter.page, filter.limit)),
    db.select({ n: count() }).from(whatsappMessages).where(where),
  ]);
  return toPage(
    rows.map((row) => toCustomerMessage(row, storeUrl)),
    total?.n ?? 0,
    filter.page,
    filter.limit,
  );
}

/** How many messages each state holds, every state present (0 when none). */
export async function countMessagesByStatus(db: Db): Promise<Record<MessageStatus, number>> {
  const rows = await db.select({ status: whatsappMessages.status, n: count() }).from(whatsappMessages).groupBy(whatsappMessages.status);
  const counts = Object.fromEntries(MESSAGE_STATUSES.map((status) => [status, 0])) as Record<MessageStatus, number>;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

export async function getMessage(db: Db, storeUrl: string, id: string): Promise<CustomerMessage> {
  const [row] = await selectMessages(db).where(eq(whatsappMessages.id, id)).limit(1);
  if (!row) throw new AppError(404, MSG.messageNotFound);
  return toCustomerMessage(row, storeUrl);
}

/**
 * Staff's "send again" of a failed message, or of one that may or may not have arrived: it goes
 * out with the sender's next run. Any other state, and any reset code, is refused (409) with the
 * reason; an unknown id is a 404.
 */
export async function resendCustomerMessage(db: Db, storeUrl: string, id: string, staffId: string): Promise<CustomerMessage> {
  if (!(await resendMessage(db, id, staffId))) {
    const [row] = await db.select({ kind: whatsappMessages.kind, status: whatsappMessages.status }).from(whatsappMessages).where(eq(whatsappMessages.id, id));
    if (!row) throw new AppError(404, MSG.messageNotFound);
    if (row.kind === 'password_reset_code') throw AppError.about(409, 'resetCodeNotResent');
    throw AppError.about(409, 'messageNotResendable', MESSAGE_STATUS_LABELS[row.status]);
  }
  return getMessage(db, storeUrl, id);
}

export interface MessageKindSetting {
  kind: OrderMessageKind;
  label: string;
  enabled: boolean;
}

/** Each kind of order message and whether it is sent (a kind staff never switched is on). */
export async function readMessageKinds(db: Db): Promise<MessageKindSetting[]> {
  const rows = await db.select({ kind: messageKindSettings.kind, enabled: messageKindSettings.enabled }).from(messageKindSettings);
  const enabled = new Map(rows.map((row) => [row.kind, row.enabled]));
  return ORDER_MESSAGE_KINDS.map((kind) => ({ kind, label: MESSAGE_KIND_LABELS[kind], enabled: enabled.get(kind) ?? true }));
}

/**
 * Switches kinds of order message on or off, all in one transaction; orders' later events send
 * (or do not send) them, messages already recorded are kept. The reset code cannot be switched.
 */
export async function setMessageKinds(db: Db, changes: readonly { kind: OrderMessageKind; enabled: boolean }[]): Promise<MessageKindSetting[]> {
  if (changes.some((change) => !(ORDER_MESSAGE_KINDS as readonly string[]).includes(change.kind))) throw fieldError('kind', MSG.messageKindAlwaysOn);
  await db.transaction(async (tx) => {
    for (const { kind, enabled } of changes) {
      await tx
        .insert(messageKindSettings)
        .values({ kind, enabled })
        .onConflictDoUpdate({ target: messageKindSettings.kind, set: { enabled, updatedAt: new Date() } });
    }
  });
  return readMessageKinds(db);
}

export interface NotificationSettings {
  /** WhatsApp messages about the customer's orders; the reset code is always sent. */
  orderMessages: boolean;
}

export async function readNotificationSettings(db: Db, userId: string): Promise<NotificationSettings> {
  const [row] = await db.select({ orderMessages: users.orderMessages }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError(404, MSG.userNotFound);
  return row;
}

/** A customer turning WhatsApp messages about their orders on or off; orders' later events follow it. */
export async function setOrderMessages(db: Db, userId: string, orderMessages: boolean): Promise<NotificationSettings> {
  const [row] = await db.update(users).set({ orderMessages, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ orderMessages: users.orderMessages });
  if (!row) throw new AppError(404, MSG.userNotFound);
  return row;
}
