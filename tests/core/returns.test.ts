/**
 * Returns under core's rules (docs/decisions/027): the window's last moment, an exchange for
 * another colour taking and giving back its own pair once, and racing requests, receipts and
 * refunds that never count a line's pieces, restock or refund twice. On PostgreSQL the racers
 * truly run at once, each on its own connection.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import type { Product } from '../../core/catalogue/products.ts';
import { getOrder } from '../../core/orders/orders.ts';
import { cairoDate, cancelOwnReturn, changeReturnStatus, receiveReturn, refundReturn, requestReturn } from '../../core/returns/return-lifecycle.ts';
import { AppError } from '../../core/shared/errors.ts';
import { orders, productColors, productStock, returns, stockMovements } from '../../db/schema.ts';
import { advanceOrderFixture, createAccount, createProductFixture, placeOrderFixture, type Account } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { onPostgres } from '../helpers/database.ts';

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t.db, 'admin', 'ريم المخزن');
});
afterAll(() => t.close());

const engine = onPostgres ? ' (PostgreSQL)' : ' (PGlite)';

async function pieces(productId: string, colorName: string, size: string): Promise<number> {
  const [row] = await t.db
    .select({ quantity: productStock.quantity })
    .from(productStock)
    .innerJoin(productColors, eq(productColors.id, productStock.colorId))
    .where(and(eq(productStock.productId, productId), eq(productColors.name, colorName), eq(productStock.size, size)));
  return row?.quantity ?? 0;
}

const ledgerOfReturn = (returnId: string) =>
  t.db
    .select({ reason: stockMovements.reason, colorName: stockMovements.colorName, size: stockMovements.size, before: stockMovements.quantityBefore, after: stockMovements.quantityAfter })
    .from(stockMovements)
    .where(eq(stockMovements.returnId, returnId))
    .orderBy(stockMovements.seq);

/** A customer's delivered order of `count` black m of a product in black and navy. */
async function delivered(count = 2): Promise<{ customer: Account; product: Product; orderId: string; lineId: string }> {
  const customer = await createAccount(t.db, 'user', 'أمل سمير');
  const product = await createProductFixture(t.db, t.images, {
    availableSizes: ['m', 'l'],
    colors: [
      { name: 'أسود', hex: '#000000', images: [] },
      { name: 'كحلي', hex: '#1f2a44', images: [] },
    ],
    stock: { أسود: { m: 5, l: 5 }, كحلي: { m: 2, l: 1 } },
  });
  const order = await placeOrderFixture(t.db, customer.user.id, [{ product, count, size: 'm', colorName: 'أسود' }]);
  await advanceOrderFixture(t.db, order.id, 'delivered', admin);
  return { customer, product, orderId: order.id, lineId: order.lines[0]!.id };
}

describe('the return window', () => {
  it('takes a request up to windowDays after delivery and refuses one a moment later, naming the last day in Cairo', async () => {
    const { customer, orderId, lineId } = await delivered();
    // 23:30 on 10 June in Cairo (summer time, UTC+3); the 14 days end at 23:30 on 24 June there.
    const deliveredAt = new Date('2026-06-10T20:30:00Z');
    await t.db.update(orders).set({ deliveredAt }).where(eq(orders.id, orderId));
    const body = { lines: [{ lineId, count: 1, reason: 'defective' as const }] };
    const lastMoment = new Date(deliveredAt.getTime() + 14 * 24 * 60 * 60 * 1000);
    const late = requestReturn(t.db, orderId, customer.user, body, new Date(lastMoment.getTime() + 1));
    await expect(late).rejects.toMatchObject({ status: 409, message: `${MSG.returnWindowClosed}: 2026-06-24` });
    const inTime = await requestReturn(t.db, orderId, customer.user, body, lastMoment);
    expect(inTime.status).toBe('requested');
  });

  it('names the day by Cairo’s calendar, not UTC’s', () => {
    expect(cairoDate(new Date('2026-11-15T21:59:00Z'))).toBe('2026-11-15');
    expect(cairoDate(new Date('2026-11-15T22:00:00Z'))).toBe('2026-11-16');
  });
});

describe('an exchange for another colour', () => {
  it(`takes the navy pair on approval and gives it back exactly once when cancelled${engine}`, async () => {
    const { customer, product, orderId, lineId } = await delivered();
    const asked = await requestReturn(t.db, orderId, customer.user, { lines: [{ lineId, count: 2, reason: 'size', exchangeColorName: 'كحلي' }] });
    expect(asked.lines[0]).toMatchObject({ exchangeSize: 'm', exchangeColorName: 'كحلي', colorName: 'أسود', size: 'm' });
    expect(asked.refundAmount).toBe(0);

    await changeReturnStatus(t.db, asked.id, { status: 'approved' }, admin.user);
    expect(await pieces(product.id, 'كحلي', 'm')).toBe(0);
    expect(await pieces(product.id, 'أسود', 'm')).toBe(3);

    const cancels = await Promise.allSettled(Array.from({ length: 4 }, () => changeReturnStatus(t.db, asked.id, { status: 'cancelled' }, admin.user)));
    expect(cancels.filter((c) => c.status === 'fulfilled')).toHaveLength(1);
    expect(await pieces(product.id, 'كحلي', 'm')).toBe(2);
    expect(await ledgerOfReturn(asked.id)).toEqual([
      { reason: 'exchange', colorName: 'كحلي', size: 'm', before: 2, after: 0 },
      { reason: 'exchange', colorName: 'كحلي', size: 'm', before: 0, after: 2 },
    ]);
  });

  it('refuses a colour out of stock now with 409 and one the product lacks with 400', async () => {
    const { customer, orderId, lineId } = await delivered(2);
    const body = (exchangeColorName: string, exchangeSize?: string) => ({ lines: [{ lineId, count: 2, reason: 'size' as const, exchangeColorName, ...(exchangeSize && { exchangeSize }) }] });
    await expect(requestReturn(t.db, orderId, customer.user, body('كحلي', 'l'))).rejects.toMatchObject({ status: 409 });
    await expect(requestReturn(t.db, orderId, customer.user, body('أحمر'))).rejects.toMatchObject({ status: 400, message: MSG.exchangeColorUnknown });
    expect(await t.db.select().from(returns).where(eq(returns.orderId, orderId))).toEqual([]);
  });
});

describe('racing', () => {
  it(`lets racing requests hold at most the line's pieces${engine}`, async () => {
    const { customer, orderId, lineId } = await delivered(3);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => requestReturn(t.db, orderId, customer.user, { lines: [{ lineId, count: 1, reason: 'changed_mind' }] })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect(r.reason).toMatchObject({ status: 409 });
    }
    expect((await getOrder(t.db, orderId)).returns).toHaveLength(3);
  });

  it(`restocks and refunds once however many staff press at once${engine}`, async () => {
    const { customer, product, orderId, lineId } = await delivered(2);
    const asked = await requestReturn(t.db, orderId, customer.user, { lines: [{ lineId, count: 2, reason: 'defective' }] });
    await changeReturnStatus(t.db, asked.id, { status: 'approved' }, admin.user);
    const receipts = await Promise.allSettled(
      Array.from({ length: 4 }, () => receiveReturn(t.db, asked.id, { lines: [{ lineId, received: 2, restock: 2 }] }, admin.user)),
    );
    expect(receipts.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await pieces(product.id, 'أسود', 'm')).toBe(5);
    expect(await ledgerOfReturn(asked.id)).toEqual([{ reason: 'return', colorName: 'أسود', size: 'm', before: 3, after: 5 }]);

    const refunds = await Promise.allSettled(Array.from({ length: 4 }, () => refundReturn(t.db, asked.id, { method: 'wallet' }, admin.user)));
    expect(refunds.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [row] = await t.db.select().from(returns).where(eq(returns.id, asked.id));
    expect(row).toMatchObject({ status: 'completed', refundMethod: 'wallet', refundAmount: 360, refundStatus: 'succeeded' });
  });

  it('never lets a customer cancel a return staff already approved', async () => {
    const { customer, orderId, lineId } = await delivered(1);
    const asked = await requestReturn(t.db, orderId, customer.user, { lines: [{ lineId, count: 1, reason: 'defective' }] });
    await changeReturnStatus(t.db, asked.id, { status: 'approved' }, admin.user);
    await expect(cancelOwnReturn(t.db, asked.id, customer.user)).rejects.toMatchObject({ status: 409 });
  });
});
