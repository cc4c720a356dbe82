/** Input an attacker or a broken client sends: a NUL byte in text, control characters. */
import { count, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { categories, orders, products, reviews, users } from '../../db/schema.ts';
import { createAccount, createCategoryFixture, createProductFixture, makePng, type Account } from '../fixtures/factories.ts';
import { registerErrorHandling } from '../../server/plugins/errors.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { multipart } from '../helpers/multipart.ts';
import { ADDRESS, fillCart, placeOrder } from '../helpers/shop.ts';

let t: TestApp;
let customer: Account;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp();
  customer = await createAccount(t.db);
  admin = await createAccount(t.db, 'admin');
});
afterAll(() => t.close());

const NUL = '\u0000';
const rowsIn = async (table: typeof users | typeof categories | typeof products | typeof reviews | typeof orders) =>
  (await t.db.select({ n: count() }).from(table))[0]!.n;

function expectInvalidCharacters(res: { statusCode: number; json(): unknown }, path: string) {
  expect(res.statusCode).toBe(400);
  expect((res.json() as { errors: unknown[] }).errors).toContainEqual({ msg: MSG.invalidCharacters, path, location: 'body' });
}

describe('a NUL byte in a text field is a 400 with an Arabic message, and nothing is stored', () => {
  it('in the name at signup', async () => {
    const before = await rowsIn(users);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { name: `أحمد${NUL}علي`, phone: '01234567890', password: 'secret-1', passwordConfirm: 'secret-1' },
    });
    expectInvalidCharacters(res, 'name');
    expect(await rowsIn(users)).toBe(before);
  });

  it('in a review', async () => {
    const product = await createProductFixture(t.db, t.images);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${product.id}/reviews`,
      headers: customer.headers,
      payload: { review: `جميل${NUL}`, rating: 4 },
    });
    expectInvalidCharacters(res, 'review');
    expect(await t.db.select().from(reviews).where(eq(reviews.productId, product.id))).toHaveLength(0);
  });

  it('in the shipping details of an order', async () => {
    const product = await createProductFixture(t.db, t.images);
    const cartId = await fillCart(t, customer, product.id);
    const before = await rowsIn(orders);
    const res = await placeOrder(t, customer, cartId, { body: { shippingAddress: { ...ADDRESS, details: `شارع${NUL}النصر` } } });
    expectInvalidCharacters(res, 'shippingAddress.details');
    expect(await rowsIn(orders)).toBe(before);
  });

  it('in the size sent to the cart', async () => {
    const product = await createProductFixture(t.db, t.images);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/cart', headers: customer.headers, payload: { productId: product.id, color: `m${NUL}` } });
    expectInvalidCharacters(res, 'color');
  });

  it.each(['title', 'description', 'barcode', 'sale'])('in the product field %s', async (field) => {
    const category = await createCategoryFixture(t.db, t.images);
    const fields: Record<string, string | string[]> = {
      title: 'تيشيرت',
      description: 'قطن',
      barcode: 'B-1',
      sale: 'خصم',
      category: category.id,
      price: '200',
      priceAfterDiscount: '150',
      quantity: '5',
      age: 'رجال',
      season: 'صيف',
      availableSizes: ['m'],
    };
    fields[field] = `${fields[field]}${NUL}x`;
    const form = await multipart(fields, [{ field: 'imageCover', data: await makePng() }]);
    const before = await rowsIn(products);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/products', headers: { ...admin.headers, ...form.headers }, payload: form.payload });
    expectInvalidCharacters(res, field);
    expect(await rowsIn(products)).toBe(before);
  });

  it('in a category name', async () => {
    const form = await multipart({ name: `قمصان${NUL}` }, [{ field: 'image', data: await makePng() }]);
    const before = await rowsIn(categories);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/categories', headers: { ...admin.headers, ...form.headers }, payload: form.payload });
    expectInvalidCharacters(res, 'name');
    expect(await rowsIn(categories)).toBe(before);
  });

  it('in a search keyword (a 400 located in the query)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/products?keyword=%D9%82%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ msg: MSG.invalidCharacters, path: 'keyword', location: 'query' });
  });

});

describe('a NUL byte that slips past validation to the database', () => {
  it('is answered 400 by the error handler, not 500', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/echo', async () => t.db.execute(sql`select ${`a${NUL}b`}::text as echoed`));
    const res = await app.inject({ method: 'GET', url: '/echo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].msg).toBe(MSG.invalidCharacters);
    await app.close();
  });
});

describe('other control characters', () => {
  it('are refused in a name, while line breaks in a review are kept', async () => {
    const bell = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { name: `أحمد\u0007علي`, phone: '01234567891', password: 'secret-1', passwordConfirm: 'secret-1' },
    });
    expectInvalidCharacters(bell, 'name');
    const product = await createProductFixture(t.db, t.images);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${product.id}/reviews`,
      headers: customer.headers,
      payload: { review: 'جميل\nومريح', rating: 5 },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.review).toBe('جميل\nومريح');
  });
});
