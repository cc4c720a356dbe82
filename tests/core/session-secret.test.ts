/**
 * The session tokens' secret lives in the database (decision 019): every process on one database
 * signs and checks tokens with the same one without any setting, JWT_SECRET when set wins, and a
 * shop whose data folder kept the secret of an earlier release keeps its shoppers logged in.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../../core/accounts/auth.ts';
import { SESSION_TOKEN_SECRET } from '../../core/shared/shop-secrets.ts';
import type { Database } from '../../db/client.ts';
import { shopSecrets } from '../../db/schema.ts';
import { buildApp } from '../../server/app.ts';
import { earlierSecretPath, readSessionSecret } from '../../server/session-secret.ts';
import { createAccount, FIXTURE_PASSWORD } from '../fixtures/factories.ts';
import { createTestDatabase } from '../helpers/database.ts';

const root = mkdtempSync(path.join(tmpdir(), 'store-session-secret-'));
/** A data folder of its own, as each process (or machine) has. */
const dataFolder = (name: string) => {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  return dir;
};
const CONFIGURED = 'a-secret-set-by-the-owner-at-least-32-characters';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

const storedSecret = async (db: Database['db']) =>
  (await db.select({ value: shopSecrets.value }).from(shopSecrets).where(eq(shopSecrets.name, SESSION_TOKEN_SECRET)))[0]?.value;

describe('two processes on one database', () => {
  const apps: FastifyInstance[] = [];
  const startApp = async (jwtSecret: string) => {
    const uploadsDir = dataFolder(`uploads-${apps.length}`);
    const app = await buildApp({ db: database.db, uploadsDir, jwtSecret, storeUrl: 'http://localhost:3000', authRateLimit: 10_000 });
    apps.push(app);
    return app;
  };
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  it('make the secret once and both get it, with no setting', async () => {
    const [first, second] = await Promise.all([
      readSessionSecret(database.db, { configured: undefined, dataDir: dataFolder('process-a') }),
      readSessionSecret(database.db, { configured: undefined, dataDir: dataFolder('process-b') }),
    ]);
    expect(first).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(second).toBe(first);
    expect(await storedSecret(database.db)).toBe(first);
    // A later start gets it again.
    expect(await readSessionSecret(database.db, { configured: undefined, dataDir: dataFolder('process-c') })).toBe(first);
  });

  it("accept each other's sessions; a process with another secret refuses them", async () => {
    const secret = await readSessionSecret(database.db, { configured: undefined, dataDir: dataFolder('process-a') });
    const [a, b, elsewhere] = await Promise.all([startApp(secret), startApp(await readSessionSecret(database.db, { configured: undefined, dataDir: dataFolder('process-b') })), startApp(CONFIGURED)]);
    const account = await createAccount(database.db);
    const login = await a.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: account.user.phone, password: FIXTURE_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${login.json().token as string}` };
    const me = await b.inject({ method: 'GET', url: '/api/v1/users/getMe', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ phone: account.user.phone });
    expect((await elsewhere.inject({ method: 'GET', url: '/api/v1/users/getMe', headers })).statusCode).toBe(401);
  });
});

describe('JWT_SECRET', () => {
  it('wins over the secret in the database', async () => {
    expect(await readSessionSecret(database.db, { configured: CONFIGURED, dataDir: dataFolder('configured') })).toBe(CONFIGURED);
    expect(await storedSecret(database.db)).not.toBe(CONFIGURED);
  });
});

describe("an earlier release's secret in the data folder", () => {
  it('is carried into a database that has none, so the sessions it signed stay valid', async () => {
    const older = await createTestDatabase();
    try {
      const dataDir = dataFolder('upgraded');
      const earlier = 'the-secret-an-earlier-release-kept-in-its-data-folder';
      writeFileSync(earlierSecretPath(dataDir), `${earlier}\n`, { mode: 0o600 });
      const account = await createAccount(older.db);
      const token = await startSession(older.db, earlier, account.user);

      const secret = await readSessionSecret(older.db, { configured: undefined, dataDir });
      expect(secret).toBe(earlier);
      expect(await storedSecret(older.db)).toBe(earlier);
      const app = await buildApp({ db: older.db, uploadsDir: dataFolder('upgraded-uploads'), jwtSecret: secret, storeUrl: 'http://localhost:3000', authRateLimit: 10_000 });
      try {
        expect((await app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
      // Another process, without the file, gets the same one from the database.
      expect(await readSessionSecret(older.db, { configured: undefined, dataDir: dataFolder('upgraded-other') })).toBe(earlier);
    } finally {
      await older.close();
    }
  });

  it('does not replace the secret the database has already', async () => {
    const stored = await storedSecret(database.db);
    const dataDir = dataFolder('late');
    writeFileSync(earlierSecretPath(dataDir), 'a-secret-from-a-folder-that-came-too-late');
    expect(await readSessionSecret(database.db, { configured: undefined, dataDir })).toBe(stored);
  });
});
