/**
 * Opens the database: embedded PGlite in a folder (or in memory) by default, PostgreSQL
 * through a pool when a URL is given. Both run the same migrations and the same queries.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { isDatabaseUnavailable } from './errors.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** The embedded instance, for dumps and checkpoints; absent on PostgreSQL. */
  pglite?: PGlite;
  /** PostgreSQL's connection pool; absent on the embedded engine. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** PostgreSQL connection string; without it the embedded engine is used. */
  databaseUrl?: string;
  /** Folder of the embedded database; without it the database lives in memory. */
  dataDir?: string;
  poolSize?: number;
  /** Told when PostgreSQL drops a pooled connection, idle or in use. */
  onConnectionError?: (error: Error) => void;
  /**
   * How long to keep trying while PostgreSQL is out of reach at start (a server started
   * together with its database, or during a failover); 0 gives up at once.
   */
  waitForDatabaseMs?: number;
  /** Told of each failed try while waiting, with the seconds until the next. */
  onWaiting?: (error: unknown, retryInSeconds: number) => void;
}

const RETRY_EVERY_MS = 2_000;

/** How long a request waits for a pooled connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5_000;

/** Opens and migrates the database. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // A connection the server drops (a restart, a failover, pg_terminate_backend) emits 'error';
    // an EventEmitter error nobody listens to ends the process. The pool listens only while a
    // connection is idle, so every connection gets a listener of its own for the time it is
    // checked out (inside a transaction, say). The query in flight fails on its own, the broken
    // connection is discarded on release, and the next query opens a new one.
    const report = (error: Error) => options.onConnectionError?.(error);
    pool.on('error', report);
    // Drizzle's transaction sends BEGIN before the try whose finally releases the connection
    // (drizzle-orm 0.45), so a connection that dies at BEGIN would never go back: enough of
    // those and every request waits for a connection that never comes. A connection that dies
    // while checked out is therefore handed back at once, marked broken so the pool discards
    // it; the holder's own release, if it comes, does nothing.
    const checkedOut = new WeakSet<pg.PoolClient>();
    pool.on('acquire', (client) => checkedOut.add(client));
    pool.on('release', (_error, client) => checkedOut.delete(client));
    pool.on('connect', (client) =>
      client.on('error', (error) => {
        report(error);
        if (!checkedOut.has(client)) return;
        const release = client.release;
        client.release = () => {};
        release(error);
      }),
    );
    // numeric columns arrive as text; drizzle maps them. Keep bigint counts as numbers.
    pg.types.setTypeParser(20, (v) => Number(v));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const giveUpAt = Date.now() + (options.waitForDatabaseMs ?? 0);
    for (;;) {
      try {
        await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR });
        break;
      } catch (error) {
        if (!isDatabaseUnavailable(error) || Date.now() + RETRY_EVERY_MS > giveUpAt) {
          await pool.end();
          throw error;
        }
        options.onWaiting?.(error, RETRY_EVERY_MS / 1000);
        await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
      }
    }
    return { db, engine: 'postgres', pool, close: () => pool.end() };
  }
  const client = await PGlite.create(options.dataDir ?? 'memory://', { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    engine: 'pglite',
    pglite: client,
    async close() {
      if (client.closed) return;
      await client.exec('CHECKPOINT');
      await client.close();
    },
  };
}
