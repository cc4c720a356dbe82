/** A line's price and the sum of lines, as the cart, the checkout, the dashboard and Paymob's item list read them. */
import { describe, expect, it } from 'vitest';
import { lineTotal, lineTotalPiastres, sumLines } from '../../contracts/money.ts';

describe('a line total', () => {
  it('is exact to the piastre where floating point is not', () => {
    expect(0.1 * 3).not.toBe(0.3);
    expect(lineTotal({ price: 0.1, count: 3 })).toBe(0.3);
    expect(lineTotal({ price: 149.99, count: 7 })).toBe(1049.93);
    expect(lineTotalPiastres({ price: 19.95, count: 3 })).toBe(5985);
  });

  it('adds up to the lines\' sum, which the order stores', () => {
    const lines = [
      { price: 0.1, count: 1 },
      { price: 0.2, count: 1 },
      { price: 329.5, count: 2 },
    ];
    expect(sumLines(lines)).toBe(659.3);
    expect(lines.reduce((sum, line) => sum + lineTotalPiastres(line), 0)).toBe(65930);
  });
});
