/**
 * The pages' session lookup (app/lib/session.server.ts): a guest, an expired or ended session is
 * nobody, but a database that cannot answer is an error the page shows as such (503), never a
 * signed-in customer sent to /login as if logged out.
 */
import type { AppLoadContext } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { getSessionUser, getSessionUserWith } from '../../app/lib/session.server.ts';
import { authenticate, endSession } from '../../core/accounts/auth.ts';
import { addToCart, cartLinesOf } from '../../core/checkout/cart.ts';
import { addToWishlist, inWishlistOf } from '../../core/checkout/wishlist.ts';
import { sessions } from '../../db/schema.ts';
import type { Database } from '../../db/client.ts';
import { createAccount, createProductFixture, type Account } from '../fixtures/factories.ts';
import { TEST_SECRET } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { localImageStore } from '../../core/catalogue/images.ts';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

let database: Database;
let account: Account;
beforeAll(async () => {
  database = await createTestDatabase();
  account = await createAccount(database.db);
});
afterAll(() => database.close());

const contextOf = (db: Database['db']) => ({ db, jwtSecret: TEST_SECRET, secureCookies: false }) as unknown as AppLoadContext;
const requestWith = (token?: string) => new Request('http://localhost/profile', { headers: token ? { cookie: `token=${token}` } : {} });

describe('getSessionUser', () => {
  it('finds the signed-in customer', async () => {
    expect((await getSessionUser(requestWith(account.token), contextOf(database.db)))?.id).toBe(account.user.id);
  });

  it('is nobody for a guest, a forged token, or an ended session', async () => {
    expect(await getSessionUser(requestWith(), contextOf(database.db))).toBeNull();
    expect(await getSessionUser(requestWith('not-a-token'), contextOf(database.db))).toBeNull();
    const ended = await createAccount(database.db);
    await endSession(database.db, TEST_SECRET, ended.token);
    expect(await getSessionUser(requestWith(ended.token), contextOf(database.db))).toBeNull();
  });

  it('throws the failure on when the database cannot answer, instead of taking the customer for a guest', async () => {
    const failing = new Proxy(database.db, {
      get(target, key, receiver) {
        if (key === 'select') throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    await expect(getSessionUser(requestWith(account.token), contextOf(failing))).rejects.toThrow('connection refused');
  });
});

describe('getSessionUserWith (a kept page\'s shopper parts)', () => {
  it('reads the user, the cart\'s lines and the heart in one statement, and nobody as getSessionUser does', async () => {
    const images = localImageStore(await mkdtemp(path.join(tmpdir(), 'store-session-lookup-')));
    const [kept, other] = [await createProductFixture(database.db, images), await createProductFixture(database.db, images)];
    const shopper = await createAccount(database.db);
    await addToCart(database.db, shopper.user.id, { productId: kept.id, size: 'm' });
    await addToCart(database.db, shopper.user.id, { productId: other.id, size: 'l' });
    await addToWishlist(database.db, shopper.user.id, kept.id);
    const read = (productId: string) => (userId: Parameters<typeof cartLinesOf>[0]) => ({ lines: cartLinesOf(userId), hearted: inWishlistOf(userId, productId) });

    const found = await getSessionUserWith(requestWith(shopper.token), contextOf(database.db), read(kept.id));
    expect(found?.user.id).toBe(shopper.user.id);
    expect(found?.read).toEqual({ lines: 2, hearted: true });
    expect((await getSessionUserWith(requestWith(shopper.token), contextOf(database.db), read(other.id)))?.read).toEqual({ lines: 2, hearted: false });
    expect((await getSessionUserWith(requestWith(account.token), contextOf(database.db), () => ({ one: sql<number>`1` })))?.read).toEqual({ one: 1 });

    expect(await getSessionUserWith(requestWith(), contextOf(database.db), read(kept.id))).toBeNull();
    expect(await getSessionUserWith(requestWith('not-a-token'), contextOf(database.db), read(kept.id))).toBeNull();
    await endSession(database.db, TEST_SECRET, shopper.token);
    expect(await getSessionUserWith(requestWith(shopper.token), contextOf(database.db), read(kept.id))).toBeNull();
  });
});

describe('tokens whose signature was checked before', () => {
  afterEach(() => vi.useRealTimers());

  it('are refused once they expire, even while their session row lives on', async () => {
    const shopper = await createAccount(database.db);
    expect((await authenticate(database.db, TEST_SECRET, shopper.token)).id).toBe(shopper.user.id);
    await database.db.update(sessions).set({ expiresAt: new Date(Date.now() + 400 * 24 * 3600 * 1000) }).where(sql`${sessions.userId} = ${shopper.user.id}`);
    vi.useFakeTimers({ now: Date.now() + 31 * 24 * 3600 * 1000, toFake: ['Date'] });
    await expect(authenticate(database.db, TEST_SECRET, shopper.token)).rejects.toMatchObject({ status: 401 });
  });

  it('are told from a token with another signature, and from the same token under another secret', async () => {
    const shopper = await createAccount(database.db);
    expect((await authenticate(database.db, TEST_SECRET, shopper.token)).id).toBe(shopper.user.id);
    const forged = `${shopper.token.slice(0, -2)}${shopper.token.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(authenticate(database.db, TEST_SECRET, forged)).rejects.toMatchObject({ status: 401 });
    await expect(authenticate(database.db, `${TEST_SECRET}-another`, shopper.token)).rejects.toMatchObject({ status: 401 });
  });
});
