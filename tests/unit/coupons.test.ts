import { describe, expect, it } from 'vitest';
import { CouponSchema, couponRefusal, discountOf, type CouponRules } from '../../contracts/coupons.ts';
import { MSG } from '../../contracts/messages.ts';
import { amountDueCents, orderTotal } from '../../contracts/money.ts';
import { intentionItems } from '../../core/payments/payments.ts';

describe('discountOf', () => {
  it('takes a fixed amount off the items, never more than the items', () => {
    expect(discountOf({ type: 'fixed', value: 50 }, 200, 70)).toEqual({ discount: 50, shippingPrice: 70 });
    expect(discountOf({ type: 'fixed', value: 500 }, 200, 70)).toEqual({ discount: 200, shippingPrice: 70 });
    expect(discountOf({ type: 'fixed', value: 0.05 }, 1, 0)).toEqual({ discount: 0.05, shippingPrice: 0 });
  });

  it('rounds a percent down to the piastre', () => {
    expect(discountOf({ type: 'percent', value: 10 }, 199, 70)).toEqual({ discount: 19.9, shippingPrice: 70 });
    expect(discountOf({ type: 'percent', value: 15 }, 33, 70).discount).toBe(4.95);
    // 7% of 13 is 0.91; 7% of 1.43 would be 0.1001: the piastre below.
    expect(discountOf({ type: 'percent', value: 7 }, 13, 0).discount).toBe(0.91);
    expect(discountOf({ type: 'percent', value: 33 }, 101, 0).discount).toBe(33.33);
    expect(discountOf({ type: 'percent', value: 12.5 }, 99, 0).discount).toBe(12.37);
  });

  it('takes at most 90% off', () => {
    expect(discountOf({ type: 'percent', value: 90 }, 1001, 45.5)).toEqual({ discount: 900.9, shippingPrice: 45.5 });
    expect(orderTotal(1000.2, 45.5, 900.9)).toBe(145.6);
  });

  it('waives the governorate fee for free shipping and keeps the cash-on-delivery fee', () => {
    expect(discountOf({ type: 'freeShipping', value: null }, 300, 70)).toEqual({ discount: 0, shippingPrice: 0 });
    expect(discountOf({ type: 'freeShipping', value: null }, 300, 80, 10)).toEqual({ discount: 0, shippingPrice: 10 });
  });
});

describe('the amount due with a discount', () => {
  it('rounds the items up first, takes the discount off, then adds shipping', () => {
    expect(orderTotal(199.5, 70, 20)).toBe(250);
    expect(amountDueCents({ totalOrderPrice: 199.5, shippingPrice: 70, discount: 19.9 })).toBe(25010);
    expect(amountDueCents({ totalOrderPrice: 199.5, shippingPrice: 70 })).toBe(27000);
  });

  it('never goes below the shipping', () => {
    expect(orderTotal(10, 70, 50)).toBe(70);
  });
});

const RULES: CouponRules = {
  type: 'percent',
  value: 10,
  minItemsTotal: 100,
  startsAt: new Date('2026-01-01T00:00:00Z'),
  endsAt: new Date('2026-12-31T00:00:00Z'),
  maxUses: 5,
  maxUsesPerCustomer: 1,
  uses: 0,
  active: true,
};
const NOW = new Date('2026-06-01T00:00:00Z');

describe('couponRefusal', () => {
  it('lets a code that meets every rule through', () => {
    expect(couponRefusal(RULES, 100, 0, NOW)).toBeNull();
  });

  it('says which rule a code breaks', () => {
    expect(couponRefusal({ ...RULES, active: false }, 100, 0, NOW)).toMatchObject({ status: 400, key: 'couponInactive' });
    expect(couponRefusal(RULES, 100, 0, new Date('2025-12-31T23:59:59Z'))).toMatchObject({ status: 400, key: 'couponNotStarted' });
    expect(couponRefusal(RULES, 100, 0, new Date('2026-12-31T00:00:00Z'))).toMatchObject({ status: 400, key: 'couponEnded' });
    expect(couponRefusal({ ...RULES, uses: 5 }, 100, 0, NOW)).toMatchObject({ status: 409, key: 'couponUsedUp' });
    expect(couponRefusal(RULES, 100, 1, NOW)).toMatchObject({ status: 409, key: 'couponUsedUpByCustomer' });
    expect(couponRefusal(RULES, 99.99, 0, NOW)).toEqual({ status: 400, key: 'couponBelowMinimum', detail: '100 جنيه' });
  });
});

describe('CouponSchema', () => {
  it('keeps the code upper-case and fills the defaults', () => {
    expect(CouponSchema.parse({ code: 'eid-2026', type: 'freeShipping' })).toMatchObject({
      code: 'EID-2026',
      minItemsTotal: 0,
      maxUses: null,
      maxUsesPerCustomer: 1,
      active: true,
    });
  });

  it('refuses a bad value for each type, a bad code and an end before the start, in Arabic', () => {
    const messages = (body: unknown) => CouponSchema.safeParse(body).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ code: 'ab', type: 'fixed', value: 10 })).toEqual([MSG.couponCodeInvalid]);
    expect(messages({ code: 'OFF 10', type: 'fixed', value: 10 })).toEqual([MSG.couponCodeInvalid]);
    expect(messages({ code: 'OFF10', type: 'percent', value: 91 })).toEqual([MSG.couponPercentInvalid]);
    expect(messages({ code: 'OFF10', type: 'percent' })).toEqual([MSG.couponPercentInvalid]);
    expect(messages({ code: 'OFF10', type: 'fixed', value: 0 })).toEqual([MSG.couponFixedInvalid]);
    expect(messages({ code: 'OFF10', type: 'freeShipping', value: 5 })).toEqual([MSG.couponValueNotAllowed]);
    expect(messages({ code: 'OFF10', type: 'fixed', value: 5, startsAt: '2026-02-01T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' })).toEqual([MSG.couponEndsBeforeStart]);
    expect(messages({ code: 'OFF10', type: 'fixed', value: 5, maxUses: 0 })).toEqual([MSG.couponMaxUsesInvalid]);
  });
});

describe("Paymob's items with a discount", () => {
  const lines = [
    { title: 'قميص', size: 'm', count: 2, price: 99.75 },
    { title: 'بنطلون', size: 'l', count: 1, price: 50.1 },
  ];
  it('folds the discount into the items, none negative, adding up to the amount due', () => {
    for (const discount of [0, 10, 100, 199.5, 200, 250]) {
      const order = { totalOrderPrice: 249.6, shippingPrice: 70, discount };
      const items = intentionItems(order, lines);
      expect(items.every((item) => item.amount > 0 || item.name === 'الشحن')).toBe(true);
      expect(items.reduce((sum, item) => sum + item.amount * item.quantity, 0), String(discount)).toBe(amountDueCents(order));
    }
  });
});
