/** The dashboard's delivered and paid flags offer only the changes core accepts. */
import { describe, expect, it } from 'vitest';
import { flagChangeAllowed, ORDER_STATUSES } from '../../contracts/constants.ts';

describe('flagChangeAllowed', () => {
  it('lets an order be marked delivered only once confirmed or shipped, and taken back from delivered', () => {
    const allowed = ORDER_STATUSES.filter((status) => flagChangeAllowed('delivered', { status, isPaid: false }));
    expect(allowed.sort()).toEqual(['confirmed', 'delivered', 'shipped']);
  });

  it('never marks a cancelled or refused order paid, but lets a paid mark be removed', () => {
    expect(flagChangeAllowed('paid', { status: 'pending', isPaid: false })).toBe(true);
    expect(flagChangeAllowed('paid', { status: 'cancelled', isPaid: false })).toBe(false);
    expect(flagChangeAllowed('paid', { status: 'refused', isPaid: false })).toBe(false);
    expect(flagChangeAllowed('paid', { status: 'refused', isPaid: true })).toBe(true);
  });
});
