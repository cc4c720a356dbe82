/**
 * A connection the database will not give is the database out of reach: the API answers 503
 * with Retry-After and the generic message, whatever PostgreSQL said when it turned the
 * connection down. An error of a statement that ran keeps the meaning of its SQLSTATE.
 */
import { DrizzleQueryError, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { DatabaseUnreachableError, describeError, isDatabaseBusy, isDatabaseUnavailable } from '../../db/errors.ts';
import { abandonQueryScope, runInQueryScope } from '../../db/query-scope.ts';
import { createPostgresDatabase, onDatabase, type ThrowawayDatabase } from '../../scripts/throwaway-database.ts';
import { buildApp } from '../../server/app.ts';
import { TEST_SECRET } from '../helpers/app.ts';
import { createTestDatabase, onPostgres } from '../helpers/database.ts';

/** The driver's error of a statement that failed, drizzle's wrapper removed. */
function driverError(error: unknown): Error & { code?: string } {
  let e = error as Error & { code?: string };
  while (!e.code && e.cause instanceof Error) e = e.cause;
  return e;
}

describe('errors of a statement that ran, and the same errors when connecting', () => {
  const databasePromise = createTestDatabase();
  afterAll(async () => (await databasePromise).close());

  it('a duplicate key (23505) or a missing table (42P01) is not the database out of reach, unless raised while connecting', async () => {
    const { db } = await databasePromise;
    await db.execute(sql`create table connect_failures_keys (id int primary key)`);
    await db.execute(sql`insert into connect_failures_keys values (1)`);
    const duplicate = await db.execute(sql`insert into connect_failures_keys values (1)`).catch((error: unknown) => error);
    const missing = await db.execute(sql`select * from connect_failures_missing`).catch((error: unknown) => error);
    for (const [failure, code] of [
      [duplicate, '23505'],
      [missing, '42P01'],
    ] as const) {
      expect(driverError(failure).code).toBe(code);
      expect(isDatabaseUnavailable(failure)).toBe(false);
      // The same driver error, raised while a connection was being had: through a pool's query
      // (drizzle's wrapper around it) and through a transaction's checkout (no wrapper).
      const atConnect = new DatabaseUnreachableError(driverError(failure));
      expect(isDatabaseUnavailable(atConnect)).toBe(true);
      expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], atConnect))).toBe(true);
      expect(isDatabaseBusy(atConnect)).toBe(false);
    }
  });

  it('the codes a server gives when it turns a connection down are read only when raised while connecting', () => {
    for (const [code, message] of [
      ['28P01', 'password authentication failed for user "store"'],
      ['28000', 'role "store" is not permitted to log in'],
      ['55000', 'database "store" is not currently accepting connections'],
      ['3D000', 'database "store" does not exist'],
    ]) {
      const error = Object.assign(new pg.DatabaseError(message!, 0, 'error'), { code, severity: 'FATAL' });
      expect(isDatabaseUnavailable(error)).toBe(false);
      const atConnect = new DrizzleQueryError('select "id" from "products" where "id" = $1', ['secret-parameter'], new DatabaseUnreachableError(error));
      expect(isDatabaseUnavailable(atConnect)).toBe(true);
      // Logs get the driver's message and code, never the query's parameters.
      for (const failure of [atConnect, atConnect.cause!]) {
        const described = describeError(failure);
        expect(described).toMatchObject({ code });
        expect(described.message).toContain(message);
        expect(JSON.stringify(described)).not.toContain('secret-parameter');
      }
    }
  });
});

describe.runIf(onPostgres)('PostgreSQL turning connections down', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const role = `store_test_role_${process.pid}`;
  const password = 'first-password';
  let scratch: ThrowawayDatabase | undefined;
  /** The test database's name, once beforeAll has made it. */
  let name = '';
  const admin = (statement: string, values?: unknown[]) => onDatabase(adminUrl, (client) => client.query(statement, values));
  const urlFor = (user: string, secret: string, database = name) => {
    const url = new URL(adminUrl);
    url.username = user;
    url.password = secret;
    url.pathname = `/${database}`;
    return url.toString();
  };

  let database: Database;
  let app: FastifyInstance;
  const logged: string[] = [];

  beforeAll(async () => {
    await admin(`create role ${role} login password '${password}'`);
    scratch = await createPostgresDatabase(adminUrl, { prefix: 'store_test_connect', owner: role });
    name = scratch.name;
    database = await openDatabase({ databaseUrl: urlFor(role, password), poolSize: 5 });
    app = await buildApp({
      db: database.db,
      catalogueDb: database.catalogueDb,
      uploadsDir: '/tmp/store-connect-failures-uploads',
      jwtSecret: TEST_SECRET,
      storeUrl: 'http://localhost:3000',
      authRateLimit: 10_000,
      // Every catalogue read goes to the database: nothing is answered from the process's copies.
      catalogueCache: { ttlMs: 0 },
      logger: { level: 'warn', stream: { write: (line: string) => logged.push(line) } },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await admin(`alter database ${name} with allow_connections true`).catch(() => {});
    await scratch?.drop();
    await admin(`drop role if exists ${role}`);
  });

  /** Ends every connection to the test database and waits until the app's pool holds none. */
  async function dropConnections() {
    await admin('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    for (let i = 0; database.pool!.totalCount > 0; i++) {
      if (i > 100) throw new Error('the pool kept its connections');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Each request is answered 503 with Retry-After and the generic message; the log names the server's refusal. */
  async function expectUnavailable(code: string, reason: RegExp) {
    logged.length = 0;
    for (const [method, url] of [
      ['GET', '/api/v1/products'],
      ['GET', '/api/v1/categories'],
      ['POST', '/api/v1/auth/login'],
    ] as const) {
      const res = await app.inject({ method, url, payload: method === 'POST' ? { email: '01000000002', password: 'secret-1' } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toEqual({ status: 'error', message: MSG.serverError });
      expect(res.body).not.toMatch(/select|127\.0\.0\.1|store_test|\bat \w|connection|28P01|28000|55000|3D000|53300/i);
    }
    const warnings = logged.map((line) => JSON.parse(line) as { msg: string; err?: { code?: string; message?: string } });
    expect(warnings.length).toBeGreaterThanOrEqual(3);
    for (const warning of warnings) {
      expect(warning.msg).toBe('database unavailable');
      expect(warning.err?.code).toBe(code);
      expect(warning.err?.message).toMatch(reason);
    }
  }

  /** The shop answers from the database again. */
  async function expectServing() {
    const res = await app.inject({ method: 'GET', url: '/api/v1/categories' });
    expect(res.statusCode).toBe(200);
  }

  it('answers normally to begin with', async () => {
    await expectServing();
  });

  it('a database that does not allow connections (55000) is a 503 with Retry-After', async () => {
    await admin(`alter database ${name} with allow_connections false`);
    try {
      await dropConnections();
      await expectUnavailable('55000', /not currently accepting connections/);
    } finally {
      await admin(`alter database ${name} with allow_connections true`);
    }
    await expectServing();
  });

  it('a role that may no longer log in (28000) is a 503 with Retry-After', async () => {
    await admin(`alter role ${role} nologin`);
    try {
      await dropConnections();
      await expectUnavailable('28000', /not permitted to log in/);
    } finally {
      await admin(`alter role ${role} login`);
    }
    await expectServing();
  });

  it('a password changed under the shop (28P01) is a 503 with Retry-After', async (context) => {
    await admin(`alter role ${role} password 'second-password'`);
    try {
      await dropConnections();
      // A server that trusts connections from this host checks no password: nothing to see.
      const probe = new pg.Client({ connectionString: urlFor(role, password) });
      const trusted = await probe.connect().then(
        () => true,
        () => false,
      );
      await probe.end();
      if (trusted) {
        context.skip();
        return;
      }
      await expectUnavailable('28P01', /password authentication failed/);
    } finally {
      await admin(`alter role ${role} password '${password}'`);
    }
    await expectServing();
  });

  it('too many connections for the role (53300) is a 503 with Retry-After', async () => {
    await admin(`alter role ${role} connection limit 0`);
    try {
      await dropConnections();
      await expectUnavailable('53300', /too many connections/);
    } finally {
      await admin(`alter role ${role} connection limit -1`);
    }
    await expectServing();
  });

  it('a database that is not there (3D000) is a 503 with Retry-After', async () => {
    const renamed = `${name}_away`;
    await admin(`alter database ${name} with allow_connections false`);
    await dropConnections();
    await admin(`alter database ${name} rename to ${renamed}`);
    try {
      await admin(`alter database ${renamed} with allow_connections true`);
      await expectUnavailable('3D000', /does not exist/);
    } finally {
      await admin(`alter database ${renamed} rename to ${name}`);
    }
    await expectServing();
  });

  it('a request whose client left is still turned away as busy, not as the database out of reach', async () => {
    const refused = await new Promise<unknown>((resolve) =>
      runInQueryScope((scope) => {
        abandonQueryScope(scope);
        database.db.execute(sql`select 1`).then(resolve, resolve);
      }),
    );
    expect(isDatabaseBusy(refused)).toBe(true);
    expect(isDatabaseUnavailable(refused)).toBe(false);
    await expectServing();
  });

  it('at start, a database that is not there is waited for, then fails with the reason', async () => {
    const waits: unknown[] = [];
    const failure = await openDatabase({
      databaseUrl: urlFor(role, password, `${name}_missing`),
      waitForDatabaseMs: 2_500,
      onWaiting: (error) => waits.push(error),
    }).catch((error: unknown) => error);
    expect(waits).toHaveLength(1);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(describeError(failure)).toMatchObject({ code: '3D000' });
    expect(describeError(failure).message).toMatch(/does not exist/);
  });
});
