/**
 * The scale check's run: PostgreSQL (a database made for the run), a private Redis, the S3
 * server, the Paymob stand-in, two app processes started at once from the compiled build and
 * HAProxy with deploy/haproxy.cfg; then each check in turn, and everything removed however the
 * run ends (Ctrl-C included).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPostgresDatabase, type ThrowawayDatabase } from '../throwaway-database.ts';
import { hostPort, makeApps, type App } from './apps.ts';
import { CHECKS } from './check-names.ts';
import { checkPictureServedByOther, type UploadedProduct } from './checks/pictures.ts';
import { priceSeenAfter } from './checks/catalogue.ts';
import { checkBucketAway, checkRedisAway } from './checks/outages.ts';
import { checkPaymentExpiry } from './checks/payment-expiry.ts';
import { checkKill, checkSigterm } from './checks/process-faults.ts';
import { checkLoginLimits } from './checks/rate-limits.ts';
import { checkSessionsShared } from './checks/sessions.ts';
import { checkStartTogether } from './checks/start.ts';
import { checkLastPieces } from './checks/stock-race.ts';
import { Client } from './client.ts';
import { HaProxy } from './haproxy.ts';
import { Report } from './report.ts';
import type { StandIn } from '../paymob-standin.ts';
import { PrivateRedis, S3Server, startPaymob } from './services.ts';
import { AUTH_RATE_LIMIT, CARD_ORDERS, HAPROXY_SETTLE_MS, LOAD_SHOPPERS, PRICE_SEEN_WITHIN_MS, RACE_ORDERS } from './settings.ts';
import { createProduct, demoAdmin, loginOrThrow, Shopper } from './shop.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** What the run has made so far: all of it is removed at the end. */
interface Made {
  root?: string;
  database?: ThrowawayDatabase;
  pool?: pg.Pool;
  redis?: PrivateRedis;
  s3?: S3Server;
  paymob?: StandIn;
  apps?: App[];
  proxy?: HaProxy;
  shoppers: Shopper[];
}

export async function main(): Promise<number> {
  const made: Made = { shoppers: [] };
  const began = Date.now();
  process.on('exit', () => killProcesses(made));
  const report = new Report();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      report.muted = true;
      console.log(`\n${signal}: stopping; everything the run made is removed`);
      void cleanUp(made, false).finally(() => process.exit(130));
    });
  }
  try {
    await run(made, report);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    report.add({ name: 'the run', failures: [reason] });
    for (const name of Object.values(CHECKS)) if (!report.outcomes.some((o) => o.name === name)) report.add({ name, failures: [`not run: ${reason}`] });
  }
  // Interrupted: the signal's own clean-up ends the process.
  if (report.muted) return new Promise<number>(() => {});
  await cleanUp(made, report.failed > 0);
  console.log(`\nScale check: ${((Date.now() - began) / 1000).toFixed(0)} s`);
  console.log(report.summary());
  return report.failed > 0 ? 1 : 0;
}

function killProcesses(made: Made): void {
  for (const app of made.apps ?? []) app.process.signal('SIGKILL');
  made.proxy?.kill();
  made.redis?.kill();
}

async function cleanUp(made: Made, failed: boolean): Promise<void> {
  killProcesses(made);
  for (const shopper of made.shoppers) shopper.close();
  if (failed && made.root) keepLogs(made.root, made.apps ?? []);
  await made.s3?.stop().catch(() => {});
  await made.paymob?.close().catch(() => {});
  await made.pool?.end().catch(() => {});
  await made.database?.drop().catch((error: unknown) => console.error(`dropping ${made.database?.name}: ${String(error)}`));
  if (made.root) rmSync(made.root, { recursive: true, force: true });
  made.apps = undefined;
}

/** A failed run's logs (each process's server.log, haproxy.log) are copied to tmp/scale-logs/<time>/. */
function keepLogs(root: string, apps: App[]): void {
  const kept = path.join('tmp', 'scale-logs', new Date().toISOString().replace(/[:.]/g, '-'));
  mkdirSync(kept, { recursive: true });
  for (const app of apps) cpSync(path.join(app.dataDir, 'server.log'), path.join(kept, `${app.name}.log`), { force: true });
  if (existsSync(path.join(root, 'haproxy.log'))) cpSync(path.join(root, 'haproxy.log'), path.join(kept, 'haproxy.log'));
  console.log(`\nThe logs are kept in ${kept}`);
}

async function run(made: Made, report: Report): Promise<void> {
  const began = Date.now();
  process.env.BUILD_DIR ??= 'tmp/scale-build';
  const build = spawnSync('npx', ['tsx', 'scripts/ensure-build.ts'], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`);
  const built = Date.now();
  console.log(`The build in ${process.env.BUILD_DIR} is up to date (${((built - began) / 1000).toFixed(0)} s)`);

  const root = (made.root = mkdtempSync(path.join(tmpdir(), 'store-scale-')));
  const database = (made.database = await createPostgresDatabase(ADMIN_URL, { prefix: 'store_scale' }));
  const db = (made.pool = new pg.Pool({ connectionString: database.url, max: 3 }));
  // pg-pool's end() resolves before its idle clients' sockets are closed, and the database's drop
  // (with force) at the end then ends their sessions: an idle client's error is emitted on the
  // pool, and with no listener it would end this process before the summary.
  db.on('error', (error) => {
    if (!db.ending) console.error(`the checks' connection to PostgreSQL: ${error.message}`);
  });
  const redis = (made.redis = await PrivateRedis.start());
  // SCALE_WITHOUT_S3=1: the images stay on each process's disk and the bucket's checks fail, to see the others.
  const s3 = process.env.SCALE_WITHOUT_S3 ? undefined : (made.s3 = await S3Server.start(path.join(root, 's3')));
  const noBucket = process.env.SCALE_WITHOUT_S3 ? 'no S3 server (SCALE_WITHOUT_S3 is set)' : 'S3 server not installed (npm install brings @20minutes/s3rver)';
  const paymob = await startPaymob();
  made.paymob = paymob.standIn;
  const apps = await makeApps(root, { databaseUrl: database.url, redisUrl: redis.url, bucket: s3 ? { ...s3.settings } : {}, paymob: paymob.env });
  made.apps = apps;

  // 1. Both at once, on the empty database.
  const starting = Date.now();
  const started = await Promise.all(apps.map((app) => app.process.start()));
  console.log(`Both processes answered ${((Date.now() - starting) / 1000).toFixed(0)} s after their start`);
  const proxy = (made.proxy = await HaProxy.start([hostPort(apps[0]), hostPort(apps[1])], path.join(root, 'haproxy.log')));
  await new Promise((resolve) => setTimeout(resolve, HAPROXY_SETTLE_MS));
  await report.run(CHECKS.start, () =>
    checkStartTogether(apps, started, db),
  );
  if (!started.every(Boolean)) throw new Error('not both processes started; the other checks need them');

  let next = 1;
  const shopperNumbers = (count: number) => {
    const first = next;
    next += count;
    return first;
  };
  const adminAccount = demoAdmin(apps.map((app) => app.dataDir));
  const adminClient = new Client(apps[0].url);
  const adminToken = await loginOrThrow(adminClient, adminAccount.phone, adminAccount.password);
  adminClient.close();

  // 2. A picture uploaded through one, served by the other.
  let uploaded: UploadedProduct | undefined;
  await report.run(CHECKS.pictures, async () => {
    if (!s3) return [noBucket];
    const result = await checkPictureServedByOther(apps, adminToken);
    uploaded = result.product;
    return result.failures;
  });
  const adminOne = new Client(apps[0].url);
  const productId = uploaded?.id ?? (await createProduct(adminOne, adminToken, { title: 'قميص التجربة', price: 350, sizes: ['m', 'l'], quantity: 40 }).catch(() => undefined))?.id;
  if (!productId) throw new Error('no product could be made for the other checks');

  // 3. to 7.
  await report.run(CHECKS.price, () =>
    priceSeenAfter(apps, adminToken, productId, 333, PRICE_SEEN_WITHIN_MS),
  );
  await report.run(CHECKS.sessions, () => checkSessionsShared(apps, shopperNumbers(1)));
  await report.run(CHECKS.loginLimits, () =>
    checkLoginLimits(proxy.url, apps, AUTH_RATE_LIMIT, shopperNumbers(2)),
  );
  await report.run(CHECKS.lastPieces, () =>
    checkLastPieces(proxy.url, apps, adminToken, db, shopperNumbers(RACE_ORDERS)),
  );
  const loadProduct = await createProduct(adminOne, adminToken, { title: 'تيشيرت الحمل', price: 90, sizes: ['m'], quantity: 100_000 });
  adminOne.close();
  await report.run(CHECKS.paymentExpiry, () =>
    checkPaymentExpiry(proxy.url, loadProduct.id, db, shopperNumbers(CARD_ORDERS)),
  );

  // 8. and 9. under load through HAProxy.
  const firstLoadShopper = shopperNumbers(LOAD_SHOPPERS);
  const shoppers = Array.from({ length: LOAD_SHOPPERS }, (_, i) => new Shopper(proxy.url, firstLoadShopper + i));
  made.shoppers.push(...shoppers);
  for (const shopper of shoppers) await shopper.signUp();
  let note = '';
  await report.run(CHECKS.kill, async () => {
    const result = await checkKill(apps[1], shoppers, loadProduct.id, db);
    note = result.note;
    return result.failures;
  });
  console.log(`       (${note})`);
  await report.run(CHECKS.sigterm, async () => {
    const result = await checkSigterm(apps[0], shoppers, loadProduct.id, db);
    note = result.note;
    return result.failures;
  });
  console.log(`       (${note})`);

  // 10. and 11.
  await report.run(CHECKS.redis, () =>
    checkRedisAway(redis, shoppers[0]!, apps, adminToken, productId),
  );
  await report.run(CHECKS.bucket, async () => {
    if (!s3) return [noBucket];
    if (!uploaded) return ['no uploaded picture to ask for (the upload check failed)'];
    return checkBucketAway(s3, shoppers[1]!, proxy.url, adminToken, productId, uploaded.imageCover);
  });
}
