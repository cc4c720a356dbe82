import { describe, expect, it } from 'vitest';
import { storeYear } from '../../app/lib/store-time.ts';

describe("the shop's clock (Cairo)", () => {
  it("gives the year it is in Cairo, which turns two hours before UTC's in winter", () => {
    expect(storeYear(new Date('2030-12-31T21:59:59Z'))).toBe(2030);
    expect(storeYear(new Date('2030-12-31T22:00:00Z'))).toBe(2031);
    expect(storeYear(new Date('2031-06-15T12:00:00Z'))).toBe(2031);
  });
});
