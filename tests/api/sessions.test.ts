/** Sessions end on the server: at logout, at a password change, at expiry. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { sessions } from '../../db/schema.ts';
import { createAccount, FIXTURE_PASSWORD, type Account } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const getMe = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Logs the account in again, as a second device would; returns that device's token. */
async function loginAgain(account: Account, password = FIXTURE_PASSWORD): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: account.user.phone, password } });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

const changePassword = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/users/changeMyPassword', headers, payload });

describe('logout', () => {
  it('ends the session on the server: the same token is refused afterwards', async () => {
    const account = await createAccount(t.db);
    expect((await getMe(account.headers)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: account.headers });
    expect(res.statusCode).toBe(204);
    const after = await getMe(account.headers);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ status: 'fail', message: MSG.sessionExpired });
  });

  it('through the cookie ends that session, and only that one', async () => {
    const account = await createAccount(t.db);
    const phone = await loginAgain(account);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', cookies: { token: account.token } });
    expect(res.statusCode).toBe(204);
    expect((await getMe({ cookie: `token=${account.token}` })).statusCode).toBe(401);
    expect((await getMe(bearer(phone))).statusCode).toBe(200);
  });

  it('with a forged or no token is harmless', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer('not-a-token') })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(204);
  });
});

describe('an expired session', () => {
  it('is refused even while its token has not expired', async () => {
    const account = await createAccount(t.db);
    await t.db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(sessions.userId, account.user.id));
    expect((await getMe(account.headers)).statusCode).toBe(401);
  });
});

describe('PUT /users/changeMyPassword', () => {
  it('changes the password, ends every session of the account and signs this device in again', async () => {
    const account = await createAccount(t.db);
    const otherDevice = await loginAgain(account);
    const res = await changePassword(account.headers, { currentPassword: FIXTURE_PASSWORD, password: 'new-secret-1', passwordConfirm: 'new-secret-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: account.user.id, phone: account.user.phone });
    expect(res.json().data).not.toHaveProperty('passwordHash');
    expect(res.cookies.find((c) => c.name === 'token')?.value).toBe(res.json().token);

    expect((await getMe(account.headers)).statusCode).toBe(401);
    expect((await getMe(bearer(otherDevice))).statusCode).toBe(401);
    expect((await getMe(bearer(res.json().token))).statusCode).toBe(200);
    await loginAgain(account, 'new-secret-1');
    const old = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: account.user.phone, password: FIXTURE_PASSWORD } });
    expect(old.statusCode).toBe(401);
  });

  it('refuses a wrong current password with an Arabic message and changes nothing', async () => {
    const account = await createAccount(t.db);
    const res = await changePassword(account.headers, { currentPassword: 'not-it', password: 'new-secret-1', passwordConfirm: 'new-secret-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: MSG.currentPasswordWrong, path: 'currentPassword', location: 'body' }]);
    expect((await getMe(account.headers)).statusCode).toBe(200);
    await loginAgain(account);
  });

  it('applies the signup rules to the new password', async () => {
    const account = await createAccount(t.db);
    const res = await changePassword(account.headers, { currentPassword: FIXTURE_PASSWORD, password: '123', passwordConfirm: '456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { msg: MSG.passwordTooShort, path: 'password', location: 'body' },
        { msg: MSG.passwordMismatch, path: 'passwordConfirm', location: 'body' },
      ]),
    );
    await loginAgain(account);
  });

  it('is for signed-in users only', async () => {
    const res = await changePassword({}, { currentPassword: FIXTURE_PASSWORD, password: 'new-secret-1', passwordConfirm: 'new-secret-1' });
    expect(res.statusCode).toBe(401);
  });

  it('works for an admin too, and never changes the role', async () => {
    const admin = await createAccount(t.db, 'admin');
    const res = await changePassword(admin.headers, { currentPassword: FIXTURE_PASSWORD, password: 'new-secret-1', passwordConfirm: 'new-secret-1', role: 'user' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('admin');
  });
});
