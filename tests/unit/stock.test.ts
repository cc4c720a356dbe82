import { describe, expect, it } from 'vitest';
import { spreadQuantity } from '../../core/catalogue/stock.ts';

describe('spreadQuantity: a quantity sent alone, spread over the sizes', () => {
  it.each([
    [7, ['s', 'm', 'l'], { s: 3, m: 2, l: 2 }],
    [8, ['s', 'm', 'l'], { s: 3, m: 3, l: 2 }],
    [9, ['s', 'm', 'l'], { s: 3, m: 3, l: 3 }],
    [2, ['s', 'm', 'l'], { s: 1, m: 1, l: 0 }],
    [0, ['m', 'l'], { m: 0, l: 0 }],
    [5, ['xl'], { xl: 5 }],
  ])('puts %i pieces over %j as %j: as even as whole pieces allow, first sizes first', (total, sizes, expected) => {
    const stock = spreadQuantity(total, sizes);
    expect(stock).toEqual(expected);
    expect(Object.keys(stock)).toEqual(sizes);
    expect(Object.values(stock).reduce((sum, n) => sum + n, 0)).toBe(total);
  });

  it('gives no sizes nothing', () => {
    expect(spreadQuantity(4, [])).toEqual({});
  });
});
