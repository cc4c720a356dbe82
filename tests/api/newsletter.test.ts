/**
 * The mailing list's sign-ups per client address (10 a minute), through the API and the page
 * without JavaScript, counted together: past the limit a 429 with the Arabic message and
 * Retry-After, and nothing stored. Under it an address already on the list is answered as the
 * first time (201, the same body), so the answer tells nobody who subscribed.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { newsletterSubscribers } from '../../db/schema.ts';
import { DEFAULT_ADDRESS_LIMITS } from '../../server/plugins/rate-limit.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { buildWebApp } from '../helpers/web-build.ts';

const ORIGIN = 'http://localhost:3000';
const PER_MINUTE = DEFAULT_ADDRESS_LIMITS.newsletterPerMinute;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webBuildDir: await buildWebApp() });
});
afterAll(() => t.close());

const stored = async (email: string) =>
  (await t.db.select().from(newsletterSubscribers).where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase()))).length;

const viaApi = (email: unknown, remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/v1/newsletter', remoteAddress, payload: { email } });

/** The footer's form posted without JavaScript. */
const viaPage = (email: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/newsletter',
    remoteAddress,
    headers: { host: 'localhost:3000', origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-mode': 'navigate', accept: 'text/html' },
    payload: new URLSearchParams({ email }).toString(),
  });

/** The answer the page shows above the form (its role="status" line). */
const answerOn = (html: string) => html.match(/<p role="status"[^>]*>([\s\S]*?)<\/p>/)?.[1];

let sequence = 0;
const newEmail = () => `reader-${++sequence}-${Date.now()}@example.com`;

describe('sign-ups through the API', () => {
  it(`take ${PER_MINUTE} a minute from one address, malformed ones included; the next is a 429 and stores nothing`, async () => {
    const address = '10.40.0.1';
    const statuses: number[] = [];
    const kept = newEmail();
    const first = await viaApi(kept, address);
    statuses.push(first.statusCode);
    // Already on the list: the same answer as the first time, and still one row.
    const again = await viaApi(kept.toUpperCase(), address);
    statuses.push(again.statusCode);
    expect(again.body).toBe(first.body);
    expect(await stored(kept)).toBe(1);
    statuses.push((await viaApi('not-an-email', address)).statusCode);
    for (let i = 3; i < PER_MINUTE; i++) statuses.push((await viaApi(newEmail(), address)).statusCode);
    expect(statuses).toEqual([201, 201, 400, ...Array(PER_MINUTE - 3).fill(201)]);

    const refusedEmail = newEmail();
    const refused = await viaApi(refusedEmail, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: 'fail', message: MSG.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await stored(refusedEmail)).toBe(0);
    // A malformed one is refused for the rate too, before it is read.
    expect((await viaApi('not-an-email', address)).statusCode).toBe(429);

    // Another address signs up as before.
    const other = newEmail();
    expect((await viaApi(other, '10.40.0.2')).statusCode).toBe(201);
    expect(await stored(other)).toBe(1);
  });
});

describe('sign-ups through the page', () => {
  it('answer an address already on the list as the first time, and keep it once', async () => {
    const address = '10.43.0.1';
    const email = newEmail();
    const first = await viaPage(email, address);
    const again = await viaPage(email.toUpperCase(), address);
    for (const res of [first, again]) {
      expect(res.statusCode).toBe(201);
      expect(answerOn(res.body)).toBe(MSG.subscribed);
    }
    expect(await stored(email)).toBe(1);
  });

  it('refuse a malformed address with the Arabic message and store nothing', async () => {
    const res = await viaPage('not-an-email', '10.44.0.1');
    expect(res.statusCode).toBe(400);
    expect(answerOn(res.body)).toBe(MSG.emailInvalid);
    expect(await stored('not-an-email')).toBe(0);
  });

  it('past the limit answer 429 with the Arabic message and Retry-After, and store nothing', async () => {
    const address = '10.41.0.1';
    for (let i = 0; i < PER_MINUTE; i++) {
      const res = await viaPage(newEmail(), address);
      expect(res.statusCode).toBe(201);
    }
    const refusedEmail = newEmail();
    const refused = await viaPage(refusedEmail, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).toContain(MSG.tooManyAttempts);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored(refusedEmail)).toBe(0);
    // The form is offered again.
    expect(refused.body).toContain('name="email"');
  });

  it('share their count with the API, so switching doors gets no more', async () => {
    const address = '10.42.0.1';
    const half = Math.floor(PER_MINUTE / 2);
    for (let i = 0; i < half; i++) expect((await viaPage(newEmail(), address)).statusCode).toBe(201);
    for (let i = half; i < PER_MINUTE; i++) expect((await viaApi(newEmail(), address)).statusCode).toBe(201);
    const fromPage = newEmail();
    const fromApi = newEmail();
    expect((await viaPage(fromPage, address)).statusCode).toBe(429);
    expect((await viaApi(fromApi, address)).statusCode).toBe(429);
    expect(await stored(fromPage)).toBe(0);
    expect(await stored(fromApi)).toBe(0);
  });
});
