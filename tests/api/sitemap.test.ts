/**
 * sitemap.xml: the process keeps it until the catalogue changes (server/plugins/catalogue-cache.ts),
 * one copy whatever the spelling of its path and whoever asks; each client address may ask for it
 * 30 times a minute, then gets a 429 with Retry-After (server/app.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { products } from '../../db/schema.ts';
import { createAccount, createCategoryFixture, createProductFixture, type Account } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { buildWebApp } from '../helpers/web-build.ts';

const HOST = 'localhost:3000';
const PER_MINUTE = 30;

let t: TestApp;
let customer: Account;
beforeAll(async () => {
  t = await createTestApp({ webBuildDir: await buildWebApp() });
  customer = await createAccount(t.db, 'user', 'زائر الخريطة');
});
afterAll(() => t.close());

/** Each call from an address of its own unless one is given, so the rate stays out of the way. */
let addresses = 0;
const get = (url = '/sitemap.xml', headers: Record<string, string> = {}, remoteAddress = `10.30.${Math.floor(++addresses / 250)}.${addresses % 250}`) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers: { host: HOST, ...headers } });

/** A product written straight into the database, as no write of the shop does: nothing announces it. */
async function addBehindTheShopsBack(categoryId: string): Promise<string> {
  const [row] = await t.db
    .insert(products)
    .values({
      title: 'منتج لم يعلن عنه',
      slug: `unannounced-${Date.now()}-${Math.random()}`,
      description: 'أضيف من خارج المتجر',
      categoryId,
      imageCover: 'unannounced.webp',
      price: 100,
      priceAfterDiscount: 90,
      age: 'رجال',
      season: 'صيف',
      availableSizes: ['m'],
    })
    .returning({ id: products.id });
  return row!.id;
}

describe('the kept sitemap', () => {
  it('is answered from the process until a catalogue write announces itself', async () => {
    const listed = await createProductFixture(t.db, t.images);
    const first = await get();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.body).toContain(`http://localhost:3000/product/${listed.id}</loc>`);

    const hidden = await addBehindTheShopsBack(listed.category.id);
    const kept = await get();
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toBe(first.body);
    expect(kept.body).not.toContain(hidden);
    expect(kept.headers.etag).toBe(first.headers.etag);
    expect(kept.headers['cache-control']).toBe('public, max-age=3600');

    const held = await get('/sitemap.xml', { 'if-none-match': String(first.headers.etag) });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');

    // A write through the shop empties the kept copy: both products show.
    const category = await createCategoryFixture(t.db, t.images);
    const after = await get();
    expect(after.body).toContain(`/product/${hidden}</loc>`);
    expect(after.body).toContain(`/category/${category.id}</loc>`);
    expect(after.headers.etag).not.toBe(first.headers.etag);
  });

  it('is one copy whatever the spelling of its path, for a signed-in request too', async () => {
    const listed = await createProductFixture(t.db, t.images);
    const first = await get();
    expect(first.body).toContain(listed.id);
    const hidden = await addBehindTheShopsBack(listed.category.id);
    for (const url of ['/SITEMAP.XML', '//sitemap.xml', '/sitemap.xml/', '/sitemap%2Exml', '/a/../sitemap.xml', '/sitemap.xml?fresh=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(first.body);
    }
    const signedIn = await get('/sitemap.xml', { cookie: `token=${customer.token}` });
    expect(signedIn.body).toBe(first.body);
    expect(signedIn.body).not.toContain(hidden);
  });
});

describe('the rate of sitemap requests', () => {
  it(`is ${PER_MINUTE} a minute per address: past it a 429 with the Arabic message and Retry-After, other addresses go on`, async () => {
    const address = '10.31.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < PER_MINUTE; i++) statuses.push((await get('/sitemap.xml', {}, address)).statusCode);
    expect(statuses).toEqual(Array(PER_MINUTE).fill(200));

    const refused = await get('/sitemap.xml', {}, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: 'fail', message: MSG.tooManyAttempts });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another spelling of the path is the sitemap too.
    expect((await get('/Sitemap.xml/', {}, address)).statusCode).toBe(429);

    // The rest of the shop, and the sitemap for other addresses, are not affected.
    expect((await get('/', {}, address)).statusCode).toBe(200);
    expect((await get('/sitemap.xml', {}, '10.31.0.2')).statusCode).toBe(200);
  });
});
