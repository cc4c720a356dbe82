import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { openDatabase, type Db } from '../../db/client.ts';
import { describeError, isDatabaseUnavailable } from '../../db/errors.ts';
import { runInQueryScope } from '../../db/query-scope.ts';
import * as schema from '../../db/schema.ts';
import { TcpForwarder } from '../../scripts/tcp-forwarder.ts';
import { createPostgresDatabase, onDatabase, type ThrowawayDatabase } from '../../scripts/throwaway-database.ts';
import { buildApp } from '../../server/app.ts';
import { TEST_SECRET } from '../helpers/app.ts';
import { createTestDatabase, onPostgres } from '../helpers/database.ts';

describe.runIf(onPostgres)('PostgreSQL dropping a connection', () => {
  const dropped: Error[] = [];
  let notify: () => void = () => {};
  const databasePromise = createTestDatabase({
    onConnectionError: (error) => {
      dropped.push(error);
      notify();
    },
  });
  afterAll(async () => (await databasePromise).close());

  async function terminate(pid: number) {
    await onDatabase(process.env.TEST_DATABASE_URL!, (admin) => admin.query('select pg_terminate_backend($1)', [pid]));
  }

  it('fails the transaction holding it, keeps the process up, and the next query gets a new connection', async () => {
    const { db } = await databasePromise;
    const reported = new Promise<void>((resolve) => (notify = resolve));
    const transaction = db.transaction(async (tx) => {
      const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
      await terminate(Number(result.rows[0]!.pid));
      // The connection is checked out here: its 'error' event arrives with no pool listener.
      await reported;
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toSatisfy(isDatabaseUnavailable);
    expect(dropped.length).toBeGreaterThan(0);
    const after = (await db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
    expect(after.rows[0]!.one).toBe(1);
  });

  it('does the same inside a request, whose query scope holds the connection: released once, no "already released" error', async () => {
    const { db } = await databasePromise;
    const reported = new Promise<void>((resolve) => (notify = resolve));
    const transaction = new Promise<void>((resolve, reject) =>
      runInQueryScope(() => {
        db.transaction(async (tx) => {
          const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
          await terminate(Number(result.rows[0]!.pid));
          await reported;
          await tx.execute(sql`select 1`);
        }).then(resolve, reject);
      }),
    );
    await expect(transaction).rejects.toSatisfy(isDatabaseUnavailable);
    const after = (await db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
    expect(after.rows[0]!.one).toBe(1);
  });
});

describe.runIf(onPostgres)('a connection that dies as a transaction begins', () => {
  it('goes back to the pool, so later transactions still find a connection', async () => {
    const database = await createTestDatabase({ poolSize: 2 });
    try {
      let sabotage = 3;
      // Cut the socket as the connection is handed out: the transaction's BEGIN is what fails.
      database.pool!.on('acquire', (client) => {
        if (sabotage-- > 0) (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      });
      for (let i = 0; i < 3; i++) {
        await expect(database.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toSatisfy(isDatabaseUnavailable);
      }
      const results = await Promise.all([1, 2, 3].map(() => database.db.transaction(async (tx) => tx.execute(sql`select 1 as one`))));
      expect(results).toHaveLength(3);
      expect(database.pool!.totalCount).toBeLessThanOrEqual(2);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(onPostgres)('PostgreSQL out of reach when the server starts', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  let scratch: ThrowawayDatabase | undefined;
  afterAll(() => scratch?.drop());

  it('is waited for: the database opens once it answers', async () => {
    scratch = await createPostgresDatabase(adminUrl, { prefix: 'store_test_wait' });
    const target = new URL(adminUrl);
    const forwarder = new TcpForwarder({ host: target.hostname, port: Number(target.port || 5432) });
    await forwarder.open();
    await forwarder.close();
    const url = new URL(scratch.url);
    url.host = `127.0.0.1:${forwarder.port}`;
    const waits: unknown[] = [];
    const database = await openDatabase({
      databaseUrl: url.toString(),
      waitForDatabaseMs: 30_000,
      onWaiting: (error) => {
        waits.push(error);
        // The database comes back after the first failed try.
        if (waits.length === 1) void forwarder.open();
      },
    });
    try {
      expect(waits.length).toBeGreaterThan(0);
      expect(waits.every(isDatabaseUnavailable)).toBe(true);
      const result = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
      expect(result.rows[0]!.one).toBe(1);
    } finally {
      await database.close();
      await forwarder.close();
    }
  });

  it('without a wait, fails at once with the cause', async () => {
    await expect(openDatabase({ databaseUrl: 'postgres://store@127.0.0.1:1/none' })).rejects.toSatisfy(isDatabaseUnavailable);
  });
});

describe('the database out of reach', () => {
  // Port 1 on the loopback refuses every connection: a database that is down.
  const pool = new pg.Pool({ connectionString: 'postgres://store@127.0.0.1:1/none', connectionTimeoutMillis: 2_000 });
  const db = drizzle(pool, { schema }) as unknown as Db;
  const appPromise = buildApp({ db, uploadsDir: '/tmp/store-unreachable-uploads', jwtSecret: TEST_SECRET, storeUrl: 'http://localhost:3000', authRateLimit: 100 });
  afterAll(async () => {
    await (await appPromise).close();
    await pool.end();
  });

  it.each([
    ['GET', '/api/v1/products'],
    ['GET', '/api/v1/categories'],
    ['POST', '/api/v1/auth/login'],
  ] as const)('%s %s answers 503 with Retry-After and the Arabic generic message', async (method, url) => {
    const app = await appPromise;
    const res = await app.inject({ method, url, payload: method === 'POST' ? { email: '01000000002', password: 'secret-1' } : undefined });
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toEqual({ status: 'error', message: MSG.serverError });
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|select|at /i);
  });
});

describe('error descriptions for logs', () => {
  it('keep the driver message and code of a failed query but never its parameters', async () => {
    const { db, close } = await createTestDatabase();
    try {
      const failure = await db.execute(sql`select ${'$argon2id$v=19$secret-hash'}::int`).catch((error: unknown) => error);
      const described = describeError(failure);
      expect(JSON.stringify(described)).not.toContain('secret-hash');
      expect(described.code).toBe('22P02');
      expect(described.message).toMatch(/integer/);
    } finally {
      await close();
    }
  });

  it("are what the server's log records for an error", async () => {
    const { db, close } = await createTestDatabase();
    const lines: string[] = [];
    const app = await buildApp({
      db,
      uploadsDir: '/tmp/store-log-uploads',
      jwtSecret: TEST_SECRET,
      storeUrl: 'http://localhost:3000',
      authRateLimit: 100,
      logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const failure = await db.execute(sql`select ${'$argon2id$v=19$secret-hash'}::int`).catch((error: unknown) => error);
      app.log.error({ err: failure }, 'request failed');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('22P02');
      expect(lines[0]).not.toContain('secret-hash');
    } finally {
      await app.close();
      await close();
    }
  });
});
