/**
 * `npm run bench:memory`: how much memory the server holds with the demo shop after a day's
 * kind of work, measured from outside (its resident memory from /proc), on the embedded database
 * by default.
 *
 * The compiled server starts as `npm start` starts it, on a fresh data folder: it creates the
 * database, seeds the demo shop and draws its pictures. This process then, `--rounds` times:
 * walks the shop as a browser would (every page linked from the home page, the listings' pages,
 * every product page, and every picture they show), searches for words of the products' titles,
 * signs up customers who add to their carts, order cash on delivery and read their profile, and
 * goes through the dashboard as the demo admin (every admin page, each order, each product's
 * edit page, a price changed, a product added with an uploaded picture and deleted).
 *
 * Readings: at rest once listening, the highest while working, and at rest after the work (each
 * "at rest" the median of ten readings, a second after the last request once listening, and
 * `--settle` seconds (30) after it at the end, once V8 has collected the idle process's garbage). `--before <dir>` also
 * measures another build (BUILD_DIR=<dir> npm run build at an older commit), in the same sitting.
 * `--database-url` runs the server on PostgreSQL instead (an empty database). `--hold` keeps the
 * last server running after its readings, until Ctrl-C, to look into it (/proc/<pid>/smaps).
 *
 *   npm run bench:memory -- [--build build] [--before tmp/before] [--rounds 3] [--port 3994] [--database-url postgres://...] [--markdown] [--hold] [--settle 30]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { restingRss, sampled, startServer, type BenchServer } from './bench-server.ts';
import { rssMb } from './proc-memory.ts';

const { values } = parseArgs({
  options: {
    build: { type: 'string', default: process.env.BUILD_DIR ?? 'build' },
    before: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    port: { type: 'string', default: '3994' },
    'database-url': { type: 'string' },
    markdown: { type: 'boolean', default: false },
    hold: { type: 'boolean', default: false },
    settle: { type: 'string', default: '30' },
  },
});

/** Same-origin links and pictures of an HTML page. */
function linksOf(html: string): { pages: string[]; pictures: string[] } {
  const pages = [...html.matchAll(/<a [^>]*href="(\/[^"#]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  const sources = [...html.matchAll(/<img [^>]*?(?:src|srcSet|srcset)="([^"]+)"/g), ...html.matchAll(/srcset="([^"]+)"/gi)].flatMap((m) =>
    m[1]!.split(',').map((part) => part.trim().split(/\s+/)[0]!),
  );
  return { pages, pictures: sources.filter((s) => s.startsWith('/')) };
}

const SHOPPER_PAGE = /^\/(?:$|category\/|winter|summer|less199|less149|new-arrived|offers|product\/|about-shortcut|terms-and-condition|team-privacy-policy|delivery-and-returns)/;

class Client {
  requests = 0;
  failures: string[] = [];
  constructor(
    private readonly base: string,
    private readonly cookie?: string,
  ) {}

  async get(url: string): Promise<string> {
    const answer = await fetch(`${this.base}${url}`, { headers: { accept: 'text/html', ...(this.cookie ? { cookie: this.cookie } : {}) } });
    this.requests++;
    const body = await answer.text();
    if (!answer.ok) this.failures.push(`GET ${url}: ${answer.status}`);
    return body;
  }

  async picture(url: string): Promise<void> {
    const answer = await fetch(`${this.base}${url}`);
    this.requests++;
    await answer.arrayBuffer();
    if (!answer.ok) this.failures.push(`GET ${url}: ${answer.status}`);
  }
}

/** Every shopper page reachable from the home page, four at a time, with their pictures. */
async function walkShop(client: Client): Promise<number> {
  const seen = new Set<string>(['/']);
  const pictures = new Set<string>();
  let queue = ['/'];
  while (queue.length > 0) {
    const next: string[] = [];
    for (let i = 0; i < queue.length; i += 4) {
      const htmls = await Promise.all(queue.slice(i, i + 4).map((url) => client.get(url)));
      for (const html of htmls) {
        const found = linksOf(html);
        for (const page of found.pages) {
          if (SHOPPER_PAGE.test(page) && !seen.has(page)) {
            seen.add(page);
            next.push(page);
          }
        }
        for (const picture of found.pictures) pictures.add(picture);
      }
    }
    queue = next;
  }
  const all = [...pictures];
  for (let i = 0; i < all.length; i += 4) await Promise.all(all.slice(i, i + 4).map((url) => client.picture(url)));
  return seen.size;
}

interface ApiProduct {
  _id: string;
  title: string;
  availability: boolean;
  stock?: { size: string; quantity: number }[];
}

async function api<T>(base: string, method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : {}) as T;
}

async function allProducts(base: string): Promise<ApiProduct[]> {
  const products: ApiProduct[] = [];
  for (let page = 1; ; page++) {
    const answer = await api<{ data: ApiProduct[] }>(base, 'GET', `/products?limit=50&page=${page}`);
    products.push(...answer.data);
    if (answer.data.length < 50) return products;
  }
}

let customers = 0;

/** A customer signs up, fills a cart with two products, orders cash on delivery and reads /profile. */
async function customerOrders(base: string): Promise<Client> {
  const n = ++customers;
  const phone = `011${String(process.pid).slice(-3).padStart(3, '0')}${String(n).padStart(5, '0')}`;
  const { token } = await api<{ token: string }>(base, 'POST', '/auth/signup', undefined, { name: `عميل ${n}`, phone, password: 'bench-password', passwordConfirm: 'bench-password' });
  // What is in stock now: earlier customers' orders took some.
  const inStock = (await allProducts(base)).flatMap((p) => {
    const size = p.stock?.find((s) => s.quantity > 3)?.size;
    return p.availability && size ? [{ id: p._id, size }] : [];
  });
  let cartId = '';
  for (let i = 0; i < 2; i++) {
    const item = inStock[(n * 7 + i * 13) % inStock.length]!;
    cartId = (await api<{ data: { _id: string } }>(base, 'POST', '/cart', token, { productId: item.id, color: item.size })).data._id;
  }
  await api(base, 'POST', `/orders/${cartId}`, token, { shippingAddress: { details: '12 شارع التحرير', district: 'الدقي', phone: '01012345678', shippingCity: 'الجيزة' } });
  const client = new Client(base, `token=${token}`);
  await client.get('/profile');
  await client.get('/cart');
  await client.get('/wishlist');
  return client;
}

/** The demo admin goes through every dashboard page, changes a price and adds then deletes a product. */
async function adminWork(base: string, dataDir: string, products: ApiProduct[], round: number): Promise<Client> {
  const accounts = JSON.parse(readFileSync(path.join(dataDir, 'demo-accounts.json'), 'utf8')) as { admin: { phone: string; password: string } };
  const { token } = await api<{ token: string }>(base, 'POST', '/auth/login', undefined, { phone: accounts.admin.phone, password: accounts.admin.password });
  const client = new Client(base, `token=${token}`);
  for (const page of ['/admin', '/admin/manage-orders', '/admin/manage-users', '/admin/manage-categories', '/admin/add-product']) await client.get(page);
  for (let page = 1; page <= Math.ceil(products.length / 20); page++) await client.get(`/admin/manage-products?page=${page}`);
  const orders = await api<{ data: { _id: string }[] }>(base, 'GET', '/orders?limit=50', token);
  for (const order of orders.data) await client.get(`/admin/order-details/${order._id}`);
  for (const product of products.slice(0, 40)) await client.get(`/admin/edit-product/${product._id}`);
  const edited = products[round % products.length]!;
  const price = new FormData();
  price.set('price', String(300 + round));
  await api(base, 'PUT', `/products/${edited._id}`, token, price);
  const categories = await api<{ data: { _id: string }[] }>(base, 'GET', '/categories');
  const photo = await sharp({ create: { width: 1600, height: 2000, channels: 3, background: { r: 40 + round * 30, g: 90, b: 160 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const added = new FormData();
  for (const [key, value] of Object.entries({ title: `قميص تجربة ${round}`, description: 'قميص قطن للتجربة', price: '250', priceAfterDiscount: '200', category: categories.data[0]!._id, age: 'رجال', season: 'صيف', barcode: `BENCH-${round}-${Date.now()}`, sale: '0', quantity: '5' })) {
    added.set(key, value);
  }
  added.append('availableSizes', 'm');
  added.set('imageCover', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const product = await api<{ data: { _id: string } }>(base, 'POST', '/products', token, added);
  await client.get(`/product/${product.data._id}`);
  await api(base, 'DELETE', `/products/${product.data._id}`, token);
  return client;
}

/** Words from the products' titles, as shoppers search for them. */
function searchWords(products: ApiProduct[]): string[] {
  const words = new Set(products.flatMap((p) => p.title.split(/\s+/).filter((w) => w.length > 2)));
  return [...words].slice(0, 30);
}

interface Row {
  build: string;
  listening: number;
  peak: number;
  after: number;
  requests: number;
  failures: string[];
  pages: number;
}

async function measure(build: string, plainEnv: boolean): Promise<Row> {
  const server: BenchServer = await startServer({
    build,
    port: Number(values.port),
    // Every customer and search comes from this one address, as a whole town would through one proxy.
    env: { SEED_DEMO: 'true', AUTH_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}) },
    ready: /The store is running/,
    plainEnv,
    timeoutMs: 300_000,
  });
  const pid = server.child.pid!;
  try {
    const listening = await restingRss(pid);
    const clients: Client[] = [];
    let pages = 0;
    const { peak } = await sampled(pid, async () => {
      const products = await allProducts(server.base);
      for (let round = 0; round < Number(values.rounds); round++) {
        const shopper = new Client(server.base);
        clients.push(shopper);
        pages = await walkShop(shopper);
        for (const word of searchWords(products)) await shopper.get(`/search?keyword=${encodeURIComponent(word)}`);
        for (let i = 0; i < 5; i++) clients.push(await customerOrders(server.base));
        clients.push(await adminWork(server.base, server.dataDir, products, round));
      }
    });
    if (server.exited()) throw new Error(`the server stopped:\n${server.log()}`);
    const row: Row = {
      build,
      listening,
      peak: Math.max(peak, rssMb(pid)),
      after: await restingRss(pid, Number(values.settle) * 1000),
      requests: clients.reduce((n, c) => n + c.requests, 0),
      failures: clients.flatMap((c) => c.failures),
      pages,
    };
    console.log(
      `${build}: listening ${Math.round(row.listening)} MB, highest while working ${Math.round(row.peak)} MB, at rest after ${Math.round(row.after)} MB ` +
        `(${row.requests} requests, ${row.pages} shopper pages a round, ${row.failures.length} failed${row.failures.length ? `: ${row.failures.slice(0, 5).join('; ')}` : ''})`,
    );
    return row;
  } finally {
    if (values.hold) {
      console.log(`${build}: the server keeps running as process ${pid} at ${server.base} (Ctrl-C stops it)`);
      await new Promise((resolve) => process.once('SIGINT', resolve));
    }
    await server.stop();
  }
}

async function main() {
  const builds = values.before ? [values.before, values.build] : [values.build];
  const rows: Row[] = [];
  for (const build of builds) {
    // The older build as its own `npm start` ran it, without the environment added since.
    const row = await measure(build, build === values.before);
    rows.push(row);
  }
  if (values.markdown) {
    console.log('\n| build | listening | highest while working | at rest after | requests |\n|---|---|---|---|---|');
    for (const row of rows) console.log(`| ${row.build} | ${Math.round(row.listening)} MB | ${Math.round(row.peak)} MB | ${Math.round(row.after)} MB | ${row.requests} |`);
  }
  if (rows.some((row) => row.failures.length > 0)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
