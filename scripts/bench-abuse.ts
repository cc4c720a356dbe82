/**
 * `npm run bench:abuse`: what hostile requests do to the server's memory, measured from outside.
 * Each scenario starts the compiled server (as `npm start` runs it: node with a 256 MB heap, the
 * embedded database in a fresh folder, no demo shop) as a child process, reads its resident
 * memory from /proc while this process sends the requests, and says whether it is still up.
 *
 * - big-multipart: 50 anonymous logins at once, each a multipart body of 150 MB sent in chunks
 *   (no declared length, so the server must count what arrives).
 * - big-form: the same with url-encoded bodies.
 * - junk-keys: 100,000 login attempts, 50 at a time, each with a distinct phone of 1 KB of digits.
 *
 * `--before <dir>` also measures another build (an older commit's, built with BUILD_DIR=<dir> npm
 * run build), each scenario on both builds in turn, so the two are compared in one sitting.
 * `--only <name>` runs one scenario, `--markdown` prints the table for docs/benchmarks.md.
 *
 *   npm run bench:abuse -- [--build build] [--before /tmp/before/build] [--port 3993] [--bodies 50] [--body-mb 150] [--junk 100000] [--only big-form] [--markdown]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SERVER_NODE_ARGS, serverEntry } from './build-server.ts';

const { values } = parseArgs({
  options: {
    build: { type: 'string', default: process.env.BUILD_DIR ?? 'build' },
    before: { type: 'string' },
    port: { type: 'string', default: '3993' },
    bodies: { type: 'string', default: '50' },
    'body-mb': { type: 'string', default: '150' },
    junk: { type: 'string', default: '100000' },
    only: { type: 'string' },
    markdown: { type: 'boolean', default: false },
  },
});
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;

/** The server's resident memory in MB, from /proc (Linux); 0 once it is gone. */
function rssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Server {
  child: ChildProcess;
  exited: () => boolean;
  log: () => string;
  stop: () => Promise<void>;
}

async function startServer(build: string): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-abuse-'));
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, serverEntry(build)], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', BUILD_DIR: build },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  let gone = false;
  child.on('exit', () => (gone = true));
  for (let i = 0; ; i++) {
    if (gone) throw new Error(`the server exited while starting:\n${output}`);
    try {
      if ((await fetch(`${base}/api/v1/categories`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (i > 240) throw new Error('the server did not start');
    await sleep(500);
  }
  return {
    child,
    exited: () => gone,
    log: () => output,
    async stop() {
      if (!gone) {
        child.kill('SIGTERM');
        for (let i = 0; i < 100 && !gone; i++) await sleep(100);
        if (!gone) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Warms the server with ordinary pages, then its memory at rest: the median of ten readings. */
async function idleRss(pid: number): Promise<number> {
  for (let i = 0; i < 50; i++) {
    await fetch(`${base}/`).then((r) => r.arrayBuffer());
    await fetch(`${base}/login`).then((r) => r.arrayBuffer());
  }
  await sleep(1_000);
  const readings: number[] = [];
  for (let i = 0; i < 10; i++) {
    readings.push(rssMb(pid));
    await sleep(100);
  }
  return readings.sort((a, b) => a - b)[5]!;
}

/**
 * One huge body, sent in 64 KB chunks without a declared length, until the server answers or
 * cuts the connection; resolves with the status (0: cut off without one) and the MB sent.
 */
function hugePost(kind: 'multipart' | 'urlencoded', megabytes: number): Promise<{ status: number; sentMb: number }> {
  return new Promise((resolve) => {
    const boundary = 'abuse-boundary-7d1f';
    const contentType = kind === 'multipart' ? `multipart/form-data; boundary=${boundary}` : 'application/x-www-form-urlencoded';
    const request = http.request(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': contentType, 'transfer-encoding': 'chunked', origin: base, accept: 'text/html' },
    });
    const chunk = Buffer.alloc(64 * 1024, '0');
    const total = megabytes * 1024 * 1024;
    let sent = 0;
    let done = false;
    const finish = (status: number) => {
      if (done) return;
      done = true;
      request.destroy();
      resolve({ status, sentMb: Math.round(sent / 1024 / 1024) });
    };
    request.on('response', (response) => {
      response.resume();
      finish(response.statusCode ?? 0);
    });
    request.on('error', () => finish(0));
    request.write(kind === 'multipart' ? `--${boundary}\r\nContent-Disposition: form-data; name="phone"\r\n\r\n` : 'password=x&phone=');
    const pump = () => {
      while (!done && sent < total) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      if (!done) request.end(kind === 'multipart' ? `\r\n--${boundary}--\r\n` : '');
    };
    pump();
  });
}

interface Row {
  build: string;
  scenario: string;
  idle: number;
  peak: number;
  after: number;
  up: boolean;
  answers: string;
}

/** Samples the server's memory every 100 ms while `work` runs. */
async function sampled<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  try {
    return { result: await work(), peak };
  } finally {
    clearInterval(timer);
  }
}

const tally = (statuses: number[]) =>
  Object.entries(statuses.reduce<Record<string, number>>((all, s) => ({ ...all, [s === 0 ? 'cut off' : String(s)]: (all[s === 0 ? 'cut off' : String(s)] ?? 0) + 1 }), {}))
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');

async function stillUp(server: Server): Promise<boolean> {
  if (server.exited()) return false;
  try {
    return (await fetch(`${base}/login`)).ok;
  } catch {
    return false;
  }
}

async function bigBodies(build: string, kind: 'multipart' | 'urlencoded'): Promise<Row> {
  const server = await startServer(build);
  try {
    const pid = server.child.pid!;
    const idle = await idleRss(pid);
    const { result, peak } = await sampled(pid, () => Promise.all(Array.from({ length: Number(values.bodies) }, () => hugePost(kind, Number(values['body-mb'])))));
    await sleep(2_000);
    const up = await stillUp(server);
    if (!up) console.error(`the server went down:\n${server.log().slice(-600)}`);
    const sent = result.reduce((sum, r) => sum + r.sentMb, 0);
    return {
      build,
      scenario: `${values.bodies} × ${values['body-mb']} MB ${kind} login (${sent} MB sent before the answers)`,
      idle,
      peak,
      after: rssMb(pid),
      up,
      answers: tally(result.map((r) => r.status)),
    };
  } finally {
    await server.stop();
  }
}

async function junkKeys(build: string): Promise<Row> {
  const server = await startServer(build);
  try {
    const pid = server.child.pid!;
    const idle = await idleRss(pid);
    const total = Number(values.junk);
    const statuses = new Map<number, number>();
    let next = 0;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const one = (i: number) =>
      new Promise<number>((resolve) => {
        const body = JSON.stringify({ phone: `${i}`.padStart(1024, '9'), password: 'x' });
        const request = http.request(`${base}/api/v1/auth/login`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
        request.on('response', (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        request.on('error', () => resolve(0));
        request.end(body);
      });
    const worker = async () => {
      while (next < total && !server.exited()) {
        const status = await one(next++);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const { peak } = await sampled(pid, () => Promise.all(Array.from({ length: 50 }, worker)));
    agent.destroy();
    await sleep(2_000);
    const up = await stillUp(server);
    return {
      build,
      scenario: `${total.toLocaleString('en')} logins with distinct 1 KB junk phones`,
      idle,
      peak,
      after: rssMb(pid),
      up,
      answers: tally([...statuses].flatMap(([status, n]) => Array<number>(n).fill(status))),
    };
  } finally {
    await server.stop();
  }
}

const scenarios: Record<string, (build: string) => Promise<Row>> = {
  'big-multipart': (build) => bigBodies(build, 'multipart'),
  'big-form': (build) => bigBodies(build, 'urlencoded'),
  'junk-keys': junkKeys,
};
const builds = [...(values.before ? [values.before] : []), values.build];

const rows: Row[] = [];
for (const [name, run] of Object.entries(scenarios)) {
  if (values.only && values.only !== name) continue;
  for (const build of builds) {
    const row = await run(build);
    rows.push(row);
    console.error(`${build}: ${row.scenario}: idle ${row.idle.toFixed(0)} MB, peak ${row.peak.toFixed(0)} MB, after ${row.after.toFixed(0)} MB, ${row.up ? 'up' : 'DOWN'}; ${row.answers}`);
  }
}

if (values.markdown) {
  console.log('| scenario | build | idle RSS | peak RSS | RSS after | process | answers |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const build = r.build === values.before ? 'before' : 'after';
    console.log(`| ${r.scenario} | ${build} | ${r.idle.toFixed(0)} MB | ${r.peak.toFixed(0)} MB | ${r.after.toFixed(0)} MB | ${r.up ? 'up' : '**down**'} | ${r.answers} |`);
  }
}
