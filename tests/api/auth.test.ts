import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { changePassword } from '../../core/accounts/auth.ts';
import { users } from '../../db/schema.ts';
import { createAccount, FIXTURE_PASSWORD, uniquePhone } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signupBody = (phone = uniquePhone()) => ({ name: 'أحمد علي', phone, password: 'secret1', passwordConfirm: 'secret1' });

describe('POST /api/v1/auth/signup', () => {
  it('creates a customer, returns a token and sets an httpOnly cookie', async () => {
    const body = signupBody();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: body });
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.data).toMatchObject({ name: 'أحمد علي', phone: body.phone, role: 'user' });
    expect(json.data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(json.data).not.toHaveProperty('password');
    expect(json.data).not.toHaveProperty('passwordHash');
    expect(typeof json.token).toBe('string');
    const cookie = res.cookies.find((c) => c.name === 'token');
    expect(cookie).toMatchObject({ value: json.token, httpOnly: true, sameSite: 'Lax', path: '/' });
    const [row] = await t.db.select().from(users).where(eq(users.phone, body.phone));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('gives every broken rule its Arabic message and stores nothing', async () => {
    const phone = uniquePhone();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { name: 'اب', phone: `${phone}9`, password: '123', passwordConfirm: '1234' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { msg: MSG.nameTooShort, path: 'name', location: 'body' },
        { msg: MSG.phoneInvalid, path: 'phone', location: 'body' },
        { msg: MSG.passwordTooShort, path: 'password', location: 'body' },
        { msg: MSG.passwordMismatch, path: 'passwordConfirm', location: 'body' },
      ]),
    );
    const rows = await t.db.select().from(users).where(eq(users.phone, `${phone}9`));
    expect(rows).toHaveLength(0);
  });

  it('names each missing field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { msg: string }) => e.msg)).toEqual(
      expect.arrayContaining([MSG.nameRequired, MSG.phoneRequired, MSG.passwordRequired, MSG.passwordConfirmRequired]),
    );
  });

  it('refuses a phone that is already registered, on the phone field', async () => {
    const body = signupBody();
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: body });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { ...body, name: 'شخص آخر' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: MSG.phoneTaken, path: 'phone', location: 'body' }]);
  });

  it('never creates an admin, whatever the body says', async () => {
    const body = { ...signupBody(), role: 'admin', tokenVersion: 99, _id: '00000000-0000-4000-8000-000000000000' };
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.role).toBe('user');
    expect(res.json().data._id).not.toBe(body._id);
    const [row] = await t.db.select().from(users).where(eq(users.phone, body.phone));
    expect(row).toMatchObject({ role: 'user', tokenVersion: 0 });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "x",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].msg).toBe(MSG.invalidJson);
  });
});

describe('POST /api/v1/auth/login', () => {
  it('logs in with the phone sent as email, as the original client does', async () => {
    const account = await createAccount(t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: account.user.phone, password: FIXTURE_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: account.user.id, role: 'user' });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers: { authorization: `Bearer ${res.json().token}` } });
    expect(me.json().data._id).toBe(account.user.id);
  });

  it('accepts the phone field too, and the cookie alone authenticates', async () => {
    const account = await createAccount(t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { phone: account.user.phone, password: FIXTURE_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/getMe', cookies: { token: res.json().token } });
    expect(me.statusCode).toBe(200);
  });

  it('answers an unknown phone and a wrong password the same way', async () => {
    const account = await createAccount(t.db);
    const wrongPassword = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: account.user.phone, password: 'not-it' } });
    const unknownPhone = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: uniquePhone(), password: 'not-it' } });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownPhone.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ status: 'fail', message: MSG.wrongCredentials });
    expect(unknownPhone.json()).toEqual(wrongPassword.json());
  });

  it('validates with the Arabic login messages, on the field the client used', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: '123', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { msg: MSG.phoneInvalid, path: 'email', location: 'body' },
      { msg: MSG.passwordRequired, path: 'password', location: 'body' },
    ]);
  });
});

describe('sessions', () => {
  it('refuses a request without a token, and a forged one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/users/getMe' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ status: 'fail', message: MSG.unauthenticated });
    const forged = await t.app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(forged.statusCode).toBe(401);
  });

  it('ends older sessions when the password changes', async () => {
    const account = await createAccount(t.db);
    await changePassword(t.db, account.user.id, 'new-password');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers: account.headers });
    expect(res.statusCode).toBe(401);
    const relogin = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: account.user.phone, password: 'new-password' } });
    expect(relogin.statusCode).toBe(200);
  });

  it('logout clears the cookie', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === 'token');
    expect(cookie?.value).toBe('');
  });

  it('sets security headers on every response', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/categories' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    // Form posts must keep their Origin for React Router's same-origin check.
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });
});

describe('client addresses behind a proxy', () => {
  const attempt = (app: TestApp, remoteAddress: string, forwardedFor: string) =>
    app.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress, headers: { 'x-forwarded-for': forwardedFor }, payload: { phone: 'x', password: 'x' } });

  it('with one proxy, a client-written X-Forwarded-For never moves the per-address limit', async () => {
    const proxied = await createTestApp({ authRateLimit: 3, trustProxy: 1 });
    try {
      // The proxy appends the address it saw; whatever the client wrote before it is ignored.
      for (let i = 0; i < 3; i++) expect((await attempt(proxied, '127.0.0.1', `198.51.100.${i}, 203.0.113.7`)).statusCode).toBe(400);
      expect((await attempt(proxied, '127.0.0.1', '198.51.100.99, 203.0.113.7')).statusCode).toBe(429);
      // Another client behind the same proxy has its own count.
      expect((await attempt(proxied, '127.0.0.1', '203.0.113.8')).statusCode).toBe(400);
    } finally {
      await proxied.close();
    }
  });

  it("with the proxies' addresses, only they are believed: a client reaching the shop directly keeps its own address", async () => {
    const proxied = await createTestApp({ authRateLimit: 3, trustProxy: ['10.0.0.0/8'] });
    try {
      for (let i = 0; i < 3; i++) expect((await attempt(proxied, '10.1.2.3', `198.51.100.${i}, 203.0.113.9`)).statusCode).toBe(400);
      expect((await attempt(proxied, '10.1.2.4', '203.0.113.9')).statusCode).toBe(429);
      // Not a proxy: its X-Forwarded-For is ignored, whatever it says.
      for (let i = 0; i < 3; i++) expect((await attempt(proxied, '198.51.100.50', `203.0.113.${100 + i}`)).statusCode).toBe(400);
      expect((await attempt(proxied, '198.51.100.50', '203.0.113.200')).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

describe('rate limits', () => {
  it("a stranger's wrong passwords never lock the owner out: the right password from a clean address logs in", async () => {
    const limited = await createTestApp({ authRateLimit: 3 });
    try {
      const owner = await createAccount(limited.db, 'admin');
      const attempt = (ip: string, password: string) =>
        limited.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: ip, payload: { phone: owner.user.phone, password } });
      const answers: number[] = [];
      for (let i = 1; i <= 11; i++) answers.push((await attempt(`10.3.0.${i}`, `guess-${i}`)).statusCode);
      expect(answers.slice(0, 3)).toEqual([401, 401, 401]);
      expect(answers.slice(3)).toEqual(Array(8).fill(429));
      // An address that guessed wrong is refused even with the right password while the account is closed.
      expect((await attempt('10.3.0.1', FIXTURE_PASSWORD)).statusCode).toBe(429);
      const ownerLogin = await attempt('10.4.0.1', FIXTURE_PASSWORD);
      expect(ownerLogin.statusCode).toBe(200);
      expect(ownerLogin.json().data.role).toBe('admin');
    } finally {
      await limited.close();
    }
  });

  it('logins with junk phones of any length count against the address like any other attempt', async () => {
    const limited = await createTestApp({ authRateLimit: 3 });
    try {
      const attempt = (phone: string) => limited.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: '10.5.0.1', payload: { phone, password: 'x' } });
      for (let i = 0; i < 3; i++) expect((await attempt(`${i}`.repeat(50_000))).statusCode).toBe(400);
      expect((await attempt('01000000002')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('limits login attempts per phone and per address with a 429 and Retry-After', async () => {
    const limited = await createTestApp({ authRateLimit: 3 });
    try {
      const phone = uniquePhone();
      const attempt = (ip: string) =>
        limited.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: ip, payload: { email: phone, password: 'x' } });
      for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) expect((await attempt(ip)).statusCode).toBe(401);
      const blocked = await attempt('10.0.0.4');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ status: 'fail', message: MSG.tooManyAttempts });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

      const signup = () =>
        limited.app.inject({ method: 'POST', url: '/api/v1/auth/signup', remoteAddress: '10.9.9.9', payload: signupBody() });
      for (let i = 0; i < 3; i++) expect((await signup()).statusCode).toBe(201);
      expect((await signup()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
