import { eq, sql } from 'drizzle-orm';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD, SALES_CHART_DAYS, SHIPPING_FEE } from '../../contracts/index.ts';
import { cairoDay, getDashboard } from '../../core/dashboard.ts';
import { toggleDelivered, togglePaid } from '../../core/orders.ts';
import { orders } from '../../db/schema.ts';
import { createAccount, createCategoryFixture, createProductFixture, placeOrderFixture } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Moves an order to a given instant, as if it had been placed then. */
async function placedAt(id: string, iso: string) {
  await t.db.update(orders).set({ createdAt: new Date(iso) }).where(eq(orders.id, id));
}

describe('the dashboard overview', () => {
  // Wednesday 18 November 2026, 09:00 in Cairo (07:00 UTC); that week began on Saturday the 14th.
  const now = new Date('2026-11-18T07:00:00Z');

  it('counts Cairo days and a week that starts on Saturday, and earns only the amounts due of delivered and paid orders', async () => {
    const category = await createCategoryFixture(t.db, t.images);
    const product = await createProductFixture(t.db, t.images, { category: category.id, quantity: 50, price: 200, priceAfterDiscount: 149.5 });
    // Each order is due 149.50 rounded up to 150, plus shipping: what its card shows and the courier collects.
    const due = 150 + SHIPPING_FEE;
    const { user } = await createAccount(t.db);
    const place = async (iso: string) => {
      const order = await placeOrderFixture(t.db, user.id, [{ product }]);
      await placedAt(order.id, iso);
      return order;
    };
    // 23:30 Cairo on the 17th is 21:30 UTC: yesterday in Cairo, not today.
    const lateYesterday = await place('2026-11-17T21:30:00Z');
    // 00:30 Cairo on the 18th is 22:30 UTC on the 17th: today in Cairo.
    const earlyToday = await place('2026-11-17T22:30:00Z');
    // Saturday the 14th at 10:00 Cairo opens the week; Friday the 13th belongs to the week before.
    await place('2026-11-14T08:00:00Z');
    await place('2026-11-13T08:00:00Z');
    // Older than the chart: counted nowhere but in the totals.
    await place('2026-09-01T08:00:00Z');

    await toggleDelivered(t.db, lateYesterday.id);
    await togglePaid(t.db, lateYesterday.id);
    await togglePaid(t.db, earlyToday.id);

    const dashboard = await getDashboard(t.db, now);
    expect(dashboard.ordersToday).toBe(1);
    expect(dashboard.ordersThisWeek).toBe(3);
    expect(dashboard.revenue).toEqual({ total: due, orders: 1 });
    expect(dashboard.awaitingDelivery).toBe(4);

    expect(dashboard.sales).toHaveLength(SALES_CHART_DAYS);
    expect(dashboard.sales.at(-1)).toEqual({ day: '2026-11-18', orders: 1, total: due });
    expect(dashboard.sales.at(-2)).toEqual({ day: '2026-11-17', orders: 1, total: due });
    expect(dashboard.sales[0]!.day).toBe('2026-10-20');
    expect(dashboard.sales.reduce((n, d) => n + d.orders, 0)).toBe(4);

    expect(dashboard.latestOrders.map((o) => o.id).slice(0, 2)).toEqual([earlyToday.id, lateYesterday.id]);
    expect(dashboard.latestOrders[0]).toMatchObject({ customerName: user.name, total: due, isPaid: true, isDelivered: false });
  });

  it('lists sold-out and switched-off products first, then those at or under the low-stock mark', async () => {
    const category = await createCategoryFixture(t.db, t.images);
    const plenty = await createProductFixture(t.db, t.images, { category: category.id, quantity: LOW_STOCK_THRESHOLD + 1 });
    const low = await createProductFixture(t.db, t.images, { category: category.id, quantity: LOW_STOCK_THRESHOLD });
    const lower = await createProductFixture(t.db, t.images, { category: category.id, quantity: 1 });
    const empty = await createProductFixture(t.db, t.images, { category: category.id, quantity: 0 });
    const off = await createProductFixture(t.db, t.images, { category: category.id, quantity: 30, availability: false });

    const before = await getDashboard(t.db, now);
    const alertIds = before.stockAlerts.map((p) => p.id);
    expect(alertIds).not.toContain(plenty.id);
    expect(alertIds.indexOf(lower.id)).toBeLessThan(alertIds.indexOf(low.id));
    expect(alertIds.indexOf(empty.id)).toBeLessThan(alertIds.indexOf(lower.id));
    expect(alertIds.indexOf(off.id)).toBeLessThan(alertIds.indexOf(lower.id));
    expect(before.stockAlerts.find((p) => p.id === off.id)).toMatchObject({ available: false, quantity: 30 });

    await t.db.execute(sql`update products set quantity = 0 where id = ${low.id}`);
    const after = await getDashboard(t.db, now);
    expect(after.soldOutCount).toBe(before.soldOutCount + 1);
    expect(after.lowStockCount).toBe(before.lowStockCount - 1);
  });

  it('names the Cairo day of an instant across midnight', () => {
    expect(cairoDay(new Date('2026-11-17T21:59:00Z'))).toBe('2026-11-17');
    expect(cairoDay(new Date('2026-11-17T22:01:00Z'))).toBe('2026-11-18');
  });
});
