/**
 * Redis is optional at every moment (docs/decisions/020): two processes share login, signup and
 * search limits and catalogue changes through it; while it is stopped they keep answering, with
 * the limits counted per process and the catalogue cache keeping nothing, each logged once; once
 * it is back they share again. A process started while it is down starts. The Redis here is the
 * test's own (helpers/private-redis.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogueChanged } from '../../core/catalogue/catalogue-changes.ts';
import type { Database, Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { categories } from '../../db/schema.ts';
import { buildApp } from '../../server/app.ts';
import { TEST_SECRET } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { privateRedis, type PrivateRedis } from '../helpers/private-redis.ts';

const LIMIT = 3;
const ATTEMPTS_AWAY = 'Redis is out of reach: login, signup and search limits count in this process until it is back';
const ATTEMPTS_BACK = 'Redis is back: login, signup and search limits are shared again';
const CACHE_AWAY = 'Redis is out of reach: the catalogue cache keeps no answers until it listens for changes again';
const CACHE_BACK = 'Redis is back: the catalogue cache listens for changes again, and keeps answers';

/** A process's log, as lines. */
function collectLog() {
  const lines: { msg?: string; level: number }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as { msg?: string; level: number });
      done();
    },
  });
  return { logger: { level: 'info', stream }, count: (msg: string) => lines.filter((line) => line.msg === msg).length };
}
type Log = ReturnType<typeof collectLog>;

let database: Database;
let otherHandle: Db;
let uploadsDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  // Another handle on the same database: a process built on it hears of changes through Redis alone.
  otherHandle = (database.pool ? drizzlePg(database.pool, { schema }) : drizzlePglite(database.pglite!, { schema })) as unknown as Db;
  uploadsDir = await mkdtemp(path.join(tmpdir(), 'store-redis-away-'));
});
afterAll(async () => {
  await database.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

/** A client of the test's own on Redis, to read what the shop wrote there. */
function redisProbe(url: string): Redis {
  const probe = new Redis(url, { maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  return probe;
}

/** A listener on `port` that takes connections and never answers; close() cuts them and frees the port. */
async function silentListener(port: number) {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A process of the shop on `db`, sharing through the Redis at `url`. */
const startProcess = (db: Db, url: string, log: Log) =>
  buildApp({
    db,
    uploadsDir,
    jwtSecret: TEST_SECRET,
    storeUrl: 'http://localhost:3000',
    authRateLimit: LIMIT,
    searchLimits: { perMinute: LIMIT },
    redisUrl: url,
    catalogueCache: { redisUrl: url },
    logger: log.logger,
  });

let addresses = 0;
/** A client address no test has used. */
const freshAddress = () => `10.77.${Math.floor(++addresses / 250)}.${addresses % 250}`;

/** A wrong password from `address`, for an account of its own (an account many addresses failed on closes to them). */
const wrongLogin = (app: FastifyInstance, address: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: address, payload: { phone: `0105${address.replace(/\D/g, '').padStart(7, '0').slice(-7)}`, password: 'not-the-password' } });

let searches = 0;
/** A keyword search no one asked before, so no kept answer saves it from being counted. */
const search = (app: FastifyInstance, address: string) =>
  app.inject({ method: 'GET', url: `/api/v1/products?keyword=${encodeURIComponent(`قميص${++searches}`)}`, remoteAddress: address });

const categoryNames = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: '/api/v1/categories' });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { name: string }[]).map((category) => category.name);
};
let added = 0;
/** A category written behind the shop's back: no process hears of it. */
const addCategoryUnannounced = async () => {
  const name = `تصنيف ${++added}`;
  await database.db.insert(categories).values({ name, image: 'unannounced.webp' });
  return name;
};

describe('two processes sharing a Redis that goes away and comes back', () => {
  let redis: PrivateRedis;
  let probe: Redis;
  let first: FastifyInstance;
  let second: FastifyInstance;
  const firstLog = collectLog();
  const secondLog = collectLog();

  /** Both processes count in Redis now: an attempt through either is seen there. */
  const waitUntilShared = () =>
    vi.waitFor(
      async () => {
        for (const app of [first, second]) {
          const address = freshAddress();
          expect((await wrongLogin(app, address)).statusCode).toBe(401);
          expect(await probe.get(`store:attempts:ip:${address}`)).toBe('1');
        }
      },
      { timeout: 10_000, interval: 100 },
    );
  /** Both processes listen for catalogue changes on Redis. */
  const waitUntilListening = () =>
    vi.waitFor(async () => expect(await probe.pubsub('NUMSUB', 'store:catalogue-changed')).toEqual(['store:catalogue-changed', 2]), { timeout: 10_000, interval: 50 });

  beforeAll(async () => {
    redis = await privateRedis();
    await redis.start();
    probe = redisProbe(redis.url);
    first = await startProcess(database.db, redis.url, firstLog);
    second = await startProcess(otherHandle, redis.url, secondLog);
    await Promise.all([first.ready(), second.ready()]);
    await waitUntilShared();
    await waitUntilListening();
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    probe?.disconnect();
    await redis?.stop();
  });

  it('counts an attempt with its expiry set by the same command', async () => {
    const address = freshAddress();
    await wrongLogin(first, address);
    const window = await probe.pttl(`store:attempts:ip:${address}`);
    expect(window).toBeGreaterThan(0);
    expect(window).toBeLessThanOrEqual(60_000);
    const failures = await probe.pttl(`store:attempts:fail:ip:${address}`);
    expect(failures).toBeGreaterThan(60_000);
    expect(failures).toBeLessThanOrEqual(15 * 60_000);
  });

  it('gives a counter left without an expiry one at its next count', async () => {
    const address = freshAddress();
    await probe.set(`store:attempts:ip:${address}`, LIMIT);
    expect((await wrongLogin(first, address)).statusCode).toBe(429);
    expect(await probe.pttl(`store:attempts:ip:${address}`)).toBeGreaterThan(0);
  });

  it('shares the login and search limits between the processes', async () => {
    const address = freshAddress();
    for (let i = 0; i < LIMIT; i++) expect((await wrongLogin(first, address)).statusCode).toBe(401);
    expect((await wrongLogin(second, address)).statusCode).toBe(429);
    for (let i = 0; i < LIMIT; i++) expect((await search(first, address)).statusCode).toBe(200);
    expect((await search(second, address)).statusCode).toBe(429);
  });

  it('empties the other process’s kept answers through Redis', async () => {
    await categoryNames(second);
    const name = await addCategoryUnannounced();
    // Kept: the change made behind the shop's back is not seen.
    expect(await categoryNames(second)).not.toContain(name);
    catalogueChanged(database.db);
    await vi.waitFor(async () => expect(await categoryNames(second)).toContain(name), { timeout: 5_000, interval: 20 });
  });

  describe('while Redis is stopped', () => {
    beforeAll(async () => {
      await redis.stop();
      // Long enough for several attempts to reconnect.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
    });

    it('logins and searches answer as usual, never 500, with the limits held in each process', async () => {
      const address = freshAddress();
      for (let i = 0; i < LIMIT; i++) expect((await wrongLogin(first, address)).statusCode).toBe(401);
      expect((await wrongLogin(first, address)).statusCode).toBe(429);
      // The other process has counted none of them.
      expect((await wrongLogin(second, address)).statusCode).toBe(401);

      for (let i = 0; i < LIMIT; i++) expect((await search(first, address)).statusCode).toBe(200);
      expect((await search(first, address)).statusCode).toBe(429);
      expect((await search(second, address)).statusCode).toBe(200);
    });

    it('the catalogue cache keeps nothing, so a change no process heard of is seen at once', async () => {
      await categoryNames(second);
      const name = await addCategoryUnannounced();
      expect(await categoryNames(second)).toContain(name);
      // Announcing a change with no Redis to announce it on is no error.
      expect(() => catalogueChanged(database.db)).not.toThrow();
    });

    it('is logged once by each part that uses it, however many reconnections fail', () => {
      for (const log of [firstLog, secondLog]) {
        expect(log.count(ATTEMPTS_AWAY)).toBe(1);
        expect(log.count(CACHE_AWAY)).toBe(1);
        expect(log.count(ATTEMPTS_BACK)).toBe(0);
      }
    });
  });

  describe('once Redis is back', () => {
    beforeAll(async () => {
      await redis.start();
      await waitUntilShared();
      await waitUntilListening();
    });

    it('shares the limits again', async () => {
      const address = freshAddress();
      for (let i = 0; i < LIMIT; i++) expect((await wrongLogin(second, address)).statusCode).toBe(401);
      expect((await wrongLogin(first, address)).statusCode).toBe(429);
    });

    it('keeps answers again, and empties them on another process’s change', async () => {
      await vi.waitFor(
        async () => {
          await categoryNames(second);
          const name = await addCategoryUnannounced();
          expect(await categoryNames(second)).not.toContain(name);
        },
        { timeout: 5_000, interval: 50 },
      );
      const name = await addCategoryUnannounced();
      catalogueChanged(database.db);
      await vi.waitFor(async () => expect(await categoryNames(second)).toContain(name), { timeout: 5_000, interval: 20 });
    });

    it('is logged once', () => {
      for (const log of [firstLog, secondLog]) {
        expect(log.count(ATTEMPTS_BACK)).toBe(1);
        expect(log.count(CACHE_BACK)).toBe(1);
        expect(log.count(ATTEMPTS_AWAY)).toBe(1);
      }
    });
  });
});

describe('a process started while Redis is down', () => {
  let redis: PrivateRedis;
  let app: FastifyInstance;
  const log = collectLog();
  beforeAll(async () => {
    // On a port no one listens on yet.
    redis = await privateRedis();
  });
  afterAll(async () => {
    await app?.close();
    await redis?.stop();
  });

  it('starts without waiting for it, and answers', async () => {
    // Where Redis will be, something takes connections and never answers: a start that waited for
    // anything from Redis would never be ready.
    const silent = await silentListener(redis.port);
    try {
      app = await startProcess(database.db, redis.url, log);
      await app.ready();
      // It did reach for Redis, and is ready with no answer from it.
      await vi.waitFor(() => expect(silent.connections).toBeGreaterThan(0), { timeout: 5_000 });
      expect((await wrongLogin(app, freshAddress())).statusCode).toBe(401);
      expect((await search(app, freshAddress())).statusCode).toBe(200);
    } finally {
      await silent.close();
    }
    // Now nothing listens there: Redis is down.
    expect((await wrongLogin(app, freshAddress())).statusCode).toBe(401);
    expect((await search(app, freshAddress())).statusCode).toBe(200);
    expect(await categoryNames(app)).toEqual(expect.any(Array));
    await vi.waitFor(() => expect(log.count(ATTEMPTS_AWAY)).toBe(1), { timeout: 5_000 });
    await vi.waitFor(() => expect(log.count(CACHE_AWAY)).toBe(1), { timeout: 5_000 });
  });

  it('shares its counts once Redis starts', async () => {
    await redis.start();
    const probe = redisProbe(redis.url);
    try {
      await vi.waitFor(
        async () => {
          const address = freshAddress();
          await wrongLogin(app, address);
          expect(await probe.get(`store:attempts:ip:${address}`)).toBe('1');
        },
        { timeout: 10_000, interval: 100 },
      );
      expect(log.count(ATTEMPTS_BACK)).toBe(1);
    } finally {
      probe.disconnect();
    }
  });
});
