import { describe, expect, it } from 'vitest';
import { SHIPPING_FEE } from '../../contracts/index.ts';
import { amountDueCents, orderTotal, roundingOf } from '../../contracts/money.ts';

describe('an order total as the pages show it', () => {
  it('rounds the items up to the pound, then adds the order\'s shipping price', () => {
    expect(orderTotal(328.5, SHIPPING_FEE)).toBe(329 + SHIPPING_FEE);
    expect(orderTotal(329, SHIPPING_FEE)).toBe(329 + SHIPPING_FEE);
    expect(orderTotal(100.01, SHIPPING_FEE)).toBe(101 + SHIPPING_FEE);
    expect(orderTotal(328.5, 50)).toBe(379);
  });

  it('stays exact with a shipping price in piastres', () => {
    expect(orderTotal(10.2, 0.1)).toBe(11.1);
    expect(orderTotal(0.07, 45.35)).toBe(46.35);
    expect(amountDueCents({ totalOrderPrice: 10.2, shippingPrice: 0.1 })).toBe(1110);
  });

  it('names the rounding exactly, and none for whole pounds', () => {
    expect(roundingOf(328.5)).toBe(0.5);
    expect(roundingOf(100.1)).toBe(0.9);
    expect(roundingOf(99.99)).toBe(0.01);
    expect(roundingOf(329)).toBe(0);
  });
});
