/**
 * A forgotten password through the API (API.md "Additions: messages to customers"): a 6-digit
 * code sent on WhatsApp (read here from the WhatsApp stand-in), valid 10 minutes and 5 tries, the
 * last code only; the right one sets the password, ends every session and starts a new one; an
 * unknown phone cannot be told from a known one; both calls are rate-limited per phone and address.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, RESET_CODE_MAX_TRIES } from '../../contracts/index.ts';
import { passwordResets, sessions, users } from '../../db/schema.ts';
import { createAccount, FIXTURE_PASSWORD, uniquePhone, type Account } from '../fixtures/factories.ts';
import { DEFAULT_RESET_CODE_LIMITS } from '../../server/plugins/rate-limit.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createWhatsAppTestApp, messagesOf, type WhatsAppTestApp } from '../helpers/whatsapp.ts';

const NEW_PASSWORD = 'new-secret-7';

let t: WhatsAppTestApp;
beforeAll(async () => {
  t = await createWhatsAppTestApp();
});
afterAll(() => t?.close());

const forgot = (app: TestApp, payload: unknown, remoteAddress = '127.0.0.1') =>
  app.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: payload as object, remoteAddress });

const reset = (app: TestApp, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  app.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload, remoteAddress });

const resetBody = (phone: string, code: string, password = NEW_PASSWORD) => ({ phone, code, password, passwordConfirm: password });

const getMe = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers: { authorization: `Bearer ${token}` } });

const login = (phone: string, password: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { phone, password } });

/** Asks for a code for the phone and reads it from the message the stand-in received. */
async function requestCode(phone: string): Promise<string> {
  const res = await forgot(t, { phone });
  expect(res.statusCode, res.body).toBe(200);
  await t.sendNow();
  const received = t.standIn.sent.filter((message) => message.to === `+2${phone}` && message.template.name === 'password_reset_code');
  const body = received.at(-1)?.template.components.find((component) => component.type === 'body');
  const code = body?.parameters[0];
  expect(code && 'text' in code ? code.text : undefined).toMatch(/^[0-9]{6}$/);
  return (code as { text: string }).text;
}

/** Another 6-digit code than `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function resetRowOf(account: Account) {
  const [row] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, account.user.id));
  return row;
}

const codeRefused = { errors: [{ msg: MSG.resetCodeInvalid, path: 'code', location: 'body' }] };

describe('POST /auth/forgot-password', () => {
  it('answers 200 and sends the account a 6-digit code on WhatsApp, keeping only its hash', async () => {
    const account = await createAccount(t.db);
    const res = await forgot(t, { phone: account.user.phone });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { phone: account.user.phone }, message: MSG.resetCodeSent });
    const rows = (await messagesOf(t.db)).filter((row) => row.userId === account.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'password_reset_code', phone: account.user.phone, status: 'pending' });
    const stored = await resetRowOf(account);
    expect(stored).toMatchObject({ tries: 0 });
    const minutesLeft = (stored!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(9);
    expect(minutesLeft).toBeLessThanOrEqual(10);

    await t.sendNow();
    const [sent] = t.standIn.sent.filter((message) => message.to === `+2${account.user.phone}`);
    const code = (sent!.template.components.find((component) => component.type === 'body')!.parameters[0] as { text: string }).text;
    expect(code).toMatch(/^[0-9]{6}$/);
    expect(stored!.codeHash).not.toContain(code);
  });

  it('gives an unknown phone the same answer, and records no code and no message', async () => {
    const phone = uniquePhone();
    const [codesBefore] = await t.db.select({ n: count() }).from(passwordResets);
    const messagesBefore = (await messagesOf(t.db)).length;
    const res = await forgot(t, { phone });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { phone }, message: MSG.resetCodeSent });
    const [codesAfter] = await t.db.select({ n: count() }).from(passwordResets);
    expect(codesAfter!.n).toBe(codesBefore!.n);
    expect(await messagesOf(t.db)).toHaveLength(messagesBefore);
    expect((await messagesOf(t.db)).some((row) => row.phone === phone)).toBe(false);
  });

  it('refuses a phone that is no mobile number, or none, with the Arabic message, and sends nothing', async () => {
    const messagesBefore = (await messagesOf(t.db)).length;
    const bad = await forgot(t, { phone: '0123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errors: [{ msg: MSG.phoneInvalid, path: 'phone', location: 'body' }] });
    const missing = await forgot(t, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ msg: MSG.phoneRequired, path: 'phone', location: 'body' }]);
    expect(await messagesOf(t.db)).toHaveLength(messagesBefore);
  });

  it('takes a phone written in Arabic-Indic digits as the same phone', async () => {
    const account = await createAccount(t.db);
    const arabic = account.user.phone.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const res = await forgot(t, { phone: arabic });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.phone).toBe(account.user.phone);
    expect(await resetRowOf(account)).toBeDefined();
  });
});

describe('POST /auth/reset-password', () => {
  it('with the right code sets the password, ends every session and starts a new one', async () => {
    const account = await createAccount(t.db);
    const otherDevice = (await login(account.user.phone, FIXTURE_PASSWORD)).json().token as string;
    const code = await requestCode(account.user.phone);

    const res = await reset(t, resetBody(account.user.phone, code));
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json();
    expect(json.data).toMatchObject({ _id: account.user.id, phone: account.user.phone, role: 'user' });
    expect(res.cookies.find((cookie) => cookie.name === 'token')).toMatchObject({ value: json.token, httpOnly: true, path: '/' });

    expect((await getMe(json.token)).statusCode).toBe(200);
    expect((await getMe(account.token)).statusCode).toBe(401);
    expect((await getMe(otherDevice)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, account.user.id))).toHaveLength(1);
    expect((await login(account.user.phone, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(account.user.phone, FIXTURE_PASSWORD)).statusCode).toBe(401);
    // The code is spent.
    expect(await resetRowOf(account)).toBeUndefined();
    const again = await reset(t, resetBody(account.user.phone, code, 'another-secret-8'));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(codeRefused);
  });

  it('takes the code in Arabic-Indic digits or with spaces', async () => {
    const account = await createAccount(t.db);
    const code = await requestCode(account.user.phone);
    const typed = `${code.slice(0, 3)} ${code.slice(3)}`.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const res = await reset(t, resetBody(account.user.phone, typed));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a wrong code with the Arabic message, counts the try and changes nothing else', async () => {
    const account = await createAccount(t.db);
    const code = await requestCode(account.user.phone);
    const res = await reset(t, resetBody(account.user.phone, wrongCode(code)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(codeRefused);
    expect(res.cookies).toHaveLength(0);
    expect(await resetRowOf(account)).toMatchObject({ tries: 1 });
    expect((await getMe(account.token)).statusCode).toBe(200);
    expect((await login(account.user.phone, FIXTURE_PASSWORD)).statusCode).toBe(200);
    // A wrong try does not end the code.
    expect((await reset(t, resetBody(account.user.phone, code))).statusCode).toBe(200);
  });

  it(`after ${RESET_CODE_MAX_TRIES} wrong tries refuses even the right code`, async () => {
    const account = await createAccount(t.db);
    const code = await requestCode(account.user.phone);
    for (let i = 0; i < RESET_CODE_MAX_TRIES; i++) expect((await reset(t, resetBody(account.user.phone, wrongCode(code)))).statusCode).toBe(400);
    const res = await reset(t, resetBody(account.user.phone, code));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(codeRefused);
    expect(await resetRowOf(account)).toMatchObject({ tries: RESET_CODE_MAX_TRIES });
    expect((await login(account.user.phone, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it(`lets racing guesses use no more than ${RESET_CODE_MAX_TRIES} tries`, async () => {
    const account = await createAccount(t.db);
    const code = await requestCode(account.user.phone);
    const guesses = await Promise.all(Array.from({ length: RESET_CODE_MAX_TRIES + 3 }, () => reset(t, resetBody(account.user.phone, wrongCode(code)))));
    expect(guesses.map((res) => res.statusCode)).toEqual(Array(RESET_CODE_MAX_TRIES + 3).fill(400));
    expect(await resetRowOf(account)).toMatchObject({ tries: RESET_CODE_MAX_TRIES });
    expect((await reset(t, resetBody(account.user.phone, code))).statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const account = await createAccount(t.db);
    const code = await requestCode(account.user.phone);
    await t.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, account.user.id));
    const res = await reset(t, resetBody(account.user.phone, code));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(codeRefused);
    expect((await login(account.user.phone, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it('takes only the last code: a new request replaces the earlier one and its tries', async () => {
    const account = await createAccount(t.db);
    const first = await requestCode(account.user.phone);
    expect((await reset(t, resetBody(account.user.phone, wrongCode(first)))).statusCode).toBe(400);
    let second = await requestCode(account.user.phone);
    // One chance in a million that both codes are the same: ask once more.
    if (second === first) second = await requestCode(account.user.phone);
    expect(await t.db.select().from(passwordResets).where(eq(passwordResets.userId, account.user.id))).toHaveLength(1);
    expect(await resetRowOf(account)).toMatchObject({ tries: 0 });
    const old = await reset(t, resetBody(account.user.phone, first));
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual(codeRefused);
    expect((await reset(t, resetBody(account.user.phone, second))).statusCode).toBe(200);
  });

  it('gives a phone with no account the same refusal as a wrong code', async () => {
    const res = await reset(t, resetBody(uniquePhone(), '123456'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(codeRefused);
  });

  it('gives each broken rule its Arabic message and changes nothing', async () => {
    const account = await createAccount(t.db);
    const code = await requestCode(account.user.phone);
    const cases: [Record<string, unknown>, { msg: string; path: string }][] = [
      [{ ...resetBody(account.user.phone, code), phone: '0123' }, { msg: MSG.phoneInvalid, path: 'phone' }],
      [resetBody(account.user.phone, code, '12345'), { msg: MSG.passwordTooShort, path: 'password' }],
      [{ ...resetBody(account.user.phone, code), passwordConfirm: 'something-else' }, { msg: MSG.passwordMismatch, path: 'passwordConfirm' }],
      [resetBody(account.user.phone, '12a45'), { msg: MSG.resetCodeFormat, path: 'code' }],
      [{ ...resetBody(account.user.phone, code), code: '' }, { msg: MSG.resetCodeRequired, path: 'code' }],
    ];
    for (const [body, error] of cases) {
      const res = await reset(t, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toContainEqual({ ...error, location: 'body' });
    }
    expect(await resetRowOf(account)).toMatchObject({ tries: 0 });
    const [row] = await t.db.select({ tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, account.user.id));
    expect(row!.tokenVersion).toBe(account.user.tokenVersion);
    expect((await getMe(account.token)).statusCode).toBe(200);
    expect((await login(account.user.phone, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });
});

describe('the attempt limits', () => {
  const LIMIT = 3;
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ authRateLimit: LIMIT });
  });
  afterAll(() => limited?.close());

  const expectTooMany = (res: Awaited<ReturnType<typeof forgot>>) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.tooManyAttempts });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('stop code requests for one phone from many addresses', async () => {
    const phone = uniquePhone();
    for (let i = 1; i <= LIMIT; i++) expect((await forgot(limited, { phone }, `10.20.0.${i}`)).statusCode).toBe(200);
    expectTooMany(await forgot(limited, { phone }, '10.20.0.99'));
  });

  it('stop code requests from one address for many phones', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await forgot(limited, { phone: uniquePhone() }, '10.21.0.1')).statusCode).toBe(200);
    expectTooMany(await forgot(limited, { phone: uniquePhone() }, '10.21.0.1'));
  });

  it('stop code guesses for one phone from many addresses', async () => {
    const phone = uniquePhone();
    for (let i = 1; i <= LIMIT; i++) expect((await reset(limited, resetBody(phone, '000000'), `10.22.0.${i}`)).statusCode).toBe(400);
    expectTooMany(await reset(limited, resetBody(phone, '000000'), '10.22.0.99'));
  });

  it('stop code guesses from one address for many phones, malformed ones counted too', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await reset(limited, resetBody(uniquePhone(), 'x'), '10.23.0.1')).statusCode).toBe(400);
    expectTooMany(await reset(limited, resetBody(uniquePhone(), '000000'), '10.23.0.1'));
  });
});

describe('the hourly limits on codes', () => {
  let limited: TestApp;
  beforeAll(async () => {
    // The shop's own limits on codes; the minute limit out of the way.
    limited = await createTestApp({ authRateLimit: 10_000, resetCodeLimits: DEFAULT_RESET_CODE_LIMITS });
  });
  afterAll(() => limited?.close());

  it(`send at most ${DEFAULT_RESET_CODE_LIMITS.perPhonePerHour} codes an hour to one phone, from any addresses`, async () => {
    const phone = uniquePhone();
    for (let i = 1; i <= DEFAULT_RESET_CODE_LIMITS.perPhonePerHour; i++) expect((await forgot(limited, { phone }, `10.24.0.${i}`)).statusCode).toBe(200);
    const refused = await forgot(limited, { phone }, '10.24.0.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: 'fail', message: MSG.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    // Another phone from the same address still gets its code.
    expect((await forgot(limited, { phone: uniquePhone() }, '10.24.0.99')).statusCode).toBe(200);
  });

  it(`send at most ${DEFAULT_RESET_CODE_LIMITS.perAddressPerHour} codes an hour from one address, junk phones counted`, async () => {
    for (let i = 0; i < DEFAULT_RESET_CODE_LIMITS.perAddressPerHour; i++) {
      const res = await forgot(limited, { phone: i % 2 ? uniquePhone() : `junk-${i}` }, '10.25.0.1');
      expect(res.statusCode).toBe(i % 2 ? 200 : 400);
    }
    expect((await forgot(limited, { phone: uniquePhone() }, '10.25.0.1')).statusCode).toBe(429);
    expect((await forgot(limited, { phone: uniquePhone() }, '10.25.0.2')).statusCode).toBe(200);
  });
});

describe('a shop without WhatsApp settings', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain?.close());

  it('answers the same 200 and records no message', async () => {
    const account = await createAccount(plain.db);
    const res = await forgot(plain, { phone: account.user.phone });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { phone: account.user.phone }, message: MSG.resetCodeSent });
    expect(await messagesOf(plain.db)).toHaveLength(0);
  });
});
