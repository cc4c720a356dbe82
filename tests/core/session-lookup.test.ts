/**
 * The pages' session lookup (app/lib/session.server.ts): a guest, an expired or ended session is
 * nobody, but a database that cannot answer is an error the page shows as such (503), never a
 * signed-in customer sent to /login as if logged out.
 */
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSessionUser } from '../../app/lib/session.server.ts';
import { endSession } from '../../core/accounts/auth.ts';
import type { Database } from '../../db/client.ts';
import { createAccount, type Account } from '../fixtures/factories.ts';
import { TEST_SECRET } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';

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
