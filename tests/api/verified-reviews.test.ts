/** "مشتري موثق": a review says whether its author received the product, as the server knows it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setOrderDelivered } from '../../core/orders/order-lifecycle.ts';
import { advanceOrderFixture, createAccount, createProductFixture, placeOrderFixture, type Account } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function postReview(account: Account, productId: string, body: Record<string, unknown> = { review: 'قماش ممتاز', rating: 5 }) {
  return t.app.inject({ method: 'POST', url: `/api/v1/products/${productId}/reviews`, headers: account.headers, payload: body });
}

async function reviewsOf(productId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/products/${productId}/reviews` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { user: { _id: string }; verifiedPurchase: boolean }[];
}

describe('verifiedPurchase on reviews', () => {
  it('is true for an author whose delivered order held the product, in the answer and in the list', async () => {
    const product = await createProductFixture(t.db, t.images);
    const buyer = await createAccount(t.db);
    const order = await placeOrderFixture(t.db, buyer.user.id, [{ product }]);
    await advanceOrderFixture(t.db, order.id, 'delivered');

    const res = await postReview(buyer, product.id);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.verifiedPurchase).toBe(true);
    expect(await reviewsOf(product.id)).toEqual([expect.objectContaining({ user: expect.objectContaining({ _id: buyer.user.id }), verifiedPurchase: true })]);
  });

  it('is false for someone who never ordered the product, whatever the request says', async () => {
    const product = await createProductFixture(t.db, t.images);
    const stranger = await createAccount(t.db);
    const res = await postReview(stranger, product.id, { review: 'جميل', rating: 4, verifiedPurchase: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.verifiedPurchase).toBe(false);
    expect((await reviewsOf(product.id))[0]!.verifiedPurchase).toBe(false);
  });

  it('is false while the order is not delivered, and becomes true once it is', async () => {
    const product = await createProductFixture(t.db, t.images);
    const buyer = await createAccount(t.db);
    const order = await placeOrderFixture(t.db, buyer.user.id, [{ product }]);
    await advanceOrderFixture(t.db, order.id, 'shipped');
    expect((await postReview(buyer, product.id)).json().data.verifiedPurchase).toBe(false);
    await setOrderDelivered(t.db, order.id, true);
    expect((await reviewsOf(product.id))[0]!.verifiedPurchase).toBe(true);
  });

  it('counts only an order of this product: a delivered order of another one does not verify', async () => {
    const [bought, reviewed] = [await createProductFixture(t.db, t.images), await createProductFixture(t.db, t.images)];
    const buyer = await createAccount(t.db);
    const order = await placeOrderFixture(t.db, buyer.user.id, [{ product: bought }]);
    await advanceOrderFixture(t.db, order.id, 'delivered');
    expect((await postReview(buyer, reviewed.id)).json().data.verifiedPurchase).toBe(false);
  });

  it("counts only the author's own orders: someone else's delivered order does not verify", async () => {
    const product = await createProductFixture(t.db, t.images);
    const [buyer, reviewer] = [await createAccount(t.db), await createAccount(t.db)];
    const order = await placeOrderFixture(t.db, buyer.user.id, [{ product }]);
    await advanceOrderFixture(t.db, order.id, 'delivered');
    expect((await postReview(reviewer, product.id)).json().data.verifiedPurchase).toBe(false);
  });
});
