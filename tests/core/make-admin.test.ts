/**
 * `npm run make-admin`: how a shop started without the demo gets its first admin. The script
 * runs as the owner would run it, in its own process on the shop's data folder (or, with
 * TEST_DATABASE_URL, on a PostgreSQL database of its own).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signup } from '../../core/accounts/auth.ts';
import { openDatabase } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { createPostgresDatabase } from '../../scripts/throwaway-database.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'store-make-admin-'));
const adminUrl = process.env.TEST_DATABASE_URL;
let databaseUrl = '';
let scratch: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;

beforeAll(async () => {
  if (!adminUrl) return;
  scratch = await createPostgresDatabase(adminUrl);
  databaseUrl = scratch.url;
});

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
});

/** Opens the shop's database the way the server would, runs `work` and closes it again. */
async function withShop<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, 'pglite') });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

function makeAdmin(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/make-admin.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
  });
}

const roleOf = (phone: string) => withShop(async (db) => (await db.select({ role: users.role }).from(users).where(eq(users.phone, phone)))[0]?.role);

describe('npm run make-admin', () => {
  it('makes the owner who signed up an admin, and says so again harmlessly', async () => {
    await withShop((db) => signup(db, { name: 'صاحب المتجر', phone: '01012345678', password: 'owner-password', passwordConfirm: 'owner-password' }));
    expect(await roleOf('01012345678')).toBe('user');

    const first = makeAdmin('01012345678');
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('01012345678 is now an admin');
    expect(await roleOf('01012345678')).toBe('admin');

    const again = makeAdmin('01012345678');
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('is an admin already');
    expect(await roleOf('01012345678')).toBe('admin');
  });

  it('takes a phone typed in Arabic-Indic digits', async () => {
    await withShop((db) => signup(db, { name: 'مدير ثان', phone: '01198765432', password: 'second-password', passwordConfirm: 'second-password' }));
    const result = makeAdmin('٠١١٩٨٧٦٥٤٣٢');
    expect(result.status).toBe(0);
    expect(await roleOf('01198765432')).toBe('admin');
  });

  it('refuses a phone nobody signed up with, and a malformed one, changing nothing', async () => {
    const unknown = makeAdmin('01555555555');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account with the phone 01555555555');

    const malformed = makeAdmin('12345');
    expect(malformed.status).toBe(1);
    expect(malformed.stderr).toContain('Usage: npm run make-admin');
    expect(await withShop(async (db) => (await db.select({ phone: users.phone }).from(users).where(eq(users.role, 'admin'))).map((u) => u.phone).sort())).toEqual([
      '01012345678',
      '01198765432',
    ]);
  });
});
