/**
 * The probes (server/plugins/health.ts): /healthz while the process runs, /readyz once it listens
 * and until it drains, neither reading the database, caching or logging each probe at info.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { buildApp } from '../../server/app.ts';
import { createTestApp, TEST_SECRET, type TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';

describe('the probes, asked through the application', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('/healthz answers 200 and is never kept by a cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
  });

  it('/readyz answers 503 "starting" while the application does not listen', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'starting' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('are documented beside the API, with the 503 of a process not ready', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, { get: { responses: object } }> };
    expect(Object.keys(document.paths['/healthz']!.get.responses)).toEqual(['200']);
    expect(Object.keys(document.paths['/readyz']!.get.responses).sort()).toEqual(['200', '503']);
  });
});

describe('the probes of a listening application', () => {
  let database: Database;
  let app: FastifyInstance;
  let base: string;
  let uploadsDir: string;
  const logged: { msg?: string; req?: { url?: string }; level: number }[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    uploadsDir = await mkdtemp(path.join(tmpdir(), 'store-health-'));
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n')) if (line.trim()) logged.push(JSON.parse(line) as (typeof logged)[number]);
        done();
      },
    });
    app = await buildApp({ db: database.db, uploadsDir, jwtSecret: TEST_SECRET, storeUrl: 'http://localhost:3000', authRateLimit: 10, logger: { level: 'info', stream } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close().catch(() => {});
    await rm(uploadsDir, { recursive: true, force: true });
  });

  it('/readyz answers 200 once the application listens', async () => {
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready' });
  });

  it('logs no line for a probe at info, as it does for an API call', async () => {
    logged.length = 0;
    for (let i = 0; i < 5; i++) {
      await (await fetch(`${base}/readyz`)).text();
      await (await fetch(`${base}/healthz`)).text();
    }
    expect(logged).toEqual([]);
    await (await fetch(`${base}/api/v1/categories`)).text();
    expect(logged.some((line) => line.req?.url === '/api/v1/categories')).toBe(true);
  });

  it('do not read the database: with it closed, the process is still alive and ready', async () => {
    await database.close();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });

  it('when draining, /readyz answers 503 while requests are still served, each closing its connection', async () => {
    app.readiness.drain();
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining' });
    expect(ready.headers.get('connection')).toBe('close');
    const alive = await fetch(`${base}/healthz`);
    expect(alive.status).toBe(200);
    await alive.text();
    const docs = await fetch(`${base}/api/docs/json`);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('connection')).toBe('close');
    await docs.text();
  });
});
