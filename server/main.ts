/**
 * The one process: opens the database (embedded in DATA_DIR unless DATABASE_URL is set),
 * fills an empty one with the demo shop, and serves the shop, the API and the images on PORT.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../db/client.ts';
import { dumpEmbedded, lockDataDir } from '../db/embedded.ts';
import { describeError } from '../db/errors.ts';
import { makePrivateDir } from '../db/private-files.ts';
import { demoAccountLines, demoAccountsPath, findDemoAccounts, isDatabaseEmpty, seedDemoIfEmpty } from '../seed/demo.ts';
import { findMissingPictures } from '../seed/pictures.ts';
import { acquireLease, releaseAllLeases, runUnderLease } from '../core/shared/job-leases.ts';
import { removeDueImages } from '../core/catalogue/image-removals.ts';
import { openImageStore } from '../core/catalogue/images.ts';
import { createBosta } from '../core/couriers/bosta.ts';
import { createWhatsApp } from '../core/messages/cloud-api.ts';
import { startSender, type WhatsAppConnection } from '../core/messages/outbox.ts';
import { expireUnpaidOrders } from '../core/payments/payments.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createEmbeddedDatabase, createInChild, embeddedFolder, FIRST_START_FLAG, isFirstStart } from './first-start.ts';
import { DRAWER_FLAG, pictureDrawer, runPictureDrawer } from './picture-drawer.ts';
import { drain, exitByDeadline, SHUTDOWN_DEADLINE_MS } from './drain.ts';
import { readSessionSecret } from './session-secret.ts';

/** This file (compiled: build/main.mjs), which the children run with their flag (first-start.ts, picture-drawer.ts). */
const SELF = fileURLToPath(import.meta.url);

/** How often unpaid card orders are looked for: a quarter of their time, between 1 s and a minute. */
const sweepEveryMs = (timeoutMinutes: number) => Math.min(60_000, Math.max(1_000, (timeoutMinutes * 60_000) / 4));

/** How often replaced images past their grace period are looked for. */
const IMAGE_SWEEP_EVERY_MS = 10 * 60_000;

async function main() {
  const config = loadConfig();
  const dev = process.argv.includes('--dev');
  const paymob = config.paymob;
  // The database, the token secret, the demo passwords and the backups: the owner's alone.
  makePrivateDir(config.dataDir);
  const embedded = !config.databaseUrl;
  const unlock = embedded ? lockDataDir(config.dataDir) : () => {};
  if (embedded && isFirstStart(config.dataDir)) {
    await createInChild(
      () => {
        unlock();
        process.exit(0);
      },
      { entry: SELF },
    ).catch((error: unknown) => {
      unlock();
      throw error;
    });
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: embedded ? embeddedFolder(config.dataDir) : undefined,
    onConnectionError: (error) => console.error(`PostgreSQL dropped a connection: ${error.message}`),
    // Started together with its database, or during a failover: wait a minute for it.
    waitForDatabaseMs: 60_000,
    onWaiting: (error, seconds) => console.error(`PostgreSQL is not answering (${describeError(error).message}); trying again in ${seconds} s`),
    poolSize: config.database.poolSize,
    statementTimeoutMs: config.database.statementTimeoutMs,
    catalogue: config.catalogue,
  }).catch((error: unknown) => {
    unlock();
    throw error;
  });
  // The embedded database is this process's alone: a job lease left in it is a dead process's.
  if (embedded) await releaseAllLeases(database.db);
  const uploadsDir = path.join(config.dataDir, 'uploads');
  // A bucket when S3_BUCKET is set: then nothing is written under DATA_DIR/uploads.
  const images = await openImageStore({ ...config.images, uploadsDir });
  // Started at the first demo picture wanted; stop() lets it go.
  const drawer = pictureDrawer(uploadsDir, { entry: SELF });
  const whatsapp: WhatsAppConnection | undefined = config.whatsapp && {
    client: createWhatsApp({ token: config.whatsapp.token, phoneNumberId: config.whatsapp.phoneNumberId, baseUrl: config.whatsapp.baseUrl }),
    appSecret: config.whatsapp.appSecret,
    verifyToken: config.whatsapp.verifyToken,
  };
  const app = await buildApp({
    db: database.db,
    uploadsDir,
    images,
    imagesPublicUrl: config.images.publicUrl,
    jwtSecret: await readSessionSecret(database.db, { configured: config.jwtSecret, dataDir: config.dataDir }),
    storeUrl: config.storeUrl,
    authRateLimit: config.authRateLimit,
    redisUrl: config.redisUrl,
    catalogueCache: { redisUrl: config.redisUrl, keepPages: !dev, maxEntries: config.catalogueCacheEntries },
    catalogueDb: database.catalogueDb,
    searchLimits: config.search,
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    paymob,
    couriers: config.bosta && {
      courier: createBosta({ apiKey: config.bosta.apiKey, baseUrl: config.bosta.baseUrl, pickupAddressId: config.bosta.pickupAddressId }),
      webhookHeader: config.bosta.webhookHeader,
      webhookSecret: config.bosta.webhookSecret,
    },
    whatsapp,
    paymentTimeoutMinutes: config.paymentTimeoutMinutes,
    orderLimits: config.orderLimits,
    web: {
      dev,
      buildDir: path.resolve(process.env.BUILD_DIR ?? 'build'),
      wholesaleUrl: config.wholesaleUrl,
      // Compiled, the server carries the pages in the same bundle, sharing its modules (scripts/build-server.ts).
      pages: dev ? undefined : () => import('virtual:react-router/server-build'),
    },
  });

  const backupsDir = path.join(config.dataDir, 'backups');
  const backupTimer =
    embedded && database.pglite && config.backupIntervalMinutes > 0
      ? setInterval(() => {
          dumpEmbedded(database.pglite!, backupsDir, config.backupKeep).catch((error: unknown) => app.log.error({ err: error }, 'backup failed'));
        }, config.backupIntervalMinutes * 60_000)
      : undefined;
  backupTimer?.unref();

  // Card orders not paid in time are cancelled and their stock returned, by one process at a time.
  const sweep = () => {
    runUnderLease(database.db, 'payment-expiry', () => expireUnpaidOrders(database.db))
      .then((swept) => swept.ran && swept.value > 0 && app.log.info(`${swept.value} unpaid card order(s) expired; their stock is back`))
      .catch((error: unknown) => app.log.error({ err: error }, 'expiring unpaid orders failed'));
  };
  const sweepTimer = setInterval(sweep, sweepEveryMs(config.paymentTimeoutMinutes));
  sweepTimer.unref();

  // Replaced and deleted images whose grace period is over are removed, by one process at a time.
  const removeImages = () => {
    runUnderLease(database.db, 'image-removal', () => removeDueImages(database.db, images))
      .then((swept) => swept.ran && swept.value > 0 && app.log.info(`${swept.value} replaced or deleted image(s) removed`))
      .catch((error: unknown) => app.log.error({ err: error }, 'removing replaced images failed'));
  };
  const imageTimer = setInterval(removeImages, IMAGE_SWEEP_EVERY_MS);
  imageTimer.unref();

  // WhatsApp messages recorded by any process are sent after commit, by one process at a time.
  const sender =
    whatsapp &&
    startSender(database.db, { whatsapp: whatsapp.client, storeUrl: config.storeUrl }, { onError: (error) => app.log.error({ err: error }, 'sending WhatsApp messages failed') });

  // Of the processes on the database, the one holding this draws the demo pictures.
  const picturesLease = await acquireLease(database.db, 'demo-pictures');
  // Seeding the demo shop and drawing its pictures stop on this; stop() waits for them.
  const seeding = new AbortController();
  let seedWork: Promise<unknown> = Promise.resolve();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: closing`);
    exitByDeadline(SHUTDOWN_DEADLINE_MS, app.log);
    // Not ready at once; on SIGTERM (a deploy) a load balancer gets the settle period to stop sending.
    const settled = drain(app, signal === 'SIGTERM' ? config.drainSettleMs : 0);
    clearInterval(backupTimer);
    clearInterval(sweepTimer);
    clearInterval(imageTimer);
    const senderStopped = sender?.stop();
    // A seed in progress rolls back; pictures being drawn are finished, no others started.
    seeding.abort();
    try {
      await seedWork.catch(() => {});
      await settled;
      await senderStopped;
      await app.close();
      await drawer.close();
      await picturesLease?.release();
      await database.close();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (config.seedDemo && (await isDatabaseEmpty(database.db))) {
    app.log.info('Empty database: creating the demo shop (first start only)...');
    // Processes starting at once on one database: one seeds, the others wait for its shop.
    seedWork = seedDemoIfEmpty(database.db, images, { dataDir: config.dataDir, signal: seeding.signal }).then(
      (credentials) => credentials ?? app.log.info('Another process has created the demo shop.'),
    );
    await seedWork.catch((error: unknown) => {
      if (!seeding.signal.aborted) throw error;
    });
  }
  // Stopped while seeding: stop() closes and exits.
  if (stopping) return;
  // The demo's pictures are drawn once the shop is open; one asked for before its turn is drawn at once.
  const pictures = picturesLease && (await findMissingPictures(database.db, images, drawer.draw));
  if (pictures?.waiting) app.addHook('onRequest', (request) => pictures.drawRequested(request.url));
  else await picturesLease?.release();

  await app.listen({ port: config.port, host: config.host });
  const where = `http://localhost:${config.port}`;
  console.log(`\nThe store is running at ${where} (API docs: ${where}/api/docs)`);
  console.log(`Database: ${embedded ? `embedded, in ${embeddedFolder(config.dataDir)}` : 'PostgreSQL'}`);
  console.log(`Shipping: ${config.bosta ? `with Bosta (${new URL(config.bosta.baseUrl).host}); its webhook: ${config.storeUrl}/api/v1/couriers/bosta/webhook` : 'marked by hand (BOSTA_API_KEY unset)'}`);
  console.log(`Payments: cash on delivery${paymob ? `, and card or wallet through Paymob (${new URL(paymob.baseUrl).host})` : ' only'}`);
  sweep();
  removeImages();
  // The demo passwords come from the data folder, where the seed kept them; the database has only their hashes.
  const demo = await findDemoAccounts(database.db, config.dataDir);
  if (demo.accounts.length > 0) {
    for (const line of demoAccountLines(demo.accounts, config.dataDir)) console.log(line);
  } else if (demo.passwordsMissing) {
    // On PostgreSQL, the process that created the demo shop kept them in its own data folder.
    const seeder = embedded ? '' : '; the process that created the demo shop keeps them in its own DATA_DIR';
    console.log(`Demo accounts: no passwords on record (${demoAccountsPath(config.dataDir)} is missing${seeder}); set new ones with "npm run reset-password -- <phone> <password>".`);
  }
  if (pictures?.waiting && picturesLease && !stopping) {
    app.log.info(`Drawing the demo shop's pictures (${pictures.waiting} to go)...`);
    seedWork = pictures
      .drawAll({ concurrency: availableParallelism(), signal: AbortSignal.any([seeding.signal, picturesLease.lost]) })
      .then(
        () =>
          app.log.info(
            seeding.signal.aborted
              ? 'Drawing the pictures stopped; the next start finishes them.'
              : picturesLease.lost.aborted
                ? 'Another process has taken over drawing the demo pictures.'
                : 'The demo pictures are all drawn.',
          ),
        (error: unknown) => app.log.error({ err: error }, 'drawing the demo pictures failed'),
      )
      // The drawing process ends with its work, and its memory with it.
      .then(() => drawer.close())
      .then(() => picturesLease.release());
  }
}

/** The server, or one of the children it starts from this same file (first-start.ts, picture-drawer.ts). */
function role(): Promise<void> {
  const drawer = process.argv.indexOf(DRAWER_FLAG);
  if (drawer >= 0) {
    runPictureDrawer(openImageStore({ ...loadConfig().images, uploadsDir: process.argv[drawer + 1]! }));
    return Promise.resolve();
  }
  // Done, the child ends (its channel to the server would keep it running).
  if (process.argv.includes(FIRST_START_FLAG)) return createEmbeddedDatabase(loadConfig()).then(() => process.exit(0));
  return main();
}

role().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
