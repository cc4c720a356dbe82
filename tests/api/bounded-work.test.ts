/**
 * The work one request can cause is bounded: catalogue reads run on a pool of their own with a
 * short statement time limit, searches have a per-address rate and a bounded number running at
 * once, and a request turned away is a 503 with Retry-After while orders still go through.
 * Statement time limits and the separate pool exist on PostgreSQL only (README).
 */
import http from 'node:http';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { isDatabaseBusy } from '../../db/errors.ts';
import { createGate, createTraffic } from '../../server/plugins/search-limits.ts';
import { createAccount, createProductFixture } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { onPostgres } from '../helpers/database.ts';
import { fillCart, placeOrder } from '../helpers/shop.ts';
import { buildWebApp } from '../helpers/web-build.ts';

const keyword = (word: string) => `/api/v1/products?keyword=${encodeURIComponent(word)}`;

/**
 * A connection of the test's own that can hold the search vocabulary locked, so that every
 * search waits on it, and that counts the statements waiting. The statistics views keep one
 * snapshot per transaction, and the lock's transaction is open: the snapshot is dropped first.
 */
async function vocabularyLock(t: TestApp) {
  const client = new pg.Client({ connectionString: (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString });
  await client.connect();
  return {
    async hold() {
      await client.query('begin');
      await client.query('lock table search_terms in access exclusive mode');
    },
    release: () => client.query('rollback'),
    async waiting(): Promise<number> {
      await client.query('select pg_stat_clear_snapshot()');
      const rows = await client.query("select pid from pg_stat_activity where state = 'active' and wait_event_type = 'Lock' and query ilike '%search_terms%'");
      return rows.rowCount ?? 0;
    },
    close: () => client.end(),
  };
}

/**
 * Sends a GET to `url` while `lock` is held, waits until its statement waits on the lock, then
 * disconnects and waits for the statement to go: how many statements waited before and after.
 */
async function disconnectWhileWaiting(lock: Awaited<ReturnType<typeof vocabularyLock>>, url: string): Promise<{ before: number; after: number }> {
  const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
  const request = http.get(url);
  request.on('error', () => {});
  let waiting = 0;
  for (let i = 0; i < 200 && waiting === 0; i++) {
    waiting = await lock.waiting();
    if (waiting === 0) await pause();
  }
  const before = waiting;
  request.destroy();
  for (let i = 0; i < 100 && waiting > 0; i++) {
    await pause();
    waiting = await lock.waiting();
  }
  return { before, after: waiting };
}

describe('the search gate', () => {
  it('runs at most its bound at once, queues the next ones, and turns away the rest', async () => {
    const gate = createGate(1, 1, 10_000);
    let release!: () => void;
    const first = gate.run(() => new Promise<string>((resolve) => (release = () => resolve('first'))));
    const second = gate.run(async () => 'second');
    await expect(gate.run(async () => 'third')).rejects.toSatisfy(isDatabaseBusy);
    release();
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(await gate.run(async () => 'again')).toBe('again');
  });

  it('turns away a search that waited too long for a slot, and gives its place back', async () => {
    const gate = createGate(1, 1, 20);
    let release!: () => void;
    const first = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    await expect(gate.run(async () => 'late')).rejects.toSatisfy(isDatabaseBusy);
    release();
    await first;
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});

describe('searches yielding to the rest of the shop', () => {
  /** A search that runs until it is let go: `started` tells whether it has begun. */
  function held(gate: ReturnType<typeof createGate>) {
    const search = { started: false, done: undefined as unknown as Promise<void>, finish: () => {} };
    search.done = gate.run(() => {
      search.started = true;
      return new Promise<void>((resolve) => (search.finish = resolve));
    });
    return search;
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('runs one search at a time while another request is served, and all of them once it is answered', async () => {
    const traffic = createTraffic();
    const gate = createGate(3, 10, 10_000, { traffic, concurrent: 1 });
    const order = {};
    traffic.enter(order);
    const searches = [held(gate), held(gate), held(gate)];
    await settle();
    expect(searches.map((s) => s.started)).toEqual([true, false, false]);
    // The order is answered: the waiting searches start, up to the gate's own bound.
    traffic.leave(order);
    await settle();
    expect(searches.map((s) => s.started)).toEqual([true, true, true]);
    for (const s of searches) s.finish();
    await Promise.all(searches.map((s) => s.done));
  });

  it('lets a running search finish when traffic comes, and starts the next only when one slot is left', async () => {
    const traffic = createTraffic();
    const gate = createGate(2, 10, 10_000, { traffic, concurrent: 1 });
    const [first, second] = [held(gate), held(gate)];
    await settle();
    expect([first.started, second.started]).toEqual([true, true]);
    const page = {};
    traffic.enter(page);
    const third = held(gate);
    first.finish();
    await first.done;
    await settle();
    // Still one running (the second): the third waits.
    expect(third.started).toBe(false);
    second.finish();
    await second.done;
    await settle();
    expect(third.started).toBe(true);
    third.finish();
    await third.done;
    traffic.leave(page);
  });

  it('counts a request once, however often it leaves, and ignores one that never entered', async () => {
    const traffic = createTraffic();
    const [a, b] = [{}, {}];
    traffic.enter(a);
    traffic.enter(b);
    traffic.leave(a);
    traffic.leave(a);
    traffic.leave({});
    expect(traffic.busy).toBe(true);
    traffic.leave(b);
    expect(traffic.busy).toBe(false);
  });

  it('turns a yielded search away after its wait, as any other', async () => {
    const traffic = createTraffic();
    const gate = createGate(3, 10, 20, { traffic, concurrent: 1 });
    traffic.enter({});
    const first = held(gate);
    await expect(gate.run(async () => 'late')).rejects.toSatisfy(isDatabaseBusy);
    first.finish();
    await first.done;
  });
});

describe('the per-address search rate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webBuildDir: await buildWebApp(), searchLimits: { perMinute: 2 } });
    await createProductFixture(t.db, t.images, { title: 'قميص كتان' });
  });
  afterAll(() => t.close());

  it("tells the search page's client how long to wait, as the API does", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const from = { remoteAddress: '10.0.0.20' };
      const page = (word: string) => t.app.inject({ method: 'GET', url: `/search?keyword=${encodeURIComponent(word)}`, ...from });
      for (const word of ['قميص', 'كتان']) expect((await page(word)).statusCode).toBe(200);
      // 40 s into the minute: the count starts again in 20 s.
      vi.advanceTimersByTime(40_000);
      const over = await page('قطن');
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBe('20');
      expect((await t.app.inject({ method: 'GET', url: keyword('قطن'), ...from })).headers['retry-after']).toBe('20');
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 429 with Retry-After past the rate, and lists without a keyword go on', async () => {
    for (const word of ['قميص', 'كتان']) expect((await t.app.inject({ method: 'GET', url: keyword(word) })).statusCode).toBe(200);
    const over = await t.app.inject({ method: 'GET', url: keyword('قطن') });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toEqual({ status: 'fail', message: MSG.tooManyAttempts });
    const other = await t.app.inject({ method: 'GET', url: keyword('قطن'), remoteAddress: '10.0.0.9' });
    expect(other.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/products' })).statusCode).toBe(200);
  });
});

describe.runIf(onPostgres)('time limits and a bounded share of the pool (PostgreSQL)', () => {
  let t: TestApp;
  let lock: Awaited<ReturnType<typeof vocabularyLock>>;
  beforeAll(async () => {
    t = await createTestApp({
      database: { statementTimeoutMs: 10_000, catalogue: { poolSize: 2, waitMs: 500, statementTimeoutMs: 1_000 } },
      searchLimits: { concurrent: 1, queued: 0, waitMs: 100 },
    });
    await createProductFixture(t.db, t.images, { title: 'قميص كتان' });
    lock = await vocabularyLock(t);
  });
  afterAll(async () => {
    await lock.close();
    await t.close();
  });

  it('ends a catalogue read over its time limit with 503, Retry-After and the Arabic message, and serves the next one', async () => {
    await lock.hold();
    try {
      const slow = await t.app.inject({ method: 'GET', url: keyword('قميص') });
      expect(slow.statusCode).toBe(503);
      expect(slow.headers['retry-after']).toBe('5');
      expect(slow.json()).toEqual({ status: 'error', message: MSG.serverError });
      expect(slow.body).not.toMatch(/search_terms|select|statement/i);
    } finally {
      await lock.release();
    }
    const again = await t.app.inject({ method: 'GET', url: keyword('قميص') });
    expect(again.statusCode).toBe(200);
    expect(again.json().results).toBe(1);
  });

  it('answers a search 503 with Retry-After when every search slot is taken, while an order still goes through', async () => {
    const customer = await createAccount(t.db, 'user');
    const product = await createProductFixture(t.db, t.images, { title: 'بنطلون جينز' });
    const cartId = await fillCart(t, customer, product.id);
    await lock.hold();
    let first: Promise<{ statusCode: number }> | undefined;
    try {
      first = t.app.inject({ method: 'GET', url: keyword('جينز') });
      // The first search holds the only slot once PostgreSQL shows it waiting on the lock.
      for (let i = 0; i < 100; i++) {
        if (await lock.waiting()) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const turnedAway = await t.app.inject({ method: 'GET', url: keyword('كتان') });
      expect(turnedAway.statusCode).toBe(503);
      expect(turnedAway.headers['retry-after']).toBe('5');
      expect(turnedAway.json()).toEqual({ status: 'error', message: MSG.serverError });
      const order = await placeOrder(t, customer, cartId);
      expect(order.statusCode).toBe(201);
    } finally {
      await lock.release();
    }
    // The search that held the slot goes on once the vocabulary is free again.
    expect((await first!).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: keyword('جينز') })).statusCode).toBe(200);
  });
});

describe.runIf(onPostgres)('searches yielding to the requests of the rest of the shop (PostgreSQL)', () => {
  let t: TestApp;
  let lock: Awaited<ReturnType<typeof vocabularyLock>>;
  let base: string;
  beforeAll(async () => {
    // Two slots, one while anything else is served, and no queue: a search with no slot is a 503 at once.
    t = await createTestApp({ searchLimits: { concurrent: 2, concurrentBeside: 1, queued: 0, waitMs: 100 } });
    await createProductFixture(t.db, t.images, { title: 'قميص كتان' });
    lock = await vocabularyLock(t);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await lock.close();
    await t.close();
  });

  /** Waits until `count` searches wait on the held vocabulary (each has a slot). */
  async function searchesWaiting(count: number) {
    for (let i = 0; i < 200; i++) {
      if ((await lock.waiting()) === count) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${count} searches never waited on the vocabulary together`);
  }
  // A different word each time: a search the process keeps would not reach the gate.
  const search = (word: string) => fetch(`${base}${keyword(word)}`);

  it('run two at once with nothing else served, one while a request is in flight, and two again once it is answered', async () => {
    await lock.hold();
    let running: Promise<Response>[] = [];
    try {
      running = [search('قميص'), search('كتان')];
      await searchesWaiting(2);
      expect((await search('قطن')).status).toBe(503);
    } finally {
      await lock.release();
    }
    for (const response of await Promise.all(running)) expect(response.status).toBe(200);

    // A login whose body has not all come: in flight from its first bytes.
    const login = net.connect(Number(new URL(base).port), '127.0.0.1');
    login.on('error', () => {});
    await new Promise((resolve) => login.once('connect', resolve));
    login.write('POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"phone":');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await lock.hold();
    try {
      running = [search('جينز')];
      await searchesWaiting(1);
      // One slot while the login is served: the second search is turned away.
      const second = await search('بنطلون');
      expect(second.status).toBe(503);
      expect(second.headers.get('retry-after')).toBeTruthy();
      // The login's client leaves: the second slot is back.
      login.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      running.push(search('صيفي'));
      await searchesWaiting(2);
    } finally {
      login.destroy();
      await lock.release();
    }
    for (const response of await Promise.all(running)) expect(response.status).toBe(200);
  });
});

describe.runIf(onPostgres)('a client that leaves (PostgreSQL)', () => {
  let t: TestApp;
  let lock: Awaited<ReturnType<typeof vocabularyLock>>;
  let base: string;
  beforeAll(async () => {
    // A limit far longer than the test: only the cancel can end the statement in time.
    t = await createTestApp({ webBuildDir: await buildWebApp(), database: { catalogue: { poolSize: 2, waitMs: 500, statementTimeoutMs: 60_000 } } });
    await createProductFixture(t.db, t.images, { title: 'قميص كتان' });
    lock = await vocabularyLock(t);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await lock.close();
    await t.close();
  });


  it('has its running statement cancelled, visible in pg_stat_activity', async () => {
    await lock.hold();
    try {
      // The lock is still held: the statement can only have ended by being cancelled.
      expect(await disconnectWhileWaiting(lock, `${base}${keyword('قميص')}`)).toEqual({ before: 1, after: 0 });
    } finally {
      await lock.release();
    }
    expect((await t.app.inject({ method: 'GET', url: keyword('كتان') })).statusCode).toBe(200);
  });

  it('on a search page has its statement cancelled and is not logged as the database being busy', async () => {
    const warn = vi.spyOn(console, 'warn');
    await lock.hold();
    try {
      expect(await disconnectWhileWaiting(lock, `${base}/search?keyword=${encodeURIComponent('قميص')}`)).toEqual({ before: 1, after: 0 });
      // The page's loader has failed by now; give its error handling a moment to run.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(warn.mock.calls.filter((args) => String(args[0]).includes('database busy'))).toEqual([]);
    } finally {
      warn.mockRestore();
      await lock.release();
    }
    const again = await t.app.inject({ method: 'GET', url: `/search?keyword=${encodeURIComponent('كتان')}` });
    expect(again.statusCode).toBe(200);
  });
});

describe.runIf(onPostgres)('the search page under the same limits (PostgreSQL)', () => {
  let t: TestApp;
  let lock: Awaited<ReturnType<typeof vocabularyLock>>;
  beforeAll(async () => {
    t = await createTestApp({
      webBuildDir: await buildWebApp(),
      database: { catalogue: { poolSize: 2, waitMs: 500, statementTimeoutMs: 500 } },
      searchLimits: { perMinute: 3 },
    });
    await createProductFixture(t.db, t.images, { title: 'قميص كتان' });
    lock = await vocabularyLock(t);
  });
  afterAll(async () => {
    await lock.close();
    await t.close();
  });

  const searchPage = (word: string) => t.app.inject({ method: 'GET', url: `/search?keyword=${encodeURIComponent(word)}` });

  it('shows the error page with 503 and Retry-After when the search runs past its time limit, then the results again', async () => {
    await lock.hold();
    try {
      const slow = await searchPage('قميص');
      expect(slow.statusCode).toBe(503);
      expect(slow.headers['retry-after']).toBe('5');
      expect(slow.body).toContain(MSG.serverError);
      expect(slow.body).not.toMatch(/search_terms|statement timeout/i);
    } finally {
      await lock.release();
    }
    const again = await searchPage('قميص');
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('قميص كتان');
  });

  it('answers 429 with Retry-After past the per-address rate', async () => {
    // Two searches above, one here: the fourth of the minute is over the rate of 3.
    expect((await searchPage('كتان')).statusCode).toBe(200);
    const over = await searchPage('قطن');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});
