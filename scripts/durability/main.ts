/** The durability run: the shop, the server killed and started again, the database faults, the checks and the summary. */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkShop } from './check-shop.ts';
import { Customers } from './customers.ts';
import { cutOffDatabase, dropConnections, type PhaseReport } from './database-faults.ts';
import { freePort, ServerProcess } from './server-process.ts';
import { CUSTOMERS, KILL_AFTER_MS, KILLS, LAST_STRETCH_MS } from './settings.ts';
import { prepareShop } from './shop.ts';
import { adminUrl, databaseName, databaseUrl, dataDir, forwarder, onAdmin, throughForwarder } from './workspace.ts';

/** The server of this run, ended with the script however the script ends. */
export let server: ServerProcess | undefined;

export async function main(): Promise<number> {
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
export async function cleanUp(failed: boolean): Promise<void> {
  server?.signal('SIGKILL');
  if (adminUrl) await onAdmin(`drop database if exists ${databaseName} with (force)`).catch(() => {});
  if (failed) console.log(`\nFAILED; the data folder and server.log are kept in ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}
