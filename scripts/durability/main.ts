/** The durability run: the shop, the server killed and started again, the database faults, the checks and the summary. */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkShop } from './check-shop.ts';
import { Customers } from './customers.ts';
import { cutOffDatabase, dropConnections, type PhaseReport } from './database-faults.ts';
import { freePort, ServerProcess } from './server-process.ts';
import { KILL_AFTER_MS, KILLS, LAST_STRETCH_MS, MIN_ORDERS_ACKNOWLEDGED } from './settings.ts';
import { prepareShop } from './shop.ts';
import { printSummary } from './summary.ts';
import { createWorkspace, removeWorkspace, throughForwarder, type Workspace } from './workspace.ts';
import { startWhatsAppStandIn, WHATSAPP_STANDIN_SETTINGS, whatsappStandInEnv, type WhatsAppStandIn } from '../whatsapp-standin.ts';
import { waitForOutbox } from './messages.ts';

/** What a run has made so far, for cleaning up however it ends. */
interface Made {
  workspace?: Workspace;
  /** The server of this run, ended with the script however the script ends. */
  server?: ServerProcess;
  /** Where the server sends its WhatsApp messages. */
  whatsapp?: WhatsAppStandIn;
}

/** Runs the check and leaves no server and no database behind; the exit status, 0 when every check held. */
export async function main(): Promise<number> {
  const made: Made = {};
  process.on('exit', () => made.server?.signal('SIGKILL'));
  process.once('SIGINT', () => void cleanUp(made, true).finally(() => process.exit(130)));
  let status = 1;
  try {
    status = await run(made);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  }
  await cleanUp(made, status !== 0);
  return status;
}

/** Leaves no server and no database behind; keeps the data folder of a failed run. */
async function cleanUp(made: Made, failed: boolean): Promise<void> {
  made.server?.signal('SIGKILL');
  await made.whatsapp?.close();
  if (made.workspace) await removeWorkspace(made.workspace, failed);
}

async function run(made: Made): Promise<number> {
  const began = Date.now();
  const build = spawnSync('npx', ['tsx', 'scripts/ensure-build.ts'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web build failed');

  const workspace = (made.workspace = await createWorkspace(process.env.TEST_DATABASE_URL));
  const { database } = workspace;
  const shop = await prepareShop(workspace);
  const port = await freePort();
  const whatsapp = (made.whatsapp = await startWhatsAppStandIn({ ...WHATSAPP_STANDIN_SETTINGS, webhookUrl: `http://127.0.0.1:${port}/api/v1/webhooks/whatsapp` }));
  const server = (made.server = new ServerProcess(
    `http://127.0.0.1:${port}`,
    {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: workspace.dataDir,
      DATABASE_URL: database ? throughForwarder(database.url, await database.forwarder.open()) : '',
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      // Each customer places order after order with no staff to confirm them: the limit of open
      // orders per customer (tested in tests/api/order-limits.test.ts) would stop them at a few.
      MAX_OPEN_ORDERS: '1000000',
      BACKUP_INTERVAL_MINUTES: '0',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      ...whatsappStandInEnv(whatsapp.url),
    },
    workspace,
  ));

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
    if (database && server.running) {
      faultReports.push(await dropConnections(server, customers, database));
      // Started again if it died there, so the next phase and the customers can still finish.
      if (server.running || (await server.start())) faultReports.push(await cutOffDatabase(server, customers, shop, database.forwarder));
    }
    customers.stopping = true;
    // Without a server the customers cannot finish; their unanswered requests are counted below.
    if (server.running) {
      for (const outcome of await running) {
        if (outcome.status === 'rejected') customers.unexpected.push(String(outcome.reason));
      }
    }
  }
  // The orders' messages still waiting are sent before the server stops.
  if (server.running) await waitForOutbox(server.baseUrl, shop.staff.phone, whatsapp);
  await server.stop();

  const findings = await checkShop(shop, customers, server, workspace, whatsapp);
  const checks = [...findings.checks, ...faultReports.flatMap((report) => report.checks)];
  if (database && faultReports.length < 2) checks.push({ name: 'database fault phases', failures: ['not all run: the server was down'] });
  const placed = customers.acknowledged.length;
  checks.push({
    name: `at least ${MIN_ORDERS_ACKNOWLEDGED} orders acknowledged`,
    failures: placed < MIN_ORDERS_ACKNOWLEDGED ? [`only ${placed}: too few orders went through for the checks above to show anything`] : [],
  });
  printSummary({ onPostgres: database !== undefined, tookMs: Date.now() - began, kills, server, customers, findings, faultReports, checks });
  return checks.some((check) => check.failures.length > 0) || kills < KILLS ? 1 : 0;
}
