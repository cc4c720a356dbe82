/**
 * A fresh, migrated database per test file: embedded PGlite in memory by default, or a
 * new PostgreSQL database created under TEST_DATABASE_URL and dropped afterwards. Each is a
 * copy of the one database tests/helpers/migrated-database.ts migrated before the run.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type Db, type OpenOptions } from '../../db/client.ts';
import { EMBEDDED_OPTIONS } from '../../db/embedded.ts';
import { createPostgresDatabase } from '../../scripts/throwaway-database.ts';

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export async function createTestDatabase(
  options: Pick<OpenOptions, 'onConnectionError' | 'poolSize' | 'statementTimeoutMs' | 'catalogue'> = {},
): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const migrated = inject('migratedDatabase');
  if (!url) return openDatabase({ embeddedSnapshot: new Blob([await readFile(migrated)]) });
  const created = await createPostgresDatabase(url, { template: migrated });
  const database = await openDatabase({ databaseUrl: created.url, poolSize: 25, ...options });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/** A database an older release left behind, to be opened by this one. */
export interface OlderDatabase {
  /** Raw SQL only: db/schema.ts describes the newer tables. */
  db: Db;
  /** Closes it and opens it as the server does (openDatabase), which runs the migrations since. */
  upgrade(): Promise<Database>;
  /** Closes whatever is open and removes the database. */
  close(): Promise<void>;
}

/**
 * A new database migrated only by the migrations in `migrationsFolder` (the ones an older release
 * shipped): on disk for PGlite, so it can be opened again, or a new PostgreSQL database.
 */
export async function createOlderDatabase(migrationsFolder: string): Promise<OlderDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  let upgraded: Database | undefined;
  if (url) {
    const created = await createPostgresDatabase(url);
    const pool = new pg.Pool({ connectionString: created.url, max: 2 });
    let poolOpen = true;
    const endPool = async () => {
      if (poolOpen) await pool.end();
      poolOpen = false;
    };
    const db = drizzlePg(pool) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return {
      db,
      async upgrade() {
        await endPool();
        upgraded = await openDatabase({ databaseUrl: created.url });
        return upgraded;
      },
      async close() {
        await endPool();
        await upgraded?.close();
        await created.drop();
      },
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'store-older-'));
  const client = await PGlite.create(dataDir, EMBEDDED_OPTIONS);
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db: drizzlePglite(client) as unknown as Db,
    async upgrade() {
      await client.close();
      upgraded = await openDatabase({ dataDir });
      return upgraded;
    },
    async close() {
      if (!client.closed) await client.close();
      await upgraded?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
