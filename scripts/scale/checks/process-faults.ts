/**
 * 8. `kill -9` of one process under load through HAProxy: no GET fails and no acknowledged order
 * is lost (each 201 is stored under its key, and a failed order sent again with its key gets that
 * order). 9. SIGTERM of one process under load: no request fails, and it exits in time.
 * The process is started again after each, and HAProxy takes it back.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { App } from '../apps.ts';
import { Client, describe } from '../client.ts';
import { Load } from '../load.ts';
import { lastLines } from './start.ts';
import { HAPROXY_SETTLE_MS, LOAD_AFTER_MS, LOAD_BEFORE_MS } from '../settings.ts';
import type { Shopper } from '../shop.ts';

/** Starts `app` again and waits until HAProxy sends it traffic (its checks every 500 ms, rise 2). */
export async function restart(app: App): Promise<string[]> {
  if (!(await app.process.start())) return [`${app.name} did not start again: ${lastLines(app.process.crashes.at(-1))}`];
  const client = new Client(app.url);
  const ready = await client.send('GET', '/readyz');
  client.close();
  await sleep(HAPROXY_SETTLE_MS);
  return ready.status === 200 ? [] : [`${app.name} started again but GET /readyz: ${describe(ready)}`];
}

/** Every acknowledged order is stored, under its key, and each order of the load is the order of one key. */
async function ordersKept(load: Load, shoppers: Shopper[], db: pg.Pool): Promise<string[]> {
  const failures: string[] = [];
  const phones = shoppers.map((s) => s.phone);
  const keys = await db.query<{ key: string; order_id: string | null }>(
    'select k.key, k.order_id from idempotency_keys k join users u on u.id = k.user_id where u.phone = any($1)',
    [phones],
  );
  const orders = await db.query<{ id: string }>('select o.id from orders o join users u on u.id = o.user_id where u.phone = any($1)', [phones]);
  const keyOrder = new Map(keys.rows.map((k) => [k.key, k.order_id]));
  const stored = new Set(orders.rows.map((o) => o.id));
  for (const ack of load.acknowledged) {
    if (!stored.has(ack.orderId)) failures.push(`order ${ack.orderId} was acknowledged (201) but is not stored`);
    else if (keyOrder.get(ack.key) !== ack.orderId) failures.push(`key ${ack.key} holds order ${keyOrder.get(ack.key)}, the client was given ${ack.orderId}`);
  }
  const perOrder = new Map<string, number>();
  for (const k of keys.rows) if (k.order_id) perOrder.set(k.order_id, (perOrder.get(k.order_id) ?? 0) + 1);
  for (const id of stored) if (perOrder.get(id) !== 1) failures.push(`order ${id} is the order of ${perOrder.get(id) ?? 0} keys (placed twice for one key?)`);
  return failures;
}

/**
 * The same order request sent again with its key gets the order acknowledged for it: those
 * sent again during the load, and the last few of it.
 */
async function keysReplayed(load: Load): Promise<string[]> {
  const failures: string[] = [];
  const sample = [...load.acknowledged.filter((a) => a.resent), ...load.acknowledged.slice(-3)];
  for (const ack of sample) {
    const again = await ack.shopper.placeOrder(ack.cartId, { key: ack.key });
    if (again.body?.data?._id !== ack.orderId) failures.push(`order ${ack.orderId} sent again with its key: ${describe(again)}`);
  }
  return failures;
}

/** Runs the load, does `fault` to `app` in the middle of it, and returns the load once it has stopped. */
async function underLoad(shoppers: Shopper[], productId: string, fault: () => Promise<void>): Promise<Load> {
  const load = new Load(shoppers, productId, 'm');
  load.start();
  await sleep(LOAD_BEFORE_MS);
  await fault();
  await sleep(LOAD_AFTER_MS);
  await load.stop();
  return load;
}

const summary = (load: Load) => `${load.requests} requests, ${load.acknowledged.length} orders, ${load.acknowledged.filter((a) => a.resent).length} sent again`;

export async function checkKill(app: App, shoppers: Shopper[], productId: string, db: pg.Pool): Promise<{ failures: string[]; note: string }> {
  const load = await underLoad(shoppers, productId, () => app.process.kill());
  const failures = [
    ...load.failedGets.map((f) => `${f.what}: ${describe(f.reply)}`),
    ...load.lostOrders.map((o) => `an order never acknowledged: ${o}`),
    ...(await ordersKept(load, shoppers, db)),
    ...(await keysReplayed(load)),
    ...(load.acknowledged.length === 0 ? ['no order was acknowledged'] : []),
    ...(await restart(app)),
  ];
  return { failures, note: summary(load) };
}

export async function checkSigterm(app: App, shoppers: Shopper[], productId: string, db: pg.Pool): Promise<{ failures: string[]; note: string }> {
  let exit: { ms: number; clean: boolean } | undefined;
  const crashesBefore = app.process.crashes.length;
  const load = await underLoad(shoppers, productId, async () => {
    const since = Date.now();
    await app.process.stop();
    exit = { ms: Date.now() - since, clean: app.process.stoppedCleanly };
  });
  const failures = [
    ...[...load.failedGets, ...load.failedPosts].map((f) => `${f.what}: ${describe(f.reply)}`),
    ...load.lostOrders.map((o) => `an order never acknowledged: ${o}`),
    ...(await ordersKept(load, shoppers, db)),
    ...app.process.crashes.slice(crashesBefore).map(lastLines),
  ];
  if (exit && (!exit.clean || exit.ms > 10_000)) failures.push(`${app.name} took ${exit.ms} ms to exit after SIGTERM${exit.clean ? '' : ', not with status 0'}`);
  failures.push(...(await restart(app)));
  return { failures, note: `${summary(load)}; exited ${exit?.ms ?? '?'} ms after SIGTERM` };
}
