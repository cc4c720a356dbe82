import { describe, expect, it } from 'vitest';
import { DEFAULT_SHIPPING_RULES, feeRange, GOVERNORATES, missingForFreeShipping, shippingChargeOf, type ShippingRules } from '../../contracts/index.ts';

const rules: ShippingRules = {
  fees: DEFAULT_SHIPPING_RULES.fees.map(({ governorate }) => ({ governorate, fee: governorate === 'أسوان' ? 95.5 : governorate === 'القاهرة' ? 45 : 70 })),
  freeShippingFrom: 1000,
  codFee: 10.25,
};

describe('shippingChargeOf: what an order is charged for shipping', () => {
  it('charges 70 everywhere, cash or card, in a shop that set nothing', () => {
    for (const governorate of GOVERNORATES) {
      expect(shippingChargeOf(DEFAULT_SHIPPING_RULES, governorate, 500, 'cash')).toEqual({ fee: 70, codFee: 0, shippingPrice: 70 });
    }
  });

  it("charges the governorate's own fee, and the cash-on-delivery fee on cash only", () => {
    expect(shippingChargeOf(rules, 'أسوان', 300, 'cash')).toEqual({ fee: 95.5, codFee: 10.25, shippingPrice: 105.75 });
    expect(shippingChargeOf(rules, 'أسوان', 300, 'card')).toEqual({ fee: 95.5, codFee: 0, shippingPrice: 95.5 });
    expect(shippingChargeOf(rules, 'القاهرة', 300, 'card').shippingPrice).toBe(45);
  });

  it('ships free from the threshold exactly, not one piastre below; the cash-on-delivery fee still applies', () => {
    expect(shippingChargeOf(rules, 'أسوان', 1000, 'card')).toEqual({ fee: 0, codFee: 0, shippingPrice: 0 });
    expect(shippingChargeOf(rules, 'أسوان', 1000, 'cash')).toEqual({ fee: 0, codFee: 10.25, shippingPrice: 10.25 });
    expect(shippingChargeOf(rules, 'أسوان', 999.99, 'card').fee).toBe(95.5);
  });
});

describe('missingForFreeShipping and feeRange', () => {
  it('says how much more buys free shipping, exact to the piastre, and nothing once reached or without a threshold', () => {
    expect(missingForFreeShipping(rules, 999.99)).toBe(0.01);
    expect(missingForFreeShipping(rules, 0.1 + 0.2)).toBe(999.7);
    expect(missingForFreeShipping(rules, 1000)).toBeNull();
    expect(missingForFreeShipping(DEFAULT_SHIPPING_RULES, 10)).toBeNull();
  });

  it('gives the lowest and highest fee', () => {
    expect(feeRange(rules)).toEqual({ min: 45, max: 95.5 });
    expect(feeRange(DEFAULT_SHIPPING_RULES)).toEqual({ min: 70, max: 70 });
  });
});
