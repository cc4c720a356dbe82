/**
 * A fresh, migrated database per test file: embedded PGlite in memory by default, or a
 * new PostgreSQL database created under TEST_DATABASE_URL and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type OpenOptions } from '../../db/client.ts';

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export async function createTestDatabase(options: Pick<OpenOptions, 'onConnectionError' | 'poolSize'> = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({});
  const name = `store_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 25, ...options });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
