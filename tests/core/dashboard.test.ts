import { createServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD, SALES_CHART_DAYS, SHIPPING_FEE } from '../../contracts/index.ts';
import { addToCart, getCart } from '../../core/checkout/cart.ts';
import { cairoDay, getDashboard } from '../../core/orders/dashboard.ts';
import { changeOrderStatus, toggleDelivered, togglePaid } from '../../core/orders/order-lifecycle.ts';
import { getOrder, type Order } from '../../core/orders/orders.ts';
import { placeOrder } from '../../core/checkout/place-order.ts';
import { startPayment, type PaymentSettings } from '../../core/payments/payments.ts';
import { updateProduct } from '../../core/catalogue/product-edits.ts';
import { orders } from '../../db/schema.ts';
import { startPaymobStandIn, STANDIN_SETTINGS } from '../../scripts/paymob-standin.ts';
import { createAccount, createCategoryFixture, createProductFixture, placeOrderFixture, type Account } from '../fixtures/factories.ts';
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

  it('counts Cairo days and a week that starts on Saturday, the orders to confirm and to ship, and earns only the amounts due of delivered and paid orders', async () => {
    const category = await createCategoryFixture(t.db, t.images);
    const product = await createProductFixture(t.db, t.images, { category: category.id, quantity: 50, price: 200, priceAfterDiscount: 149.5 });
    // Each order is due 149.50 rounded up to 150, plus shipping: what its card shows and the courier collects.
    const due = 150 + SHIPPING_FEE;
    const { user: admin } = await createAccount(t.db, 'admin');
    // Each order by a customer of its own: one customer may have only MAX_OPEN_ORDERS open at once.
    const place = async (iso: string) => {
      const { user } = await createAccount(t.db);
      const order = await placeOrderFixture(t.db, user.id, [{ product }]);
      await placedAt(order.id, iso);
      return order;
    };
    // 23:30 Cairo on the 17th is 21:30 UTC: yesterday in Cairo, not today.
    const lateYesterday = await place('2026-11-17T21:30:00Z');
    // 00:30 Cairo on the 18th is 22:30 UTC on the 17th: today in Cairo.
    const earlyToday = await place('2026-11-17T22:30:00Z');
    // Saturday the 14th at 10:00 Cairo opens the week; Friday the 13th belongs to the week before.
    const weekStart = await place('2026-11-14T08:00:00Z');
    await place('2026-11-13T08:00:00Z');
    // Older than the chart: counted nowhere but in the totals.
    const old = await place('2026-09-01T08:00:00Z');

    // Delivered takes the steps before it; only delivered and paid is money in.
    for (const step of ['confirmed', 'shipped'] as const) await changeOrderStatus(t.db, lateYesterday.id, step, admin);
    await toggleDelivered(t.db, lateYesterday.id, admin.id);
    await togglePaid(t.db, lateYesterday.id);
    await togglePaid(t.db, earlyToday.id);
    await changeOrderStatus(t.db, weekStart.id, 'confirmed', admin);
    await changeOrderStatus(t.db, old.id, 'cancelled', admin);

    const dashboard = await getDashboard(t.db, now);
    expect(dashboard.ordersToday).toBe(1);
    expect(dashboard.ordersThisWeek).toBe(3);
    expect(dashboard.revenue).toEqual({ total: due, orders: 1, refunded: 0 });
    // Pending: early today and the 13th (the cancelled one waits for nothing); confirmed: the 14th.
    expect(dashboard.awaitingConfirmation).toBe(2);
    expect(dashboard.awaitingShipping).toBe(1);

    expect(dashboard.sales).toHaveLength(SALES_CHART_DAYS);
    expect(dashboard.sales.at(-1)).toEqual({ day: '2026-11-18', orders: 1, total: due });
    expect(dashboard.sales.at(-2)).toEqual({ day: '2026-11-17', orders: 1, total: due });
    expect(dashboard.sales[0]!.day).toBe('2026-10-20');
    expect(dashboard.sales.reduce((n, d) => n + d.orders, 0)).toBe(4);

    expect(dashboard.latestOrders.map((o) => o.id).slice(0, 2)).toEqual([earlyToday.id, lateYesterday.id]);
    expect(dashboard.latestOrders[0]).toMatchObject({ customerName: earlyToday.user.name, total: due, isPaid: true, status: 'pending' });
    expect(dashboard.latestOrders[1]).toMatchObject({ status: 'delivered', isPaid: true });
  });

  it('names the colour of an alert for a product in colours, its pairs in the colours\' order', async () => {
    // A product in colours raises its pairs, each named by its colour, in the colours' order.
    const coloured = await createProductFixture(t.db, t.images, {
      category: (await createCategoryFixture(t.db, t.images)).id,
      title: 'قميص ز',
      availableSizes: ['m', 'l'],
      colors: [
        { name: 'أسود', hex: '#111111', images: [] },
        { name: 'كحلي', hex: '#1f2a44', images: [] },
      ],
      stock: { أسود: { m: 0, l: LOW_STOCK_THRESHOLD + 3 }, كحلي: { m: 0, l: LOW_STOCK_THRESHOLD + 3 } },
    });
    const colourAlerts = (await getDashboard(t.db, now)).stockAlerts.filter((a) => a.productId === coloured.id);
    expect(colourAlerts.map((a) => ({ colorName: a.colorName, size: a.size, quantity: a.quantity }))).toEqual([
      { colorName: 'أسود', size: 'm', quantity: 0 },
      { colorName: 'كحلي', size: 'm', quantity: 0 },
    ]);
  });

  it('alerts each size of a product on sale that ran out or runs low, sold out first then the fewest pieces, never a switched-off product', async () => {
    const before = await getDashboard(t.db, now);
    const category = await createCategoryFixture(t.db, t.images);
    const make = (title: string, stock: Record<string, number>, availability = true) =>
      createProductFixture(t.db, t.images, { category: category.id, title, availableSizes: Object.keys(stock), stock, availability });
    const mixed = await make('قميص أ', { s: 0, m: 2, l: LOW_STOCK_THRESHOLD + 4 });
    const single = await make('قميص ب', { m: 1 });
    const edge = await make('قميص ج', { m: LOW_STOCK_THRESHOLD, l: LOW_STOCK_THRESHOLD + 1 });
    // Its sizes come in the product's own order, xl before s.
    const twoGone = await make('قميص د', { xl: 0, s: 0 });
    await make('قميص هـ', { m: 0, l: 1 }, false);
    await make('قميص و', { m: LOW_STOCK_THRESHOLD + 1 });
    const ours = new Set([mixed.id, single.id, edge.id, twoGone.id]);
    const alertsOf = (d: Awaited<ReturnType<typeof getDashboard>>) =>
      d.stockAlerts.filter((a) => ours.has(a.productId)).map((a) => ({ title: a.title, size: a.size, quantity: a.quantity }));

    const after = await getDashboard(t.db, now);
    expect(alertsOf(after)).toEqual([
      { title: 'قميص أ', size: 's', quantity: 0 },
      { title: 'قميص د', size: 'xl', quantity: 0 },
      { title: 'قميص د', size: 's', quantity: 0 },
      { title: 'قميص ب', size: 'm', quantity: 1 },
      { title: 'قميص أ', size: 'm', quantity: 2 },
      { title: 'قميص ج', size: 'm', quantity: LOW_STOCK_THRESHOLD },
    ]);
    // The switched-off product's sold-out and last-piece sizes count nowhere.
    expect(after.stockAlerts.some((a) => a.title === 'قميص هـ' || a.title === 'قميص و')).toBe(false);
    expect(after.soldOutCount).toBe(before.soldOutCount + 3);
    expect(after.lowStockCount).toBe(before.lowStockCount + 3);

    // The last piece of a size sold: it moves from low to sold out.
    const { user } = await createAccount(t.db);
    await placeOrderFixture(t.db, user.id, [{ product: single, size: 'm' }]);
    const sold = await getDashboard(t.db, now);
    expect(sold.soldOutCount).toBe(after.soldOutCount + 1);
    expect(sold.lowStockCount).toBe(after.lowStockCount - 1);
    expect(alertsOf(sold).slice(0, 4)).toEqual([
      { title: 'قميص أ', size: 's', quantity: 0 },
      { title: 'قميص ب', size: 'm', quantity: 0 },
      { title: 'قميص د', size: 'xl', quantity: 0 },
      { title: 'قميص د', size: 's', quantity: 0 },
    ]);

    // Switching a product off takes its sizes off the alerts.
    await updateProduct(t.db, t.images, mixed.id, { availability: false }, {});
    const off = await getDashboard(t.db, now);
    expect(off.stockAlerts.some((a) => a.productId === mixed.id)).toBe(false);
    expect(off.soldOutCount).toBe(sold.soldOutCount - 1);
    expect(off.lowStockCount).toBe(sold.lowStockCount - 1);
  });

  it('names the Cairo day of an instant across midnight', () => {
    expect(cairoDay(new Date('2026-11-17T21:59:00Z'))).toBe('2026-11-17');
    expect(cairoDay(new Date('2026-11-17T22:01:00Z'))).toBe('2026-11-18');
  });
});

describe('the revenue of card payments', () => {
  // Paymob's stand-in calls the shop back, so the shop listens on a real port that is its store address.
  let c: TestApp;
  let standIn: Awaited<ReturnType<typeof startPaymobStandIn>>;
  let payments: PaymentSettings;
  beforeAll(async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    standIn = await startPaymobStandIn({ ...STANDIN_SETTINGS, integrationIds: [STANDIN_SETTINGS.cardIntegrationId, STANDIN_SETTINGS.walletIntegrationId] });
    const storeUrl = `http://127.0.0.1:${port}`;
    payments = {
      paymob: { ...STANDIN_SETTINGS, baseUrl: standIn.url },
      callbackUrl: `${storeUrl}/api/v1/payments/paymob/callback`,
      returnUrl: `${storeUrl}/api/v1/payments/paymob/return`,
    };
    c = await createTestApp({ storeUrl, paymob: payments.paymob });
    await c.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await c.close();
    await standIn.close();
  });

  async function placeCardOrder(account: Account, productId: string): Promise<Order> {
    await addToCart(c.db, account.user.id, { productId, size: 'm' });
    const cart = await getCart(c.db, account.user.id);
    const { order } = await placeOrder(c.db, {
      userId: account.user.id,
      cartId: cart.id!,
      shippingAddress: { details: '5 شارع النيل', district: 'المعادي', phone: '01012345678', shippingCity: 'القاهرة' },
      paymentMethodType: 'card',
    });
    return order;
  }

  /** Pays the order on the stand-in's checkout, which sends the signed callback that marks it paid. */
  async function payOnStandIn(account: Account, order: Order): Promise<Order> {
    const checkout = new URL(await startPayment(c.db, payments, order.id, account.user));
    const paid = await fetch(`${standIn.url}/unifiedcheckout/pay`, {
      method: 'POST',
      body: new URLSearchParams({ clientSecret: checkout.searchParams.get('clientSecret')!, result: 'pay' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(302);
    return getOrder(c.db, order.id);
  }

  it('counts a card order once paid, before delivery; not one awaiting payment, nor one cancelled and refunded', async () => {
    const category = await createCategoryFixture(c.db, c.images);
    const product = await createProductFixture(c.db, c.images, { category: category.id, quantity: 50, price: 200, priceAfterDiscount: 149.5 });
    const due = 150 + SHIPPING_FEE;
    const customer = await createAccount(c.db);
    const { user: admin } = await createAccount(c.db, 'admin');
    const before = await getDashboard(c.db);
    expect(before.revenue).toEqual({ total: 0, orders: 0, refunded: 0 });

    const kept = await payOnStandIn(customer, await placeCardOrder(customer, product.id));
    const refunded = await payOnStandIn(customer, await placeCardOrder(customer, product.id));
    const awaiting = await placeCardOrder(customer, product.id);
    expect(kept).toMatchObject({ status: 'pending', isPaid: true, isDelivered: false });
    expect(refunded).toMatchObject({ status: 'pending', isPaid: true });
    expect(awaiting).toMatchObject({ status: 'awaiting_payment', isPaid: false });
    expect((await getDashboard(c.db)).revenue).toEqual({ total: 2 * due, orders: 2, refunded: 0 });

    const cancelled = await changeOrderStatus(c.db, refunded.id, 'cancelled', admin, payments.paymob);
    expect(cancelled.refunds).toEqual([expect.objectContaining({ amount: due, status: 'succeeded' })]);
    const after = await getDashboard(c.db);
    expect(after.revenue).toEqual({ total: due, orders: 1, refunded: 0 });

    // Delivered changes nothing for money already in; an order awaiting payment still counts among the orders, not the revenue.
    for (const step of ['confirmed', 'shipped', 'delivered'] as const) await changeOrderStatus(c.db, kept.id, step, admin);
    const delivered = await getDashboard(c.db);
    expect(delivered.revenue).toEqual({ total: due, orders: 1, refunded: 0 });
    expect(delivered.latestOrders.map((o) => [o.id, o.status, o.isPaid])).toEqual([
      [awaiting.id, 'awaiting_payment', false],
      [refunded.id, 'cancelled', true],
      [kept.id, 'delivered', true],
    ]);
  });
});
