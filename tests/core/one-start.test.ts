/**
 * Processes started at once on one database: each migration is applied once and none of them
 * fails (PostgreSQL, under an advisory lock), and the demo shop is created once, by one of them.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { login } from '../../core/accounts/auth.ts';
import { localImageStore } from '../../core/catalogue/images.ts';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../../db/client.ts';
import { products, users } from '../../db/schema.ts';
import { createPostgresDatabase } from '../../scripts/throwaway-database.ts';
import { demoAccountsPath, seedDemoIfEmpty } from '../../seed/demo.ts';
import { onPostgres } from '../helpers/database.ts';

const root = mkdtempSync(path.join(tmpdir(), 'store-one-start-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };

describe.runIf(onPostgres)('processes migrating one new PostgreSQL database at once', () => {
  it('all start, and each migration is applied once', { timeout: 120_000 }, async () => {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const opened: Database[] = [];
    try {
      const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => openDatabase({ databaseUrl: created.url, poolSize: 2 })));
      for (const outcome of outcomes) if (outcome.status === 'fulfilled') opened.push(outcome.value);
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      const applied = (await opened[0]!.db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations order by id`)) as unknown as { rows: { hash: string }[] };
      expect(applied.rows).toHaveLength(journal.entries.length);
      expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(journal.entries.length);
      // Each process can use the database.
      for (const database of opened) expect((await database.db.select({ n: count() }).from(products))[0]!.n).toBe(0);
      // The lock is let go: a later start takes it and finds nothing to do.
      const later = await openDatabase({ databaseUrl: created.url, poolSize: 1 });
      opened.push(later);
      const again = (await later.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
      expect(again.rows[0]!.n).toBe(journal.entries.length);
    } finally {
      await Promise.all(opened.map((database) => database.close()));
      await created.drop();
    }
  });
});

/**
 * Two processes' handles on one new database: two pools on PostgreSQL; on the embedded engine,
 * which one process has, the same handle twice.
 */
async function openTwice(): Promise<{ handles: [Database, Database]; close(): Promise<void> }> {
  if (!onPostgres) {
    const database = await openDatabase({});
    return { handles: [database, database], close: () => database.close() };
  }
  const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
  const handles = await Promise.all([openDatabase({ databaseUrl: created.url }), openDatabase({ databaseUrl: created.url })]);
  return {
    handles,
    async close() {
      await Promise.all(handles.map((database) => database.close()));
      await created.drop();
    },
  };
}

describe('processes seeding one empty database at once', () => {
  let opened: Awaited<ReturnType<typeof openTwice>> | undefined;
  afterAll(() => opened?.close());

  it('create the demo shop once; the passwords are in the data folder of the one that did', { timeout: 180_000 }, async () => {
    opened = await openTwice();
    const { db } = opened.handles[0];
    const folders = ['process-a', 'process-b'].map((name) => path.join(root, name));
    const seeded = await Promise.all(
      opened.handles.map((database, i) => seedDemoIfEmpty(database.db, localImageStore(path.join(folders[i]!, 'uploads')), { dataDir: folders[i]! })),
    );
    const seeder = seeded.findIndex((credentials) => credentials !== undefined);
    expect(seeder).toBeGreaterThanOrEqual(0);
    expect(seeded.filter((credentials) => credentials === undefined)).toHaveLength(1);
    expect((await db.select({ n: count() }).from(products))[0]!.n).toBe(118);
    expect((await db.select({ n: count() }).from(users))[0]!.n).toBe(10);
    expect(folders.map((folder) => existsSync(demoAccountsPath(folder)))).toEqual(folders.map((_, i) => i === seeder));
    for (const account of seeded[seeder]!) expect((await login(db, account)).phone).toBe(account.phone);
  });

  it('leave a database with rows alone, and write no passwords', async () => {
    const { db } = opened!.handles[1];
    const dataDir = path.join(root, 'process-c');
    expect(await seedDemoIfEmpty(db, localImageStore(path.join(dataDir, 'uploads')), { dataDir })).toBeUndefined();
    expect(existsSync(demoAccountsPath(dataDir))).toBe(false);
    expect((await db.select({ n: count() }).from(products))[0]!.n).toBe(118);
  });
});
