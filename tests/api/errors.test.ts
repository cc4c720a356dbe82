import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { newsletterSubscribers, reviews } from '../../db/schema.ts';
import { createAccount, createProductFixture } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addToCart, cartLinesOf } from '../helpers/shop.ts';

let t: TestApp;
beforeAll(async () => {
  // Every request here comes from one address: the mailing list's own limit is tested in newsletter.test.ts.
  t = await createTestApp({ addressLimits: { newsletterPerMinute: 1_000 } });
});
afterAll(() => t.close());

async function subscribers(email: string) {
  return t.db.select().from(newsletterSubscribers).where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase()));
}

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/v1/nope'],
    ['POST', '/api/v1/orders'],
    ['DELETE', '/api/v1/cart'],
  ] as const)('%s %s is 404 with an Arabic message', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.routeNotFound });
    expect(res.json().message).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('bad input is a 400, never a 500', () => {
  it.each([
    ['/api/v1/products/abc', 'id'],
    ['/api/v1/products/1', 'id'],
    ['/api/v1/categories/%27%20or%201=1--', 'id'],
    ['/api/v1/products/abc/reviews', 'id'],
  ])('a malformed id in the path %s is 400 located in params', async (url, path) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ msg: MSG.invalidId, path, location: 'params' }] });
  });

  it('a count that is not a number is 400 and the line keeps its count', async () => {
    const account = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images);
    const added = await addToCart(t, account, { productId: product.id, color: 'm' });
    const itemId = added.json().data.products[0]._id as string;
    for (const count of ['abc', '2', true, [2], { n: 2 }]) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/v1/cart/${itemId}`, headers: account.headers, payload: { count } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ msg: MSG.mustBeNumber, path: 'count', location: 'body' }]);
    }
    expect(await cartLinesOf(t.db, account.user.id)).toEqual([{ productId: product.id, size: 'm', count: 1 }]);
  });

  it('a rating that is not a number is 400 and no review is stored', async () => {
    const account = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images);
    for (const rating of ['x', '4', null, { value: 4 }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/products/${product.id}/reviews`,
        headers: account.headers,
        payload: { review: 'قماش ممتاز', rating },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ msg: MSG.ratingInvalid, path: 'rating', location: 'body' }]);
    }
    expect(await t.db.select().from(reviews).where(eq(reviews.productId, product.id))).toHaveLength(0);
  });

  it('a product id that is not text is 400', async () => {
    const account = await createAccount(t.db);
    const res = await addToCart(t, account, { productId: 12345, color: 'm' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: MSG.invalidId, path: 'productId', location: 'body' }]);
  });

  it.each([
    ['a JSON array', '[{"email":"a@b.co"}]'],
    ['a JSON string', '"a@b.co"'],
    ['a JSON number', '5'],
    ['JSON null', 'null'],
  ])('a body that is %s is 400 and stores nothing', async (_name, payload) => {
    const before = await t.db.select().from(newsletterSubscribers);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/newsletter', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: expect.any(String), path: '', location: 'body' }]);
    expect(await t.db.select().from(newsletterSubscribers)).toHaveLength(before.length);
  });

  it('malformed JSON is 400 with the Arabic message', async () => {
    const account = await createAccount(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: { ...account.headers, 'content-type': 'application/json' },
      payload: '{"productId": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ msg: MSG.invalidJson, path: '', location: 'body' }] });
  });

  it('a JSON body above 100 KB is 413 and stores nothing', async () => {
    const email = `${'a'.repeat(110 * 1024)}@example.com`;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/newsletter', payload: { email } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.payloadTooLarge });
    expect(await subscribers(email)).toHaveLength(0);
  });

  it('a body of a type the API does not read is 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>x@example.com</email>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.unsupportedMedia });
  });
});

describe('unexpected failures', () => {
  it('answer 500 with a generic Arabic message, never the stack, SQL or a path', async () => {
    const failure = new Error('relation "products" does not exist: select "id", "title" from "products" (/work/main/core/catalogue/products.ts:131)');
    const select = vi.spyOn(t.db, 'select').mockImplementation(() => {
      throw failure;
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/products' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ status: 'error', message: MSG.serverError });
      expect(res.body).not.toMatch(/select|relation|products\.ts|\/work\/|\bat\s/i);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    } finally {
      select.mockRestore();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/products' })).statusCode).toBe(200);
  });
});

describe('OpenAPI document', () => {
  it('GET /api/docs/json is an OpenAPI 3 document listing the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.paths['/api/v1/products']).toHaveProperty('get');
    expect(doc.paths['/api/v1/products']).toHaveProperty('post');
    const placeOrder = doc.paths['/api/v1/orders/{cartId}'].post;
    expect(placeOrder.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'cartId', in: 'path' })]));
    expect(Object.keys(placeOrder.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '404', '409']));
    expect(doc.paths['/api/v1/wishlist/{productId}']).toHaveProperty('delete');
  });

  it('/api/docs serves the HTML UI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/<html/i);
    expect(res.body).toMatch(/swagger/i);
  });
});

describe('POST /api/v1/newsletter', () => {
  const subscribe = (email: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/newsletter', payload: { email } });

  it('subscribes an address: 201, stored in lower case', async () => {
    const res = await subscribe('  Ahmed.Ali@Example.COM ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { email: 'ahmed.ali@example.com' }, message: MSG.subscribed });
    const rows = await subscribers('ahmed.ali@example.com');
    expect(rows.map((r) => r.email)).toEqual(['ahmed.ali@example.com']);
  });

  it('answers an address already subscribed, whatever its case, exactly as the first time, and keeps it once', async () => {
    const first = await subscribe('mona@example.com');
    expect(first.statusCode).toBe(201);
    const again = await subscribe('MONA@example.com');
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.json()).toEqual({ data: { email: 'mona@example.com' }, message: MSG.subscribed });
    expect(await subscribers('mona@example.com')).toHaveLength(1);
  });

  it.each(['not-an-email', 'a@', '@example.com', 'ali@example'])('refuses %j with 400 and stores nothing', async (email) => {
    const res = await subscribe(email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ msg: MSG.emailInvalid, path: 'email', location: 'body' }] });
    expect(await subscribers(email)).toHaveLength(0);
  });

  it('refuses a missing address with 400', async () => {
    const before = (await t.db.select().from(newsletterSubscribers)).length;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/newsletter', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ msg: MSG.emailRequired, path: 'email', location: 'body' }] });
    expect(await t.db.select().from(newsletterSubscribers)).toHaveLength(before);
  });
});
