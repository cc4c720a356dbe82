/**
 * Requests an attacker or a broken client sends to the server-rendered pages: bad cookies and
 * headers, paths that look like another host, floods of logins.
 */
import { count, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProductFields, toUploadBody } from '../../app/components/admin/upload.ts';
import { MSG } from '../../contracts/index.ts';
import { getProduct } from '../../core/catalogue/products.ts';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { orders, wishlistItems } from '../../db/schema.ts';
import { createAccount, createCategoryFixture, createProductFixture, FIXTURE_PASSWORD, makePng, UNKNOWN_ID, type Account } from '../fixtures/factories.ts';
import { buildApp } from '../../server/app.ts';
import { PAGE_BODY_LIMITS } from '../../server/page-bodies.ts';
import { createTestApp, TEST_SECRET, type TestApp } from '../helpers/app.ts';
import { multipart, type FilePart } from '../helpers/multipart.ts';
import { fillCart } from '../helpers/shop.ts';
import { buildWebApp } from '../helpers/web-build.ts';

const ORIGIN = 'http://localhost:3000';
const AUTH_LIMIT = 3;
let t: TestApp;
let customer: Account;
let buildDir: string;

beforeAll(async () => {
  buildDir = await buildWebApp();
  t = await createTestApp({ webBuildDir: buildDir, authRateLimit: AUTH_LIMIT });
  customer = await createAccount(t.db);
});
afterAll(() => t.close());

/** A plain HTML form post, as a browser without JavaScript sends it. */
let addresses = 0;
function formPost(url: string, fields: Record<string, string>, headers: Record<string, string> = {}, remoteAddress = `10.9.0.${++addresses}`) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: {
      host: 'localhost:3000',
      origin: ORIGIN,
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-mode': 'navigate',
      accept: 'text/html',
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

const cookieOf = (account: Account) => `token=${account.token}`;

describe('malformed cookies and headers count as absent', () => {
  it('a token cookie that is not valid percent-encoding shows the page to a guest', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost:3000', cookie: 'token=%' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('تسجيل الدخول');
  });

  it('a malformed Referer on a plain wishlist post sends the shopper to their profile', async () => {
    const product = await createProductFixture(t.db, t.images);
    const res = await formPost('/wishlist', { intent: 'add', productId: product.id }, { cookie: cookieOf(customer), referer: 'http://[::1' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/profile');
    expect(await t.db.select().from(wishlistItems).where(eq(wishlistItems.productId, product.id))).toHaveLength(1);
  });
});

describe('a Host header that is no address', () => {
  it('is a 400, not a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'a b' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('paths that start with // stay on this site', () => {
  it('a cross-site checkout posted to //evil.example/checkout places no order', async () => {
    const product = await createProductFixture(t.db, t.images);
    await fillCart(t, customer, product.id);
    const [before] = await t.db.select({ n: count() }).from(orders);
    const res = await formPost(
      '//evil.example/checkout',
      { details: '12 شارع التحرير', phone: '01012345678', shippingCity: 'الجيزة', district: 'الدقي', idempotencyKey: crypto.randomUUID() },
      { cookie: cookieOf(customer), origin: 'http://evil.example' },
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const [after] = await t.db.select({ n: count() }).from(orders);
    expect(after!.n).toBe(before!.n);
  });

  it('the plain wishlist form of //evil.example/product/<id> redirects within this site', async () => {
    const product = await createProductFixture(t.db, t.images);
    const res = await formPost(
      '/wishlist',
      { intent: 'add', productId: product.id },
      { cookie: cookieOf(customer), referer: `${ORIGIN}//evil.example/product/${product.id}` },
    );
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/evil.example/product/${product.id}`);
  });

  it('a page under //evil.example is this site\'s not-found page, not another host\'s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '//evil.example/product/x', headers: { host: 'localhost:3000' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('evil.example');
  });
});

describe('the attempt limit on the login and signup pages', () => {
  it('answers 429 with the Arabic message and Retry-After once it trips, on the login page', async () => {
    // One mobile network's address, shared by many customers.
    const post = () => formPost('/login', { phone: '01099999990', password: 'wrong-password' }, {}, '10.8.0.1');
    const statuses: number[] = [];
    let last = await post();
    statuses.push(last.statusCode);
    for (let i = 0; i < AUTH_LIMIT; i++) {
      last = await post();
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, AUTH_LIMIT)).toEqual(Array(AUTH_LIMIT).fill(401));
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.body).toContain(MSG.tooManyAttempts);
  });

  it("a login page refused while an account is closed to the address says the failures' own wait", async () => {
    const phone = '01099999970';
    // Wrong passwords from several addresses close the account; the first of them is refused next.
    for (let i = 1; i <= AUTH_LIMIT; i++) expect((await formPost('/login', { phone, password: 'wrong-password' }, {}, `10.8.1.${i}`)).statusCode).toBe(401);
    const refused = await formPost('/login', { phone, password: 'wrong-password' }, {}, '10.8.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain(MSG.tooManyAttempts);
    // Wrong passwords are remembered for a quarter of an hour, not the minute of the address's count.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('and on the signup page', async () => {
    const post = () => formPost('/signup', { name: 'أحمد علي', phone: '01099999991', password: 'x', passwordConfirm: 'x' }, {}, '10.8.0.2');
    let last = await post();
    for (let i = 0; i < AUTH_LIMIT; i++) last = await post();
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.body).toContain(MSG.tooManyAttempts);
  });

  it('counts a phone written in Arabic-Indic digits under the same phone', async () => {
    const arabic = '٠١٠٩٩٩٩٩٩٩٢';
    const login = (email: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: FIXTURE_PASSWORD }, remoteAddress: `10.1.0.${Math.floor(Math.random() * 250)}` });
    for (let i = 0; i < AUTH_LIMIT; i++) expect((await login('01099999992')).statusCode).toBe(401);
    expect((await login(arabic)).statusCode).toBe(429);
  });
});

describe('a NUL byte in a page form', () => {
  it('in the search box is dropped: the results page shows', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/search?keyword=%D8%AA%D9%8A%D8%B4%D9%8A%D8%B1%D8%AA%00', headers: { host: 'localhost:3000' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('نتائج البحث عن تيشيرت');
  });

  it('is a 400 with the Arabic message beside the field, and no account is made', async () => {
    const res = await formPost('/signup', { name: 'أحمد\u0000علي', phone: '01099999993', password: 'secret-1', passwordConfirm: 'secret-1' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(MSG.invalidCharacters);
  });
});

describe('logging out on the page', () => {
  it('ends the session on the server, so a copy of the cookie no longer signs anyone in', async () => {
    const account = await createAccount(t.db);
    const res = await formPost('/logout', {}, { cookie: cookieOf(account) });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers['set-cookie'])).toMatch(/token=;.*Max-Age=0/);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers: { cookie: cookieOf(account) } });
    expect(after.statusCode).toBe(401);
  });
});

describe('pages while the database is out of reach', () => {
  it('answer the error page with 503 and Retry-After, never a stack', async () => {
    // Port 1 on the loopback refuses every connection: a database that is down.
    const pool = new pg.Pool({ connectionString: 'postgres://store@127.0.0.1:1/none', connectionTimeoutMillis: 2_000 });
    const app = await buildApp({
      db: drizzle(pool, { schema }) as unknown as Db,
      uploadsDir: t.uploadsDir,
      jwtSecret: TEST_SECRET,
      storeUrl: ORIGIN,
      authRateLimit: 100,
      web: { dev: false, buildDir, wholesaleUrl: 'https://wa.me/201000000000' },
    });
    try {
      for (const url of ['/', '/new-arrived', `/product/${UNKNOWN_ID}`]) {
        const res = await app.inject({ method: 'GET', url, headers: { host: 'localhost:3000' } });
        expect(res.statusCode).toBe(503);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.body).toContain(MSG.serverError);
        expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1:1|at .*\.js/);
      }
    } finally {
      await app.close();
      await pool.end();
    }
  });
});

describe('the login page behind a TLS-terminating proxy', () => {
  it('sets a Secure cookie and HSTS when the trusted proxy says https', async () => {
    const proxied = await createTestApp({ webBuildDir: buildDir, trustProxy: 1 });
    try {
      const account = await createAccount(proxied.db);
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/login',
        remoteAddress: '10.7.0.1',
        headers: {
          host: 'shop.example',
          origin: 'https://shop.example',
          'x-forwarded-proto': 'https',
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-mode': 'navigate',
        },
        payload: new URLSearchParams({ phone: account.user.phone, password: FIXTURE_PASSWORD }).toString(),
      });
      expect(res.statusCode).toBe(302);
      expect(String(res.headers['set-cookie'])).toMatch(/^__Host-token=.+; Secure/);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await proxied.close();
    }
  });
});

describe('bodies posted to the pages are bounded', () => {
  const usersCount = async () => (await t.db.select({ n: count() }).from(schema.users))[0]!.n;
  const multipartPost = async (url: string, fields: Record<string, string>, files: FilePart[] = [], headers: Record<string, string> = {}) => {
    const body = await multipart(fields, files);
    return t.app.inject({
      method: 'POST',
      url,
      remoteAddress: `10.8.0.${++addresses}`,
      headers: { host: 'localhost:3000', origin: ORIGIN, 'sec-fetch-mode': 'navigate', accept: 'text/html', ...body.headers, ...headers },
      payload: body.payload,
    });
  };

  it('a multipart login with a field of 2 MB is a 413 page with the login form and the message; the shop goes on', async () => {
    const res = await multipartPost('/login', { phone: '0'.repeat(2 * 1024 * 1024), password: 'x' });
    expect(res.statusCode).toBe(413);
    expect(res.headers.connection).toBe('close');
    expect(res.body).toContain(MSG.payloadTooLarge);
    expect(res.body).toMatch(/<form[^>]+method="post"/);
    expect(res.body).toContain('name="phone"');
    const after = await t.app.inject({ method: 'GET', url: '/login', headers: { host: 'localhost:3000' } });
    expect(after.statusCode).toBe(200);
  });

  it('a url-encoded form over the form limit is a 413, read no further than the limit', async () => {
    const res = await formPost('/login', { phone: '01000000002', password: 'p'.repeat(PAGE_BODY_LIMITS.formBytes) });
    expect(res.statusCode).toBe(413);
    expect(res.body).toContain(MSG.payloadTooLarge);
  });

  it('a text field over its limit in a small form is a 413 and makes no account', async () => {
    const before = await usersCount();
    const name = 'ا'.repeat(PAGE_BODY_LIMITS.fieldBytes);
    const res = await formPost('/signup', { name, phone: '01099999981', password: 'secret-1', passwordConfirm: 'secret-1' });
    expect(res.statusCode).toBe(413);
    expect(res.body).toContain(MSG.payloadTooLarge);
    expect(await usersCount()).toBe(before);
  });

  it('a file posted by anyone but an admin is a 413, and makes no account', async () => {
    const before = await usersCount();
    const res = await multipartPost('/signup', { name: 'أحمد علي', phone: '01099999982', password: 'secret-1', passwordConfirm: 'secret-1' }, [
      { field: 'picture', data: Buffer.alloc(1000, 1) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(await usersCount()).toBe(before);
  });

  it('a body that is not a form is a 415 page with the message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { host: 'localhost:3000', origin: ORIGIN, 'content-type': 'application/json', accept: 'text/html' },
      payload: JSON.stringify({ phone: '01000000002', password: 'x' }),
    });
    expect(res.statusCode).toBe(415);
    expect(res.body).toContain(MSG.unsupportedMedia);
  });

  it('a review of more than the field limit is a 413 and stores nothing', async () => {
    const product = await createProductFixture(t.db, t.images);
    const res = await formPost(`/product/${product.id}`, { intent: 'review', review: 'ر'.repeat(PAGE_BODY_LIMITS.fieldBytes), rating: '5' }, { cookie: cookieOf(customer) });
    expect(res.statusCode).toBe(413);
    const stored = await t.db.select({ n: count() }).from(schema.reviews).where(eq(schema.reviews.productId, product.id));
    expect(stored[0]!.n).toBe(0);
  });

  it("an admin's small category form with its picture goes through", async () => {
    const admin = await createAccount(t.db, 'admin');
    const picture = await makePng('#aa2255', 40, 40);
    expect(picture.length).toBeLessThan(PAGE_BODY_LIMITS.formBytes);
    const before = (await t.db.select({ n: count() }).from(schema.categories))[0]!.n;
    const res = await multipartPost('/admin/add-category', { name: 'تصنيف صغير' }, [{ field: 'image', data: picture }], { cookie: cookieOf(admin) });
    expect(res.statusCode).not.toBe(413);
    expect((await t.db.select({ n: count() }).from(schema.categories))[0]!.n).toBe(before + 1);
  });

  it("an admin's category form with a picture larger than a plain form goes through; a customer's is refused", async () => {
    const admin = await createAccount(t.db, 'admin');
    const picture = await makePng('#22aa55', 400, 400);
    const big = Buffer.concat([picture, Buffer.alloc(PAGE_BODY_LIMITS.formBytes)]);
    const categoriesBefore = (await t.db.select({ n: count() }).from(schema.categories))[0]!.n;
    // Past a plain form's limit for a customer: the admin page sends a customer home, as always.
    const refused = await multipartPost('/admin/add-category', { name: 'تصنيف عميل' }, [{ field: 'image', data: big }], { cookie: cookieOf(customer) });
    expect(refused.statusCode).toBe(302);
    expect((await t.db.select({ n: count() }).from(schema.categories))[0]!.n).toBe(categoriesBefore);
    const res = await multipartPost('/admin/add-category', { name: 'تصنيف كبير' }, [{ field: 'image', data: picture }, { field: 'extra', data: Buffer.alloc(PAGE_BODY_LIMITS.formBytes) }], { cookie: cookieOf(admin) });
    // The extra part is no field of the category form: the page answers as it would without it.
    expect(res.statusCode).not.toBe(413);
    expect((await t.db.select({ n: count() }).from(schema.categories))[0]!.n).toBe(categoriesBefore + 1);
  });
});

describe('a product form the rules refuse', () => {
  let admin: Account;
  beforeAll(async () => {
    admin = await createAccount(t.db, 'admin');
  });

  /** The form as the admin's browser posts it without JavaScript: a row per size, every image under `images`. */
  function pageForm(fields: [string, string][], images: Buffer[] = []): FormData {
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    for (const image of images) form.append('images', new File([new Uint8Array(image)], 'photo.png', { type: 'image/png' }));
    return form;
  }
  const encoded = async (form: FormData) => {
    const body = new Response(form);
    return { payload: Buffer.from(await body.arrayBuffer()), contentType: body.headers.get('content-type')! };
  };
  /** Posts the form to the page, as a browser without JavaScript does. */
  const postToPage = async (url: string, form: FormData) => {
    const { payload, contentType } = await encoded(form);
    return t.app.inject({
      method: 'POST',
      url,
      remoteAddress: `10.7.0.${++addresses}`,
      headers: { host: 'localhost:3000', origin: ORIGIN, 'sec-fetch-mode': 'navigate', accept: 'text/html', 'content-type': contentType, cookie: cookieOf(admin) },
      payload,
    });
  };
  /** Sends the same form to the API, as the page's script does (readProductFields, then toUploadBody). */
  const sendToApi = async (method: 'POST' | 'PUT', url: string, form: FormData) => {
    const images = form.getAll('images').filter((image): image is File => image instanceof File);
    const { payload, contentType } = await encoded(toUploadBody(readProductFields(form), images));
    return t.app.inject({ method, url, headers: { ...admin.headers, 'content-type': contentType }, payload });
  };
  /** The text of the message shown under a field of the page's form. */
  const messageOn = (html: string, id: string) => html.match(new RegExp(`<p id="${id}"[^>]*>([\\s\\S]*?)</p>`))?.[1]?.replace(/<[^>]+>/g, '');

  it('a price above the limit: the add page and the API both answer 400 with the price message, and neither stores the product', async () => {
    const category = await createCategoryFixture(t.db, t.images);
    const title = `قميص فوق الحد ${crypto.randomUUID().slice(0, 8)}`;
    const form = pageForm(
      [
        ['title', title],
        ['description', 'قميص قطن'],
        ['category', category.id],
        ['price', '1000001'],
        ['priceAfterDiscount', ''],
        ['availableSizes', 'm'],
        ['stock.m', '3'],
        ['age', 'رجال'],
        ['season', 'صيف'],
        ['availability', 'false'],
        ['availability', 'true'],
      ],
      [await makePng('#446688')],
    );
    const page = await postToPage('/admin/add-product', form);
    expect(page.statusCode).toBe(400);
    expect(messageOn(page.body, 'field-price-error')).toBe(MSG.priceInvalid);
    // The values sent are kept in the form.
    expect(page.body).toContain(title);

    const api = await sendToApi('POST', '/api/v1/products', form);
    expect(api.statusCode).toBe(400);
    expect(api.json().errors).toEqual([{ msg: MSG.priceInvalid, path: 'price', location: 'body' }]);
    expect(await t.db.select().from(schema.products).where(eq(schema.products.title, title))).toEqual([]);
  });

  it("pieces seen that are no number: the edit page refuses them by the contract's stock rule, beside the size's row, as the API does, and the stock stays", async () => {
    const product = await createProductFixture(t.db, t.images, { availableSizes: ['m', 'l'], stock: { m: 5, l: 5 } });
    // Every field as the edit form holds it; only what it showed of size m is no number.
    const form = pageForm([
      ['title', product.title],
      ['description', product.description],
      ['category', product.category.id],
      ['price', String(product.price)],
      ['priceAfterDiscount', String(product.priceAfterDiscount)],
      ['age', product.age],
      ['season', product.season],
      ['barcode', product.barcode],
      ['sale', product.sale],
      ['availability', 'false'],
      ['availability', 'true'],
      ['availableSizes', 'm'],
      ['availableSizes', 'l'],
      ['stock.m', '4'],
      ['stock.l', '5'],
      ['stockSeen.m', 'خمسة'],
      ['stockSeen.l', '5'],
    ]);
    const page = await postToPage(`/admin/edit-product/${product.id}`, form);
    expect(page.statusCode).toBe(400);
    expect(messageOn(page.body, 'field-stock-m-error')).toBe(MSG.stockInvalid);

    const api = await sendToApi('PUT', `/api/v1/products/${product.id}`, form);
    expect(api.statusCode).toBe(400);
    expect(api.json().errors).toEqual([{ msg: MSG.stockInvalid, path: 'stockSeen.m', location: 'body' }]);
    expect((await getProduct(t.db, product.id)).stock).toEqual([
      { size: 'm', quantity: 5 },
      { size: 'l', quantity: 5 },
    ]);
  });
});
