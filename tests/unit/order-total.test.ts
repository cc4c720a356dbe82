import { describe, expect, it } from 'vitest';
import { SHIPPING_FEE } from '../../contracts/index.ts';
import { orderTotal, roundingOf } from '../../app/lib/format.tsx';

describe('an order total as the pages show it', () => {
  it('rounds the items up to the pound, then adds the shipping fee', () => {
    expect(orderTotal(328.5)).toBe(329 + SHIPPING_FEE);
    expect(orderTotal(329)).toBe(329 + SHIPPING_FEE);
    expect(orderTotal(100.01)).toBe(101 + SHIPPING_FEE);
  });

  it('adds the fee the order was placed with when the page has it', () => {
    expect(orderTotal(328.5, 50)).toBe(379);
  });

  it('names the rounding exactly, and none for whole pounds', () => {
    expect(roundingOf(328.5)).toBe(0.5);
    expect(roundingOf(100.1)).toBe(0.9);
    expect(roundingOf(99.99)).toBe(0.01);
    expect(roundingOf(329)).toBe(0);
  });
});
