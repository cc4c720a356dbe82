/**
 * Caching of the catalogue (server/plugins/catalogue-cache.ts): guests' reads carry an ETag and
 * a shared lifetime and are answered 304 when the client holds them; the process reuses guests'
 * API answers until the catalogue changes, and every write is seen by the next read; a request
 * with a session is never cacheable; with Redis a change made through one process empties the
 * others' copies.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { products } from '../../db/schema.ts';
import { buildApp } from '../../server/app.ts';
import { ResponseCache } from '../../server/plugins/catalogue-cache/response-store.ts';
import { createAccount, createCategoryFixture, createProductFixture, placeOrderFixture, type Account } from '../fixtures/factories.ts';
import { createTestApp, TEST_SECRET, type TestApp } from '../helpers/app.ts';
import { buildWebApp } from '../helpers/web-build.ts';

const PUBLIC = 'public, max-age=60, stale-while-revalidate=300';
const HOST = 'localhost:3000';

let t: TestApp;
let admin: Account;
let customer: Account;
beforeAll(async () => {
  t = await createTestApp({ webBuildDir: await buildWebApp() });
  admin = await createAccount(t.db, 'admin');
  customer = await createAccount(t.db, 'user', 'سلمى الكاشفة');
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}, app: FastifyInstance = t.app) => app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });
/** Changes a product behind the application's back, as no write of the shop does. */
const retitleInDatabase = (id: string, title: string) => t.db.update(products).set({ title }).where(eq(products.id, id));
const renameProduct = (id: string, title: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'PUT', url: `/api/v1/products/${id}`, headers: admin.headers, payload: { title } });

describe('guests reading the API', () => {
  it.each<[string, (id: string, category: string) => string]>([
    ['the product list', () => '/api/v1/products?limit=5'],
    ['one product', (id: string) => `/api/v1/products/${id}`],
    ["a product's reviews", (id: string) => `/api/v1/products/${id}/reviews`],
    ['the categories', () => '/api/v1/categories'],
    ['one category', (_id: string, category: string) => `/api/v1/categories/${category}`],
  ])('get a stable ETag and a shared lifetime for %s, and a 304 when they hold it', async (_name, urlOf) => {
    const product = await createProductFixture(t.db, t.images);
    const url = urlOf(product.id, product.category.id);
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(PUBLIC);
    expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(String(first.headers.vary).toLowerCase()).toContain('accept-encoding');

    const again = await get(url);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);

    const held = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
    expect(held.headers.etag).toBe(first.headers.etag);
    expect(held.headers['cache-control']).toBe(PUBLIC);

    // Among other tags, and compared weakly.
    const listed = await get(url, { 'if-none-match': `"other", ${String(first.headers.etag).replace(/^W\//, '')}` });
    expect(listed.statusCode).toBe(304);
    expect((await get(url, { 'if-none-match': 'W/"something-else"' })).statusCode).toBe(200);
  });

  it('are answered from the process until the catalogue changes', async () => {
    const product = await createProductFixture(t.db, t.images, { title: 'قميص كتان أبيض' });
    const url = `/api/v1/products/${product.id}`;
    expect((await get(url)).json().data.title).toBe('قميص كتان أبيض');
    await retitleInDatabase(product.id, 'عنوان لم تعلن عنه كتابة');
    // Nothing told the process: the guest gets the answer it kept.
    expect((await get(url)).json().data.title).toBe('قميص كتان أبيض');
  });

  it('see a product edited through the API at once, with a new ETag', async () => {
    const product = await createProductFixture(t.db, t.images, { title: 'بنطلون جينز أزرق' });
    const url = `/api/v1/products/${product.id}`;
    const list = `/api/v1/products?category=${product.category.id}`;
    const before = await get(url);
    const listBefore = await get(list);
    expect(listBefore.json().data[0].title).toBe('بنطلون جينز أزرق');

    expect((await renameProduct(product.id, 'بنطلون جينز أسود')).statusCode).toBe(200);
    const after = await get(url, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.title).toBe('بنطلون جينز أسود');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const listAfter = await get(list, { 'if-none-match': String(listBefore.headers.etag) });
    expect(listAfter.statusCode).toBe(200);
    expect(listAfter.json().data[0].title).toBe('بنطلون جينز أسود');
  });

  it('see a product deleted, a category renamed, an order and a review at once', async () => {
    const category = await createCategoryFixture(t.db, t.images, 'قسم قبل التسمية');
    const product = await createProductFixture(t.db, t.images, { category: category.id, stock: { m: 4, l: 4 }, availableSizes: ['m', 'l'] });
    const url = `/api/v1/products/${product.id}`;
    expect((await get(url)).json().data.quantity).toBe(8);
    expect((await get(`/api/v1/categories/${category.id}`)).json().data.name).toBe('قسم قبل التسمية');
    expect((await get(`${url}/reviews`)).json().results).toBe(0);

    await placeOrderFixture(t.db, customer.user.id, [{ product, size: 'm', count: 3 }]);
    const ordered = (await get(url)).json().data;
    expect(ordered.quantity).toBe(5);
    expect(ordered.stock).toContainEqual({ size: 'm', quantity: 1 });

    const review = await t.app.inject({ method: 'POST', url: `${url}/reviews`, headers: customer.headers, payload: { review: 'قماش ممتاز ومقاس مضبوط', rating: 4 } });
    expect(review.statusCode).toBe(201);
    expect((await get(url)).json().data).toMatchObject({ ratingsQuantity: 1, ratingsAverage: 4 });
    expect((await get(`${url}/reviews`)).json().results).toBe(1);

    const renamed = await t.app.inject({ method: 'PUT', url: `/api/v1/categories/${category.id}`, headers: admin.headers, payload: { name: 'قسم بعد التسمية' } });
    expect(renamed.statusCode).toBe(200);
    expect((await get(`/api/v1/categories/${category.id}`)).json().data.name).toBe('قسم بعد التسمية');
    expect((await get(url)).json().data.category.name).toBe('قسم بعد التسمية');

    expect((await t.app.inject({ method: 'DELETE', url, headers: admin.headers })).statusCode).toBe(204);
    expect((await get(url)).statusCode).toBe(404);
  });
});

describe('requests with a session', () => {
  it.each<[string, () => Record<string, string>]>([
    ['a bearer token', () => admin.headers],
    ['the session cookie', () => ({ cookie: `theme=dark; token=${customer.token}` })],
  ])('with %s are never cacheable, and share the answer the process keeps, which a change empties', async (_name, headersOf) => {
    const product = await createProductFixture(t.db, t.images, { title: 'سويتشيرت رمادي' });
    const url = `/api/v1/products/${product.id}`;
    const guest = await get(url);

    const signedIn = await get(url, { ...headersOf(), 'if-none-match': String(guest.headers.etag) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.headers.etag).toBeUndefined();
    expect(signedIn.body).toBe(guest.body);

    // The answer names no one: a signed-in read is served from the copy a guest's read left,
    // as a guest's is (a write that bypasses the core shows once the copy's 30 s are over)...
    await retitleInDatabase(product.id, 'سويتشيرت رمادي فاتح');
    expect((await get(url, headersOf())).json().data.title).toBe('سويتشيرت رمادي');
    // ...and a change through the core reaches it at once.
    expect((await renameProduct(product.id, 'سويتشيرت رمادي غامق')).statusCode).toBe(200);
    const changed = await get(url, headersOf());
    expect(changed.json().data.title).toBe('سويتشيرت رمادي غامق');
    expect(changed.headers['cache-control']).toBe('private, no-store');

    // What a signed-in read computed is kept, and a guest gets it with its validator.
    await retitleInDatabase(product.id, 'عنوان لم يقرأه أحد');
    const forGuest = await get(url);
    expect(forGuest.json().data.title).toBe('سويتشيرت رمادي غامق');
    expect(forGuest.headers.etag).toBeDefined();
    expect(forGuest.headers['cache-control']).toContain('public');
  });

  it('keeps failures uncacheable for guests too', async () => {
    const res = await get('/api/v1/products/not-an-id');
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
  });
});

describe('catalogue pages', () => {
  const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

  it.each<[string, (id: string) => string]>([
    ['the home page', () => '/'],
    ['a listing', () => '/winter'],
    ['a search', () => `/search?keyword=${encodeURIComponent('قميص')}`],
    ['a product page', (id: string) => `/product/${id}`],
  ])('%s: a guest gets an ETag that ignores the nonce, a shared lifetime, and a 304 when holding it', async (_name, urlOf) => {
    const product = await createProductFixture(t.db, t.images, { title: 'قميص بولو كحلي', season: 'شتاء' });
    const url = urlOf(product.id);
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/html');
    expect(first.headers['cache-control']).toBe(PUBLIC);
    expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(String(first.headers.vary).toLowerCase()).toMatch(/cookie/);

    const again = await get(url);
    const [nonce, nonceAgain] = [nonceOf(first.headers['content-security-policy']), nonceOf(again.headers['content-security-policy'])];
    expect(nonce).toBeTruthy();
    expect(nonceAgain).not.toBe(nonce);
    expect(first.body).toContain(`nonce="${nonce}"`);
    expect(again.headers.etag).toBe(first.headers.etag);

    const held = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
    expect(held.headers.etag).toBe(first.headers.etag);
    // The browser keeps the policy of the page it holds, whose scripts carry that page's nonce.
    expect(held.headers['content-security-policy']).toBeUndefined();
  });

  it.each<[string, (id: string) => string]>([
    ['the home page', () => '/'],
    ['a search', () => `/search?keyword=${encodeURIComponent('معطف')}`],
    ['a product page', (id: string) => `/product/${id}`],
  ])("%s: a guest's copy is kept by the process until the catalogue changes, each reuse with its own nonce", async (_name, urlOf) => {
    const product = await createProductFixture(t.db, t.images, { title: 'معطف صوف رمادي' });
    const url = urlOf(product.id);
    const first = await get(url);
    expect(first.body).toContain('معطف صوف رمادي');

    await retitleInDatabase(product.id, 'معطف لم يعلن عنه');
    const kept = await get(url);
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(kept.body).toContain('معطف صوف رمادي');
    expect(kept.headers.etag).toBe(first.headers.etag);
    // Every script tag carries this response's nonce, the one its policy allows, and no other.
    const nonce = nonceOf(kept.headers['content-security-policy']);
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(nonceOf(first.headers['content-security-policy']));
    const noncesInBody = [...kept.body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
    expect(noncesInBody.length).toBeGreaterThan(0);
    expect(new Set(noncesInBody)).toEqual(new Set([nonce]));

    const held = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(held.statusCode).toBe(304);
    expect(held.headers['content-security-policy']).toBeUndefined();

    // A signed-in shopper gets the kept copy with their own name in, never cacheable
    // (tests/api/shopper-pages.test.ts).
    const signedIn = await get(url, { cookie: `token=${customer.token}` });
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.body).toContain('معطف صوف رمادي');
    expect(signedIn.body).toContain('سلمى الكاشفة');

    // A write through the shop empties the copies at once.
    expect((await renameProduct(product.id, 'معطف صوف كحلي')).statusCode).toBe(200);
    const after = await get(url);
    expect(after.body).toContain('معطف صوف كحلي');
    expect(after.headers.etag).not.toBe(first.headers.etag);
  });

  it('see writes made through the pages\' own forms at once: a review posted, a product deleted', async () => {
    const product = await createProductFixture(t.db, t.images, { title: 'قميص تغيره الصفحات' });
    const url = `/product/${product.id}`;
    const formPost = (path: string, account: Account, fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { host: HOST, origin: `http://${HOST}`, cookie: `token=${account.token}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        payload: new URLSearchParams(fields).toString(),
      });
    expect((await get(url)).body).toContain('قميص تغيره الصفحات');
    expect((await get(`/api/v1/products/${product.id}`)).statusCode).toBe(200);

    const reviewed = await formPost(url, customer, { intent: 'review', rating: '4', review: 'قماش ممتاز ومقاس مظبوط' });
    expect(reviewed.statusCode).toBe(200);
    expect((await get(url)).body).toContain('قماش ممتاز ومقاس مظبوط');

    const deleted = await formPost('/admin/manage-products', admin, { intent: 'delete', id: product.id });
    expect(deleted.statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(`/api/v1/products/${product.id}`)).statusCode).toBe(404);
  });

  it('are found by the parameters the route reads: an unknown one cannot turn the cache off', async () => {
    const product = await createProductFixture(t.db, t.images, { title: 'بولو مفتاح الذاكرة' });
    const api = `/api/v1/products?keyword=${encodeURIComponent('مفتاح الذاكرة')}&limit=5`;
    const page = `/search?keyword=${encodeURIComponent('مفتاح الذاكرة')}`;
    expect((await get(api)).body).toContain('بولو مفتاح الذاكرة');
    expect((await get(page)).body).toContain('بولو مفتاح الذاكرة');
    await retitleInDatabase(product.id, 'بولو مفتاح الذاكرة الجديد');
    for (const junk of ['x=1', `x=${Math.random()}`, 'utm_source=ads&fbclid=abc']) {
      const kept = await get(`${api}&${junk}`);
      expect(kept.statusCode).toBe(200);
      expect(kept.body).not.toContain('بولو مفتاح الذاكرة الجديد');
      const keptPage = await get(`${page}&${junk}`);
      expect(keptPage.body).toContain('بولو مفتاح الذاكرة');
      expect(keptPage.body).not.toContain('بولو مفتاح الذاكرة الجديد');
      // The kept page's links carry the listing's own parameters, never another visitor's.
      expect(keptPage.body).not.toMatch(/utm_source|fbclid|[?&]x=/);
    }
    // A parameter the route reads is part of the key: another page is another answer.
    expect((await get(`${api.replace('limit=5', 'limit=6')}`)).body).toContain('بولو مفتاح الذاكرة الجديد');
  });

  it("are kept apart by the listing's colour filter and the product page's colour, which the pages read", async () => {
    const category = await createCategoryFixture(t.db, t.images, 'تصنيف ألوان الذاكرة');
    const colours = (name: string, hex: string) => ({ colors: [{ name, hex, images: [] }], stock: { [name]: { m: 2 } }, category: category.id });
    await createProductFixture(t.db, t.images, { title: 'قميص ذاكرة أسود', ...colours('أسود', '#000000') });
    await createProductFixture(t.db, t.images, { title: 'قميص ذاكرة أبيض', ...colours('أبيض', '#ffffff') });
    const listing = `/category/${category.id}`;
    expect((await get(listing)).body).toContain('قميص ذاكرة أسود');
    const white = (await get(`${listing}?colorName=${encodeURIComponent('أبيض')}`)).body;
    expect(white).toContain('قميص ذاكرة أبيض');
    expect(white).not.toContain('قميص ذاكرة أسود');

    const both = await createProductFixture(t.db, t.images, {
      colors: [
        { name: 'أسود', hex: '#000000', images: [] },
        { name: 'أبيض', hex: '#ffffff', images: [] },
      ],
      stock: { أسود: { m: 1 }, أبيض: { m: 1 } },
      category: category.id,
    });
    expect((await get(`/product/${both.id}`)).body).toContain('name="colorName" value="أسود"');
    expect((await get(`/product/${both.id}?color=${encodeURIComponent('أبيض')}`)).body).toContain('name="colorName" value="أبيض"');
  });

  it('are not kept when the settings say so (development), while they keep their ETag', async () => {
    const dev = await createTestApp({ webBuildDir: await buildWebApp(), catalogueCache: { keepPages: false } });
    try {
      const product = await createProductFixture(dev.db, dev.images, { title: 'بنطلون قماش بيج' });
      const first = await get(`/product/${product.id}`, {}, dev.app);
      await dev.db.update(products).set({ title: 'بنطلون قماش أسود' }).where(eq(products.id, product.id));
      const again = await get(`/product/${product.id}`, {}, dev.app);
      expect(again.body).toContain('بنطلون قماش أسود');
      expect(again.headers.etag).not.toBe(first.headers.etag);
      expect(again.headers['cache-control']).toBe(PUBLIC);
    } finally {
      await dev.close();
    }
  });

  it('keeps neither answers nor pages with room for none (CATALOGUE_CACHE_ENTRIES=0, the benchmark without cache), and still validates', async () => {
    const none = await createTestApp({ webBuildDir: await buildWebApp(), catalogueCache: { maxEntries: 0 } });
    try {
      const product = await createProductFixture(none.db, none.images, { title: 'قميص كتان أبيض' });
      const page = await get(`/product/${product.id}`, {}, none.app);
      const api = await get(`/api/v1/products/${product.id}`, {}, none.app);
      await none.db.update(products).set({ title: 'قميص كتان أزرق' }).where(eq(products.id, product.id));
      expect((await get(`/product/${product.id}`, {}, none.app)).body).toContain('قميص كتان أزرق');
      const read = await get(`/api/v1/products/${product.id}`, { authorization: `Bearer ${customer.token}` }, none.app);
      expect(read.json().data.title).toBe('قميص كتان أزرق');
      const again = await get(`/api/v1/products/${product.id}`, {}, none.app);
      expect(again.json().data.title).toBe('قميص كتان أزرق');
      expect(again.headers.etag).not.toBe(api.headers.etag);
      expect((await get(`/api/v1/products/${product.id}`, { 'if-none-match': String(again.headers.etag) }, none.app)).statusCode).toBe(304);
      expect(page.headers['cache-control']).toBe(PUBLIC);
    } finally {
      await none.close();
    }
  });

  it('a product page changes its ETag when the product changes', async () => {
    const product = await createProductFixture(t.db, t.images, { title: 'جاكيت شتوي بني' });
    const page = await get(`/product/${product.id}`);
    await renameProduct(product.id, 'جاكيت شتوي زيتي');
    const after = await get(`/product/${product.id}`, { 'if-none-match': String(page.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('جاكيت شتوي زيتي');
  });

  it('are never cacheable with a session, and name the shopper', async () => {
    const guest = await get('/');
    const res = await get('/', { cookie: `token=${customer.token}`, 'if-none-match': String(guest.headers.etag) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(res.body).toContain('سلمى الكاشفة');
    expect(guest.body).not.toContain('سلمى الكاشفة');
  });

  it('leave the other pages as they were', async () => {
    const res = await get('/login');
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control'] ?? '').not.toContain('public');
  });
});

describe('the process cache', () => {
  const body = (bytes: number) => Buffer.alloc(bytes, 'a');

  it('holds at most its count and its bytes, dropping the least recently used', () => {
    const cache = new ResponseCache({ maxEntries: 3, maxBytes: 1_000, ttlMs: 10_000 });
    for (const key of ['a', 'b', 'c']) cache.set(key, body(100), key, cache.version, { now: 0 });
    expect(cache.get('a', 1)).toBeDefined();
    cache.set('d', body(100), 'd', cache.version, { now: 2 });
    expect(cache.get('b', 3)).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => cache.get(key, 4)?.etag)).toEqual(['a', 'c', 'd']);

    const bounded = new ResponseCache({ maxEntries: 100, maxBytes: 1_000, ttlMs: 10_000 });
    for (const key of ['e', 'f', 'g', 'h']) bounded.set(key, body(240), key, bounded.version, { now: 0 });
    expect(bounded.size).toEqual({ entries: 4, bytes: 960 });
    bounded.set('i', body(240), 'i', bounded.version, { now: 1 });
    expect(bounded.size).toEqual({ entries: 4, bytes: 960 });
    expect(bounded.get('e', 2)).toBeUndefined();
    expect(bounded.get('i', 2)?.etag).toBe('i');
    // One answer may take a quarter of the bytes at most.
    bounded.set('j', body(251), 'j', bounded.version, { now: 3 });
    expect(bounded.get('j', 4)).toBeUndefined();
  });

  it('forgets an answer after its time, and everything on a change', () => {
    const cache = new ResponseCache({ maxEntries: 10, maxBytes: 10_000, ttlMs: 1_000 });
    cache.set('a', body(10), 'a', cache.version, { now: 0 });
    expect(cache.get('a', 999)).toBeDefined();
    expect(cache.get('a', 1_000)).toBeUndefined();

    cache.set('b', body(10), 'b', cache.version, { now: 0 });
    const versionSeen = cache.version;
    cache.invalidate();
    expect(cache.get('b', 1)).toBeUndefined();
    // An answer computed before the change is not kept after it.
    cache.set('c', body(10), 'c', versionSeen, { now: 2 });
    expect(cache.get('c', 3)).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('two processes sharing Redis', () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  let otherHandle: Db;
  let uploadsDir: string;
  beforeAll(async () => {
    uploadsDir = await mkdtemp(path.join(tmpdir(), 'store-catalogue-cache-'));
    const channel = `store:test:catalogue:${Date.now()}:${process.pid}`;
    const options = { uploadsDir, jwtSecret: TEST_SECRET, storeUrl: 'http://localhost:3000', authRateLimit: 10_000 };
    const catalogueCache = { redisUrl: process.env.TEST_REDIS_URL, channel };
    first = await buildApp({ ...options, db: t.db, catalogueCache });
    // Another handle on the same database: the second process hears of changes through Redis alone.
    otherHandle = (t.database.pool ? drizzlePg(t.database.pool, { schema }) : drizzlePglite(t.database.pglite!, { schema })) as unknown as Db;
    second = await buildApp({ ...options, db: otherHandle, catalogueCache });
    await Promise.all([first.ready(), second.ready()]);
    // Nothing waits for Redis at start: a process keeps answers once it listens.
    const probe = new Redis(process.env.TEST_REDIS_URL!, { maxRetriesPerRequest: 0 });
    try {
      await vi.waitFor(async () => expect(await probe.pubsub('NUMSUB', channel)).toEqual([channel, 2]), { timeout: 10_000, interval: 20 });
    } finally {
      probe.disconnect();
    }
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await rm(uploadsDir, { recursive: true, force: true });
  });

  it("empties the other process's copies when one process writes", async () => {
    // Added through the second process's own handle, so that it hears of the addition at once:
    // through Redis the word could come after its first read below and empty the copy the test needs.
    const product = await createProductFixture(otherHandle, t.images, { title: 'فستان صيفي مشجر' });
    const url = `/api/v1/products/${product.id}`;
    expect((await get(url, {}, second)).json().data.title).toBe('فستان صيفي مشجر');
    await retitleInDatabase(product.id, 'تغيير لم يعلن عنه');
    expect((await get(url, {}, second)).json().data.title).toBe('فستان صيفي مشجر');

    expect((await renameProduct(product.id, 'فستان صيفي سادة', first)).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await get(url, {}, second)).json().data.title).toBe('فستان صيفي سادة'), { timeout: 5_000, interval: 20 });
  });
});

describe('guests asking at once for an answer not yet kept', () => {
  let one: TestApp;
  beforeAll(async () => {
    // One search at a time and none waiting: a second search computed meanwhile would be a 503.
    one = await createTestApp({ webBuildDir: await buildWebApp(), searchLimits: { concurrent: 1, queued: 0, waitMs: 100 } });
    await createProductFixture(one.db, one.images, { title: 'قميص أكسفورد أبيض' });
  });
  afterAll(() => one.close());

  it.each([
    ['the API', `/api/v1/products?keyword=${encodeURIComponent('أكسفورد')}`],
    ['the search page', `/search?keyword=${encodeURIComponent('أكسفورد')}`],
  ])('through %s wait for the first one and share its answer', async (_name, url) => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(url, {}, one.app)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const res of answers) expect(res.body).toContain('قميص أكسفورد أبيض');
    expect(new Set(answers.map((res) => res.headers.etag)).size).toBe(1);
  });

  it('each get their own answer when the first one is not kept (a 404)', async () => {
    const url = '/api/v1/products/00000000-0000-4000-8000-000000000000';
    const answers = await Promise.all(Array.from({ length: 4 }, () => get(url, {}, one.app)));
    expect(answers.map((res) => res.statusCode)).toEqual([404, 404, 404, 404]);
    for (const res of answers) expect(res.json().status).toBe('fail');
  });
});
