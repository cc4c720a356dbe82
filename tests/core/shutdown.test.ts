/**
 * The compiled server as `npm start` runs it, stopped as a deploy stops it (server/drain.ts): on
 * SIGTERM it turns not-ready at once, serves what still arrives for the settle period, closes its
 * port and its idle kept-alive connections, finishes the request in flight and exits 0; a request that never ends does not keep it
 * past its deadline. Started while its Redis is down, it starts and answers.
 */
import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../../scripts/build-server.ts';
import { startServer, type BenchServer } from '../../scripts/bench-server.ts';
import { createPostgresDatabase, type ThrowawayDatabase } from '../../scripts/throwaway-database.ts';
import { sparePort } from '../helpers/private-redis.ts';
import { copyOfWebApp } from '../helpers/web-build.ts';

const SETTLE_MS = 1_500;

let buildDir: string;
let postgres: ThrowawayDatabase | undefined;
beforeAll(async () => {
  buildDir = await copyOfWebApp('vitest-shutdown');
  await buildServer(buildDir);
  if (process.env.TEST_DATABASE_URL) postgres = await createPostgresDatabase(process.env.TEST_DATABASE_URL);
}, 300_000);
afterAll(async () => {
  await postgres?.drop();
});

let server: BenchServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** The compiled server on a spare port, on the test's PostgreSQL database when there is one. */
async function start(env: Record<string, string> = {}): Promise<BenchServer> {
  server = await startServer({
    build: buildDir,
    port: await sparePort(),
    env: { DRAIN_SETTLE_MS: String(SETTLE_MS), LOG_LEVEL: 'warn', ...(postgres ? { DATABASE_URL: postgres.url } : {}), ...env },
  });
  return server;
}

/** The code the server's process ends with. */
function exitOf(running: BenchServer): Promise<number | null> {
  return new Promise((resolve) => running.child.once('exit', (code) => resolve(code)));
}

/**
 * A JSON POST whose body is sent in two halves: the second only when `finish` is called. `sent`
 * resolves once the first half has gone out, so the request is in flight.
 */
function slowPost(base: string, path: string, payload: object) {
  const body = JSON.stringify(payload);
  const half = Math.floor(body.length / 2);
  let finish = () => {};
  const url = new URL(path, base);
  let sent!: Promise<void>;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    sent = new Promise((written) => req.write(body.slice(0, half), () => written()));
    finish = () => req.end(body.slice(half));
  });
  return { answer, sent, finish: () => finish() };
}

/** A kept-alive connection that has answered one request and now sits idle. */
function idleConnection(base: string): Promise<Socket> {
  const url = new URL('/healthz', base);
  const agent = new Agent({ keepAlive: true });
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(req.socket!));
    });
    req.on('error', reject);
    req.end();
  });
}

const status = async (url: string) => {
  const res = await fetch(url);
  await res.text();
  return res.status;
};

describe('SIGTERM', { timeout: 120_000 }, () => {
  it('turns the process not-ready at once, serves through the settle period, finishes the request in flight and exits 0', async () => {
    const shop = await start();
    expect(await status(`${shop.base}/readyz`)).toBe(200);
    const account = { name: 'زبون قبل النشر', phone: '01012345670', password: 'password-before-deploy', passwordConfirm: 'password-before-deploy' };
    const signup = await fetch(`${shop.base}/api/v1/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
    expect(signup.status).toBe(201);

    let idleClosed = false;
    (await idleConnection(shop.base)).once('close', () => (idleClosed = true));
    // A login whose body is still arriving when the signal comes.
    const login = slowPost(shop.base, '/api/v1/auth/login', { phone: account.phone, password: account.password });
    await login.sent;
    const exit = exitOf(shop);
    shop.child.kill('SIGTERM');

    await vi.waitFor(async () => expect(await status(`${shop.base}/readyz`)).toBe(503), { timeout: 1_000, interval: 20 });
    // Not ready, yet still served: what a load balancer sends before it sees the 503. (How long
    // the settle period lasts is held by tests/unit/drain.test.ts.)
    expect(await status(`${shop.base}/api/v1/categories`)).toBe(200);
    expect(await status(`${shop.base}/healthz`)).toBe(200);

    // Then the port closes, while the login keeps the process running.
    await vi.waitFor(async () => expect(fetch(`${shop.base}/healthz`)).rejects.toThrow(), { timeout: 5_000, interval: 50 });
    expect(shop.exited()).toBe(false);
    // The idle kept-alive connection is closed with the port, well before its 5 s keep-alive ends.
    await vi.waitFor(() => expect(idleClosed).toBe(true), { timeout: 1_000, interval: 20 });

    login.finish();
    const answered = await login.answer;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toMatchObject({ token: expect.any(String) });

    // Drained: the clean exit, not the deadline's.
    expect(await exit).toBe(0);
    expect(shop.log()).not.toContain('exiting with requests unfinished');
  });

  it('exits by its deadline even when a request never ends, cutting that request off', async () => {
    const shop = await start();
    const stuck = slowPost(shop.base, '/api/v1/auth/login', { phone: '01012345671', password: 'never-finished' });
    const cut = stuck.answer.then(
      () => 'answered',
      () => 'cut off',
    );
    await stuck.sent;
    const exit = exitOf(shop);
    shop.child.kill('SIGTERM');
    // Given up, not drained: the deadline's exit (its moment is held by tests/unit/drain.test.ts).
    expect(await exit).toBe(1);
    expect(shop.log()).toContain('exiting with requests unfinished');
    expect(await cut).toBe('cut off');
  });
});

describe('a server started while its Redis is down', { timeout: 120_000 }, () => {
  it('starts, is ready, answers logins and searches, and says once that Redis is away', async () => {
    const nobody = await sparePort();
    const shop = await start({ REDIS_URL: `redis://127.0.0.1:${nobody}` });
    expect(await status(`${shop.base}/readyz`)).toBe(200);
    const login = await fetch(`${shop.base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '01012345672', password: 'wrong-password' }),
    });
    expect(login.status).toBe(401);
    expect(await status(`${shop.base}/api/v1/products?keyword=${encodeURIComponent('قميص')}`)).toBe(200);
    // Several reconnections have failed by now.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(shop.log().split('login, signup and search limits count in this process until it is back').length - 1).toBe(1);
    expect(shop.log().split('the catalogue cache keeps no answers until it listens for changes again').length - 1).toBe(1);
  });
});
