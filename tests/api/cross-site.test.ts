/** Cookie-authenticated writes from other sites, and cookies and HSTS behind a TLS proxy. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { createAccount, createProductFixture, FIXTURE_PASSWORD, type Account } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { cartLinesOf } from '../helpers/shop.ts';

let t: TestApp;
let customer: Account;
beforeAll(async () => {
  t = await createTestApp();
  customer = await createAccount(t.db);
});
afterAll(() => t.close());

function addToCartWithCookie(headers: Record<string, string>, productId: string) {
  return t.app.inject({ method: 'POST', url: '/api/v1/cart', cookies: { token: customer.token }, headers, payload: { productId, color: 'm' } });
}

describe('a state-changing API call carrying the session cookie', () => {
  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site', origin: 'https://evil.localhost:3000' }],
    ['only an Origin of another site (older browsers)', { origin: 'https://evil.example' }],
  ])('is refused with 403 and nothing changes when started elsewhere: %s', async (_label, headers) => {
    const product = await createProductFixture(t.db, t.images);
    const res = await addToCartWithCookie(headers, product.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.crossSiteRefused });
    expect((await cartLinesOf(t.db, customer.user.id)).filter((l) => l.productId === product.id)).toHaveLength(0);
  });

  it.each([
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' }],
    ['the shop\'s own Origin', { origin: 'http://localhost:3000' }],
    ['no Origin and no fetch metadata (a script or an app)', {}],
  ])('goes through from the shop itself: %s', async (_label, headers) => {
    const product = await createProductFixture(t.db, t.images);
    const res = await addToCartWithCookie(headers, product.id);
    expect(res.statusCode).toBe(200);
  });

  it('with a bearer token instead is unaffected by where it came from', async () => {
    const product = await createProductFixture(t.db, t.images);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: { ...customer.headers, 'sec-fetch-site': 'cross-site', origin: 'https://partner.example' },
      payload: { productId: product.id, color: 'm' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('reading stays open to other sites (a GET changes nothing)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/cart', cookies: { token: customer.token }, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('Secure cookies and HSTS', () => {
  const login = (app: TestApp, headers: Record<string, string> = {}, account: Account) =>
    app.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers, payload: { email: account.user.phone, password: FIXTURE_PASSWORD } });

  it('over plain http the cookie is not Secure and there is no HSTS', async () => {
    const res = await login(t, {}, customer);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'token')?.secure).toBeFalsy();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('behind a trusted proxy that says https, the cookie is Secure and HSTS is sent', async () => {
    const proxied = await createTestApp({ trustProxy: 1 });
    try {
      const account = await createAccount(proxied.db);
      const res = await login(proxied, { 'x-forwarded-proto': 'https' }, account);
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === '__Host-token')?.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const plain = await login(proxied, {}, account);
      expect(plain.cookies.find((c) => c.name === 'token')).toBeDefined();
      expect(plain.cookies.find((c) => c.name === 'token')?.secure).toBeFalsy();
    } finally {
      await proxied.close();
    }
  });

  it('an untrusted client cannot claim https', async () => {
    const res = await login(t, { 'x-forwarded-proto': 'https' }, customer);
    expect(res.cookies.find((c) => c.name === 'token')).toBeDefined();
    expect(res.cookies.find((c) => c.name === 'token')?.secure).toBeFalsy();
  });

  it('a shop at an https address always sets Secure cookies and HSTS', async () => {
    const https = await createTestApp({ storeUrl: 'https://shop.example' });
    try {
      const account = await createAccount(https.db);
      const res = await login(https, {}, account);
      expect(res.cookies.find((c) => c.name === '__Host-token')?.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await https.close();
    }
  });
});
