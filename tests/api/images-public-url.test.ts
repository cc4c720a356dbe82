/**
 * IMAGES_PUBLIC_URL on the pages: the shop's pictures are named at the CDN or public bucket's
 * address, which the CSP allows; without it they stay at the shop's own paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../core/catalogue/categories.ts';
import type { Product } from '../../core/catalogue/products.ts';
import { createCategoryFixture, createProductFixture } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { buildWebApp } from '../helpers/web-build.ts';

const CDN = 'https://images.example.net';

let buildDir: string;
let t: TestApp;
let category: Category;
let product: Product;
beforeAll(async () => {
  buildDir = await buildWebApp();
  t = await createTestApp({ webBuildDir: buildDir, imagesPublicUrl: CDN });
  category = await createCategoryFixture(t.db, t.images, 'قميص');
  product = await createProductFixture(t.db, t.images, { category: category.id });
});
afterAll(() => t?.close());

const thumbOf = (name: string) => name.replace(/\.webp$/, '-thumb.webp');

describe('pages with IMAGES_PUBLIC_URL set', () => {
  it('name the product and category pictures at that address, and the CSP lets the browser load them', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`${CDN}/products/${product.imageCover}`);
    expect(home.body).toContain(`${CDN}/categories/${category.image}`);
    expect(home.body).not.toMatch(/src="\/products\//);
    expect(String(home.headers['content-security-policy'])).toContain(`img-src 'self' data: blob: ${CDN};`);

    const page = await t.app.inject({ method: 'GET', url: `/product/${product.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`${CDN}/products/${thumbOf(product.imageCover)}`);
    expect(page.body).toContain(`content="${CDN}/products/${product.imageCover}"`);
  });

  it('stay at the shop\'s own paths without it', async () => {
    const own = await createTestApp({ webBuildDir: buildDir });
    try {
      const mine = await createProductFixture(own.db, own.images);
      const home = await own.app.inject({ method: 'GET', url: '/' });
      expect(home.body).toContain(`src="/products/${mine.imageCover}"`);
      expect(home.body).not.toContain(CDN);
    } finally {
      await own.close();
    }
  });
});
