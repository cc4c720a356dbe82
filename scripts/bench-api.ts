/**
 * Load benchmark of the catalogue API (DESIGN.md "Performance budgets"): fills a database
 * with a large generated catalogue, starts the app in this process, and drives listing and
 * search calls from many concurrent connections, printing p50/p95/p99 per scenario.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx scripts/bench-api.ts
 *   options: --products 100000 --connections 50 --requests 2000
 * Without BENCH_DATABASE_URL it runs on an in-memory embedded database.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { AGES, SEASONS, SIZES, toSearchText } from '../contracts/index.ts';
import { openDatabase } from '../db/client.ts';
import { spreadQuantity } from '../core/stock.ts';
import { categories, products, productStock } from '../db/schema.ts';
import { buildApp } from '../server/app.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '50' },
    requests: { type: 'string', default: '2000' },
  },
});
const target = Number(values.products);
const connections = Number(values.connections);
const requestsPerScenario = Number(values.requests);

const KINDS = ['تيشيرت', 'قميص', 'بولو', 'بنطلون', 'جينز', 'شورت', 'هودي', 'جاكيت'];
const FABRICS = ['قطن', 'لينين', 'صوف', 'فليس', 'دنيم', 'بوليستر'];
const COLOURS = ['أبيض', 'أسود', 'كحلي', 'رمادي', 'بيج', 'زيتي', 'نبيتي', 'أزرق', 'أحمر', 'أخضر'];
const FITS = ['مريح', 'ضيق', 'واسع', 'كلاسيك', 'رياضي'];

async function fillCatalogue(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<string[]> {
  const existing = await db.select({ id: categories.id }).from(categories);
  const categoryIds = existing.length
    ? existing.map((c) => c.id)
    : (await db.insert(categories).values(KINDS.map((name) => ({ name, image: 'bench.webp' }))).returning({ id: categories.id })).map((c) => c.id);
  const [have] = await db.select({ n: count() }).from(products);
  let made = have?.n ?? 0;
  const started = Date.now();
  while (made < target) {
    const batch = Array.from({ length: Math.min(1000, target - made) }, (_, i) => {
      const n = made + i;
      const kindIndex = n % KINDS.length;
      const title = `${KINDS[kindIndex]} ${FABRICS[n % FABRICS.length]} ${FITS[(n >> 3) % FITS.length]} - ${COLOURS[(n >> 5) % COLOURS.length]} ${n}`;
      const description = `${title} بخامة عالية الجودة مناسب للاستخدام اليومي`;
      const price = 99 + ((n * 37) % 1400);
      const age = AGES[n % 2]!;
      const season = SEASONS[n % 3]!;
      return {
        title,
        slug: `p-${n}`,
        description,
        categoryId: categoryIds[kindIndex % categoryIds.length]!,
        imageCover: 'bench.webp',
        price,
        priceAfterDiscount: n % 4 === 0 ? Math.round(price * 0.8) : price,
        quantity: n % 17 === 0 ? 0 : 20,
        age,
        season,
        availableSizes: SIZES.slice(0, 5),
        barcode: `B-${n}`,
        searchTitle: toSearchText(title),
        searchText: toSearchText(title, KINDS[kindIndex]!, age, season, `B-${n}`, description),
        createdAt: new Date(Date.now() - n * 60_000),
      };
    });
    const inserted = await db.insert(products).values(batch).returning({ id: products.id, quantity: products.quantity, sizes: products.availableSizes });
    // The same stock per size that core/stock.ts would keep: the quantity spread over the sizes.
    await db.insert(productStock).values(
      inserted.flatMap((p) => Object.entries(spreadQuantity(p.quantity, p.sizes)).map(([size, quantity]) => ({ productId: p.id, size, quantity }))),
    );
    made += batch.length;
    if (made % 10_000 === 0) console.log(`  ${made} products (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  return categoryIds;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function drive(base: string, urls: string[]): Promise<{ p50: number; p95: number; p99: number; rps: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < requestsPerScenario) {
        const url = urls[next++ % urls.length]!;
        const t0 = performance.now();
        const res = await fetch(base + url);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), rps: latencies.length / seconds };
}

const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, poolSize: 20 });
console.log(`Engine: ${database.engine}; filling to ${target} products...`);
const categoryIds = await fillCatalogue(database.db);
await database.db.execute('analyze');
const app = await buildApp({
  db: database.db,
  uploadsDir: await mkdtemp(path.join(tmpdir(), 'bench-')),
  jwtSecret: 'bench-secret-bench-secret-bench-secret',
  storeUrl: 'http://localhost',
  authRateLimit: 1_000_000,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const enc = encodeURIComponent;
const scenarios: Record<string, string[]> = {
  'newest, pages 1-50': Array.from({ length: 50 }, (_, i) => `/api/v1/products?page=${i + 1}`),
  'category, newest': categoryIds.map((id) => `/api/v1/products?category[in][]=${id}`),
  'season + price band': [`/api/v1/products?season=${enc('صيف')}&priceAfterDiscount[lte]=199`, `/api/v1/products?season=${enc('شتاء')}&priceAfterDiscount[lte]=449`],
  'sorted by price': ['/api/v1/products?sort=priceAfterDiscount', '/api/v1/products?sort=-priceAfterDiscount&availability=true'],
  'keyword search': ['تيشيرت', 'قميص لينين', 'تيشرت قطن', 'جينز ازرق', 'hoodie', 'بنطلون كلاسيك'].map((k) => `/api/v1/products?keyword=${enc(k)}`),
  'first page, limit 1': ['/api/v1/products?limit=1'],
};
console.log(`\n${connections} connections, ${requestsPerScenario} requests per scenario`);
console.log('scenario                 p50 ms   p95 ms   p99 ms   req/s');
for (const [name, urls] of Object.entries(scenarios)) {
  await drive(address, urls.slice(0, 5));
  const r = await drive(address, urls);
  console.log(`${name.padEnd(24)} ${r.p50.toFixed(1).padStart(6)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${r.rps.toFixed(0).padStart(7)}`);
}
await app.close();
await database.close();
