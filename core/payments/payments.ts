/**
 * Card and wallet payments through Paymob (API.md "Additions: card and wallet payments"):
 * starting a payment for an order that awaits one, the signed callbacks that alone mark an
 * order paid, the shopper's return, the expiry of unpaid orders, and the admin's decision on a
 * callback that did not fit its order. See docs/decisions/009-card-payments-paymob.md.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, like, lt, lte, notExists } from 'drizzle-orm';
import { MSG, ORDER_STATUS_LABELS, PAYMENT_DECISION_OUTCOMES, sizeName, type OrderStatus, type PaymentOutcome } from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { orderItems, orderRefunds, orders, orderStatusHistory, paymentAttempts, paymentCallbacks, users } from '../../db/schema.ts';
import { AppError } from '../shared/errors.ts';
import { catalogueChanged } from '../catalogue/catalogue-changes.ts';
import { amountDueCents, lineTotalPiastres, toPiastres, toPounds } from '../../contracts/money.ts';
import { lockOrder, moveOrder, type LockedOrder, type Tx } from '../orders/order-lifecycle.ts';
import { type Viewer } from '../orders/orders.ts';
import {
  checkoutUrl,
  createIntention,
  PAYMOB_CALL_TIMEOUT_MS,
  PaymobError,
  processedHmacInput,
  responseHmacInput,
  responseOrderId,
  signatureMatches,
  type IntentionItem,
  type IntentionRequest,
  type PaymobSettings,
} from './paymob.ts';
import { claimRefund, refundInFlight, sendRefund, type RefundClaim } from './refunds.ts';
import { recordOrderMessage } from '../messages/outbox.ts';

export interface PaymentSettings {
  /** Undefined while the shop takes cash only. */
  paymob: PaymobSettings | undefined;
  /** Where Paymob sends its Transaction Processed callback (the API's address, public). */
  callbackUrl: string;
  /** Where Paymob sends the shopper's browser back (its Transaction Response callback). */
  returnUrl: string;
}

/** A "pay now" pressed again this soon reuses the intention just made, unless Paymob already answered on it. */
const REUSE_ATTEMPT_MS = 60_000;

/**
 * The intention's items: each order line (one item per line, its colour when it has one, its
 * size and its pieces in the description, the pieces there so the amounts add up however Paymob
 * reads quantity), the rounding the pages show, and the
 * shipping; together exactly the amount due. A discount is folded into the items it comes off
 * (first lines first, each down to 0 at most, a line left at 0 dropped), marked in their
 * description, since Paymob documents items with positive amounts only
 * (docs/decisions/024-discount-codes.md).
 */
export function intentionItems(
  order: { totalOrderPrice: number; shippingPrice: number; discount?: number },
  lines: { title: string; colorName?: string | null; size: string; count: number; price: number }[],
): IntentionItem[] {
  const items: IntentionItem[] = lines.map((line) => ({
    name: line.title.slice(0, 50),
    amount: lineTotalPiastres(line),
    description: `${line.colorName ? `${MSG.colorLabel} ${line.colorName}، ` : ''}${MSG.sizeLabel} ${sizeName(line.size)} × ${line.count}`,
    quantity: 1,
  }));
  const itemsCents = items.reduce((sum, item) => sum + item.amount, 0);
  const rounding = toPiastres(Math.ceil(order.totalOrderPrice)) - itemsCents;
  if (rounding > 0) items.push({ name: 'تقريب الإجمالي', amount: rounding, description: 'تقريب سعر المنتجات لأقرب جنيه', quantity: 1 });
  let discountLeft = toPiastres(order.discount ?? 0);
  for (const item of items) {
    const off = Math.min(item.amount, discountLeft);
    if (off === 0) continue;
    item.amount -= off;
    item.description = `${item.description} (بعد خصم ${toPounds(off)} جنيه)`;
    discountLeft -= off;
  }
  const charged = items.filter((item) => item.amount > 0);
  charged.push({ name: 'الشحن', amount: toPiastres(order.shippingPrice), description: 'مصاريف الشحن', quantity: 1 });
  return charged;
}

function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  return { firstName: words[0] || 'عميل', lastName: words.slice(1).join(' ') || words[0] || 'عميل' };
}

/** Cancels a locked order whose payment time ran out; its pieces go back (ledger: payment_expired). */
async function expire(tx: Tx, order: LockedOrder): Promise<void> {
  await moveOrder(tx, order, 'cancelled', null, 'payment_expired');
}

/**
 * A payment attempt whose intention is being created at Paymob has no Paymob ids yet: its Paymob
 * order id starts with this, and its intention id and client secret are empty.
 */
const CREATING = 'creating:';

/** An attempt still being created this long after it began lost its answer (the process stopped mid-call); it is dropped. */
const CREATING_ABANDONED_MS = 2 * PAYMOB_CALL_TIMEOUT_MS;

/** How often a second "pay now" looks whether the intention the first one is creating is ready. */
const CREATING_POLL_MS = 100;

const isCreating = (paymobOrderId: string) => paymobOrderId.startsWith(CREATING);

/** Seconds until `dueAt`, at least one: the intention's expiration. */
const secondsLeft = (dueAt: Date) => Math.max(1, Math.floor((dueAt.getTime() - Date.now()) / 1000));

/** What the first, short transaction of a payment start decided. */
type PaymentStart =
  | { kind: 'checkout'; clientSecret: string }
  | { kind: 'expired' }
  /** Another press is creating an intention for the order right now: wait for it. */
  | { kind: 'wait'; attemptId: string }
  /** An attempt was recorded as being created: ask Paymob for its intention. */
  | { kind: 'create'; attemptId: string; request: Omit<IntentionRequest, 'expirationSeconds'>; dueAt: Date | null };

/**
 * Under the order's row lock: checks that its owner may pay it now, then either reuses the
 * intention made a moment ago, waits for the one being made, or records a new attempt as being
 * created (the marker a second press sees) with what Paymob is to be asked for.
 */
async function beginPayment(tx: Tx, settings: PaymentSettings, orderId: string, viewer: Viewer): Promise<PaymentStart> {
  const order = await lockOrder(tx, orderId);
  if (order.userId !== viewer.id) throw new AppError(404, MSG.orderNotFound);
  if (order.status !== 'awaiting_payment') throw AppError.about(409, 'paymentNotAwaited', ORDER_STATUS_LABELS[order.status]);
  if (order.paymentDueAt && order.paymentDueAt.getTime() <= Date.now()) {
    await expire(tx, order);
    return { kind: 'expired' };
  }
  await tx
    .delete(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.orderId, order.id),
        like(paymentAttempts.paymobOrderId, `${CREATING}%`),
        lt(paymentAttempts.createdAt, new Date(Date.now() - CREATING_ABANDONED_MS)),
      ),
    );
  const [recent] = await tx
    .select({ id: paymentAttempts.id, paymobOrderId: paymentAttempts.paymobOrderId, clientSecret: paymentAttempts.clientSecret })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.orderId, order.id),
        gt(paymentAttempts.createdAt, new Date(Date.now() - REUSE_ATTEMPT_MS)),
        notExists(tx.select({ id: paymentCallbacks.id }).from(paymentCallbacks).where(eq(paymentCallbacks.paymobOrderId, paymentAttempts.paymobOrderId))),
      ),
    )
    .orderBy(desc(paymentAttempts.createdAt))
    .limit(1);
  if (recent) return isCreating(recent.paymobOrderId) ? { kind: 'wait', attemptId: recent.id } : { kind: 'checkout', clientSecret: recent.clientSecret };

  const [owner] = await tx
    .select({ name: users.name, phone: orders.shippingPhone, details: orders.shippingDetails, city: orders.shippingCity, postalCode: orders.postalCode })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, order.id));
  const lines = await tx
    .select({ title: orderItems.title, colorName: orderItems.colorName, size: orderItems.size, count: orderItems.count, price: orderItems.price })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.title), asc(orderItems.colorName), asc(orderItems.size));
  const amountCents = amountDueCents(order);
  const [attempt] = await tx
    .insert(paymentAttempts)
    .values({ orderId: order.id, paymobOrderId: `${CREATING}${randomUUID()}`, intentionId: '', clientSecret: '', amountCents })
    .returning({ id: paymentAttempts.id });
  return {
    kind: 'create',
    attemptId: attempt!.id,
    dueAt: order.paymentDueAt,
    request: {
      amountCents,
      items: intentionItems(order, lines),
      billing: { ...splitName(owner!.name), phone: `+2${owner!.phone}`, street: owner!.details, city: owner!.city, postalCode: owner!.postalCode },
      specialReference: `${order.id}-${Date.now()}`,
      notificationUrl: settings.callbackUrl,
      redirectionUrl: settings.returnUrl,
    },
  };
}

/**
 * Waits, outside any transaction, until the attempt another press is creating has its intention
 * (`ready`), was dropped because Paymob failed (`gone`), or has waited so long that its creator
 * must have stopped (`abandoned`).
 */
async function waitForAttempt(db: Db, attemptId: string): Promise<'ready' | 'gone' | 'abandoned'> {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, CREATING_POLL_MS));
    const [attempt] = await db
      .select({ paymobOrderId: paymentAttempts.paymobOrderId, createdAt: paymentAttempts.createdAt })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, attemptId));
    if (!attempt) return 'gone';
    if (!isCreating(attempt.paymobOrderId)) return 'ready';
    if (attempt.createdAt.getTime() < Date.now() - CREATING_ABANDONED_MS) return 'abandoned';
  }
}

/**
 * Asks Paymob for the intention of an attempt recorded as being created, outside any
 * transaction, then records it under the order's row lock. The intention is kept whatever
 * became of the order meanwhile (a callback for it must find the order), but the checkout is
 * handed out only while the order still awaits its payment: an order cancelled, paid through an
 * earlier checkout, or past its time in the meantime is a 409 as at the start.
 */
async function createAttempt(db: Db, paymob: PaymobSettings, start: Extract<PaymentStart, { kind: 'create' }>, orderId: string): Promise<string> {
  let intention;
  try {
    intention = await createIntention(paymob, { ...start.request, ...(start.dueAt && { expirationSeconds: secondsLeft(start.dueAt) }) });
  } catch (error) {
    await db.delete(paymentAttempts).where(and(eq(paymentAttempts.id, start.attemptId), like(paymentAttempts.paymobOrderId, `${CREATING}%`)));
    if (error instanceof PaymobError) throw Object.assign(new AppError(502, MSG.paymentGatewayDown), { cause: error });
    throw error;
  }
  const made = { paymobOrderId: intention.paymobOrderId, intentionId: intention.intentionId, clientSecret: intention.clientSecret };
  const outcome = await db.transaction(async (tx): Promise<{ kind: 'ready' | 'expired' } | { kind: 'closed'; status: OrderStatus }> => {
    const order = await lockOrder(tx, orderId);
    const recorded = await tx.update(paymentAttempts).set(made).where(eq(paymentAttempts.id, start.attemptId)).returning({ id: paymentAttempts.id });
    // Dropped as abandoned by another press while Paymob was slow: recorded afresh.
    if (recorded.length === 0) await tx.insert(paymentAttempts).values({ ...made, orderId, amountCents: start.request.amountCents });
    if (order.status !== 'awaiting_payment') return { kind: 'closed', status: order.status };
    if (order.paymentDueAt && order.paymentDueAt.getTime() <= Date.now()) {
      await expire(tx, order);
      return { kind: 'expired' };
    }
    return { kind: 'ready' };
  });
  if (outcome.kind === 'closed') throw AppError.about(409, 'paymentNotAwaited', ORDER_STATUS_LABELS[outcome.status]);
  if (outcome.kind === 'expired') {
    catalogueChanged(db);
    throw new AppError(409, MSG.paymentExpired);
  }
  return checkoutUrl(paymob, intention.clientSecret);
}

/**
 * A Unified Checkout address for an order awaiting payment (at checkout, and "pay now"). Only
 * its owner may ask; an order past its payment time is expired here and then is a 409. Pressed
 * twice in a row, the second press gets the same intention back, waiting for it when the first
 * is still creating it. Paymob is asked outside any transaction: the order's row is locked only
 * to decide and, after Paymob answered, to record what it answered.
 */
export async function startPayment(db: Db, settings: PaymentSettings, orderId: string, viewer: Viewer): Promise<string> {
  const paymob = settings.paymob;
  if (!paymob) throw new AppError(409, MSG.cardPaymentsOff);
  for (;;) {
    const start = await db.transaction((tx) => beginPayment(tx, settings, orderId, viewer));
    if (start.kind === 'expired') {
      catalogueChanged(db);
      throw new AppError(409, MSG.paymentExpired);
    }
    if (start.kind === 'checkout') return checkoutUrl(paymob, start.clientSecret);
    if (start.kind === 'create') return createAttempt(db, paymob, start, orderId);
    // The other press failed at Paymob a moment ago: this one answers the same.
    if ((await waitForAttempt(db, start.attemptId)) === 'gone') throw new AppError(502, MSG.paymentGatewayDown);
  }
}

const truthy = (value: unknown) => value === true || value === 'true';

export interface CallbackResult {
  outcome: PaymentOutcome | 'repeat';
  orderId: string | null;
}

/**
 * Paymob's Transaction Processed callback: the only thing that marks a card order paid. The
 * signature is checked first (a bad or missing one is a 401 and nothing is stored); the order is
 * found through the Paymob order id of one of its intentions, a field the signature covers. The
 * order row is locked while deciding, so two callbacks at once, a callback racing the expiry
 * sweep, and a repeat of the same callback each change the order at most once. Every signed
 * callback is stored with what was done.
 */
export async function receiveCallback(db: Db, settings: PaymentSettings, body: unknown, hmac: unknown): Promise<CallbackResult> {
  const paymob = settings.paymob;
  if (!paymob) throw new AppError(404, MSG.routeNotFound);
  const obj = typeof body === 'object' && body !== null ? (body as { obj?: unknown }).obj : undefined;
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) throw new AppError(401, MSG.paymentSignatureInvalid);
  const fields = obj as Record<string, unknown>;
  if (!signatureMatches(hmac, processedHmacInput(fields), paymob.hmacSecret)) throw new AppError(401, MSG.paymentSignatureInvalid);

  const signature = String(hmac).toLowerCase();
  const order = fields.order as Record<string, unknown> | undefined;
  const paymobOrderId = String(order?.id ?? '');
  const transactionId = String(fields.id ?? '');
  const amountCents = Number(fields.amount_cents);
  const success = truthy(fields.success);
  const source = fields.source_data as Record<string, unknown> | undefined;
  const record = {
    paymobOrderId,
    transactionId,
    amountCents: Number.isSafeInteger(amountCents) ? amountCents : 0,
    success,
    signature,
    source: [source?.type, source?.sub_type, source?.pan].filter((v) => v !== undefined && v !== null && v !== '').join(' ').slice(0, 100),
    payload: body as object,
  };

  return db.transaction(async (tx) => {
    const [attempt] = await tx.select({ orderId: paymentAttempts.orderId }).from(paymentAttempts).where(eq(paymentAttempts.paymobOrderId, paymobOrderId));
    const locked = attempt ? await lockOrder(tx, attempt.orderId) : undefined;
    const [seen] = await tx.select({ id: paymentCallbacks.id }).from(paymentCallbacks).where(eq(paymentCallbacks.signature, signature));
    if (seen) return { outcome: 'repeat' as const, orderId: locked?.id ?? null };

    const outcome = decide(locked, fields, amountCents, success);
    // The unique signature decides between two copies of one callback that no order lock kept apart (one for an unknown order).
    const inserted = await tx
      .insert(paymentCallbacks)
      .values({ ...record, orderId: locked?.id ?? null, outcome, needsDecision: DECISIONS.has(outcome) })
      .onConflictDoNothing()
      .returning({ id: paymentCallbacks.id });
    if (inserted.length === 0) return { outcome: 'repeat' as const, orderId: locked?.id ?? null };
    if (outcome === 'paid') {
      const now = new Date();
      await tx
        .update(orders)
        .set({ isPaid: true, paidAt: now, trnxId: transactionId, orderPaymobId: paymobOrderId, status: 'pending', updatedAt: now })
        .where(eq(orders.id, locked!.id));
      await tx.insert(orderStatusHistory).values({ orderId: locked!.id, status: 'pending', userId: null });
      await recordOrderMessage(db, tx, locked!.id, 'payment_received');
    }
    return { outcome, orderId: locked?.id ?? null };
  });
}

const DECISIONS = new Set<PaymentOutcome>(PAYMENT_DECISION_OUTCOMES);

function decide(order: LockedOrder | undefined, fields: Record<string, unknown>, amountCents: number, success: boolean): PaymentOutcome {
  if (!order) return 'unknown_order';
  if (truthy(fields.has_parent_transaction) || truthy(fields.is_refund) || truthy(fields.is_void)) return 'refund';
  if (truthy(fields.pending)) return 'pending';
  if (!success) return 'declined';
  if (amountCents !== amountDueCents(order) || String(fields.currency ?? '') !== 'EGP') return 'amount_mismatch';
  if (order.isPaid) return 'already_paid';
  if (order.status !== 'awaiting_payment') return 'closed_order';
  return 'paid';
}

/**
 * The shopper's browser back from Paymob (the Transaction Response callback): the signature is
 * checked and nothing changes; the answer is where to send the shopper and with which message.
 * A bad signature (a tampered amount or result) is a 401. "Paid" means a successful transaction
 * for the whole amount of one of our checkouts, as the callback requires to mark the order paid;
 * a payment of another amount is not reported as paid.
 */
export async function readReturn(db: Db, settings: PaymentSettings, query: Record<string, unknown>): Promise<{ orderNumber: number | null; paid: boolean }> {
  const paymob = settings.paymob;
  if (!paymob) throw new AppError(404, MSG.routeNotFound);
  if (!signatureMatches(query.hmac, responseHmacInput(query), paymob.hmacSecret)) throw new AppError(401, MSG.paymentSignatureInvalid);
  const [row] = await db
    .select({ number: orders.number, amountCents: paymentAttempts.amountCents })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(eq(paymentAttempts.paymobOrderId, responseOrderId(query)));
  const fullAmount = row !== undefined && Number(query.amount_cents) === row.amountCents && query.currency === 'EGP';
  return { orderNumber: row?.number ?? null, paid: fullAmount && truthy(query.success) && !truthy(query.pending) };
}

/**
 * Cancels every card order whose payment time has passed, its pieces back in stock exactly once
 * (ledger reason payment_expired). Rows another process is expiring are skipped (SKIP LOCKED),
 * and the status is read again under the lock, so two sweeps, or a sweep and a late callback,
 * never both act. Returns how many orders it expired.
 */
export async function expireUnpaidOrders(db: Db, now: Date = new Date()): Promise<number> {
  const expiredNow = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'awaiting_payment'), lte(orders.paymentDueAt, now)))
      .orderBy(asc(orders.paymentDueAt))
      .limit(200)
      .for('update', { skipLocked: true });
    let expired = 0;
    for (const { id } of due) {
      const order = await lockOrder(tx, id);
      if (order.status !== 'awaiting_payment') continue;
      await expire(tx, order);
      expired += 1;
    }
    return expired;
  });
  if (expiredNow > 0) catalogueChanged(db);
  return expiredNow;
}

export interface PaymentCallbackRecord {
  id: string;
  transactionId: string;
  paymobOrderId: string;
  amountCents: number;
  success: boolean;
  outcome: PaymentOutcome;
  needsDecision: boolean;
  decidedAt: Date | null;
  /** How an admin decided: the money refunded (a refund of this transaction went through) or kept; null while open. */
  decision: { action: 'refund' | 'keep'; by: string | null } | null;
  source: string;
  createdAt: Date;
}

/** The callbacks Paymob sent about an order, newest first (the admin's order page). */
export async function listPaymentCallbacks(db: Db, orderId: string): Promise<PaymentCallbackRecord[]> {
  const [rows, refunded] = await Promise.all([
    db
      .select({
        id: paymentCallbacks.id,
        transactionId: paymentCallbacks.transactionId,
        paymobOrderId: paymentCallbacks.paymobOrderId,
        amountCents: paymentCallbacks.amountCents,
        success: paymentCallbacks.success,
        outcome: paymentCallbacks.outcome,
        needsDecision: paymentCallbacks.needsDecision,
        decidedAt: paymentCallbacks.decidedAt,
        decidedBy: users.name,
        source: paymentCallbacks.source,
        createdAt: paymentCallbacks.createdAt,
      })
      .from(paymentCallbacks)
      .leftJoin(users, eq(users.id, paymentCallbacks.decidedBy))
      .where(eq(paymentCallbacks.orderId, orderId))
      .orderBy(desc(paymentCallbacks.createdAt)),
    db
      .select({ transactionId: orderRefunds.transactionId })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'succeeded'))),
  ]);
  const refundedTransactions = new Set(refunded.map((r) => r.transactionId));
  return rows.map(({ decidedBy, ...row }) => ({
    ...row,
    decision: row.decidedAt ? { action: refundedTransactions.has(row.transactionId) ? 'refund' : 'keep', by: decidedBy } : null,
  }));
}

/** Ids of orders with a callback waiting for an admin's decision, among `orderIds`. */
export async function ordersNeedingDecision(db: Db): Promise<Set<string>> {
  const rows = await db.selectDistinct({ orderId: paymentCallbacks.orderId }).from(paymentCallbacks).where(eq(paymentCallbacks.needsDecision, true));
  return new Set(rows.map((r) => r.orderId).filter((id): id is string => id !== null));
}

/** Closes a decision on a callback. */
async function markDecided(tx: Tx, callbackId: string, adminId: string): Promise<void> {
  await tx
    .update(paymentCallbacks)
    .set({ needsDecision: false, decidedAt: new Date(), decidedBy: adminId })
    .where(and(eq(paymentCallbacks.id, callbackId), eq(paymentCallbacks.needsDecision, true)));
}

/**
 * An admin's decision on a callback that did not fit its order: `refund` sends that payment
 * back through Paymob (the decision stays open if the refund fails), `keep` records that the
 * shop keeps the money and settles with the customer itself. The refund is claimed under the
 * order's row lock and sent after that transaction commits; while it waits for Paymob's answer,
 * another decision on the same payment is a 409.
 */
export async function decidePayment(
  db: Db,
  settings: PaymentSettings,
  orderId: string,
  callbackId: string,
  action: 'refund' | 'keep',
  admin: Viewer,
): Promise<'succeeded' | 'failed' | 'kept'> {
  const start = await db.transaction(async (tx): Promise<{ outcome: 'succeeded' | 'failed' | 'kept' } | { send: RefundClaim }> => {
    await lockOrder(tx, orderId);
    const [callback] = await tx
      .select({ id: paymentCallbacks.id, transactionId: paymentCallbacks.transactionId, amountCents: paymentCallbacks.amountCents })
      .from(paymentCallbacks)
      .where(and(eq(paymentCallbacks.id, callbackId), eq(paymentCallbacks.orderId, orderId), eq(paymentCallbacks.needsDecision, true)));
    if (!callback) throw new AppError(404, MSG.paymentDecisionNotFound);
    if (action === 'keep') {
      if (await refundInFlight(tx, orderId, callback.transactionId)) throw new AppError(409, MSG.refundInProgress);
      await markDecided(tx, callback.id, admin.id);
      return { outcome: 'kept' };
    }
    const claim = await claimRefund(tx, settings.paymob, orderId, callback.transactionId, callback.amountCents, admin.id);
    if ('send' in claim) return { send: claim.send };
    if (claim.status === 'pending') throw new AppError(409, MSG.refundInProgress);
    if (claim.status === 'failed') return { outcome: 'failed' };
    // Refunded in full already: the decision is the refund.
    await markDecided(tx, callback.id, admin.id);
    return { outcome: 'succeeded' };
  });
  if ('outcome' in start) return start.outcome;
  return sendRefund(db, settings.paymob!, start.send, async (tx, status) => {
    if (status === 'succeeded') await markDecided(tx, callbackId, admin.id);
  });
}
