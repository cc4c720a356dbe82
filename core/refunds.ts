/**
 * Refunds through Paymob: the money of a paid card order that was cancelled or refused goes
 * back to the customer, and every attempt is recorded with its outcome, so the admin sees
 * whether it went through and can try again.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { RefundStatus } from '../contracts/index.ts';
import type { Db } from '../db/client.ts';
import { orderRefunds, orders, paymentCallbacks } from '../db/schema.ts';
import { toPiastres, toPounds } from './money.ts';
import { refundTransaction, type PaymobSettings } from './paymob.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Piastres of `transactionId` already refunded successfully. */
async function refundedCents(tx: Tx, orderId: string, transactionId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string | null>`sum(${orderRefunds.amount})` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.transactionId, transactionId), eq(orderRefunds.status, 'succeeded')));
  return toPiastres(Number(row?.total ?? 0));
}

/**
 * Sends back what is left to refund of `transactionId` (an order's payment, or a payment an
 * admin decided to return) and records the attempt. Runs under the order's row lock, so two
 * admins pressing at once make one refund. Returns null when nothing is left to refund.
 */
export async function refundTransactionOfOrder(
  tx: Tx,
  paymob: PaymobSettings | undefined,
  orderId: string,
  transactionId: string,
  paidCents: number,
  actorId: string | null,
): Promise<RefundStatus | null> {
  const remaining = paidCents - (await refundedCents(tx, orderId, transactionId));
  if (remaining <= 0) return null;
  const result = paymob ? await refundTransaction(paymob, transactionId, remaining) : ({ ok: false, detail: 'card payments are not configured' } as const);
  await tx.insert(orderRefunds).values({
    orderId,
    transactionId,
    amount: toPounds(remaining),
    status: result.ok ? 'succeeded' : 'failed',
    refundTransactionId: result.ok ? result.refundTransactionId : null,
    detail: result.ok ? null : result.detail,
    userId: actorId,
  });
  return result.ok ? 'succeeded' : 'failed';
}

/**
 * Refunds a paid card order once it is cancelled or refused: the transaction that paid it, for
 * the amount Paymob reported. Returns null when there is nothing to refund (a cash order, an
 * unpaid one, or one refunded already).
 */
export async function refundPaidOrder(db: Db, paymob: PaymobSettings | undefined, orderId: string, actorId: string | null): Promise<RefundStatus | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ isPaid: orders.isPaid, method: orders.paymentMethodType, trnxId: orders.trnxId, status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order || !order.isPaid || order.method !== 'card' || !order.trnxId) return null;
    if (order.status !== 'cancelled' && order.status !== 'refused') return null;
    const [paid] = await tx
      .select({ amountCents: paymentCallbacks.amountCents })
      .from(paymentCallbacks)
      .where(and(eq(paymentCallbacks.orderId, orderId), eq(paymentCallbacks.transactionId, order.trnxId), eq(paymentCallbacks.outcome, 'paid')))
      .limit(1);
    if (!paid) return null;
    return refundTransactionOfOrder(tx, paymob, orderId, order.trnxId, paid.amountCents, actorId);
  });
}
