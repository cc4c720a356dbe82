/**
 * `npm run bench`: the catalogue's load benchmark, one server process measured from the outside.
 *
 * 1. Fills a PostgreSQL database with a generated catalogue (Arabic titles from kinds, fabrics,
 *    fits and colours, 24 categories, sizes, seasons, prices and discounts). A second run on the
 *    same database tops it up to the asked size instead of starting again.
 * 2. Builds the app if needed and starts the real server (server/main.ts compiled, run by node in production mode, as `npm start` does) on that
 *    database as a child process.
 * 3. Runs every scenario with autocannon in a process of its own, while this process samples
 *    the server's resident memory from /proc. Prints p50, p99 and requests a second per scenario
 *    and the server's largest RSS; `--markdown` prints the table for docs/benchmarks.md.
 *
 * `--fill-only` fills the database and stops. `--no-cache` starts the server keeping no catalogue
 * answers (`CATALOGUE_CACHE_ENTRIES=0`), so every request does its database work. (A parameter
 * the server ignores would not do: the kept answers are keyed by the parameters their route
 * reads, docs/decisions/011.)
 *
 * Last comes the storm. First the shoppers alone (scripts/bench-shopper.ts, a process of its own:
 * 3 customers placing orders and 2 guests reading products, through the server's cache as a
 * guest's reads go, which every order empties) for the calm figures; then the same shoppers
 * while 50 connections search, every search a different misspelt word (scripts/bench-words.ts),
 * so never one the server keeps. It prints the orders' and reads'
 * p99 calm and in the storm, their ratio, and how long the database stays busy once the
 * searches stop. `--storm-connections`, `--orderers` and `--readers` change the crowd.
 * `--storm-only` runs only the storm, `--no-storm` all but the storm. `--node-args` replaces node's
 * flags for the server (those of `npm start` by default), to compare memory settings:
 * `--node-args ''` runs it without any; `--node-args '--cpu-prof'` profiles it.
 *
 * `--signed-in` adds the signed-in customer's reads: a customer signs up, then the newest list,
 * a category, a search and one product through the API with its `Authorization: Bearer` token,
 * and the home, category, search and product pages with its session cookie. A signed-in page
 * is the guest's kept copy with the shopper's parts put in (docs/decisions/011). `--only <pattern>`
 * runs the scenarios whose name matches it (a regular expression).
 *
 *   npm run bench -- [--products 100000] [--database postgres://postgres@127.0.0.1:5432/store_bench]
 *                    [--connections 50] [--html-connections 10] [--duration 10] [--markdown] [--fill-only] [--no-cache] [--storm-only]
 *                    [--no-storm] [--storm-connections 50] [--storm-words mixed] [--orderers 3] [--readers 2] [--signed-in] [--only 'signed in'] [--port 3990] [--node-args '--max-old-space-size=256']
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { AGES, SEASONS, SIZES } from '../contracts/constants.ts';
import { toSearchText } from '../contracts/normalize-arabic.ts';
import { spreadQuantity } from '../core/catalogue/stock.ts';
import { openDatabase } from '../db/client.ts';
import { categories, products, productStock } from '../db/schema.ts';
import { COLOURS, FABRICS, FITS, KINDS } from './bench-words.ts';
import { SERVER_ENV, SERVER_NODE_ARGS, serverEntry } from './build-server.ts';
import { rssMb } from './proc-memory.ts';
import { ensurePostgresDatabase } from './throwaway-database.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    database: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/store_bench' },
    connections: { type: 'string', default: '50' },
    'html-connections': { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    port: { type: 'string', default: '3990' },
    markdown: { type: 'boolean', default: false },
    'fill-only': { type: 'boolean', default: false },
    'no-cache': { type: 'boolean', default: false },
    'storm-only': { type: 'boolean', default: false },
    'no-storm': { type: 'boolean', default: false },
    'signed-in': { type: 'boolean', default: false },
    only: { type: 'string' },
    'storm-connections': { type: 'string', default: '50' },
    'storm-words': { type: 'string', default: 'mixed' },
    orderers: { type: 'string', default: '3' },
    readers: { type: 'string', default: '2' },
    'node-args': { type: 'string', default: SERVER_NODE_ARGS.join(' ') },
  },
});
const target = Number(values.products);
const databaseUrl = values.database;
const port = Number(values.port);

/** A word on one product in a thousand: the "rare word" scenario. */
const RARE = 'مطرز';
/** Twelve kinds for men and for children: 24 categories. */
const CATEGORY_NAMES = AGES.flatMap((age) => KINDS.map((kind) => `${kind} ${age}`));

async function fillCatalogue(): Promise<void> {
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  const { db } = database;
  try {
    const existing = await db.select({ id: categories.id }).from(categories);
    const categoryIds = existing.length
      ? existing.map((c) => c.id)
      : (await db.insert(categories).values(CATEGORY_NAMES.map((name) => ({ name, image: 'bench.webp' }))).returning({ id: categories.id })).map((c) => c.id);
    const [have] = await db.select({ n: count() }).from(products);
    let made = have?.n ?? 0;
    if (made < target) console.log(`Filling the catalogue from ${made} to ${target} products...`);
    const started = Date.now();
    while (made < target) {
      const batch = Array.from({ length: Math.min(1000, target - made) }, (_, i) => {
        const n = made + i;
        const kind = KINDS[n % KINDS.length]!;
        const age = AGES[(n >> 4) % 2]!;
        const season = SEASONS[n % 3]!;
        const rare = n % 1000 === 7 ? ` ${RARE}` : '';
        const title = `${kind} ${FABRICS[(n >> 1) % FABRICS.length]} ${FITS[(n >> 3) % FITS.length]}${rare} - ${COLOURS[(n >> 5) % COLOURS.length]}`;
        const description = `${title} بخامة عالية الجودة، مناسب للاستخدام اليومي والخروج.`;
        const price = 99 + ((n * 37) % 1400);
        const barcode = `BN-${n}`;
        return {
          title,
          slug: `bench-${n}`,
          description,
          categoryId: categoryIds[(n % KINDS.length) + ((n >> 4) % 2) * KINDS.length] ?? categoryIds[0]!,
          imageCover: 'bench.webp',
          price,
          priceAfterDiscount: n % 4 === 0 ? Math.round(price * 0.8) : price,
          quantity: n % 17 === 0 ? 0 : 30,
          age,
          season,
          availableSizes: SIZES.slice(n % 3, (n % 3) + 5),
          barcode,
          searchTitle: toSearchText(title),
          searchText: toSearchText(title, kind, age, season, barcode, description),
          createdAt: new Date(Date.now() - n * 60_000),
        };
      });
      const inserted = await db.insert(products).values(batch).returning({ id: products.id, quantity: products.quantity, sizes: products.availableSizes });
      // The stock per size that core/catalogue/stock.ts keeps: the quantity spread over the sizes.
      await db.insert(productStock).values(
        inserted.flatMap((p) => Object.entries(spreadQuantity(p.quantity, p.sizes)).map(([size, quantity]) => ({ productId: p.id, size, quantity }))),
      );
      made += batch.length;
      if (made % 20_000 === 0) console.log(`  ${made} products (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    // As autovacuum does in time: statistics for the planner, and the visibility map for index-only scans.
    await db.execute('vacuum analyze');
  } finally {
    await database.close();
  }
}


interface Result {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  non2xx: number;
  rss: number;
}

const scriptsDir = path.dirname(fileURLToPath(import.meta.url));

/** Runs one of the benchmark's scripts in a process of its own and reads the JSON it prints. */
function runScript<T>(script: string, args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(scriptsDir, script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`${script} exited with ${code}`))));
  });
}

interface LoadResult {
  latency: { p50: number; p99: number };
  requests: { average: number; total: number };
  errors: number;
  non2xx: number;
  statusCodeStats?: Record<string, { count: number }>;
}

/** One scenario: autocannon in its own process (sending `headers` with each request), the server's RSS sampled meanwhile. */
async function run(url: string, connections: number, serverPid: number, headers: string[] = []): Promise<Result> {
  let rss = rssMb(serverPid);
  const sampler = setInterval(() => (rss = Math.max(rss, rssMb(serverPid))), 250);
  try {
    const result = await runScript<LoadResult>('bench-load.ts', [
      url,
      String(connections),
      values.duration,
      ...headers.flatMap((header) => ['--header', header]),
    ]);
    return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, errors: result.errors, non2xx: result.non2xx, rss };
  } finally {
    clearInterval(sampler);
  }
}

/** Statements running on the benchmark's database, other than this one. */
async function activeStatements(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()",
  );
  return rows[0]?.n ?? 0;
}

interface Latencies {
  count: number;
  p50: number;
  p99: number;
}
interface Shopped {
  orders: Latencies;
  pages: Latencies;
  apiReads: Latencies;
  failed: number;
}

/** The shoppers for the bench's duration: customers ordering, guests reading products. */
function shoppers(base: string, productIds: string[]): Promise<Shopped> {
  return runScript<Shopped>('bench-shopper.ts', [base, values.duration, '--orderers', values.orderers, '--readers', values.readers, ...productIds]);
}

/**
 * The storm: the shoppers alone (calm), then the shoppers again while `--storm-connections`
 * connections search, each search a different misspelt word, never kept; then how long
 * the database stays busy once the searches stop.
 */
async function storm(base: string, productIds: string[]) {
  const watcher = new pg.Client({ connectionString: databaseUrl });
  await watcher.connect();
  try {
    // Earlier runs' orders sold these products out: back to 30 pieces a size, or the orderers
    // would find nothing to order. The cache holds no stock (the shoppers' reads all miss it).
    await watcher.query('update product_stock set quantity = 30 where product_id = any($1::uuid[])', [productIds]);
    await watcher.query(
      'update products set quantity = (select sum(quantity) from product_stock where product_id = products.id) where id = any($1::uuid[])',
      [productIds],
    );
    const calm = await shoppers(base, productIds);
    let stoppedAt = 0;
    const load = runScript<LoadResult>('bench-load.ts', [`${base}/api/v1/products?keyword={misspelt}`, values['storm-connections'], values.duration, '--words', values['storm-words']]).then(
      (result) => {
        stoppedAt = Date.now();
        return result;
      },
    );
    const shopped = await shoppers(base, productIds);
    const searched = await load;
    let busyMs = 0;
    while ((await activeStatements(watcher)) > 0 && busyMs < 120_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      busyMs = Date.now() - stoppedAt;
    }
    const turnedAway = Object.entries(searched.statusCodeStats ?? {})
      .filter(([code]) => code !== '200')
      .map(([code, { count }]) => `${count} × ${code}`)
      .join(', ');
    return { searched, calm, shopped, busyMs, turnedAway };
  } finally {
    await watcher.end();
  }
}

async function waitForServer(base: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/v1/categories`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** Signs a new customer up: its token, sent as the API's bearer and as the pages' session cookie (`token` over plain http). */
async function signUp(base: string): Promise<string> {
  const password = 'bench-password-1';
  const response = await fetch(`${base}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'زبون القياس', phone: `011${String(Date.now()).slice(-8)}`, password, passwordConfirm: password }),
  });
  if (response.status !== 201) throw new Error(`signup: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

await ensurePostgresDatabase(databaseUrl);
await fillCatalogue();
if (values['fill-only']) process.exit(0);
if (spawnSync('npx', ['tsx', 'scripts/ensure-build.ts'], { stdio: 'inherit' }).status !== 0) throw new Error('the web build failed');

const server = spawn(process.execPath, [...values['node-args'].split(/\s+/).filter(Boolean), serverEntry(process.env.BUILD_DIR ?? 'build')], {
  env: {
    ...process.env,
    ...SERVER_ENV,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'store-bench-')),
    // The storm's shopper places order after order, none confirmed: past the limit of open
    // orders per customer every one would be refused and measure nothing.
    MAX_OPEN_ORDERS: '1000000',
    SEED_DEMO: 'false',
    // Requests the server turns away under load are counted in the table's "failed"; a log line each would drown it.
    LOG_LEVEL: 'error',
    AUTH_RATE_LIMIT: '1000000',
    // Every request comes from this one address: the per-address search rate would answer most of them 429.
    SEARCH_RATE_LIMIT: '1000000000',
    BACKUP_INTERVAL_MINUTES: '0',
    ...(values['no-cache'] ? { CATALOGUE_CACHE_ENTRIES: '0' } : {}),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
try {
  await waitForServer(base);
  const category = (await getJson<{ data: { _id: string }[] }>(`${base}/api/v1/categories?limit=1`)).data[0]!._id;
  const product = (await getJson<{ data: { _id: string }[] }>(`${base}/api/v1/products?limit=1`)).data[0]!._id;
  const enc = encodeURIComponent;
  const api = Number(values.connections);
  const html = Number(values['html-connections']);
  /** Name, path and query, connections, and the headers of each request. */
  const scenarios: [string, string, number, string[]?][] = [
    ['API newest list', '/api/v1/products', api],
    ['API category', `/api/v1/products?category=${category}`, api],
    ['API season + price band', `/api/v1/products?season=${enc('صيف')}&priceAfterDiscount[lte]=199`, api],
    ['API price sort', '/api/v1/products?sort=priceAfterDiscount', api],
    ['API deep page (200)', '/api/v1/products?page=200', api],
    ['API search, common word', `/api/v1/products?keyword=${enc('قميص')}`, api],
    ['API search, rare word', `/api/v1/products?keyword=${enc(RARE)}`, api],
    ['API search, two words', `/api/v1/products?keyword=${enc('جينز أزرق')}`, api],
    ['API search, misspelt', `/api/v1/products?keyword=${enc('رمدي')}`, api],
    // Never the same word twice, so never from the server's cache, with or without --no-cache.
    ['API search, varied misspelt', '/api/v1/products?keyword={misspelt}', api],
    ['API one product', `/api/v1/products/${product}`, api],
    ['HTML home', '/', html],
    ['HTML listing', `/category/${category}`, html],
    ['HTML product', `/product/${product}`, html],
    ['HTML search', `/search?keyword=${enc('قميص')}`, html],
  ];
  if (values['signed-in']) {
    const token = await signUp(base);
    const bearer = [`Authorization: Bearer ${token}`];
    const cookie = [`Cookie: token=${token}`];
    scenarios.push(
      ['signed in: API newest list', '/api/v1/products', api, bearer],
      ['signed in: API category', `/api/v1/products?category=${category}`, api, bearer],
      ['signed in: API search', `/api/v1/products?keyword=${enc('قميص')}`, api, bearer],
      ['signed in: API one product', `/api/v1/products/${product}`, api, bearer],
      ['signed in: HTML home', '/', html, cookie],
      ['signed in: HTML listing', `/category/${category}`, html, cookie],
      ['signed in: HTML search', `/search?keyword=${enc('قميص')}`, html, cookie],
      ['signed in: HTML product', `/product/${product}`, html, cookie],
    );
  }
  const only = values.only === undefined ? undefined : new RegExp(values.only);
  const listed = await getJson<{ paginationResult: { numberOfPages: number }; data: { _id: string }[] }>(`${base}/api/v1/products?limit=100`);
  console.log(`\n${target} products (${listed.paginationResult.numberOfPages} pages of 100), ${values.duration} s a scenario`);
  const rows: string[] = [];
  for (const [name, pathAndQuery, connections, headers] of values['storm-only'] ? [] : scenarios.filter(([name]) => !only || only.test(name))) {
    const r = await run(base + pathAndQuery, connections, server.pid!, headers);
    const failed = r.errors + r.non2xx;
    rows.push(
      values.markdown
        ? `| ${name} | ${connections} | ${r.p50} | ${r.p99} | ${r.rps.toFixed(0)} | ${r.rss.toFixed(0)} | ${failed} |`
        : `${name.padEnd(30)} ${String(connections).padStart(4)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${r.rps.toFixed(0).padStart(7)} ${r.rss.toFixed(0).padStart(7)} ${String(failed).padStart(7)}`,
    );
    console.log(rows.at(-1));
  }
  console.log(
    values.markdown
      ? '\n| scenario | connections | p50 ms | p99 ms | req/s | server RSS MB | failed |\n|---|---|---|---|---|---|---|'
      : `\n${'scenario'.padEnd(30)} conn  p50 ms  p99 ms   req/s  RSS MB  failed`,
  );
  for (const row of rows) console.log(row);

  if (!values['no-storm']) {
    const { searched, calm, shopped, busyMs, turnedAway } = await storm(base, listed.data.map((p) => p._id));
    const versus = (name: string, before: Latencies, during: Latencies) =>
      `${name}: calm ${before.count}, p50 ${before.p50} ms, p99 ${before.p99} ms; in the storm ${during.count}, p50 ${during.p50} ms, p99 ${during.p99} ms (p99 ${(during.p99 / Math.max(1, before.p99)).toFixed(1)}x calm)`;
    const lines = [
      `searches (${values['storm-connections']} connections, a different misspelt word each, ${values['storm-words']}): ${searched.requests.total} in ${values.duration} s, p50 ${searched.latency.p50} ms, p99 ${searched.latency.p99} ms${turnedAway ? `, answered otherwise than 200: ${turnedAway}` : ''}${searched.errors ? `, ${searched.errors} client errors or timeouts` : ''}`,
      versus(`orders of ${values.orderers} customers (a cart line, then the order)`, calm.orders, shopped.orders),
      versus(`product pages of ${values.readers} readers`, calm.pages, shopped.pages),
      versus(`API product reads of ${values.readers} readers`, calm.apiReads, shopped.apiReads),
      `failed requests of the shoppers: calm ${calm.failed}, in the storm ${shopped.failed}`,
      `the database was busy for ${(busyMs / 1000).toFixed(2)} s after the searches stopped`,
    ];
    console.log(`\nStorm${values.markdown ? '\n' : ''}`);
    for (const line of lines) console.log(values.markdown ? `- ${line}` : `  ${line}`);
  }
} finally {
  server.kill('SIGTERM');
}
