/**
 * Durability check (DESIGN.md "Durability"): customers keep ordering over HTTP while the server
 * is killed with SIGKILL at random moments and started again. Afterwards the database must hold
 * every order a customer saw acknowledged, exactly once, no second order for one Idempotency-Key,
 * and stock that adds up to the orders. Exits non-zero when any check fails.
 *
 *   npm run test:durability                                                          # embedded PGlite
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:durability  # PostgreSQL
 *
 * Embedded runs in a temporary DATA_DIR; PostgreSQL in a new database created under
 * TEST_DATABASE_URL and dropped at the end. A failed run keeps its DATA_DIR (server log included).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { GOVERNORATES, MSG } from '../contracts/index.ts';
import { signup } from '../core/auth.ts';
import { createCategory } from '../core/categories.ts';
import { createProduct } from '../core/products.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { lockDataDir } from '../db/embedded.ts';
import { idempotencyKeys, orderItems, orders, products } from '../db/schema.ts';

const CUSTOMERS = 6;
const KILLS = 5;
const KILL_AFTER_MS: [number, number] = [2_000, 6_000];
/** Ordering goes on this long after the last restart, so the last kill's retries are answered. */
const LAST_STRETCH_MS = 3_000;
/** A request unanswered this long, through kills and restarts, fails the run. */
const ANSWER_WITHIN_MS = 60_000;
const PASSWORD = 'durability-check';
/**
 * Stock is one count per product today (products.quantity): every size of a product takes from
 * it. The scarce product sells out during the run, so orders race for its last pieces.
 */
const CATALOGUE = [
  { title: 'تيشيرت قطن', sizes: ['s', 'm', 'l', 'xl'], quantity: 100_000 },
  { title: 'بنطلون جينز', sizes: ['30', '32', '34'], quantity: 100_000 },
  { title: 'هودي أطفال', sizes: ['6', '8'], quantity: 40 },
];

const adminUrl = process.env.TEST_DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'store-durability-'));
const databaseName = `store_durability_${Date.now()}_${process.pid}`;
const databaseUrl = adminUrl ? withDatabase(adminUrl, databaseName) : undefined;
const logFile = path.join(dataDir, 'server.log');

function withDatabase(url: string, database: string): string {
  const target = new URL(url);
  target.pathname = `/${database}`;
  return target.toString();
}

async function onAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

function openShop(): Promise<Database> {
  return openDatabase(databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, 'pglite') });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

interface Shop {
  customers: { phone: string }[];
  products: { id: string; sizes: string[] }[];
  initialStock: Map<string, number>;
}

/** The shop is made through core with the database closed again before the server opens it. */
async function prepareShop(): Promise<Shop> {
  if (adminUrl) await onAdmin(`create database ${databaseName}`);
  const database = await openShop();
  try {
    const store = { root: path.join(dataDir, 'uploads') };
    const image = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#336699' } }).png().toBuffer();
    const category = await createCategory(database.db, store, { name: 'ملابس', image });
    const made = [];
    for (const [index, item] of CATALOGUE.entries()) {
      made.push(
        await createProduct(
          database.db,
          store,
          {
            title: item.title,
            description: `${item.title} للتجربة`,
            category: category.id,
            price: 200,
            priceAfterDiscount: 150,
            quantity: item.quantity,
            age: 'رجال',
            season: 'صيف',
            availableSizes: item.sizes,
            barcode: `DUR-${index}`,
            sale: '',
            availability: true,
          },
          { imageCover: image },
        ),
      );
    }
    const customers = [];
    for (let index = 0; index < CUSTOMERS; index++) {
      const phone = `0100000${String(index).padStart(4, '0')}`;
      await signup(database.db, { name: `عميل ${index + 1}`, phone, password: PASSWORD, passwordConfirm: PASSWORD });
      customers.push({ phone });
    }
    return {
      customers,
      products: made.map((product) => ({ id: product.id, sizes: product.availableSizes })),
      initialStock: new Map(made.map((product) => [product.id, product.quantity])),
    };
  } finally {
    await database.close();
  }
}

/** The server process: started, killed and stopped as a process group, its output in server.log. */
class ServerProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private expectingExit = false;
  /** Exits that nobody asked for, with the end of the log. */
  readonly crashes: string[] = [];
  readonly readyAfterMs: number[] = [];
  staleLocks = 0;
  stoppedCleanly = false;

  constructor(
    readonly baseUrl: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** Starts the server and waits until the API answers; false when it died on the way. */
  async start(): Promise<boolean> {
    const started = Date.now();
    if (!databaseUrl && existsSync(path.join(dataDir, 'server.lock'))) this.staleLocks++;
    const log = openSync(logFile, 'a');
    // node with tsx's loader rather than `npx tsx`: the child is the server itself, so the
    // SIGKILL lands on it and this process reaps it before the next start checks the lock.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: this.env, stdio: ['ignore', log, log], detached: true });
    this.child = child;
    this.expectingExit = false;
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        if (!this.expectingExit) this.crashes.push(`exit code ${code}, signal ${signal}\n${logTail()}`);
        if (this.child === child) this.child = undefined;
        resolve();
      });
    });
    while (this.child === child) {
      try {
        const res = await fetch(`${this.baseUrl}/api/v1/categories`);
        if (res.ok) {
          this.readyAfterMs.push(Date.now() - started);
          return true;
        }
      } catch {
        // not listening yet
      }
      if (Date.now() - started > ANSWER_WITHIN_MS) {
        this.crashes.push(`not answering ${ANSWER_WITHIN_MS / 1000} s after start\n${logTail()}`);
        await this.kill();
        return false;
      }
      await sleep(100);
    }
    return false;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  async kill(): Promise<void> {
    this.signal('SIGKILL');
    await this.exited;
  }

  /** SIGTERM, as a service manager stops it; SIGKILL if it has not exited 20 s later. */
  async stop(): Promise<void> {
    if (!this.child) return;
    const child = this.child;
    this.signal('SIGTERM');
    const inTime = await Promise.race([this.exited.then(() => true), sleep(20_000).then(() => false)]);
    if (!inTime) {
      this.crashes.push(`still running 20 s after SIGTERM\n${logTail()}`);
      await this.kill();
    }
    this.stoppedCleanly = inTime && child.exitCode === 0;
  }

  /** Signals the server's process group; the exit that follows is one that was asked for. */
  signal(signal: NodeJS.Signals): void {
    if (!this.child?.pid) return;
    this.expectingExit = true;
    try {
      process.kill(-this.child.pid, signal);
    } catch {
      // already gone
    }
  }
}

function logTail(lines = 20): string {
  return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/** The parts of the API's answers (API.md) that the customers read. */
interface Answer {
  status: number;
  body: { token?: string; errors?: { msg: string }[]; data?: { _id: string; products?: { _id: string }[] } } | undefined;
  /** Sent more than once before this answer came. */
  retried: boolean;
}

interface Acknowledged {
  userId: string;
  key: string;
  orderId: string;
}

class Customers {
  readonly acknowledged: Acknowledged[] = [];
  readonly unexpected: string[] = [];
  /** Orders whose 201 came only after asking again with the same key. */
  answeredAfterRetry = 0;
  /** Requests that a kill cut or refused, sent again. */
  resent = 0;
  stopping = false;

  constructor(
    private readonly baseUrl: string,
    private readonly shop: Shop,
  ) {}

  /**
   * Asks until the server answers: a request cut by a kill, or refused while the server is
   * down, is sent again unchanged, Idempotency-Key included.
   */
  async call(method: string, url: string, token: string | undefined, body?: unknown, idempotencyKey?: string): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    const deadline = Date.now() + ANSWER_WITHIN_MS;
    let retried = false;
    for (;;) {
      let status: number;
      let text: string;
      try {
        const res = await fetch(`${this.baseUrl}/api/v1${url}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(20_000),
        });
        status = res.status;
        text = await res.text();
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`${method} ${url}: no answer for ${ANSWER_WITHIN_MS / 1000} s`, { cause: error });
        if (!retried) this.resent++;
        retried = true;
        await sleep(100);
        continue;
      }
      return { status, body: text ? JSON.parse(text) : undefined, retried };
    }
  }

  private expect(answer: Answer, what: string, allowed: number[]): boolean {
    if (allowed.includes(answer.status)) return true;
    this.unexpected.push(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return false;
  }

  async shopAs(customer: { phone: string }): Promise<void> {
    const login = await this.call('POST', '/auth/login', undefined, { phone: customer.phone, password: PASSWORD });
    if (!this.expect(login, 'login', [200])) return;
    const token = login.body!.token!;
    const userId = login.body!.data!._id;
    let cartId: string | undefined;
    while (!this.stopping) {
      const pieces = 1 + Math.floor(Math.random() * 3);
      for (let n = 0; n < pieces; n++) {
        const product = pick(this.shop.products);
        // 409: sold out, or the cart already holds all that is left.
        const added = await this.call('POST', '/cart', token, { productId: product.id, color: pick(product.sizes) });
        if (this.expect(added, 'add to cart', [200, 409]) && added.status === 200) cartId = added.body!.data!._id;
      }
      if (!cartId) continue;
      const key = randomUUID();
      const shippingAddress = { details: '12 شارع التحرير', phone: customer.phone, shippingCity: pick(GOVERNORATES) };
      const placed = await this.call('POST', `/orders/${cartId}`, token, { shippingAddress }, key);
      // An empty cart (every add refused) is a 400; a line sold out since it was added, a 409.
      const emptyCart = placed.status === 400 && placed.body?.errors?.some((e) => e.msg === MSG.cartEmpty);
      if (!emptyCart && !this.expect(placed, 'place order', [201, 409])) continue;
      if (placed.status === 201) {
        this.acknowledged.push({ userId, key, orderId: placed.body!.data!._id });
        if (placed.retried) this.answeredAfterRetry++;
      } else if (placed.status === 409) {
        await this.emptyCart(token);
      }
    }
  }

  private async emptyCart(token: string): Promise<void> {
    const cart = await this.call('GET', '/cart', token);
    if (!this.expect(cart, 'read cart', [200])) return;
    for (const line of cart.body!.data!.products!) {
      // 404: a delete cut by a kill had already removed the line.
      this.expect(await this.call('DELETE', `/cart/${line._id}`, token), 'remove cart line', [200, 404]);
    }
  }
}

interface Check {
  name: string;
  failures: string[];
}

async function checkShop(shop: Shop, customers: Customers, server: ServerProcess): Promise<{ checks: Check[]; ordersFound: number; soldOut: number }> {
  const release = databaseUrl ? () => {} : lockDataDir(dataDir);
  const database = await openShop();
  try {
    const { db } = database;
    const storedOrders = await db.select({ id: orders.id }).from(orders);
    const keys = await db.select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key, orderId: idempotencyKeys.orderId }).from(idempotencyKeys);
    const ordered = await db
      .select({ productId: orderItems.productId, pieces: sql<number>`sum(${orderItems.count})::int` })
      .from(orderItems)
      .groupBy(orderItems.productId);
    const stock = await db.select({ id: products.id, title: products.title, quantity: products.quantity }).from(products);

    const orderIds = new Set(storedOrders.map((o) => o.id));
    const keyOrder = new Map(keys.map((k) => [`${k.userId}/${k.key}`, k.orderId]));

    const stored: Check = { name: 'every acknowledged order is stored, once, under its key', failures: [] };
    for (const ack of customers.acknowledged) {
      const holds = keyOrder.get(`${ack.userId}/${ack.key}`);
      if (!orderIds.has(ack.orderId)) stored.failures.push(`order ${ack.orderId} acknowledged but missing`);
      else if (holds !== ack.orderId) stored.failures.push(`key ${ack.key} holds order ${holds}, acknowledged ${ack.orderId}`);
    }

    // Every customer request carries a key, so an order that no key points to was placed a
    // second time for a key whose first order was kept.
    const perKey: Check = { name: 'no Idempotency-Key placed two orders', failures: [] };
    const pointedTo = new Map<string, number>();
    for (const k of keys) if (k.orderId) pointedTo.set(k.orderId, (pointedTo.get(k.orderId) ?? 0) + 1);
    for (const id of orderIds) {
      const n = pointedTo.get(id) ?? 0;
      if (n !== 1) perKey.failures.push(`order ${id} is the order of ${n} keys`);
    }

    const conserved: Check = { name: 'stock taken equals the pieces in stored orders, per product', failures: [] };
    const belowZero: Check = { name: 'no stock below zero', failures: [] };
    const piecesOf = new Map(ordered.map((o) => [o.productId, o.pieces]));
    for (const product of stock) {
      const taken = shop.initialStock.get(product.id)! - product.quantity;
      const pieces = piecesOf.get(product.id) ?? 0;
      if (taken !== pieces) conserved.failures.push(`${product.title}: ${taken} taken, ${pieces} ordered`);
      if (product.quantity < 0) belowZero.failures.push(`${product.title}: ${product.quantity}`);
    }

    const alive: Check = { name: 'the server exited only when killed, and stopped on SIGTERM', failures: [...server.crashes] };
    if (!server.stoppedCleanly && server.crashes.length === 0) alive.failures.push('SIGTERM did not end it with status 0');
    const answers: Check = { name: 'every answer was one the API promises (no 5xx, no 401)', failures: customers.unexpected };

    return { checks: [stored, perKey, conserved, belowZero, alive, answers], ordersFound: storedOrders.length, soldOut: stock.filter((p) => p.quantity === 0).length };
  } finally {
    await database.close();
    release();
  }
}

/** The server of this run, ended with the script however the script ends. */
let server: ServerProcess | undefined;

async function main(): Promise<number> {
  const began = Date.now();
  const engine = databaseUrl ? 'PostgreSQL' : 'embedded PGlite';
  const build = spawnSync('npx', ['tsx', 'scripts/ensure-build.ts'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web build failed');

  const shop = await prepareShop();
  const port = await freePort();
  server = new ServerProcess(`http://127.0.0.1:${port}`, {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    JWT_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: 'false',
    BACKUP_INTERVAL_MINUTES: '0',
    LOG_LEVEL: 'warn',
    REDIS_URL: '',
  });

  const customers = new Customers(server.baseUrl, shop);
  let kills = 0;
  if (await server.start()) {
    const running = Promise.allSettled(shop.customers.map((customer) => customers.shopAs(customer)));
    for (; kills < KILLS; kills++) {
      await sleep(KILL_AFTER_MS[0] + Math.random() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0]));
      if (!server.running) break;
      await server.kill();
      if (!(await server.start())) break;
    }
    if (server.running) await sleep(LAST_STRETCH_MS);
    customers.stopping = true;
    // Without a server the customers cannot finish; their unanswered requests are counted below.
    if (server.running) {
      for (const outcome of await running) {
        if (outcome.status === 'rejected') customers.unexpected.push(String(outcome.reason));
      }
    }
  }
  await server.stop();

  const { checks, ordersFound, soldOut } = await checkShop(shop, customers, server);
  const ready = server.readyAfterMs.map((ms) => (ms / 1000).toFixed(1));
  console.log(`\nDurability check on ${engine}: ${CUSTOMERS} customers, ${((Date.now() - began) / 1000).toFixed(0)} s`);
  console.log(`  orders acknowledged ${customers.acknowledged.length}, orders found ${ordersFound}`);
  console.log(`  kills ${kills}${databaseUrl ? '' : `, stale locks taken over ${server.staleLocks}`}, ready after ${ready.join(' / ')} s`);
  console.log(`  requests sent again after a kill ${customers.resent}, orders acknowledged only on a retry ${customers.answeredAfterRetry}`);
  console.log(`  products sold out ${soldOut} of ${CATALOGUE.length}`);
  for (const check of checks) {
    console.log(`  ${check.failures.length ? 'FAIL' : 'OK  '} ${check.name}`);
    for (const failure of check.failures.slice(0, 5)) console.log(`       ${failure.replace(/\n/g, '\n       ')}`);
    if (check.failures.length > 5) console.log(`       ... and ${check.failures.length - 5} more`);
  }
  return checks.some((check) => check.failures.length > 0) || kills < KILLS ? 1 : 0;
}

/** Leaves no server and no database behind; keeps the data folder of a failed run. */
async function cleanUp(failed: boolean): Promise<void> {
  server?.signal('SIGKILL');
  if (adminUrl) await onAdmin(`drop database if exists ${databaseName} with (force)`).catch(() => {});
  if (failed) console.log(`\nFAILED; the data folder and server.log are kept in ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}

process.on('exit', () => server?.signal('SIGKILL'));
process.once('SIGINT', () => void cleanUp(true).finally(() => process.exit(130)));

let status = 1;
try {
  status = await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
}
await cleanUp(status !== 0);
process.exit(status);
