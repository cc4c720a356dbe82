import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { wishlistItems } from '../../db/schema.ts';
import { createAccount, createProductFixture, type Account } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const getWishlist = (account: Account) => t.app.inject({ method: 'GET', url: '/api/v1/wishlist', headers: account.headers });
const addToWishlist = (account: Account, productId: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/wishlist', headers: account.headers, payload: { productId } });
const removeFromWishlist = (account: Account, productId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/wishlist/${productId}`, headers: account.headers });

async function storedWishlist(userId: string): Promise<string[]> {
  const rows = await t.db.select({ productId: wishlistItems.productId }).from(wishlistItems).where(eq(wishlistItems.userId, userId));
  return rows.map((r) => r.productId).sort();
}

describe('GET /api/v1/wishlist', () => {
  it('is empty for a new customer', async () => {
    const account = await createAccount(t.db);
    const res = await getWishlist(account);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it('lists the products in the shape of API.md, newest first', async () => {
    const account = await createAccount(t.db);
    const first = await createProductFixture(t.db, t.images, { price: 250, priceAfterDiscount: 199.99, quantity: 0 });
    const second = await createProductFixture(t.db, t.images, { availableSizes: ['8', '10'], age: 'أطفال', season: 'شتاء' });
    expect((await addToWishlist(account, first.id)).statusCode).toBe(200);
    expect((await addToWishlist(account, second.id)).statusCode).toBe(200);

    const res = await getWishlist(account);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((p: { _id: string }) => p._id)).toEqual([second.id, first.id]);
    expect(data[1]).toEqual({
      _id: first.id,
      title: first.title,
      slug: first.slug,
      description: first.description,
      imageCover: first.imageCover,
      images: [],
      category: { _id: first.category.id, name: first.category.name },
      price: 250,
      priceAfterDiscount: 199.99,
      quantity: 0,
      stock: [
        { size: 'm', quantity: 0 },
        { size: 'l', quantity: 0 },
      ],
      colors: [],
      age: 'رجال',
      season: 'صيف',
      availableSizes: ['m', 'l'],
      availability: false,
      barcode: first.barcode,
      sale: '',
      returnable: true,
      ratingsAverage: 0,
      ratingsQuantity: 0,
      createdAt: first.createdAt.toISOString(),
      updatedAt: first.updatedAt.toISOString(),
    });
    expect(data[0]).toMatchObject({
      age: 'أطفال',
      season: 'شتاء',
      availableSizes: ['8', '10'],
      availability: true,
      stock: [
        { size: '8', quantity: 5 },
        { size: '10', quantity: 5 },
      ],
    });
  });

  it('refuses a guest with 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/wishlist' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.unauthenticated });
  });
});

describe('POST /api/v1/wishlist', () => {
  it('adds a product and answers with the ids of the wishlist', async () => {
    const account = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images);
    const res = await addToWishlist(account, product.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [product.id] });
    expect(await storedWishlist(account.user.id)).toEqual([product.id]);
  });

  it('adding the same product twice is harmless: one entry', async () => {
    const account = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images);
    await addToWishlist(account, product.id);
    const again = await addToWishlist(account, product.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data: [product.id] });
    expect(await storedWishlist(account.user.id)).toEqual([product.id]);
  });

  it('refuses an unknown product with 400 on productId and stores nothing', async () => {
    const account = await createAccount(t.db);
    const res = await addToWishlist(account, UNKNOWN_ID);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ msg: MSG.productNotFound, path: 'productId', location: 'body' }] });
    expect(await storedWishlist(account.user.id)).toEqual([]);
  });

  it('refuses a malformed or missing id with 400 and stores nothing', async () => {
    const account = await createAccount(t.db);
    const bad = await addToWishlist(account, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errors: [{ msg: MSG.invalidId, path: 'productId', location: 'body' }] });
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/wishlist', headers: account.headers, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ msg: MSG.invalidId, path: 'productId', location: 'body' }]);
    expect(await storedWishlist(account.user.id)).toEqual([]);
  });

  it('refuses a guest with 401 and stores nothing', async () => {
    const product = await createProductFixture(t.db, t.images);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/wishlist', payload: { productId: product.id } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.unauthenticated });
    const rows = await t.db.select().from(wishlistItems).where(eq(wishlistItems.productId, product.id));
    expect(rows).toHaveLength(0);
  });
});

describe('DELETE /api/v1/wishlist/{productId}', () => {
  it('removes the product and answers with the ids left', async () => {
    const account = await createAccount(t.db);
    const kept = await createProductFixture(t.db, t.images);
    const removed = await createProductFixture(t.db, t.images);
    await addToWishlist(account, kept.id);
    await addToWishlist(account, removed.id);
    const res = await removeFromWishlist(account, removed.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [kept.id] });
    expect(await storedWishlist(account.user.id)).toEqual([kept.id]);
    expect((await getWishlist(account)).json().data.map((p: { _id: string }) => p._id)).toEqual([kept.id]);
  });

  it('removing a product that is not in the wishlist changes nothing', async () => {
    const account = await createAccount(t.db);
    const kept = await createProductFixture(t.db, t.images);
    await addToWishlist(account, kept.id);
    const res = await removeFromWishlist(account, UNKNOWN_ID);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [kept.id] });
  });

  it('refuses a malformed id in the path with 400 located in params', async () => {
    const account = await createAccount(t.db);
    const kept = await createProductFixture(t.db, t.images);
    await addToWishlist(account, kept.id);
    const res = await removeFromWishlist(account, 'abc');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ msg: MSG.invalidId, path: 'productId', location: 'params' }] });
    expect(await storedWishlist(account.user.id)).toEqual([kept.id]);
  });

  it('refuses a guest with 401', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/wishlist/${UNKNOWN_ID}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.unauthenticated });
  });
});

describe('privacy', () => {
  it("one customer never sees or changes another's wishlist", async () => {
    const alice = await createAccount(t.db);
    const bob = await createAccount(t.db);
    const alicesPick = await createProductFixture(t.db, t.images);
    const bobsPick = await createProductFixture(t.db, t.images);
    await addToWishlist(alice, alicesPick.id);
    await addToWishlist(bob, bobsPick.id);

    expect((await getWishlist(alice)).json().data.map((p: { _id: string }) => p._id)).toEqual([alicesPick.id]);
    expect((await getWishlist(bob)).json().data.map((p: { _id: string }) => p._id)).toEqual([bobsPick.id]);

    const bobRemoves = await removeFromWishlist(bob, alicesPick.id);
    expect(bobRemoves.json()).toEqual({ data: [bobsPick.id] });
    expect(await storedWishlist(alice.user.id)).toEqual([alicesPick.id]);
  });
});
