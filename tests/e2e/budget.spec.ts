/**
 * The JavaScript budget (issue "Storefront for slow phones", docs/decisions/010): the brotli
 * bytes of every script file a page loads, counted as they come over the wire from a fresh
 * browser context (no cache). Catalogue pages do not hydrate and carry only the enhancement
 * script: 20 KB. Any other shopper page, a signed-in customer's cart, checkout and profile
 * included, stays under 100 KB (none hydrates now; the dashboard is not a shopper page). Inline scripts are part of the
 * page's HTML and not counted here. The figures are printed so the margin shows in every run.
 */
import type { APIRequestContext, Browser, Cookie, Page } from '@playwright/test';
import { expect, test } from './pages/test.ts';

const KB = 1024;
const CATALOGUE_BUDGET = 20 * KB;
const SHOPPER_BUDGET = 100 * KB;

interface Measured {
  bytes: number;
  files: string[];
}

/**
 * Opens `path` in a context of its own (signed in with `cookies` when given) and adds up the
 * compressed size of its script responses.
 */
async function measureScripts(browser: Browser, baseURL: string, path: string, cookies: Cookie[] = []): Promise<Measured> {
  // Chromium asks for brotli by itself; said here so the figure is brotli whatever the browser's defaults.
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'Accept-Encoding': 'br, gzip' } });
  await context.addCookies(cookies);
  const page: Page = await context.newPage();
  const pending: Promise<[string, number]>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script' && !new URL(request.url()).pathname.endsWith('.js')) return;
    pending.push(
      (async () => {
        const response = await request.response();
        const encoding = (await response?.allHeaders())?.['content-encoding'];
        const name = new URL(request.url()).pathname;
        // The build precompresses every script (scripts/precompress-plugin.ts): one sent as it is would count its raw size.
        expect(encoding, `${name} is sent with brotli`).toBe('br');
        return [name, (await request.sizes()).responseBodySize];
      })(),
    );
  });
  try {
    const response = await page.goto(path, { waitUntil: 'networkidle' });
    expect(response?.status(), path).toBe(200);
    expect(new URL(page.url()).pathname, `${path} is shown, not a redirect`).toBe(path.split('?')[0]);
    const sizes = await Promise.all(pending);
    return { bytes: sizes.reduce((sum, [, size]) => sum + size, 0), files: sizes.map(([name, size]) => `${name} ${(size / KB).toFixed(1)} KB`) };
  } finally {
    await context.close();
  }
}

/** The id of the first category or product the API lists. */
async function firstId(request: APIRequestContext, collection: string): Promise<string> {
  const response = await request.get(`/api/v1/${collection}?limit=1`);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { data: { _id: string }[] }).data[0]!._id;
}

test('catalogue pages stay under 20 KB of JavaScript and the other shopper pages, a customer\'s too, under 100 KB', async ({ browser, request, baseURL }, testInfo) => {
  const pages: { name: string; path: string; budget: number; cookies?: Cookie[] }[] = [
    { name: 'home', path: '/', budget: CATALOGUE_BUDGET },
    { name: 'category', path: `/category/${await firstId(request, 'categories')}`, budget: CATALOGUE_BUDGET },
    { name: 'search', path: `/search?keyword=${encodeURIComponent('قميص')}`, budget: CATALOGUE_BUDGET },
    { name: 'product', path: `/product/${await firstId(request, 'products')}`, budget: CATALOGUE_BUDGET },
    { name: 'login', path: '/login', budget: SHOPPER_BUDGET },
    { name: 'guest cart', path: '/cart', budget: SHOPPER_BUDGET },
  ];

  // A new customer with a line in the cart, for the pages behind the login.
  const customer = await browser.newContext({ baseURL });
  const phone = `010${String(Date.now()).slice(-8)}`;
  const signup = await customer.request.post('/api/v1/auth/signup', { data: { name: 'قارئ الميزانية', phone, password: 'budget-pass-1', passwordConfirm: 'budget-pass-1' } });
  expect(signup.status()).toBe(201);
  const products = await customer.request.get('/api/v1/products?availability=true&limit=1');
  const [product] = ((await products.json()) as { data: { _id: string; stock: { size: string; quantity: number }[] }[] }).data;
  const size = product!.stock.find((s) => s.quantity > 0)!.size;
  expect((await customer.request.post('/api/v1/cart', { data: { productId: product!._id, color: size } })).status()).toBe(200);
  const cookies = await customer.cookies();
  await customer.close();
  for (const path of ['/cart', '/checkout', '/profile']) pages.push({ name: `customer ${path.slice(1)}`, path, budget: SHOPPER_BUDGET, cookies });

  for (const { name, path, budget, cookies } of pages) {
    const { bytes, files } = await measureScripts(browser, baseURL!, path, cookies);
    console.log(`[${testInfo.project.name}] ${name.padEnd(17)} ${(bytes / KB).toFixed(1).padStart(6)} KB of ${budget / KB} KB in ${files.length} files`);
    expect.soft(bytes, `${name} (${path}): ${(bytes / KB).toFixed(1)} KB of JavaScript, budget ${budget / KB} KB: ${files.join(', ')}`).toBeLessThanOrEqual(budget);
  }
});

/**
 * The size of the catalogue pages' documents (docs/decisions/028): elements, which style and
 * layout walk on a slow phone, and the HTML's bytes as sent before compression. A card is a
 * list item holding a link (picture and title), the prices, its colours as one picture of dots, a
 * line of sizes and one bar; the size is chosen in the page's one sheet. Icons, badges and drawn
 * art are pictures of the stylesheet, one element or none each, so the header, menus, footer and
 * bottom bar come to about 190 elements on every page.
 */
const CATALOGUE_ELEMENTS = 500;
const CATALOGUE_HTML = 90 * KB;

test('catalogue pages stay under 500 elements and 90 KB of HTML', async ({ page, request }, testInfo) => {
  const pages = [
    { name: 'home', path: '/' },
    { name: 'category', path: `/category/${await firstId(request, 'categories')}` },
    { name: 'search', path: `/search?keyword=${encodeURIComponent('قميص')}` },
    { name: 'product', path: `/product/${await firstId(request, 'products')}` },
  ];
  for (const { name, path } of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const html = (await response!.body()).length;
    // The document once loaded: the enhancement script adds no element until the size sheet is opened.
    const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
    const cards = await page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }).count();
    console.log(`[${testInfo.project.name}] ${name.padEnd(9)} ${String(elements).padStart(5)} elements, ${(html / KB).toFixed(1).padStart(6)} KB of HTML, ${cards} cards`);
    // A page without its cards would pass any limit: the catalogue pages show theirs.
    expect(cards, `${name} shows product cards`).toBeGreaterThan(name === 'product' ? 0 : 8);
    expect.soft(elements, `${name} (${path}): ${elements} elements`).toBeLessThanOrEqual(CATALOGUE_ELEMENTS);
    expect.soft(html, `${name} (${path}): ${(html / KB).toFixed(1)} KB of HTML`).toBeLessThanOrEqual(CATALOGUE_HTML);
  }
});
