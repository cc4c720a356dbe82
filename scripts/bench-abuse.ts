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
 * - slow-paymob: the demo shop with card payments against the Paymob stand-in (run in this
 *   process) answering every intention after 14.5 s; five customers start card checkouts at once,
 *   and meanwhile another places cash orders and reads its profile page: their latencies.
 *
 * `--before <dir>` also measures another build (an older commit's, built with BUILD_DIR=<dir> npm
 * run build), each scenario on both builds in turn, so the two are compared in one sitting.
 * `--only <name>` runs one scenario, `--markdown` prints the table for docs/benchmarks.md.
 *
 *   npm run bench:abuse -- [--build build] [--before /tmp/before/build] [--port 3993] [--bodies 50] [--body-mb 150] [--junk 100000] [--only big-form] [--markdown]
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { restingRss, sampled, sleep, startServer as startBenchServer, type BenchServer as Server } from './bench-server.ts';
import { rssMb } from './proc-memory.ts';
import { standInEnv, startPaymobStandIn, STANDIN_SETTINGS } from './paymob-standin.ts';

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

const startServer = (build: string, env: Record<string, string> = {}, ready?: RegExp) => startBenchServer({ build, port, env, ready });

/** Warms the server with ordinary pages, then its memory at rest: the median of ten readings. */
async function idleRss(pid: number): Promise<number> {
  for (let i = 0; i < 50; i++) {
    await fetch(`${base}/`).then((r) => r.arrayBuffer());
    await fetch(`${base}/login`).then((r) => r.arrayBuffer());
  }
  return restingRss(pid);
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

const percentile = (values: number[], p: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** One signed-up customer's API calls, with the bearer token. */
async function customer(n: number) {
  const phone = `010${String(Date.now()).slice(-4)}${String(n).padStart(4, '0')}`;
  const signup = await fetch(`${base}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `عميل ${n}`, phone, password: 'bench-password', passwordConfirm: 'bench-password' }),
  });
  if (!signup.ok) throw new Error(`signup ${phone}: ${signup.status} ${await signup.text()}`);
  const { token } = (await signup.json()) as { token: string };
  // A call the server cut off (its 60 s request limit) answers status 0.
  const call = (method: string, url: string, body?: unknown) =>
    fetch(`${base}${url}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }).catch(
      () => new Response(null, { status: 599 }),
    );
  return { token, call };
}

const SHIPPING = { details: '12 شارع التحرير', district: 'الدقي', phone: '01012345678', shippingCity: 'الجيزة' };

/** The demo shop's products with a size in stock, as the API lists them. */
async function productsInStock(): Promise<{ id: string; size: string }[]> {
  const answer = (await (await fetch(`${base}/api/v1/products?limit=100&availability=true`)).json()) as {
    data: { _id: string; stock?: { size: string; quantity: number }[] }[];
  };
  return answer.data.flatMap((p) => {
    const size = p.stock?.find((s) => s.quantity > 5)?.size;
    return size ? [{ id: p._id, size }] : [];
  });
}

/** How long the stand-in takes over each intention in the slow-paymob scenario. */
const PAYMOB_DELAY_MS = 14_500;

interface StallRow {
  build: string;
  cards: string;
  orders: { count: number; p50: number; p99: number; failed: number };
  pages: { count: number; p50: number; p99: number };
}

async function slowPaymob(build: string): Promise<StallRow> {
  const standIn = await startPaymobStandIn({
    ...STANDIN_SETTINGS,
    port: port + 1,
    integrationIds: [STANDIN_SETTINGS.cardIntegrationId, STANDIN_SETTINGS.walletIntegrationId],
    // Just inside the 15 s the shop waits for Paymob (core/payments/paymob.ts), so the checkouts succeed.
    delayMs: PAYMOB_DELAY_MS,
  });
  const server = await startServer(
    build,
    {
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT: '100000',
      MAX_OPEN_ORDERS: '1000000',
      ...standInEnv(standIn.url),
    },
    // Measured once the demo pictures are drawn, so the drawing does not share the cores.
    /demo pictures are all drawn/,
  );
  try {
    const products = await productsInStock();
    const payers = await Promise.all([1, 2, 3, 4, 5].map((n) => customer(n)));
    const shopper = await customer(6);
    const pick = (i: number) => products[i % products.length]!;
    for (const [i, payer] of payers.entries()) await payer.call('POST', '/api/v1/cart', { productId: pick(i).id, color: pick(i).size });
    const started = performance.now();
    const cards = Promise.all(
      payers.map(async (payer) => {
        const cart = (await (await payer.call('GET', '/api/v1/cart')).json()) as { data: { _id: string } };
        const t0 = performance.now();
        const placed = await payer.call('POST', `/api/v1/orders/${cart.data._id}`, { shippingAddress: SHIPPING, paymentMethodType: 'card' });
        return { status: placed.status === 599 ? 0 : placed.status, ms: performance.now() - t0 };
      }),
    );
    await sleep(500);
    const orderTimes: number[] = [];
    const pageTimes: number[] = [];
    let failed = 0;
    for (let i = 0; performance.now() - started < PAYMOB_DELAY_MS; i++) {
      let t0 = performance.now();
      await shopper.call('POST', '/api/v1/cart', { productId: pick(i + 7).id, color: pick(i + 7).size });
      const cart = await shopper.call('GET', '/api/v1/cart');
      const cartId = cart.ok ? ((await cart.json()) as { data: { _id: string } }).data._id : 'none';
      // The order's time counts from the cart, which waits too when the database is held.
      const placed = await shopper.call('POST', `/api/v1/orders/${cartId}`, { shippingAddress: SHIPPING });
      orderTimes.push(performance.now() - t0);
      if (placed.status !== 201) failed++;
      t0 = performance.now();
      await fetch(`${base}/profile`, { headers: { cookie: `token=${shopper.token}` } })
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
      pageTimes.push(performance.now() - t0);
    }
    const cardResults = await cards;
    const cardMs = cardResults.map((c) => c.ms);
    return {
      build,
      cards: `${tally(cardResults.map((c) => c.status))} in ${(Math.min(...cardMs) / 1000).toFixed(1)} to ${(Math.max(...cardMs) / 1000).toFixed(1)} s`,
      orders: { count: orderTimes.length, p50: percentile(orderTimes, 50), p99: percentile(orderTimes, 99), failed },
      pages: { count: pageTimes.length, p50: percentile(pageTimes, 50), p99: percentile(pageTimes, 99) },
    };
  } finally {
    await server.stop();
    await standIn.close();
  }
}

const scenarios: Record<string, (build: string) => Promise<Row>> = {
  'big-multipart': (build) => bigBodies(build, 'multipart'),
  'big-form': (build) => bigBodies(build, 'urlencoded'),
  'junk-keys': junkKeys,
};
const builds = [...(values.before ? [values.before] : []), values.build];

const rows: Row[] = [];
const stalls: StallRow[] = [];
if (!values.only || values.only === 'slow-paymob') {
  for (const build of builds) {
    const row = await slowPaymob(build);
    stalls.push(row);
    console.error(`${build}: slow Paymob: cards ${row.cards}; cash orders ${JSON.stringify(row.orders)}; pages ${JSON.stringify(row.pages)}`);
  }
}
for (const [name, run] of Object.entries(scenarios)) {
  if (values.only && values.only !== name) continue;
  for (const build of builds) {
    const row = await run(build);
    rows.push(row);
    console.error(`${build}: ${row.scenario}: idle ${row.idle.toFixed(0)} MB, peak ${row.peak.toFixed(0)} MB, after ${row.after.toFixed(0)} MB, ${row.up ? 'up' : 'DOWN'}; ${row.answers}`);
  }
}

if (values.markdown && stalls.length) {
  const ms = (n: number) => `${Math.round(n).toLocaleString('en')} ms`;
  console.log('| build | 5 card checkouts at once (Paymob answers after 14.5 s) | cash orders meanwhile (add to cart, read it, order): count, p50, p99 | profile page meanwhile: count, p50, p99 |');
  console.log('|---|---|---|---|');
  for (const r of stalls) {
    const build = r.build === values.before ? 'before' : 'after';
    console.log(
      `| ${build} | ${r.cards} | ${r.orders.count}${r.orders.failed ? ` (${r.orders.failed} refused)` : ''}, ${ms(r.orders.p50)}, ${ms(r.orders.p99)} | ${r.pages.count}, ${ms(r.pages.p50)}, ${ms(r.pages.p99)} |`,
    );
  }
  console.log('');
}
if (values.markdown && rows.length) {
  console.log('| scenario | build | idle RSS | peak RSS | RSS after | process | answers |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const build = r.build === values.before ? 'before' : 'after';
    console.log(`| ${r.scenario} | ${build} | ${r.idle.toFixed(0)} MB | ${r.peak.toFixed(0)} MB | ${r.after.toFixed(0)} MB | ${r.up ? 'up' : '**down**'} | ${r.answers} |`);
  }
}
