/**
 * A path under the image folders (/products/, /categories/) that names no stored file: an
 * encoded climb out of the folder, a file that is not there, a dot file. Each is the shop's own
 * 404, in Arabic and without the path in it, never Fastify's English "Route GET:… not found":
 * the API's error shape for a client, the shop's not-found page for a browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { createCategoryFixture } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { buildWebApp } from '../helpers/web-build.ts';

let t: TestApp;
let api: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webBuildDir: await buildWebApp() });
  api = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await api?.close();
});

const PATHS = [
  '/categories/..%2f..%2fx',
  '/products/..%2f..%2fpackage.json',
  '/products/..%5c..%5cx',
  '/categories/c-missing.webp',
  '/products/p-missing.webp',
  '/products/.hidden.webp',
  '/categories/a/b.webp',
];

/** What of the path a reader could find in the answer, encoded or not. */
const echoes = (body: string, url: string) => [url, decodeURIComponent(url), url.split('/').pop()!].some((part) => body.includes(part));

describe('a path under the image folders that is no file', () => {
  it.each(PATHS)('%s is the API’s Arabic 404, the path not echoed', async (url) => {
    for (const app of [t, api]) {
      const res = await app.app.inject({ method: 'GET', url, headers: { accept: 'image/avif,image/webp,*/*' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'fail', message: MSG.routeNotFound });
      expect(echoes(res.body, url)).toBe(false);
      expect(res.body).not.toMatch(/not found|Route/i);
    }
  });

  it.each(PATHS)('%s is the shop’s not-found page for a browser', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('الصفحة التي تبحث عنها غير موجودة');
    expect(echoes(res.body, url)).toBe(false);
  });

  it('a HEAD is a 404 too, and a stored picture is still served', async () => {
    const category = await createCategoryFixture(t.db, t.images);
    expect((await t.app.inject({ method: 'HEAD', url: '/categories/..%2f..%2fx' })).statusCode).toBe(404);
    const picture = await t.app.inject({ method: 'GET', url: `/categories/${category.image}` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
  });
});
