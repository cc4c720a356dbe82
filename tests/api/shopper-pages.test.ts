/**
 * A signed-in shopper's catalogue pages from the guests' kept copies (server/plugins/catalogue-cache.ts,
 * catalogue-cache/page-parts.ts): the copy with the shopper's own parts put in is the page the
 * shopper would get rendered whole, byte for byte but the nonce, and never carries another
 * shopper's name, cart or heart.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../core/catalogue/product-edits.ts';
import { addToCart } from '../../core/checkout/cart.ts';
import { addToWishlist } from '../../core/checkout/wishlist.ts';
import { products } from '../../db/schema.ts';
import { plainPicture, productFields } from '../../seed/factories.ts';
import { cutAtParts, joinParts } from '../../server/plugins/catalogue-cache/page-parts.ts';
import { createAccount, createCategoryFixture, createProductFixture, UNKNOWN_ID, type Account } from '../fixtures/factories.ts';
import { buildApp } from '../../server/app.ts';
import { createTestApp, TEST_SECRET, WHOLESALE_URL, type TestApp } from '../helpers/app.ts';
import { buildWebApp } from '../helpers/web-build.ts';

const HOST = 'localhost:3000';

let t: TestApp;
let customer: Account;
let other: Account;
let admin: Account;
/** The same shop keeping nothing (CATALOGUE_CACHE_ENTRIES=0): every page rendered whole. */
let whole: FastifyInstance;
beforeAll(async () => {
  const buildDir = await buildWebApp();
  t = await createTestApp({ webBuildDir: buildDir });
  whole = await buildApp({
    db: t.db,
    catalogueDb: t.database.catalogueDb,
    uploadsDir: t.uploadsDir,
    images: t.images,
    jwtSecret: TEST_SECRET,
    storeUrl: 'http://localhost:3000',
    authRateLimit: 10_000,
    catalogueCache: { maxEntries: 0 },
    web: { dev: false, buildDir, wholesaleUrl: WHOLESALE_URL },
  });
  // A name with the characters markup escapes: the parts put in must be escaped as the page escapes them.
  customer = await createAccount(t.db, 'user', 'سلمى <b>"الكاشفة"</b> & أخواتها');
  other = await createAccount(t.db, 'user', 'مروان الشناوي');
  admin = await createAccount(t.db, 'admin', 'مدير المتجر');
});
afterAll(async () => {
  await whole?.close();
  await t.close();
});

const get = (url: string, cookie?: string, app: FastifyInstance = t.app) => app.inject({ method: 'GET', url, headers: { host: HOST, ...(cookie && { cookie }) } });
const session = (account: Account) => `token=${account.token}`;
/** Changes a product behind the application's back, as no write of the shop does: a page that shows the old title came from a kept copy. */
const retitleInDatabase = (id: string, title: string) => t.db.update(products).set({ title }).where(eq(products.id, id));
const headerNames = (headers: object) => Object.keys(headers).filter((name) => name !== 'content-length' && name !== 'transfer-encoding').sort();
/** The page with its CSP nonce taken out: two renders of one page differ in nothing else. */
const withoutNonce = (body: string, csp: unknown) => {
  const nonce = /'nonce-([^']+)'/.exec(String(csp))?.[1];
  expect(nonce).toBeTruthy();
  return body.replaceAll(nonce!, 'NONCE');
};

describe("a signed-in shopper's catalogue page", () => {
  it.each<[string, (id: string) => string]>([
    ['the home page', () => '/'],
    ['a fixed listing', () => '/offers'],
    ['a search', () => `/search?keyword=${encodeURIComponent('جاكيت')}`],
    ['a product page', (id) => `/product/${id}`],
    ['a product page in a colour', (id) => `/product/${id}?color=${encodeURIComponent('أحمر')}`],
  ])('%s: the kept copy with their parts in is the page rendered for them whole, kept or not yet', async (_name, urlOf) => {
    const category = (await createCategoryFixture(t.db, t.images)).id;
    const product = await createProduct(
      t.db,
      t.images,
      productFields(category, {
        title: 'جاكيت جينز بألوان',
        availableSizes: ['m', 'l'],
        colors: [
          { name: 'أحمر', hex: '#cc0000', images: [0] },
          { name: 'أزرق', hex: '#0000cc', images: [] },
        ],
        stock: { أحمر: { m: 2, l: 0 }, أزرق: { m: 0, l: 3 } },
      }),
      { imageCover: await plainPicture('#888888'), images: [await plainPicture('#cc0000')] },
    );
    const url = urlOf(product.id);
    await addToCart(t.db, customer.user.id, { productId: product.id, size: 'm', colorName: 'أحمر' });
    await addToWishlist(t.db, customer.user.id, product.id);

    for (const account of [customer, other, admin]) {
      const expected = await get(url, session(account), whole);
      expect(expected.statusCode).toBe(200);
      // Nothing kept: the guest's page is rendered and kept, and the shopper's parts put in.
      const first = await get(url, session(account));
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('private, no-store');
      expect(first.headers.etag).toBeUndefined();
      expect(first.headers['content-type']).toBe(expected.headers['content-type']);
      // The same headers, but how the body's length is told: a streamed page's chunks, a kept one's length.
      expect(headerNames(first.headers)).toEqual(headerNames(expected.headers));
      expect(withoutNonce(first.body, first.headers['content-security-policy'])).toBe(withoutNonce(expected.body, expected.headers['content-security-policy']));

      // The guest's copy was kept: a guest's page and the shopper's next come from it, as the
      // title changed behind the shop's back, which only a kept copy does not show, tells.
      await retitleInDatabase(product.id, 'جاكيت لم يعلن عنه');
      const guest = await get(url);
      expect(guest.headers['cache-control']).toContain('public');
      expect(guest.body).toContain('جاكيت جينز بألوان');
      expect(guest.body).not.toContain('data-role="user"');
      const again = await get(url, session(account));
      expect(again.body).toContain('جاكيت جينز بألوان');
      expect(withoutNonce(again.body, again.headers['content-security-policy'])).toBe(withoutNonce(expected.body, expected.headers['content-security-policy']));

      // A write through the shop empties the kept copies, for the next shopper.
      expect((await t.app.inject({ method: 'PUT', url: `/api/v1/products/${product.id}`, headers: admin.headers, payload: { title: 'جاكيت جينز بألوان' } })).statusCode).toBe(200);
    }
  });

  it('comes from the kept copy, named for each shopper and never for another', async () => {
    const product = await createProductFixture(t.db, t.images, { title: 'قميص كتان أبيض' });
    const url = `/product/${product.id}`;
    await addToWishlist(t.db, other.user.id, product.id);
    await addToCart(t.db, other.user.id, { productId: product.id, size: 'm' });
    await addToCart(t.db, other.user.id, { productId: product.id, size: 'l' });
    expect((await get(url)).statusCode).toBe(200);
    await retitleInDatabase(product.id, 'قميص لم يعلن عنه');

    const mine = await get(url, session(customer));
    const theirs = await get(url, session(other));
    const guest = await get(url);
    const heart = (body: string) => /<button type="submit" value="(\w+)" aria-pressed="(\w+)"/.exec(body)?.slice(1);
    for (const page of [mine, theirs, guest]) expect(page.body).toContain('قميص كتان أبيض');

    expect(mine.body).toContain('سلمى &lt;b&gt;&quot;الكاشفة&quot;&lt;/b&gt; &amp; أخواتها');
    expect(mine.body).not.toContain('مروان الشناوي');
    expect(mine.body).toContain('data-role="user"');
    expect(heart(mine.body)).toEqual(['add', 'false']);

    expect(theirs.body).toContain('مروان الشناوي');
    expect(theirs.body).not.toContain('الكاشفة');
    expect(heart(theirs.body)).toEqual(['remove', 'true']);
    expect(theirs.body).toContain('aria-label="عربة التسوق: 2 منتجات"');

    expect(guest.body).not.toMatch(/مروان الشناوي|الكاشفة/);
    expect(guest.body).toContain('data-role="guest"');
    expect(heart(guest.body)).toEqual(['add', 'false']);
    expect(guest.body).toContain('تسجيل الدخول');
  });

  it("counts the shopper's cart afresh on every page, and shows the heart just given", async () => {
    const shopper = await createAccount(t.db, 'user', 'نادية فؤاد');
    const [first, second] = [await createProductFixture(t.db, t.images), await createProductFixture(t.db, t.images)];
    const cartLabel = async (url: string) => /aria-label="(عربة التسوق[^"]*)"/.exec((await get(url, session(shopper))).body)?.[1];
    expect((await get('/')).statusCode).toBe(200);
    expect(await cartLabel('/')).toBe('عربة التسوق');
    await addToCart(t.db, shopper.user.id, { productId: first.id, size: 'm' });
    expect(await cartLabel('/')).toBe('عربة التسوق: 1 منتجات');
    await addToCart(t.db, shopper.user.id, { productId: second.id, size: 'm' });
    expect(await cartLabel(`/product/${first.id}`)).toBe('عربة التسوق: 2 منتجات');
    expect((await get(`/product/${first.id}`, session(shopper))).body).toContain('aria-pressed="false"');
    await addToWishlist(t.db, shopper.user.id, first.id);
    expect((await get(`/product/${first.id}`, session(shopper))).body).toContain('aria-pressed="true"');
    expect((await get(`/product/${second.id}`, session(shopper))).body).toContain('aria-pressed="false"');
  });

  it('names the dashboard for an admin, and a guest for a session that has ended', async () => {
    const product = await createProductFixture(t.db, t.images, { title: 'بنطلون تشينو بيج' });
    const url = `/product/${product.id}`;
    await get(url);
    await retitleInDatabase(product.id, 'بنطلون لم يعلن عنه');

    const forAdmin = await get(url, session(admin));
    expect(forAdmin.body).toContain('بنطلون تشينو بيج');
    expect(forAdmin.body).toContain('data-role="admin"');
    expect(forAdmin.body).toContain('href="/admin"');
    expect(forAdmin.body).toContain('لوحة التحكم');

    const ended = await get(url, 'token=not-a-session');
    expect(ended.statusCode).toBe(200);
    expect(ended.headers['cache-control']).toBe('private, no-store');
    expect(ended.body).toContain('بنطلون تشينو بيج');
    expect(ended.body).toContain('data-role="guest"');
    expect(ended.body).toContain('href="/login"');
  });

  it('of a product sold out in every colour, which has no heart, still comes from the kept copy', async () => {
    const product = await createProductFixture(t.db, t.images, { title: 'سويتشيرت نفد', stock: { m: 0, l: 0 } });
    const url = `/product/${product.id}`;
    const guest = await get(url);
    expect(guest.body).toContain('المنتج غير متوفر');
    expect(guest.body).not.toContain('action="/wishlist"');
    await retitleInDatabase(product.id, 'سويتشيرت لم يعلن عنه');
    const mine = await get(url, session(customer));
    expect(mine.body).toContain('سويتشيرت نفد');
    expect(mine.body).toContain('data-role="user"');
  });
  it('is rendered whole where the copy cannot be cut or is no page: an id spelt in capitals, an unknown product', async () => {
    const product = await createProductFixture(t.db, t.images, { title: 'تيشيرت بحروف كبيرة' });
    await addToWishlist(t.db, customer.user.id, product.id);
    // The page names the product by its id as stored, not as the address spells it: the guest's heart is not found.
    const url = `/product/${product.id.toUpperCase()}`;
    expect((await get(url)).statusCode).toBe(200);
    const mine = await get(url, session(customer));
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('aria-pressed="true"');
    expect(mine.body).toContain('data-role="user"');

    const unknown = await get(`/product/${UNKNOWN_ID}`, session(customer));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('private, no-store');
    expect(unknown.body).toContain('data-role="user"');
  });
});

describe('cutting a kept page at its shopper parts', () => {
  const guest = { role: 'data-role="guest"', header: '<a>دخول</a>', menu: '<div>قائمة</div>', bar: '<li>حساب</li>' };
  const page = (middle = '') => Buffer.from(`<body ${guest.role}><header>${guest.header}</header>${middle}<nav>${guest.menu}</nav><ul>${guest.bar}</ul></body>`);

  it('puts each part in the place of the guest’s, in the order they stand', () => {
    const cut = cutAtParts(page(), guest)!;
    expect(cut.spans.map((span) => span.name)).toEqual(['role', 'header', 'menu', 'bar']);
    const joined = joinParts(page(), cut, { role: 'data-role="user"', header: '<a>سلمى</a>', menu: '<div>سلمى</div>', bar: '<li>حسابي</li>' });
    expect(joined.toString()).toBe('<body data-role="user"><header><a>سلمى</a></header><nav><div>سلمى</div></nav><ul><li>حسابي</li></ul></body>');
  });

  it('gives up on a page where a part is missing or stands twice: such a page is rendered whole', () => {
    expect(cutAtParts(Buffer.from(page().toString().replace(guest.menu, '')), guest)).toBeUndefined();
    expect(cutAtParts(page(guest.header), guest)).toBeUndefined();
  });

  it('lets a product page lack its heart only when it has no wishlist form', () => {
    const withHeart = { ...guest, wishlist: '<form action="/wishlist"><button aria-pressed="false"></button></form>' };
    expect(cutAtParts(page(), withHeart)?.spans.map((span) => span.name)).toEqual(['role', 'header', 'menu', 'bar']);
    expect(cutAtParts(page('<form action="/wishlist"><button aria-pressed="true"></button></form>'), withHeart)).toBeUndefined();
    const cut = cutAtParts(page(withHeart.wishlist), withHeart)!;
    expect(cut.spans.map((span) => span.name)).toContain('wishlist');
    expect(() => joinParts(page(withHeart.wishlist), cut, { role: '', header: '', menu: '', bar: '' })).toThrow();
  });
});
