/**
 * Builds the whole application on a fresh database for a test file; requests go through
 * `app.inject`, whose API answers are checked against the OpenAPI document (openapi.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { localImageStore, type ImageStore } from '../../core/catalogue/images.ts';
import type { Database, OpenOptions } from '../../db/client.ts';
import { buildApp, type AppOptions, type TrustedProxies } from '../../server/app.ts';
import { createTestDatabase } from './database.ts';
import { recordApiResponses } from './openapi.ts';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
/** The wholesale link the test apps' pages show. */
export const WHOLESALE_URL = 'https://wa.me/201000000000';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  images: ImageStore;
  /** The app's local uploads folder (empty while images are kept in a bucket). */
  uploadsDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  authRateLimit?: number;
  /** Serve the pages too, from this `react-router build` folder (see buildWebApp). */
  webBuildDir?: string;
  storeUrl?: string;
  trustProxy?: TrustedProxies;
  timeouts?: AppOptions['timeouts'];
  /** Card payments against a Paymob (stand-in) at these settings. */
  paymob?: AppOptions['paymob'];
  paymentTimeoutMinutes?: number;
  /** Shipping with a courier (a Bosta stand-in). */
  couriers?: AppOptions['couriers'];
  orderLimits?: AppOptions['orderLimits'];
  /** Messages to customers through a WhatsApp (stand-in). */
  whatsapp?: AppOptions['whatsapp'];
  /** PostgreSQL: statement time limits and the catalogue reads' own pool. */
  database?: Pick<OpenOptions, 'statementTimeoutMs' | 'catalogue'>;
  searchLimits?: AppOptions['searchLimits'];
  catalogueCache?: AppOptions['catalogueCache'];
  /** Requests a minute per address to the sitemap and the mailing list (default: the shop's own). */
  addressLimits?: AppOptions['addressLimits'];
  /** Password-reset codes an hour per phone and per address (default: high enough never to stop a test; the shop's own are DEFAULT_RESET_CODE_LIMITS). */
  resetCodeLimits?: AppOptions['resetCodeLimits'];
  /** Where images are kept (default: a fresh local folder) and the address pages name them at. */
  images?: ImageStore;
  imagesPublicUrl?: string;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(options.database);
  const uploadsDir = await mkdtemp(path.join(tmpdir(), 'store-uploads-'));
  const images = options.images ?? localImageStore(uploadsDir);
  const app = await buildApp({
    db: database.db,
    catalogueDb: database.catalogueDb,
    searchLimits: options.searchLimits,
    catalogueCache: options.catalogueCache,
    addressLimits: options.addressLimits,
    resetCodeLimits: options.resetCodeLimits ?? { perPhonePerHour: 10_000, perAddressPerHour: 10_000 },
    uploadsDir,
    images,
    imagesPublicUrl: options.imagesPublicUrl,
    jwtSecret: TEST_SECRET,
    storeUrl: options.storeUrl ?? 'http://localhost:3000',
    authRateLimit: options.authRateLimit ?? 10_000,
    trustProxy: options.trustProxy,
    timeouts: options.timeouts,
    paymob: options.paymob,
    couriers: options.couriers,
    whatsapp: options.whatsapp,
    paymentTimeoutMinutes: options.paymentTimeoutMinutes,
    orderLimits: options.orderLimits,
    web: options.webBuildDir ? { dev: false, buildDir: options.webBuildDir, wholesaleUrl: WHOLESALE_URL } : undefined,
  });
  await app.ready();
  await recordApiResponses(app);
  return {
    app,
    database,
    db: database.db,
    images,
    uploadsDir,
    async close() {
      await app.close();
      await database.close();
      await rm(uploadsDir, { recursive: true, force: true });
    },
  };
}
