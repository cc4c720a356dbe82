/**
 * "The shop owes this order's payment back" has one definition (contracts/constants.ts
 * refundOwed), read by /profile, the dashboard's order card and its retry, and agreeing with core,
 * which refunds the payment by its transaction. Before, /profile counted any succeeded refund, so a
 * refunded second payment hid the refund still owed for the first.
 */
import { describe, expect, it } from 'vitest';
import { isClosedStatus, paymentToGiveBack, refundOwed, refundsOfPayment, type RefundFacts } from '../../contracts/constants.ts';

const paidCancelled: RefundFacts = { paymentMethodType: 'card', isPaid: true, status: 'cancelled', trnxId: 'txn-1', refunds: [] };

describe('refundOwed', () => {
  it('is owed for a closed paid card order until a refund of its payment succeeds', () => {
    expect(refundOwed(paidCancelled)).toBe(true);
    expect(refundOwed({ ...paidCancelled, status: 'refused' })).toBe(true);
    expect(refundOwed({ ...paidCancelled, refunds: [{ transactionId: 'txn-1', status: 'failed' }] })).toBe(true);
    expect(refundOwed({ ...paidCancelled, refunds: [{ transactionId: 'txn-1', status: 'pending' }] })).toBe(true);
    expect(refundOwed({ ...paidCancelled, refunds: [{ transactionId: 'txn-1', status: 'failed' }, { transactionId: 'txn-1', status: 'succeeded' }] })).toBe(false);
  });

  it('is still owed when only another payment of the order was refunded', () => {
    expect(refundOwed({ ...paidCancelled, refunds: [{ transactionId: 'txn-2', status: 'succeeded' }] })).toBe(true);
  });

  it('is never owed for cash, an unpaid order, an open order, or a payment with no transaction', () => {
    expect(refundOwed({ ...paidCancelled, paymentMethodType: 'cash' })).toBe(false);
    expect(refundOwed({ ...paidCancelled, isPaid: false })).toBe(false);
    for (const status of ['awaiting_payment', 'pending', 'confirmed', 'shipped', 'delivered'] as const) expect(refundOwed({ ...paidCancelled, status })).toBe(false);
    expect(refundOwed({ ...paidCancelled, trnxId: null })).toBe(false);
  });
});

describe('the rules it is made of', () => {
  it('closed means cancelled or refused', () => {
    expect(['awaiting_payment', 'pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'refused'].filter((s) => isClosedStatus(s as RefundFacts['status']))).toEqual(['cancelled', 'refused']);
  });

  it('a payment to give back is a closed paid card order; its refunds are those of its transaction, in order', () => {
    expect(paymentToGiveBack(paidCancelled)).toBe(true);
    expect(paymentToGiveBack({ ...paidCancelled, status: 'shipped' })).toBe(false);
    const refunds = [
      { transactionId: 'txn-1', status: 'failed' as const, n: 1 },
      { transactionId: 'txn-2', status: 'succeeded' as const, n: 2 },
      { transactionId: 'txn-1', status: 'pending' as const, n: 3 },
    ];
    expect(refundsOfPayment({ ...paidCancelled, refunds }).map((r) => r.n)).toEqual([1, 3]);
  });
});
