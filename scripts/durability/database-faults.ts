/** The database faults caused on PostgreSQL while the customers order: connections terminated, then the database out of reach. */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { GOVERNORATES } from '../../contracts/index.ts';
import type { TcpForwarder } from '../tcp-forwarder.ts';
import type { Check } from './check-shop.ts';
import type { Acknowledged, Customers } from './customers.ts';
import { ask, askUntil, describeReply, isPromisedUnavailable, isUnavailablePage, parseBody } from './http.ts';
import type { ServerProcess } from './server-process.ts';
import { PASSWORD, RECOVER_AFTER_DROPS_MS, RECOVER_AFTER_OUTAGE_MS, TERMINATE_EVERY_MS, TERMINATE_FOR_MS, UNREACHABLE_FOR_MS } from './settings.ts';
import type { Shop } from './shop.ts';
import type { ShopDatabase } from './workspace.ts';

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** What a database fault phase checked, and its figures for the summary. */
export interface PhaseReport {
  checks: Check[];
  summary: string;
}

/** The server's unasked-for exits since `crashesBefore`, or that process `pid` no longer serves. */
function checkAlive(name: string, server: ServerProcess, pid: number | undefined, crashesBefore: number): Check {
  const check: Check = { name, failures: server.crashes.slice(crashesBefore) };
  if (check.failures.length === 0 && (!server.running || server.pid !== pid)) check.failures.push(`process ${pid} is gone; now ${server.pid ?? 'none'}`);
  return check;
}

/**
 * PostgreSQL ends every connection of the shop's database, again and again, as on a restart or
 * a failover, while the customers order.
 */
export async function dropConnections(server: ServerProcess, customers: Customers, database: ShopDatabase): Promise<PhaseReport> {
  const pid = server.pid;
  const crashes = server.crashes.length;
  // Connected to the database of TEST_DATABASE_URL, not the shop's, so it never ends itself.
  const admin = new pg.Client({ connectionString: database.adminUrl });
  await admin.connect();
  const fault = customers.beginFault();
  let rounds = 0;
  let terminated = 0;
  try {
    for (let at = fault.from; at < fault.from + TERMINATE_FOR_MS; at += TERMINATE_EVERY_MS) {
      await sleep(Math.max(0, at - Date.now()));
      const { rows } = await admin.query<{ terminated: boolean }>(
        'select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database.name],
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
export async function cutOffDatabase(server: ServerProcess, customers: Customers, shop: Shop, forwarder: TcpForwarder): Promise<PhaseReport> {
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
    const shippingAddress = { details: '12 شارع التحرير', district: 'وسط البلد', phone: shop.prober.phone, shippingCity: GOVERNORATES[0] };
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
