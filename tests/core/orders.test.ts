import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, ORDER_STATUS_LABELS } from '../../contracts/index.ts';
import { setOrderDelivered, setOrderPaid, toggleDelivered, togglePaid } from '../../core/orders/order-lifecycle.ts';
import { getOrder } from '../../core/orders/orders.ts';
import { advanceOrderFixture, createAccount, createProductFixture, placeOrderFixture, UNKNOWN_ID } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function freshOrder() {
  const { user } = await createAccount(t.db);
  const product = await createProductFixture(t.db, t.images);
  return placeOrderFixture(t.db, user.id, [{ product }]);
}

/** An order handed to the courier: the one the delivered flag can be set on. */
async function shippedOrder() {
  const order = await freshOrder();
  return advanceOrderFixture(t.db, order.id, 'shipped');
}

describe('setting the delivered and paid flags to a value', () => {
  it('marks a shipped order delivered with a date, and a second identical request keeps that date', async () => {
    const order = await shippedOrder();
    const first = await setOrderDelivered(t.db, order.id, true);
    expect(first).toMatchObject({ status: 'delivered', isDelivered: true, deliveredAt: expect.any(Date), isPaid: false, paidAt: null });

    const again = await setOrderDelivered(t.db, order.id, true);
    expect(again.isDelivered).toBe(true);
    expect(again.deliveredAt).toEqual(first.deliveredAt);
    expect(again.statusHistory.map((h) => h.status)).toEqual(['pending', 'confirmed', 'shipped', 'delivered']);
  });

  it('refuses to mark a pending order delivered, naming its status', async () => {
    const order = await freshOrder();
    await expect(setOrderDelivered(t.db, order.id, true)).rejects.toMatchObject({
      status: 409,
      message: `${MSG.statusStepNotAllowed}: ${ORDER_STATUS_LABELS.pending}`,
    });
    expect(await getOrder(t.db, order.id)).toMatchObject({ status: 'pending', isDelivered: false, deliveredAt: null });
  });

  it('marks an order paid and back to unpaid, clearing the date', async () => {
    const order = await freshOrder();
    expect(await setOrderPaid(t.db, order.id, true)).toMatchObject({ isPaid: true, paidAt: expect.any(Date), isDelivered: false });
    expect(await setOrderPaid(t.db, order.id, false)).toMatchObject({ isPaid: false, paidAt: null });
    expect(await setOrderPaid(t.db, order.id, false)).toMatchObject({ isPaid: false, paidAt: null });
  });

  it('lets two admins who both mark an order delivered agree instead of undoing each other', async () => {
    const order = await shippedOrder();
    await Promise.all([setOrderDelivered(t.db, order.id, true), setOrderDelivered(t.db, order.id, true)]);
    const after = await getOrder(t.db, order.id);
    expect(after).toMatchObject({ status: 'delivered', isDelivered: true, deliveredAt: expect.any(Date) });
    expect(after.statusHistory.filter((h) => h.status === 'delivered')).toHaveLength(1);
  });

  it('answers "order not found" for an unknown order', async () => {
    await expect(setOrderDelivered(t.db, UNKNOWN_ID, true)).rejects.toMatchObject({ status: 404, message: MSG.orderNotFound });
    await expect(setOrderPaid(t.db, UNKNOWN_ID, false)).rejects.toMatchObject({ status: 404, message: MSG.orderNotFound });
  });
});

describe('toggling a flag (the API door)', () => {
  it('flips delivered on and off (back to shipped), and leaves paid alone', async () => {
    const order = await shippedOrder();
    expect(await toggleDelivered(t.db, order.id)).toMatchObject({ status: 'delivered', isDelivered: true, deliveredAt: expect.any(Date), isPaid: false });
    expect(await toggleDelivered(t.db, order.id)).toMatchObject({ status: 'shipped', isDelivered: false, deliveredAt: null, isPaid: false });
  });

  it('makes two changes from two flips at once, so none is lost', async () => {
    const order = await freshOrder();
    await Promise.all([togglePaid(t.db, order.id), togglePaid(t.db, order.id)]);
    expect(await getOrder(t.db, order.id)).toMatchObject({ isPaid: false, paidAt: null });
  });

  it('answers "order not found" for an unknown order', async () => {
    await expect(togglePaid(t.db, UNKNOWN_ID)).rejects.toMatchObject({ status: 404, message: MSG.orderNotFound });
  });
});
