/**
 * Durability check (DESIGN.md "Durability"): customers keep ordering over HTTP while the server
 * is killed with SIGKILL at random moments and started again. Afterwards the database must hold
 * every order a customer saw acknowledged, exactly once, no second order for one Idempotency-Key,
 * and the stock of every size adding up to the orders and to its ledger. Exits non-zero when any
 * check fails.
 *
 * On PostgreSQL two database faults follow the kills, with the customers still ordering: every
 * connection of the shop's database is terminated again and again, then the database is taken
 * out of the server's reach (the server reaches it through a TCP forwarder the check closes) and
 * brought back. The server must keep running, answer 503 with Retry-After meanwhile (API.md),
 * and take orders again by itself once the database is back.
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
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { GOVERNORATES, MSG } from '../contracts/index.ts';
import { signup } from '../core/auth.ts';
import { createCategory } from '../core/categories.ts';
import { createProduct } from '../core/products.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { lockDataDir } from '../db/embedded.ts';
import { idempotencyKeys, orderItems, orders, products, productStock, stockMovements } from '../db/schema.ts';
import { SERVER_ENV, SERVER_NODE_ARGS, serverEntry } from './build-server.ts';
import { TcpForwarder } from './tcp-forwarder.ts';

const CUSTOMERS = 6;
const KILLS = 5;
const KILL_AFTER_MS: [number, number] = [2_000, 6_000];
/** Ordering goes on this long after the last restart, so the last kill's retries are answered. */
const LAST_STRETCH_MS = 3_000;
/** A request unanswered this long, through kills and restarts, fails the run. */
const ANSWER_WITHIN_MS = 60_000;
const PASSWORD = 'durability-check';
/** pg_terminate_backend on every connection of the shop's database this often, this long. */
const TERMINATE_EVERY_MS = 200;
const TERMINATE_FOR_MS = 8_000;
/** The database stays out of the server's reach this long. */
const UNREACHABLE_FOR_MS = 4_000;
/** Orders must be acknowledged again this soon after the connections stop being dropped. */
const RECOVER_AFTER_DROPS_MS = 5_000;
/** ... and this soon after the database is back: the pool waits up to 5 s for a connection. */
const RECOVER_AFTER_OUTAGE_MS = 10_000;
/**
 * A request sent this soon after a fault ended may still meet it: a connection terminated just
 * before is discarded only when its end reaches the server.
 */
const FAULT_GRACE_MS = 1_000;
/** A 503 is asked again sooner than its Retry-After, so each fault meets as many requests as it can. */
const RETRY_UNAVAILABLE_MS = 200;
/**
 * Each size has its own stock (API.md "Stock per size"). The scarce product's sizes sell out
 * during the run, so orders race for the last pieces of each; one size has none from the start,
 * so no order may ever hold it.
 */
const CATALOGUE: { title: string; stock: Record<string, number> }[] = [
  { title: 'تيشيرت قطن', stock: { s: 25_000, m: 25_000, l: 25_000, xl: 25_000 } },
  { title: 'بنطلون جينز', stock: { '30': 35_000, '32': 35_000, '34': 0 } },
  { title: 'هودي أطفال', stock: { '6': 25, '8': 15 } },
];

/** One size of one product, as a map key. */
const sizeKey = (productId: string, size: string) => `${productId}/${size}`;

const adminUrl = process.env.TEST_DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'store-durability-'));
const databaseName = `store_durability_${Date.now()}_${process.pid}`;
const databaseUrl = adminUrl ? withDatabase(adminUrl, databaseName) : undefined;
const logFile = path.join(dataDir, 'server.log');
/** On PostgreSQL the server reaches the database through this, so the check can cut it off. */
const forwarder = adminUrl ? new TcpForwarder(addressOf(adminUrl)) : undefined;

function withDatabase(url: string, database: string): string {
  const target = new URL(url);
  target.pathname = `/${database}`;
  return target.toString();
}

function addressOf(url: string): { host: string; port: number } {
  const { hostname, port } = new URL(url);
  return { host: hostname.replace(/^\[|\]$/g, '') || 'localhost', port: Number(port || 5432) };
}

function throughForwarder(url: string, port: number): string {
  const target = new URL(url);
  target.hostname = '127.0.0.1';
  target.port = String(port);
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
  /** The account the check itself shops with during the database faults. */
  prober: { phone: string };
  products: { id: string; sizes: string[] }[];
  /** Pieces of each size at the start, by sizeKey. */
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
            stock: item.stock,
            age: 'رجال',
            season: 'صيف',
            availableSizes: Object.keys(item.stock),
            barcode: `DUR-${index}`,
            sale: '',
            availability: true,
          },
          { imageCover: image },
        ),
      );
    }
    const customers = [];
    for (let index = 0; index <= CUSTOMERS; index++) {
      const phone = `0100000${String(index).padStart(4, '0')}`;
      await signup(database.db, { name: `عميل ${index + 1}`, phone, password: PASSWORD, passwordConfirm: PASSWORD });
      customers.push({ phone });
    }
    return {
      customers: customers.slice(0, CUSTOMERS),
      prober: customers[CUSTOMERS]!,
      products: made.map((product) => ({ id: product.id, sizes: product.availableSizes })),
      initialStock: new Map(made.flatMap((product) => product.stock.map((size) => [sizeKey(product.id, size.size), size.quantity] as const))),
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
    // The compiled server run by node itself, as `npm start` does: the child is the server, so
    // the SIGKILL lands on it and this process reaps it before the next start checks the lock.
    const child = spawn(process.execPath, [...SERVER_NODE_ARGS, serverEntry(process.env.BUILD_DIR ?? 'build')], { env: { ...SERVER_ENV, ...this.env }, stdio: ['ignore', log, log], detached: true });
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

  get pid(): number | undefined {
    return this.child?.pid;
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

/** An HTTP answer as the check reads it; status 0 when none came (refused, cut, timed out). */
interface Reply {
  status: number;
  retryAfter: string | null;
  contentType: string | null;
  text: string;
}

/** Sends one request to the server; a request that gets no answer is a Reply with status 0. */
async function ask(baseUrl: string, method: string, url: string, options: { token?: string; body?: unknown; idempotencyKey?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  try {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(20_000),
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), contentType: res.headers.get('content-type'), text: await res.text() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, retryAfter: null, contentType: null, text: cause?.code ?? cause?.message ?? String(error) };
  }
}

function describeReply(reply: Reply): string {
  if (reply.status === 0) return `no answer (${reply.text})`;
  const retryAfter = reply.retryAfter === null ? '' : ` Retry-After: ${reply.retryAfter}`;
  const html = (reply.contentType ?? '').startsWith('text/html');
  const body = html ? `(a page${reply.text.includes(MSG.serverError) ? ' with the Arabic error message' : ''})` : reply.text.slice(0, 300);
  return `${reply.status}${retryAfter} ${body}`;
}

/** The parts of the API's answers (API.md) that the customers read. */
interface Body {
  status?: string;
  message?: string;
  token?: string;
  errors?: { msg: string }[];
  data?: { _id: string; products?: { _id: string }[] };
}

function parseBody(text: string): Body | undefined {
  try {
    return text ? (JSON.parse(text) as Body) : undefined;
  } catch {
    return undefined;
  }
}

/** The 503 API.md promises while the database is out of reach: Retry-After and the generic Arabic message. */
function isPromisedUnavailable(reply: Reply): boolean {
  if (reply.status !== 503 || !/^[1-9][0-9]*$/.test(reply.retryAfter ?? '')) return false;
  const body = parseBody(reply.text);
  return body !== undefined && Object.keys(body).length === 2 && body.status === 'error' && body.message === MSG.serverError;
}

interface Answer {
  status: number;
  body: Body | undefined;
  reply: Reply;
  /** Sent more than once before this answer came. */
  retried: boolean;
  /** When the request that got this answer was sent. */
  sentAt: number;
  /** The database fault it was under way during. */
  fault: Fault | undefined;
}

interface Acknowledged {
  userId: string;
  key: string;
  orderId: string;
  sentAt: number;
  answeredAt: number;
}

/** A database fault the check causes, and what the customers met while it lasted. */
interface Fault {
  from: number;
  /**
   * When it ended. Requests under way at any moment from `from` to FAULT_GRACE_MS after this
   * count as met by it, those already sent when it began included.
   */
  until: number | undefined;
  /** Answers the API does not promise, and requests the server never answered. */
  unexpected: string[];
  /** Answers 503 with Retry-After and the Arabic message, each followed by the same request again. */
  unavailable: number;
}

class Customers {
  readonly acknowledged: Acknowledged[] = [];
  /** Unexpected answers outside the database faults. */
  readonly unexpected: string[] = [];
  private readonly faults: Fault[] = [];
  /** Orders whose 201 came only after asking again with the same key. */
  answeredAfterRetry = 0;
  /** Requests that a kill cut or refused, sent again. */
  resent = 0;
  stopping = false;

  constructor(
    private readonly baseUrl: string,
    private readonly shop: Shop,
  ) {}

  /** A request it meets may be answered with the promised 503, and is then asked again. */
  beginFault(): Fault {
    const fault: Fault = { from: Date.now(), until: undefined, unexpected: [], unavailable: 0 };
    this.faults.push(fault);
    return fault;
  }

  private faultDuring(sentAt: number, answeredAt: number): Fault | undefined {
    return this.faults.find((f) => answeredAt >= f.from && (f.until === undefined || sentAt <= f.until + FAULT_GRACE_MS));
  }

  /**
   * Asks until the server answers: a request cut by a kill, or refused while the server is
   * down, is sent again unchanged, Idempotency-Key included; so is one answered with the
   * promised 503 during a database fault. A request left unanswered during a fault counts
   * against it: the server should have stayed up.
   */
  async call(method: string, url: string, token: string | undefined, body?: unknown, idempotencyKey?: string): Promise<Answer> {
    const deadline = Date.now() + ANSWER_WITHIN_MS;
    let retried = false;
    for (;;) {
      const sentAt = Date.now();
      const reply = await ask(this.baseUrl, method, `/api/v1${url}`, { token, body, idempotencyKey });
      const fault = this.faultDuring(sentAt, Date.now());
      if (reply.status === 0) {
        fault?.unexpected.push(`${method} ${url}: ${describeReply(reply)}`);
        if (Date.now() > deadline) throw new Error(`${method} ${url}: no answer for ${ANSWER_WITHIN_MS / 1000} s (${reply.text})`);
        if (!retried) this.resent++;
        retried = true;
        await sleep(100);
        continue;
      }
      if (fault && isPromisedUnavailable(reply)) {
        fault.unavailable++;
        retried = true;
        await sleep(RETRY_UNAVAILABLE_MS);
        continue;
      }
      return { status: reply.status, body: parseBody(reply.text), reply, retried, sentAt, fault };
    }
  }

  private expect(answer: Answer, what: string, allowed: number[]): boolean {
    if (allowed.includes(answer.status)) return true;
    (answer.fault?.unexpected ?? this.unexpected).push(`${what}: ${describeReply(answer.reply)}`);
    return false;
  }

  /** The first order acknowledged for a request sent at or after `since`, waited for until `withinMs` after it. */
  async orderSince(since: number, withinMs: number): Promise<Acknowledged | undefined> {
    for (;;) {
      const order = this.acknowledged.find((ack) => ack.sentAt >= since);
      if (order || Date.now() > since + withinMs) return order;
      await sleep(50);
    }
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
        this.acknowledged.push({ userId, key, orderId: placed.body!.data!._id, sentAt: placed.sentAt, answeredAt: Date.now() });
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
      // 404: a delete cut by a kill, or answered 503 after it was done, had already removed the line.
      this.expect(await this.call('DELETE', `/cart/${line._id}`, token), 'remove cart line', [200, 404]);
    }
  }
}

interface Check {
  name: string;
  failures: string[];
}

async function checkShop(
  shop: Shop,
  customers: Customers,
  server: ServerProcess,
): Promise<{ checks: Check[]; ordersFound: number; soldOut: number; sizes: number }> {
  const release = databaseUrl ? () => {} : lockDataDir(dataDir);
  const database = await openShop();
  try {
    const { db } = database;
    const storedOrders = await db.select({ id: orders.id }).from(orders);
    const keys = await db.select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key, orderId: idempotencyKeys.orderId }).from(idempotencyKeys);
    const ordered = await db
      .select({ productId: orderItems.productId, size: orderItems.size, pieces: sql<number>`sum(${orderItems.count})::int` })
      .from(orderItems)
      .groupBy(orderItems.productId, orderItems.size);
    const totals = await db.select({ id: products.id, title: products.title, quantity: products.quantity }).from(products);
    const stock = await db
      .select({ productId: productStock.productId, size: productStock.size, quantity: productStock.quantity, title: products.title })
      .from(productStock)
      .innerJoin(products, eq(products.id, productStock.productId));
    const ledger = await db
      .select({ productId: stockMovements.productId, size: stockMovements.size, change: sql<number>`sum(${stockMovements.quantityAfter} - ${stockMovements.quantityBefore})::int` })
      .from(stockMovements)
      .groupBy(stockMovements.productId, stockMovements.size);

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

    const conserved: Check = { name: 'stock taken equals the pieces in stored orders, per product and size', failures: [] };
    const belowZero: Check = { name: 'no size below zero', failures: [] };
    const summed: Check = { name: "each product's quantity is the sum of its sizes", failures: [] };
    const recorded: Check = { name: "the stock ledger adds up to each size's stock", failures: [] };
    const piecesOf = new Map(ordered.map((o) => [sizeKey(o.productId, o.size), o.pieces]));
    const changeOf = new Map(ledger.map((l) => [sizeKey(l.productId, l.size), l.change]));
    const stockOf = new Map(stock.map((s) => [sizeKey(s.productId, s.size), s]));
    for (const [key, initial] of shop.initialStock) {
      const size = stockOf.get(key);
      if (!size) {
        conserved.failures.push(`${key}: the size has no stock row`);
        continue;
      }
      const label = `${size.title} (${size.size})`;
      const taken = initial - size.quantity;
      const pieces = piecesOf.get(key) ?? 0;
      if (taken !== pieces) conserved.failures.push(`${label}: ${taken} taken, ${pieces} ordered`);
      if (size.quantity < 0) belowZero.failures.push(`${label}: ${size.quantity}`);
      const change = changeOf.get(key) ?? 0;
      if (change !== size.quantity) recorded.failures.push(`${label}: the ledger adds up to ${change}, the stock is ${size.quantity}`);
    }
    for (const key of piecesOf.keys()) if (!shop.initialStock.has(key)) conserved.failures.push(`${key}: ordered in a size the product does not have`);
    for (const product of totals) {
      const sum = stock.filter((s) => s.productId === product.id).reduce((total, s) => total + s.quantity, 0);
      if (product.quantity !== sum) summed.failures.push(`${product.title}: quantity ${product.quantity}, sizes ${sum}`);
    }

    const alive: Check = { name: 'the server exited only when killed, and stopped on SIGTERM', failures: [...server.crashes] };
    if (!server.stoppedCleanly && server.crashes.length === 0) alive.failures.push('SIGTERM did not end it with status 0');
    const answers: Check = { name: 'every answer was one the API promises (no 5xx, no 401)', failures: customers.unexpected };

    return {
      checks: [stored, perKey, conserved, belowZero, summed, recorded, alive, answers],
      ordersFound: storedOrders.length,
      soldOut: stock.filter((s) => s.quantity === 0).length,
      sizes: stock.length,
    };
  } finally {
    await database.close();
    release();
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** What a database fault phase checked, and its figures for the summary. */
interface PhaseReport {
  checks: Check[];
  summary: string;
}

/** The server's unasked-for exits since `crashesBefore`, or that process `pid` no longer serves. */
function checkAlive(name: string, server: ServerProcess, pid: number | undefined, crashesBefore: number): Check {
  const check: Check = { name, failures: server.crashes.slice(crashesBefore) };
  if (check.failures.length === 0 && (!server.running || server.pid !== pid)) check.failures.push(`process ${pid} is gone; now ${server.pid ?? 'none'}`);
  return check;
}

/** Asks again every 200 ms until `done` holds or the deadline has passed; the last reply. */
async function askUntil(deadline: number, request: () => Promise<Reply>, done: (reply: Reply) => boolean): Promise<Reply> {
  for (;;) {
    const reply = await request();
    if (done(reply) || Date.now() > deadline) return reply;
    await sleep(200);
  }
}

/** The error page, served with the 503 and Retry-After the API would answer. */
function isUnavailablePage(reply: Reply): boolean {
  return (
    reply.status === 503 &&
    /^[1-9][0-9]*$/.test(reply.retryAfter ?? '') &&
    (reply.contentType ?? '').startsWith('text/html') &&
    reply.text.includes(MSG.serverError)
  );
}

/**
 * PostgreSQL ends every connection of the shop's database, again and again, as on a restart or
 * a failover, while the customers order.
 */
async function dropConnections(server: ServerProcess, customers: Customers): Promise<PhaseReport> {
  const pid = server.pid;
  const crashes = server.crashes.length;
  // Connected to the database of TEST_DATABASE_URL, not the shop's, so it never ends itself.
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const fault = customers.beginFault();
  let rounds = 0;
  let terminated = 0;
  try {
    for (let at = fault.from; at < fault.from + TERMINATE_FOR_MS; at += TERMINATE_EVERY_MS) {
      await sleep(Math.max(0, at - Date.now()));
      const { rows } = await admin.query<{ terminated: boolean }>(
        'select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName],
      );
      rounds++;
      terminated += rows.filter((row) => row.terminated).length;
    }
  } finally {
    fault.until = Date.now();
    await admin.end();
  }
  const order = await customers.orderSince(fault.until, RECOVER_AFTER_DROPS_MS);
  return {
    checks: [
      checkAlive('dropped connections: the server kept running, the same process', server, pid, crashes),
      { name: 'dropped connections: every answer was 2xx, an expected 4xx, or 503 with Retry-After and the Arabic message', failures: fault.unexpected },
      {
        name: `dropped connections: orders are acknowledged again within ${RECOVER_AFTER_DROPS_MS / 1000} s`,
        failures: order ? [] : [`no order acknowledged in ${RECOVER_AFTER_DROPS_MS / 1000} s`],
      },
    ],
    summary:
      `dropped connections: ${terminated} terminated in ${rounds} rounds over ${TERMINATE_FOR_MS / 1000} s, ` +
      `answers 503 ${fault.unavailable}, orders again after ${order ? seconds(order.answeredAt - fault.until) : '-'} s`,
  };
}

/**
 * The database goes out of the server's reach (the forwarder stops) and comes back on the same
 * address, while the customers order; the check's own account probes the API and the pages.
 */
async function cutOffDatabase(server: ServerProcess, customers: Customers, shop: Shop, forwarder: TcpForwarder): Promise<PhaseReport> {
  const pid = server.pid;
  const crashes = server.crashes.length;
  const unavailable: Check = { name: 'database out of reach: GET /products and POST /cart answer 503 with Retry-After and the Arabic message, GET / and a product page the error page with 503 and Retry-After', failures: [] };
  const back: Check = { name: `database out of reach: within ${RECOVER_AFTER_OUTAGE_MS / 1000} s of its return products answer 200 and orders are placed`, failures: [] };
  // Right after the dropped connections, a connection ended by the last round may still be met.
  const login = await askUntil(
    Date.now() + RECOVER_AFTER_DROPS_MS,
    () => ask(server.baseUrl, 'POST', '/api/v1/auth/login', { body: { phone: shop.prober.phone, password: PASSWORD } }),
    (reply) => reply.status !== 503,
  );
  const prober = parseBody(login.text);
  if (login.status !== 200 || !prober?.token || !prober.data) {
    unavailable.failures.push(`not run: login before the outage answered ${describeReply(login)}`);
    return { checks: [unavailable], summary: 'database out of reach: not run' };
  }
  const token = prober.token;
  const product = shop.products[0]!;
  const cartLine = { productId: product.id, color: product.sizes[0] };

  const fault = customers.beginFault();
  await forwarder.close();
  // A moment for the pool to see its connections end: a database out of reach for a while
  // leaves no connection to try, and every new one is refused.
  await sleep(500);
  let probed503 = 0;
  for (const [method, url, body] of [
    ['GET', '/api/v1/products', undefined],
    ['POST', '/api/v1/cart', cartLine],
  ] as const) {
    const reply = await ask(server.baseUrl, method, url, { token, body });
    if (isPromisedUnavailable(reply)) probed503++;
    else unavailable.failures.push(`${method} ${url}: ${describeReply(reply)}`);
  }
  for (const url of ['/', `/product/${product.id}`]) {
    const reply = await ask(server.baseUrl, 'GET', url);
    if (isUnavailablePage(reply)) probed503++;
    else unavailable.failures.push(`GET ${url} (expected the error page): ${describeReply(reply)}`);
  }
  await sleep(Math.max(0, fault.from + UNREACHABLE_FOR_MS - Date.now()));
  await forwarder.open();
  fault.until = Date.now();

  const deadline = fault.until + RECOVER_AFTER_OUTAGE_MS;
  const products = await askUntil(deadline, () => ask(server.baseUrl, 'GET', '/api/v1/products'), (reply) => reply.status === 200);
  const productsAfter = Date.now() - fault.until;
  if (products.status !== 200) back.failures.push(`GET /api/v1/products: ${describeReply(products)}`);
  const resumed = await customers.orderSince(fault.until, deadline - fault.until);
  if (!resumed) back.failures.push(`no customer's order acknowledged in ${RECOVER_AFTER_OUTAGE_MS / 1000} s`);
  let probed: Acknowledged | undefined;
  const added = await askUntil(deadline, () => ask(server.baseUrl, 'POST', '/api/v1/cart', { token, body: cartLine }), (reply) => reply.status !== 503);
  const cartId = parseBody(added.text)?.data?._id;
  if (added.status !== 200 || !cartId) back.failures.push(`POST /api/v1/cart: ${describeReply(added)}`);
  else {
    const key = randomUUID();
    const sentAt = Date.now();
    const shippingAddress = { details: '12 شارع التحرير', phone: shop.prober.phone, shippingCity: GOVERNORATES[0] };
    const placed = await askUntil(
      deadline,
      () => ask(server.baseUrl, 'POST', `/api/v1/orders/${cartId}`, { token, body: { shippingAddress }, idempotencyKey: key }),
      (reply) => reply.status !== 503,
    );
    const orderId = parseBody(placed.text)?.data?._id;
    if (placed.status !== 201 || !orderId) back.failures.push(`POST /api/v1/orders/${cartId}: ${describeReply(placed)}`);
    else {
      probed = { userId: prober.data._id, key, orderId, sentAt, answeredAt: Date.now() };
      // The integrity checks at the end cover this order too.
      customers.acknowledged.push(probed);
    }
  }
  return {
    checks: [
      checkAlive('database out of reach: the server kept running, the same process', server, pid, crashes),
      unavailable,
      { name: "database out of reach: every customer's answer was 2xx, an expected 4xx, or 503 with Retry-After and the Arabic message", failures: fault.unexpected },
      back,
    ],
    summary:
      `database out of reach for ${UNREACHABLE_FOR_MS / 1000} s: answers 503 ${fault.unavailable + probed503}; once back, products 200 after ` +
      `${seconds(productsAfter)} s, customers' orders after ${resumed ? seconds(resumed.answeredAt - fault.until) : '-'} s, ` +
      `a new order after ${probed ? seconds(probed.answeredAt - fault.until) : '-'} s`,
  };
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
    DATABASE_URL: databaseUrl && forwarder ? throughForwarder(databaseUrl, await forwarder.open()) : '',
    JWT_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: 'false',
    // Each customer places order after order with no staff to confirm them: the limit of open
    // orders per customer (tested in tests/api/order-limits.test.ts) would stop them at a few.
    MAX_OPEN_ORDERS: '1000000',
    BACKUP_INTERVAL_MINUTES: '0',
    LOG_LEVEL: 'warn',
    REDIS_URL: '',
  });

  const customers = new Customers(server.baseUrl, shop);
  let kills = 0;
  const faultReports: PhaseReport[] = [];
  if (await server.start()) {
    const running = Promise.allSettled(shop.customers.map((customer) => customers.shopAs(customer)));
    for (; kills < KILLS; kills++) {
      await sleep(KILL_AFTER_MS[0] + Math.random() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0]));
      if (!server.running) break;
      await server.kill();
      if (!(await server.start())) break;
    }
    if (server.running) await sleep(LAST_STRETCH_MS);
    if (forwarder && server.running) {
      faultReports.push(await dropConnections(server, customers));
      // Started again if it died there, so the next phase and the customers can still finish.
      if (server.running || (await server.start())) faultReports.push(await cutOffDatabase(server, customers, shop, forwarder));
    }
    customers.stopping = true;
    // Without a server the customers cannot finish; their unanswered requests are counted below.
    if (server.running) {
      for (const outcome of await running) {
        if (outcome.status === 'rejected') customers.unexpected.push(String(outcome.reason));
      }
    }
  }
  await server.stop();

  const { checks, ordersFound, soldOut, sizes } = await checkShop(shop, customers, server);
  for (const report of faultReports) checks.push(...report.checks);
  if (forwarder && faultReports.length < 2) checks.push({ name: 'database fault phases', failures: ['not all run: the server was down'] });
  const ready = server.readyAfterMs.map((ms) => (ms / 1000).toFixed(1));
  console.log(`\nDurability check on ${engine}: ${CUSTOMERS} customers, ${((Date.now() - began) / 1000).toFixed(0)} s`);
  console.log(`  orders acknowledged ${customers.acknowledged.length}, orders found ${ordersFound}`);
  console.log(`  kills ${kills}${databaseUrl ? '' : `, stale locks taken over ${server.staleLocks}`}, ready after ${ready.join(' / ')} s`);
  console.log(`  requests sent again after a kill ${customers.resent}, orders acknowledged only on a retry ${customers.answeredAfterRetry}`);
  console.log(`  sizes sold out ${soldOut} of ${sizes} (one of them had none from the start)`);
  if (!forwarder) console.log('  database fault phases: PostgreSQL only (the embedded database runs inside the server process)');
  for (const report of faultReports) console.log(`  ${report.summary}`);
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
