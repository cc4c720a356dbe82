/**
 * The product page shows its reviews five at a time, newest first (docs/decisions/028): links lead
 * to older and newer pages (`?reviews=<n>#reviews`), a page past the last shows the
 * last and a page that is not a number shows the first.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReview } from '../../core/catalogue/reviews.ts';
import { reviews } from '../../db/schema.ts';
import { createAccount, createCategoryFixture, createProductFixture } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { buildWebApp } from '../helpers/web-build.ts';

const STORE = 'http://localhost:3000';
const host = new URL(STORE).host;
let t: TestApp;
let productId: string;
const REVIEWS = 7;

beforeAll(async () => {
  t = await createTestApp({ webBuildDir: await buildWebApp(), storeUrl: STORE });
  const category = (await createCategoryFixture(t.db, t.images)).id;
  productId = (await createProductFixture(t.db, t.images, { category, title: 'تيشيرت كثير التقييمات', stock: { m: 3 } })).id;
  // Review n is written on day n of the month: review 7 is the newest.
  for (let n = 1; n <= REVIEWS; n++) {
    const author = await createAccount(t.db, 'user', `كاتب ${n}`);
    const review = await createReview(t.db, author.user.id, productId, { review: `نص التقييم رقم ${n}`, rating: 4 });
    await t.db.update(reviews).set({ createdAt: new Date(Date.UTC(2026, 10, n)) }).where(eq(reviews.id, review.id));
  }
});
afterAll(() => t?.close());

const page = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/product/${productId}${query}`, headers: { host, accept: 'text/html' } });
  expect(response.statusCode).toBe(200);
  return response.body;
};
/** The reviews the page shows, by number, leaving out the JSON-LD's copies. */
const shown = (html: string) => [...html.replace(/<script[\s\S]*?<\/script>/g, '').matchAll(/نص التقييم رقم (\d)/g)].map((m) => Number(m[1]));

describe('the product page pages through its reviews', () => {
  it('shows the five newest first, with a link to the older ones only', async () => {
    const html = await page('');
    expect(shown(html)).toEqual([7, 6, 5, 4, 3]);
    expect(html).toContain(`href="/product/${productId}?reviews=2#reviews"`);
    expect(html).toContain('تقييمات أقدم');
    expect(html).not.toContain('تقييمات أحدث');
  });

  it('shows the older ones on the next page, with a link back to the newest', async () => {
    const html = await page('?reviews=2');
    expect(shown(html)).toEqual([2, 1]);
    expect(html).toContain(`href="/product/${productId}#reviews"`);
    expect(html).toContain('تقييمات أحدث');
    expect(html).not.toContain('تقييمات أقدم');
    // The page opens on the reviews' tab.
    expect(html).toContain('data-initial-tab="reviews"');
  });

  it('shows the last page for a page past it and the first for one that is not a page number', async () => {
    expect(shown(await page('?reviews=99'))).toEqual([2, 1]);
    for (const query of ['?reviews=abc', '?reviews=0', '?reviews=-1', '?reviews=1.5']) expect(shown(await page(query)), query).toEqual([7, 6, 5, 4, 3]);
  });
});
