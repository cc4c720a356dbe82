import { describe, expect, it } from 'vitest';
import { paidPrices, refundAmountOf, returnShippingFeeOf } from '../../contracts/returns.ts';

const piastres = (pounds: number) => Math.round(pounds * 100);

describe('paidPrices', () => {
  it('is the price itself on an order without a discount', () => {
    expect(paidPrices([{ price: 199.99, count: 2 }, { price: 50, count: 1 }], 0)).toEqual([199.99, 50]);
  });

  it('shares the discount over the lines in proportion to their totals', () => {
    // 300 and 100: a discount of 40 is 30 and 10, so 150 − 15 a piece and 100 − 10.
    expect(paidPrices([{ price: 150, count: 2 }, { price: 100, count: 1 }], 40)).toEqual([135, 90]);
  });

  it('gives the odd piastres to the largest remainders and never takes off more than the discount', () => {
    const lines = [{ price: 100, count: 1 }, { price: 100, count: 1 }, { price: 100, count: 1 }];
    const paid = paidPrices(lines, 10);
    // 10 pounds over three equal lines: 3.34, 3.33, 3.33.
    expect(paid).toEqual([96.66, 96.67, 96.67]);
    const off = lines.reduce((sum, l, i) => sum + (piastres(l.price) - piastres(paid[i]!)) * l.count, 0);
    expect(off).toBe(1000);
  });

  it('rounds a line share down over its pieces, so the shares stay within the discount', () => {
    for (const [lines, discount] of [
      [[{ price: 99.99, count: 3 }, { price: 12.35, count: 7 }, { price: 0.5, count: 1 }], 17.77],
      [[{ price: 10, count: 3 }], 1],
      [[{ price: 333.33, count: 9 }, { price: 1, count: 1 }], 999.99],
    ] as const) {
      const paid = paidPrices(lines, discount);
      const off = lines.reduce((sum, l, i) => sum + (piastres(l.price) - piastres(paid[i]!)) * l.count, 0);
      expect(off).toBeLessThanOrEqual(piastres(discount));
      expect(off).toBeGreaterThan(piastres(discount) - lines.reduce((n, l) => n + l.count, 0));
      for (const p of paid) expect(Number.isInteger(piastres(p))).toBe(true);
    }
  });

  it('never goes below zero when the discount covers the whole order', () => {
    expect(paidPrices([{ price: 50, count: 2 }], 200)).toEqual([0]);
  });
});

describe('what a return gives back', () => {
  const line = (over: Partial<Parameters<typeof refundAmountOf>[0][number]>) => ({ paidPrice: 135, count: 2, reason: 'defective' as const, exchange: false, received: null, ...over });

  it('charges the fee only when a reason is the customer’s', () => {
    expect(returnShippingFeeOf([{ reason: 'defective' }, { reason: 'not_as_described' }], 30)).toBe(0);
    expect(returnShippingFeeOf([{ reason: 'defective' }, { reason: 'size' }], 30)).toBe(30);
    expect(returnShippingFeeOf([{ reason: 'changed_mind' }], 30)).toBe(30);
    expect(returnShippingFeeOf([{ reason: 'other' }], 30)).toBe(30);
  });

  it('adds the paid price of the pieces that are not exchanges, less the fee', () => {
    expect(refundAmountOf([line({}), line({ exchange: true, paidPrice: 90, count: 1 })], 30)).toBe(240);
  });

  it('counts the pieces received once the return arrived', () => {
    expect(refundAmountOf([line({ received: 1 })], 0)).toBe(135);
    expect(refundAmountOf([line({ received: 0 })], 0)).toBe(0);
  });

  it('never goes below zero', () => {
    expect(refundAmountOf([line({ exchange: true })], 30)).toBe(0);
    expect(refundAmountOf([line({ paidPrice: 10, count: 1 })], 30)).toBe(0);
  });
});
