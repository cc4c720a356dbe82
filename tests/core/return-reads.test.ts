/**
 * What the pages of returns read from core: a customer's choices for a delivered order (the
 * window, the pieces left, the pairs to exchange for), the returns waiting for staff, the refunds
 * due within the law's 7 days (late ones marked), and the overview's revenue net of refunds.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { getDashboard } from '../../core/orders/dashboard.ts';
import { changeReturnStatus, receiveReturn, refundReturn, requestReturn } from '../../core/returns/return-lifecycle.ts';
import { countReturnsByStatus, countReturnsWaiting, listCustomerReturns, refundsDue, returnOptions } from '../../core/returns/return-options.ts';
import { AppError } from '../../core/shared/errors.ts';
import { orders, returnStatusHistory } from '../../db/schema.ts';
import { advanceOrderFixture, createAccount, createProductFixture, placeOrderFixture, type Account } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t.db, 'admin', 'ريم المرتجعات');
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

async function deliveredOrder(count = 2) {
  const customer = await createAccount(t.db, 'user', 'سلمى حسن');
  const product = await createProductFixture(t.db, t.images, {
    availableSizes: ['m', 'l'],
    colors: [
      { name: 'أسود', hex: '#000000', images: [] },
      { name: 'كحلي', hex: '#1f2a44', images: [] },
    ],
    stock: { أسود: { m: 5, l: 0 }, كحلي: { m: 2, l: 1 } },
  });
  const order = await placeOrderFixture(t.db, customer.user.id, [{ product, count, size: 'm', colorName: 'أسود' }]);
  await advanceOrderFixture(t.db, order.id, 'delivered', admin);
  return { customer, product, order, lineId: order.lines[0]!.id };
}

describe('a customer’s choices for a delivered order', () => {
  it('gives the window’s last day, the pieces left after earlier returns and every other pair with whether it has pieces', async () => {
    const { customer, order, lineId } = await deliveredOrder(3);
    await requestReturn(t.db, order.id, customer.user, { lines: [{ lineId, count: 1, reason: 'size' }] });
    const options = await returnOptions(t.db, order.id, customer.user);
    expect(options.open).toBe(true);
    expect(options.windowDays).toBe(14);
    expect(options.lastDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [line] = options.lines;
    expect(line).toMatchObject({ lineId, count: 3, left: 2, colorName: 'أسود', size: 'm', returnable: true });
    expect(line!.pairs).toEqual([
      { colorName: 'أسود', size: 'm', inStock: true },
      { colorName: 'أسود', size: 'l', inStock: false },
      { colorName: 'كحلي', size: 'm', inStock: true },
      { colorName: 'كحلي', size: 'l', inStock: true },
    ]);
  });

  it('is closed past the window and for an order not delivered, and someone else’s order is not found', async () => {
    const { customer, order } = await deliveredOrder();
    const late = new Date(Date.now() + 15 * DAY);
    expect((await returnOptions(t.db, order.id, customer.user, late)).open).toBe(false);

    const other = await createAccount(t.db, 'user', 'غريب');
    await expect(returnOptions(t.db, order.id, other.user)).rejects.toMatchObject({ status: 404, message: MSG.orderNotFound });

    const product = await createProductFixture(t.db, t.images, { availableSizes: ['m'], stock: { m: 3 } });
    const pending = await placeOrderFixture(t.db, customer.user.id, [{ product, count: 1, size: 'm' }]);
    const options = await returnOptions(t.db, pending.id, customer.user);
    expect(options).toMatchObject({ open: false, lastDay: null });
  });
});

describe('the dashboard’s reads', () => {
  it('counts the returns waiting and lists a customer’s own returns only', async () => {
    const before = await countReturnsWaiting(t.db);
    const { customer, order, lineId } = await deliveredOrder();
    const asked = await requestReturn(t.db, order.id, customer.user, { lines: [{ lineId, count: 1, reason: 'defective' }] });
    expect(await countReturnsWaiting(t.db)).toBe(before + 1);
    expect((await countReturnsByStatus(t.db)).requested).toBe(before + 1);
    expect((await listCustomerReturns(t.db, customer.user.id)).map((r) => r.id)).toEqual([asked.id]);
    const stranger = await createAccount(t.db, 'user', 'آخر');
    expect(await listCustomerReturns(t.db, stranger.user.id)).toEqual([]);
    await changeReturnStatus(t.db, asked.id, { status: 'declined', declineReason: 'القطعة مستعملة' }, admin.user);
    expect(await countReturnsWaiting(t.db)).toBe(before);
  });

  it('lists received returns not refunded, oldest receipt first, late past 7 days, and drops them once refunded', async () => {
    const { customer, order, lineId } = await deliveredOrder();
    const asked = await requestReturn(t.db, order.id, customer.user, { lines: [{ lineId, count: 2, reason: 'defective' }] });
    await changeReturnStatus(t.db, asked.id, { status: 'approved' }, admin.user);
    await receiveReturn(t.db, asked.id, { lines: [{ lineId, received: 2, restock: 2 }] }, admin.user);
    // Received 8 days ago: past the law's 7.
    await t.db.update(returnStatusHistory).set({ createdAt: new Date(Date.now() - 8 * DAY) }).where(eq(returnStatusHistory.returnId, asked.id));

    const due = (await refundsDue(t.db)).find((d) => d.return.id === asked.id);
    expect(due).toMatchObject({ late: true });
    expect(due!.return.refundAmount).toBeGreaterThan(0);
    const soon = (await refundsDue(t.db, new Date(Date.now() - 7.5 * DAY))).find((d) => d.return.id === asked.id);
    expect(soon?.late).toBe(false);

    await refundReturn(t.db, asked.id, { method: 'cash' }, admin.user);
    expect((await refundsDue(t.db)).some((d) => d.return.id === asked.id)).toBe(false);
  });

  it('takes the refunds of returns off the revenue and off the day they were made', async () => {
    const { customer, order, lineId } = await deliveredOrder(2);
    await t.db.update(orders).set({ isPaid: true }).where(eq(orders.id, order.id));
    const before = await getDashboard(t.db);
    const asked = await requestReturn(t.db, order.id, customer.user, { lines: [{ lineId, count: 1, reason: 'defective' }] });
    await changeReturnStatus(t.db, asked.id, { status: 'approved' }, admin.user);
    await receiveReturn(t.db, asked.id, { lines: [{ lineId, received: 1, restock: 1 }] }, admin.user);
    const refunded = await refundReturn(t.db, asked.id, { method: 'wallet', reference: 'W-1' }, admin.user);
    const amount = refunded.refund!.amount;
    expect(amount).toBe(refunded.refundAmount);

    const after = await getDashboard(t.db);
    expect(after.revenue.refunded).toBeCloseTo(before.revenue.refunded + amount, 2);
    expect(after.revenue.total).toBeCloseTo(before.revenue.total - amount, 2);
    expect(after.revenue.orders).toBe(before.revenue.orders);
    expect(after.sales.at(-1)!.total).toBeCloseTo(before.sales.at(-1)!.total - amount, 2);
  });

  it('refuses a refund recorded twice with nothing changed', async () => {
    const { customer, order, lineId } = await deliveredOrder(1);
    const asked = await requestReturn(t.db, order.id, customer.user, { lines: [{ lineId, count: 1, reason: 'not_as_described' }] });
    await changeReturnStatus(t.db, asked.id, { status: 'approved' }, admin.user);
    await receiveReturn(t.db, asked.id, { lines: [{ lineId, received: 1, restock: 0 }] }, admin.user);
    await refundReturn(t.db, asked.id, { method: 'cash' }, admin.user);
    const revenue = (await getDashboard(t.db)).revenue;
    await expect(refundReturn(t.db, asked.id, { method: 'cash' }, admin.user)).rejects.toBeInstanceOf(AppError);
    expect((await getDashboard(t.db)).revenue).toEqual(revenue);
  });
});
