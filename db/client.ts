/**
 * Opens the database: embedded PGlite in a folder (or in memory) by default, PostgreSQL
 * through a pool when a URL is given. Both run the same migrations and the same queries.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { EMBEDDED_OPTIONS } from './embedded.ts';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DatabaseUnreachableError, isDatabaseUnavailable } from './errors.ts';
import { trackConnections } from './query-scope.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** The embedded instance, for dumps and checkpoints; absent on PostgreSQL. */
  pglite?: PGlite;
  /** PostgreSQL's connection pool; absent on the embedded engine. */
  pool?: pg.Pool;
  /** The public catalogue reads' database: their own pool when `catalogue` is set, else `db`. */
  catalogueDb: Db;
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
  /** PostgreSQL ends a statement of the main pool running longer than this; unset: no limit (maintenance scripts). */
  statementTimeoutMs?: number;
  /**
   * A pool of its own for the public catalogue reads (lists, search, a product, categories),
   * so they can never take every connection: `poolSize` connections, `waitMs` at most to get
   * one (then 503), `statementTimeoutMs` per statement. Unset: they share the main pool.
   */
  catalogue?: { poolSize: number; waitMs: number; statementTimeoutMs: number };
  /**
   * An embedded database to start from instead of an empty one (PGlite's `dumpDataDir`): the
   * tests copy one migrated database rather than creating and migrating one per file.
   */
  embeddedSnapshot?: Blob;
}

const RETRY_EVERY_MS = 2_000;

/** How long a request waits for a pooled connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5_000;

type Connect = (callback?: (error: Error | undefined, client?: pg.PoolClient, done?: unknown) => void) => Promise<pg.PoolClient> | void;

/**
 * Makes every failure of `pool` to hand out a connection a DatabaseUnreachableError with the
 * driver's error as its cause: opening one refused, timed out or turned down by the server, none
 * free in time, the pool ended. Both of pg-pool's forms are covered: the promise (transactions)
 * and the callback, which its `query` uses.
 */
function markConnectFailures(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as Connect;
  const mark = (error: Error) =>
    // The shop's own refusals (DatabaseBusyError) keep their meaning; a failure is marked once.
    error.name === 'DatabaseBusyError' || error.name === 'DatabaseUnreachableError' ? error : new DatabaseUnreachableError(error);
  (pool as unknown as { connect: Connect }).connect = (callback) => {
    if (callback) return connect((error, client, done) => callback(error ? mark(error) : undefined, client, done));
    return (connect() as Promise<pg.PoolClient>).catch((error: Error) => {
      throw mark(error);
    });
  };
}

/** A pool of PostgreSQL connections whose dropped connections never end the process. */
function createPool(
  options: OpenOptions,
  settings: { max: number; connectionTimeoutMillis: number; statementTimeoutMs?: number },
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: settings.max,
    connectionTimeoutMillis: settings.connectionTimeoutMillis,
    // PostgreSQL itself ends a statement running longer (SQLSTATE 57014); 0 or unset: no limit.
    ...(settings.statementTimeoutMs ? { statement_timeout: settings.statementTimeoutMs } : {}),
  });
  // A connection the server drops (a restart, a failover, pg_terminate_backend) emits 'error';
  // an EventEmitter error nobody listens to ends the process. The pool listens only while a
  // connection is idle, so every connection gets a listener of its own for the time it is
  // checked out (inside a transaction, say). The query in flight fails on its own, the broken
  // connection is discarded on release, and the next query opens a new one.
  const report = (error: Error) => options.onConnectionError?.(error);
  pool.on('error', report);
  // A connection that cannot be had is the database out of reach (503), whatever the server
  // said: only a statement that ran is read by its SQLSTATE. Marked beneath the query scope, so
  // the scope's refusal of a client that left stays a DatabaseBusyError.
  markConnectFailures(pool);
  // A request whose client leaves has its statements cancelled (db/query-scope.ts).
  trackConnections(pool, options.databaseUrl!);
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
  return pool;
}

/**
 * The session-level advisory lock the processes migrating one PostgreSQL database take in turn
 * (any fixed number would do; the demo seed's is SEED_LOCK in seed/demo.ts).
 */
export const MIGRATION_LOCK = 720_240_001;

/**
 * Applies the migrations holding MIGRATION_LOCK on one connection, so processes started at once
 * on one database apply each migration once: the first applies them, the others wait, then find
 * them applied. Without it they race to create Drizzle's own table and apply the same migration
 * twice, and all but one crash. The lock goes with the connection if the process dies.
 */
async function migrateAlone(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let failure: unknown;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch((error: unknown) => (failure ??= error));
    }
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    // A connection that failed is discarded, and the lock with it.
    client.release(failure instanceof Error ? failure : undefined);
  }
}

/** Opens and migrates the database. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    // numeric columns arrive as text; drizzle maps them. Keep bigint counts as numbers.
    pg.types.setTypeParser(20, (v) => Number(v));
    // Migrations run on a connection of their own, without the statement time limit: rewriting
    // a large table may well take longer than any request should.
    const migrations = createPool(options, { max: 1, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    const giveUpAt = Date.now() + (options.waitForDatabaseMs ?? 0);
    try {
      for (;;) {
        try {
          await migrateAlone(migrations);
          break;
        } catch (error) {
          if (!isDatabaseUnavailable(error) || Date.now() + RETRY_EVERY_MS > giveUpAt) throw error;
          options.onWaiting?.(error, RETRY_EVERY_MS / 1000);
          await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
        }
      }
    } finally {
      await migrations.end();
    }
    const pool = createPool(options, { max: options.poolSize ?? 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, statementTimeoutMs: options.statementTimeoutMs });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const reads = options.catalogue;
    const cataloguePool = reads
      ? createPool(options, { max: reads.poolSize, connectionTimeoutMillis: reads.waitMs, statementTimeoutMs: reads.statementTimeoutMs })
      : undefined;
    const catalogueDb = cataloguePool ? (drizzlePg(cataloguePool, { schema }) as unknown as Db) : db;
    return {
      db,
      catalogueDb,
      engine: 'postgres',
      pool,
      close: async () => {
        await Promise.all([pool.end(), cataloguePool?.end()]);
      },
    };
  }
  const client = await PGlite.create(options.dataDir ?? 'memory://', { ...EMBEDDED_OPTIONS, ...(options.embeddedSnapshot && { loadDataDir: options.embeddedSnapshot }) });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    // One connection, in the process: nothing to share out, and no statement timeout (README).
    catalogueDb: db,
    engine: 'pglite',
    pglite: client,
    async close() {
      if (client.closed) return;
      await client.exec('CHECKPOINT');
      await client.close();
    },
  };
}
