/**
 * The session cookie's name: `__Host-token` over https (Secure, Path=/, no Domain, so no other
 * host or plain-http answer can set it), `token` over plain http. The API and the pages both set,
 * read and clear it; over https a plain `token` cookie signs no one in. https comes from a
 * trusted proxy's X-Forwarded-Proto here; a shop at an https address behaves the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { createAccount, createProductFixture, FIXTURE_PASSWORD, type Account } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { cartLinesOf } from '../helpers/shop.ts';
import { buildWebApp } from '../helpers/web-build.ts';

const HTTPS = { host: 'shop.example', 'x-forwarded-proto': 'https' };
const HTTP = { host: 'shop.example' };

let t: TestApp;
let buildDir: string;
beforeAll(async () => {
  buildDir = await buildWebApp();
  // One proxy in front: its X-Forwarded-Proto says whether the client came over https.
  t = await createTestApp({ webBuildDir: buildDir, trustProxy: 1 });
});
afterAll(() => t.close());

let addresses = 0;
const nextAddress = () => `10.50.0.${++addresses}`;

const apiLogin = (account: Account, scheme: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: nextAddress(), headers: scheme, payload: { email: account.user.phone, password: FIXTURE_PASSWORD } });

/** A plain HTML form post, as a browser without JavaScript sends it, over the scheme given. */
const formPost = (url: string, fields: Record<string, string>, scheme: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: nextAddress(),
    headers: {
      ...scheme,
      origin: scheme['x-forwarded-proto'] === 'https' ? 'https://shop.example' : 'http://shop.example',
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-mode': 'navigate',
      accept: 'text/html',
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });

const getMe = (cookie: string, scheme: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers: { ...scheme, cookie } });
const homePage = (cookie: string, scheme: Record<string, string>) => t.app.inject({ method: 'GET', url: '/', headers: { ...scheme, cookie } });

/** The Set-Cookie lines of a response. */
const setCookies = (res: { headers: Record<string, unknown> }) => {
  const value = res.headers['set-cookie'];
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String);
};

/** The value a Set-Cookie line gives, or undefined. */
const cookieValue = (line: string | undefined) => (line ? decodeURIComponent(/^[^=]+=([^;]*)/.exec(line)![1]!) : undefined);

/** Checks the attributes `__Host-` requires: Secure, Path=/ and no Domain. */
function expectHostCookie(line: string | undefined) {
  expect(line).toMatch(/^__Host-token=[^;]+;/);
  const attributes = line!.split(';').slice(1).map((part) => part.trim().toLowerCase());
  expect(attributes).toContain('path=/');
  expect(attributes).toContain('secure');
  expect(attributes).toContain('httponly');
  expect(attributes.some((part) => part.startsWith('domain'))).toBe(false);
}

describe('over https', () => {
  let customer: Account;
  beforeAll(async () => {
    customer = await createAccount(t.db, 'user', 'شيماء الآمنة');
  });

  it('the API login sets __Host-token (Secure, Path=/, HttpOnly, no Domain), which signs in on the API and the pages', async () => {
    const res = await apiLogin(customer, HTTPS);
    expect(res.statusCode).toBe(200);
    const lines = setCookies(res);
    expect(lines).toHaveLength(1);
    expectHostCookie(lines[0]);
    const token = cookieValue(lines[0])!;
    expect(token).toBe(res.json().token);

    expect((await getMe(`__Host-token=${token}`, HTTPS)).json().data.name).toBe('شيماء الآمنة');
    const page = await homePage(`__Host-token=${token}`, HTTPS);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('شيماء الآمنة');
    expect(page.headers['cache-control']).toBe('private, no-store');
  });

  it('a plain token cookie signs no one in, on the API or the pages', async () => {
    const token = (await apiLogin(customer, HTTPS)).json().token as string;
    expect((await getMe(`token=${token}`, HTTPS)).statusCode).toBe(401);
    const page = await homePage(`token=${token}`, HTTPS);
    expect(page.body).not.toContain('شيماء الآمنة');
    expect(page.body).toContain('تسجيل الدخول');
  });

  it('the login page sets __Host-token too, which the API reads', async () => {
    const account = await createAccount(t.db, 'user', 'منى صفحة الدخول');
    const res = await formPost('/login', { phone: account.user.phone, password: FIXTURE_PASSWORD }, HTTPS);
    expect(res.statusCode).toBe(302);
    const lines = setCookies(res);
    expect(lines).toHaveLength(1);
    expectHostCookie(lines[0]);
    const me = await getMe(`__Host-token=${cookieValue(lines[0])}`, HTTPS);
    expect(me.json().data.name).toBe('منى صفحة الدخول');
  });

  it('logging out through the API clears __Host-token and ends the session', async () => {
    const account = await createAccount(t.db);
    const cookie = `__Host-token=${account.token}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { ...HTTPS, cookie } });
    expect(res.statusCode).toBe(204);
    const [line] = setCookies(res);
    expect(line).toMatch(/^__Host-token=;/);
    expect(line).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    expectHostCookie(line!.replace(/^__Host-token=;/, '__Host-token=x;'));
    expect((await getMe(cookie, HTTPS)).statusCode).toBe(401);
  });

  it('logging out on the page clears __Host-token and ends the session', async () => {
    const account = await createAccount(t.db);
    const cookie = `__Host-token=${account.token}`;
    const res = await formPost('/logout', {}, HTTPS, { cookie });
    expect(res.statusCode).toBe(302);
    const [line] = setCookies(res);
    expect(line).toMatch(/^__Host-token=; .*Max-Age=0/);
    expectHostCookie(line!.replace(/^__Host-token=;/, '__Host-token=x;'));
    expect((await getMe(cookie, HTTPS)).statusCode).toBe(401);
  });

  it('a write another site starts with __Host-token is refused, and nothing changes', async () => {
    const product = await createProductFixture(t.db, t.images);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: { ...HTTPS, cookie: `__Host-token=${customer.token}`, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      payload: { productId: product.id, color: 'm' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.crossSiteRefused });
    expect((await cartLinesOf(t.db, customer.user.id)).filter((line) => line.productId === product.id)).toHaveLength(0);
  });
});

describe('a shop at an https address', () => {
  it('names the cookie __Host-token on both doors, with no proxy to say so', async () => {
    const https = await createTestApp({ webBuildDir: buildDir, storeUrl: 'https://shop.example' });
    try {
      const account = await createAccount(https.db, 'user', 'رانيا العنوان الآمن');
      const api = await https.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: account.user.phone, password: FIXTURE_PASSWORD } });
      expectHostCookie(setCookies(api)[0]);
      const page = await https.app.inject({
        method: 'POST',
        url: '/login',
        headers: { host: 'shop.example', origin: 'http://shop.example', 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-mode': 'navigate' },
        payload: new URLSearchParams({ phone: account.user.phone, password: FIXTURE_PASSWORD }).toString(),
      });
      expect(page.statusCode).toBe(302);
      const [line] = setCookies(page);
      expectHostCookie(line);
      const home = await https.app.inject({ method: 'GET', url: '/', headers: { host: 'shop.example', cookie: `__Host-token=${cookieValue(line)}` } });
      expect(home.body).toContain('رانيا العنوان الآمن');
    } finally {
      await https.close();
    }
  });
});

describe('over plain http', () => {
  it('the cookie stays token, on the API and the pages, and signs in on both', async () => {
    const account = await createAccount(t.db, 'user', 'هالة بلا تشفير');
    const res = await apiLogin(account, HTTP);
    const [line] = setCookies(res);
    expect(line).toMatch(/^token=[^;]+;/);
    expect(line).not.toMatch(/;\s*Secure/i);
    const token = cookieValue(line)!;
    expect((await getMe(`token=${token}`, HTTP)).statusCode).toBe(200);
    expect((await homePage(`token=${token}`, HTTP)).body).toContain('هالة بلا تشفير');

    const page = await formPost('/login', { phone: account.user.phone, password: FIXTURE_PASSWORD }, HTTP);
    expect(page.statusCode).toBe(302);
    const [pageLine] = setCookies(page);
    expect(pageLine).toMatch(/^token=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);

    const logout = await formPost('/logout', {}, HTTP, { cookie: `token=${token}` });
    expect(setCookies(logout)[0]).toMatch(/^token=; .*Max-Age=0/);
  });
});
