/**
 * The forgotten-password pages posted as a browser without JavaScript posts them: /login links to
 * /forgot-password, which sends the code (read here from the WhatsApp stand-in) and leads to
 * /reset-password with the same confirmation whatever the phone; the right code signs the browser
 * in and lands on the profile; refusals come back in Arabic in the form; attempts are limited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { createAccount, FIXTURE_PASSWORD, uniquePhone } from '../fixtures/factories.ts';
import { buildWebApp } from '../helpers/web-build.ts';
import { createWhatsAppTestApp, type WhatsAppTestApp } from '../helpers/whatsapp.ts';

const AUTH_LIMIT = 5;
/** Codes an hour to one phone, below the minute limit so that the hourly one is what trips. */
const CODES_PER_PHONE = 3;
const NEW_PASSWORD = 'new-secret-7';

let t: WhatsAppTestApp;
beforeAll(async () => {
  t = await createWhatsAppTestApp({
    webBuildDir: await buildWebApp(),
    authRateLimit: AUTH_LIMIT,
    resetCodeLimits: { perPhonePerHour: CODES_PER_PHONE, perAddressPerHour: 10_000 },
  });
});
afterAll(() => t?.close());

/** Each post comes from an address of its own unless told, so the limit test alone trips the limit. */
let addresses = 0;
function formPost(url: string, fields: Record<string, string>, remoteAddress = `10.30.0.${++addresses}`) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: {
      host: new URL(t.storeUrl).host,
      origin: t.storeUrl,
      referer: `${t.storeUrl}${url}`,
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-mode': 'navigate',
      accept: 'text/html',
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: { host: new URL(t.storeUrl).host, ...(cookie && { cookie }) } });

/** The page's own part, without the layout around it (whose nonces differ from answer to answer). */
const mainOf = (html: string) => html.match(/<main[^>]*>[\s\S]*<\/main>/)?.[0] ?? '';

const alertsOf = (html: string) => [...html.matchAll(/<p role="(?:alert|status)"[^>]*>([^<]*)<\/p>/g)].map((m) => m[1]);

/** The `token` cookie a response sets, as `token=<value>`. */
function tokenCookieOf(res: Awaited<ReturnType<typeof formPost>>): string | undefined {
  const cookie = res.cookies.find((c) => c.name === 'token');
  return cookie ? `token=${cookie.value}` : undefined;
}

/** The last code the stand-in received for the phone. */
async function codeSentTo(phone: string): Promise<string> {
  await t.sendNow();
  const message = t.standIn.sent.filter((m) => m.to === `+2${phone}`).at(-1);
  const value = message?.template.components.find((c) => c.type === 'body')?.parameters[0];
  expect(value && 'text' in value ? value.text : undefined).toMatch(/^[0-9]{6}$/);
  return (value as { text: string }).text;
}

const resetPage = (phone: string) => `/reset-password?phone=${phone}&sent=1`;

describe('the login page', () => {
  it('links to the forgotten-password page', async () => {
    const res = await get('/login');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<a[^>]*href="\/forgot-password"[^>]*>نسيت كلمة المرور؟<\/a>/);
  });
});

describe('/forgot-password', () => {
  it('asks for the phone in a plain form', async () => {
    const res = await get('/forgot-password');
    expect(res.statusCode).toBe(200);
    expect(mainOf(res.body)).toMatch(/<form[^>]*method="post"/);
    expect(res.body).toMatch(/<input[^>]*type="tel"[^>]*dir="ltr"[^>]*name="phone"/);
  });

  it('sends a known phone a code and an unknown one nothing, leading both to the same confirmation', async () => {
    const account = await createAccount(t.db);
    const known = await formPost('/forgot-password', { phone: account.user.phone });
    expect(known.statusCode, known.body).toBe(302);
    expect(known.headers.location).toBe(resetPage(account.user.phone));
    await codeSentTo(account.user.phone);

    const phone = uniquePhone();
    const unknown = await formPost('/forgot-password', { phone });
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe(resetPage(phone));
    await t.sendNow();
    expect(t.standIn.sent.some((m) => m.to === `+2${phone}`)).toBe(false);

    const [knownPage, unknownPage] = await Promise.all([get(known.headers.location as string), get(unknown.headers.location as string)]);
    expect(alertsOf(knownPage.body)).toEqual([MSG.resetCodeSent]);
    expect(alertsOf(unknownPage.body)).toEqual([MSG.resetCodeSent]);
    expect(mainOf(knownPage.body).replaceAll(account.user.phone, 'PHONE')).toBe(mainOf(unknownPage.body).replaceAll(phone, 'PHONE'));
  });

  it('answers a malformed phone in Arabic beside the field, the phone kept, and sends nothing', async () => {
    const sentBefore = t.standIn.sent.length;
    const res = await formPost('/forgot-password', { phone: '0123' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(MSG.phoneInvalid);
    expect(res.body).toMatch(/<input[^>]*aria-invalid="true"[^>]*value="0123"/);
    await t.sendNow();
    expect(t.standIn.sent).toHaveLength(sentBefore);
  });
});

describe('/reset-password', () => {
  it('asks for the code as digits typed left to right, filled in by the phone from the message', async () => {
    const res = await get(resetPage('01012345678'));
    expect(res.statusCode).toBe(200);
    const input = res.body.match(/<input[^>]*name="code"[^>]*>/)?.[0];
    // React writes the attributes camel-cased; HTML reads attribute names in any case.
    expect(input).toMatch(/ inputmode="numeric"/i);
    expect(input).toMatch(/ autocomplete="one-time-code"/i);
    expect(input).toContain(' dir="ltr"');
    expect(res.body).toMatch(/<input[^>]*name="phone"[^>]*value="01012345678"/);
  });

  it('with the right code signs the browser in, ends the other sessions and lands on the profile', async () => {
    const account = await createAccount(t.db, 'user', 'سلمى نسيت كلمتها');
    expect((await formPost('/forgot-password', { phone: account.user.phone })).statusCode).toBe(302);
    const code = await codeSentTo(account.user.phone);

    const res = await formPost('/reset-password', { phone: account.user.phone, code, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/profile');
    const cookie = tokenCookieOf(res);
    expect(cookie).toBeDefined();
    const profile = await get('/profile', cookie);
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain('سلمى نسيت كلمتها');
    // The session from before the reset no longer signs anyone in.
    const old = await get('/profile', `token=${account.token}`);
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe('/login');
    expect((await formPost('/login', { phone: account.user.phone, password: FIXTURE_PASSWORD })).statusCode).toBe(401);
    expect((await formPost('/login', { phone: account.user.phone, password: NEW_PASSWORD })).statusCode).toBe(302);
  });

  it('answers a wrong code and a short password in Arabic in the form, the phone and code kept', async () => {
    const account = await createAccount(t.db);
    expect((await formPost('/forgot-password', { phone: account.user.phone })).statusCode).toBe(302);
    const code = await codeSentTo(account.user.phone);
    const wrong = code === '000000' ? '111111' : '000000';

    const refused = await formPost('/reset-password', { phone: account.user.phone, code: wrong, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(MSG.resetCodeInvalid);
    expect(refused.body).toMatch(new RegExp(`<input[^>]*aria-invalid="true"[^>]*name="code"[^>]*value="${wrong}"`));
    expect(refused.body).toMatch(new RegExp(`<input[^>]*name="phone"[^>]*value="${account.user.phone}"`));
    expect(tokenCookieOf(refused)).toBeUndefined();

    const short = await formPost('/reset-password', { phone: account.user.phone, code, password: '123', passwordConfirm: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain(MSG.passwordTooShort);
    // Neither used the code up: it still works.
    const res = await formPost('/reset-password', { phone: account.user.phone, code, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD });
    expect(res.statusCode).toBe(302);
  });

  it('links back to ask for a new code for the same phone', async () => {
    const res = await get(resetPage('01012345678'));
    expect(res.body).toContain('href="/forgot-password?phone=01012345678"');
    const form = await get('/forgot-password?phone=01012345678');
    expect(form.body).toMatch(/<input[^>]*name="phone"[^>]*value="01012345678"/);
  });
});

describe('the attempt limit on the pages', () => {
  it('answers 429 with the Arabic message and Retry-After once it trips, on both pages', async () => {
    const address = '10.31.0.1';
    for (let i = 0; i < AUTH_LIMIT; i++) expect((await formPost('/forgot-password', { phone: uniquePhone() }, address)).statusCode).toBe(302);
    const asked = await formPost('/forgot-password', { phone: uniquePhone() }, address);
    expect(asked.statusCode).toBe(429);
    expect(asked.body).toContain(MSG.tooManyAttempts);
    expect(Number(asked.headers['retry-after'])).toBeGreaterThan(0);

    const phone = uniquePhone();
    const guess = (i: number) => formPost('/reset-password', { phone, code: '000000', password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD }, `10.32.0.${i}`);
    for (let i = 1; i <= AUTH_LIMIT; i++) expect((await guess(i)).statusCode).toBe(400);
    const guessed = await guess(99);
    expect(guessed.statusCode).toBe(429);
    expect(guessed.body).toContain(MSG.tooManyAttempts);
    expect(Number(guessed.headers['retry-after'])).toBeGreaterThan(0);
  });
  it('stops codes to one phone past the hourly limit, whatever the address, and sends no more', async () => {
    const account = await createAccount(t.db, 'user', 'هدى سامي');
    const phone = account.user.phone;
    for (let i = 0; i < CODES_PER_PHONE; i++) expect((await formPost('/forgot-password', { phone })).statusCode).toBe(302);
    await t.sendNow();
    const sent = t.standIn.sent.filter((m) => m.to === `+2${phone}`).length;
    expect(sent).toBe(CODES_PER_PHONE);
    const refused = await formPost('/forgot-password', { phone });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain(MSG.tooManyAttempts);
    // An hour's window: the wait said is more than the minute limit's.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    await t.sendNow();
    expect(t.standIn.sent.filter((m) => m.to === `+2${phone}`).length).toBe(sent);
  });
});
