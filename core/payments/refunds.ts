/**
 * Refunds through Paymob: the money of a paid card order that was cancelled or refused goes
 * back to the customer, and every attempt is recorded with its outcome, so the admin sees
 * whether it went through and can try again.
 *
 * Paymob is never called inside a database transaction: a refund is first recorded as pending
 * under the order's row lock (the claim), the transaction commits, Paymob is asked, and the
 * answer is recorded under the lock again. The pending refund is what keeps a second refund of
 * the same payment from being sent while the first waits for its answer.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { RefundStatus } from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { orderRefunds, orders, paymentCallbacks } from '../../db/schema.ts';
import { toPiastres, toPounds } from '../../contracts/money.ts';
import { PAYMOB_CALL_TIMEOUT_MS, refundTransaction, type PaymobSettings } from './paymob.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A refund still pending this long after it was sent lost its answer (the process stopped while
 * Paymob was being asked). It is recorded as failed, so the admin can try again: Paymob itself
 * refuses to refund more than was paid.
 */
export const REFUND_ANSWER_LOST_MS = 4 * PAYMOB_CALL_TIMEOUT_MS;

/** What a refund whose answer was lost records as its reason. */
const ANSWER_LOST = 'refund: no answer from Paymob was recorded';

/** A refund recorded as pending, to be sent to Paymob once the claiming transaction commits. */
export interface RefundClaim {
  refundId: string;
  orderId: string;
  transactionId: string;
  amountCents: number;
}

/**
 * The claim's outcome: a refund to send, or what holds instead: `pending` (another refund of this
 * payment is waiting for Paymob's answer; nothing is sent), `failed` (recorded at once: card
 * payments are not configured) or null (nothing is left to refund).
 */
export type RefundStart = { send: RefundClaim } | { status: RefundStatus | null };

/** Locks the order's row (when it still exists), the lock every change of its refunds takes. */
async function lockOrderRow(tx: Tx, orderId: string): Promise<void> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
}

/** Piastres of `transactionId` already refunded successfully (and, with `pendingToo`, those waiting for Paymob's answer). */
async function refundedCents(tx: Tx, orderId: string, transactionId: string, pendingToo = false): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string | null>`sum(${orderRefunds.amount})` })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.orderId, orderId),
        eq(orderRefunds.transactionId, transactionId),
        pendingToo ? inArray(orderRefunds.status, ['succeeded', 'pending']) : eq(orderRefunds.status, 'succeeded'),
      ),
    );
  return toPiastres(Number(row?.total ?? 0));
}

/** Whether a refund of `transactionId` was sent to Paymob and waits for its answer. */
export async function refundInFlight(tx: Tx, orderId: string, transactionId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.transactionId, transactionId), eq(orderRefunds.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

/**
 * Claims what is left to refund of `transactionId` (an order's payment, or a payment an admin
 * decided to return): records a pending refund of it, to be sent once the caller's transaction
 * commits (sendRefund). The caller holds the order's row lock, so two admins pressing at once
 * claim one refund; while it is pending, a second claim sends nothing.
 */
export async function claimRefund(
  tx: Tx,
  paymob: PaymobSettings | undefined,
  orderId: string,
  transactionId: string,
  paidCents: number,
  actorId: string | null,
  /** A part of the payment instead of all that is left (a return's refund): at most what is left is sent. */
  part?: { cents: number; returnId: string },
): Promise<RefundStart> {
  await tx
    .update(orderRefunds)
    .set({ status: 'failed', detail: ANSWER_LOST })
    .where(
      and(
        eq(orderRefunds.orderId, orderId),
        eq(orderRefunds.transactionId, transactionId),
        eq(orderRefunds.status, 'pending'),
        lt(orderRefunds.createdAt, new Date(Date.now() - REFUND_ANSWER_LOST_MS)),
      ),
    );
  // A part (a return's refund) may go while another part of the payment waits for its answer, as
  // long as the parts sent or sent back stay within what was paid; only the same return waits.
  const inFlight = part
    ? (await tx.select({ id: orderRefunds.id }).from(orderRefunds).where(and(eq(orderRefunds.returnId, part.returnId), eq(orderRefunds.status, 'pending'))).limit(1)).length > 0
    : await refundInFlight(tx, orderId, transactionId);
  if (inFlight) return { status: 'pending' };
  const left = paidCents - (await refundedCents(tx, orderId, transactionId, part !== undefined));
  const remaining = part ? Math.min(part.cents, left) : left;
  if (remaining <= 0) return { status: null };
  const [row] = await tx
    .insert(orderRefunds)
    .values({
      orderId,
      transactionId,
      amount: toPounds(remaining),
      status: paymob ? 'pending' : 'failed',
      detail: paymob ? null : 'card payments are not configured',
      userId: actorId,
      returnId: part?.returnId ?? null,
    })
    .returning({ id: orderRefunds.id });
  if (!paymob) return { status: 'failed' };
  return { send: { refundId: row!.id, orderId, transactionId, amountCents: remaining } };
}

/**
 * Sends a claimed refund to Paymob, outside any transaction, then records its answer under the
 * order's row lock; `afterRecord` runs in that same transaction (an admin's decision closed with
 * it). Returns how it went.
 */
export async function sendRefund(
  db: Db,
  paymob: PaymobSettings,
  claim: RefundClaim,
  afterRecord?: (tx: Tx, status: 'succeeded' | 'failed') => Promise<void>,
): Promise<'succeeded' | 'failed'> {
  const result = await refundTransaction(paymob, claim.transactionId, claim.amountCents);
  const status = result.ok ? 'succeeded' : 'failed';
  await db.transaction(async (tx) => {
    await lockOrderRow(tx, claim.orderId);
    await tx
      .update(orderRefunds)
      .set({ status, refundTransactionId: result.ok ? result.refundTransactionId : null, detail: result.ok ? null : result.detail })
      .where(eq(orderRefunds.id, claim.refundId));
    await afterRecord?.(tx, status);
  });
  return status;
}

/**
 * Refunds a paid card order once it is cancelled or refused: the transaction that paid it, for
 * the amount Paymob reported. Returns null when there is nothing to refund (a cash order, an
 * unpaid one, or one refunded already), and `pending` when a refund of it is already waiting for
 * Paymob's answer (nothing more is sent).
 */
export async function refundPaidOrder(db: Db, paymob: PaymobSettings | undefined, orderId: string, actorId: string | null): Promise<RefundStatus | null> {
  const start = await db.transaction(async (tx): Promise<RefundStart> => {
    const [order] = await tx
      .select({ isPaid: orders.isPaid, method: orders.paymentMethodType, trnxId: orders.trnxId, status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order || !order.isPaid || order.method !== 'card' || !order.trnxId) return { status: null };
    if (order.status !== 'cancelled' && order.status !== 'refused') return { status: null };
    const [paid] = await tx
      .select({ amountCents: paymentCallbacks.amountCents })
      .from(paymentCallbacks)
      .where(and(eq(paymentCallbacks.orderId, orderId), eq(paymentCallbacks.transactionId, order.trnxId), eq(paymentCallbacks.outcome, 'paid')))
      .limit(1);
    if (!paid) return { status: null };
    return claimRefund(tx, paymob, orderId, order.trnxId, paid.amountCents, actorId);
  });
  if ('status' in start) return start.status;
  return sendRefund(db, paymob!, start.send);
}
