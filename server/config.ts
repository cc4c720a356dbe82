/** Configuration: read from the environment once, at boot, and checked with zod. */
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_ORDER_LIMITS, DEFAULT_PAYMENT_TIMEOUT_MINUTES, type OrderLimits } from '../contracts/constants.ts';
import { DEFAULT_IMAGE_REMOVAL_GRACE_MS } from '../core/catalogue/images.ts';
import { BOSTA_PRODUCTION_URL } from '../core/couriers/bosta.ts';
import { PAYMOB_DEFAULT_BASE_URL, type PaymobSettings } from '../core/payments/paymob.ts';
import { WHATSAPP_GRAPH_URL } from '../core/messages/cloud-api.ts';
import type { S3Settings } from '../core/catalogue/s3-images.ts';
import type { TrustedProxies } from './app.ts';
import { DEFAULT_DRAIN_SETTLE_MS } from './drain.ts';
import { DEFAULT_SEARCH_LIMITS, type SearchLimits } from './plugins/search-limits.ts';

const optionalText = z.string().trim().optional().transform((v) => (v ? v : undefined));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  IMAGES_PUBLIC_URL: z
    .string()
    .url()
    .refine((url) => /^https?:\/\//.test(url), 'IMAGES_PUBLIC_URL must be an http or https address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  IMAGE_REMOVAL_GRACE_HOURS: z.coerce.number().min(0).default(DEFAULT_IMAGE_REMOVAL_GRACE_MS / 3_600_000),
  DATABASE_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional().or(z.literal('').transform(() => undefined)),
  STORE_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  REDIS_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  WHOLESALE_URL: z.string().url().default('https://wa.me/201000000000'),
  BACKUP_INTERVAL_MINUTES: z.coerce.number().min(0).default(60),
  BACKUP_KEEP: z.coerce.number().int().min(1).default(24),
  SEED_DEMO: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  TRUST_PROXY: z.string().trim().default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PAYMOB_SECRET_KEY: optionalText,
  PAYMOB_PUBLIC_KEY: optionalText,
  PAYMOB_HMAC_SECRET: optionalText,
  PAYMOB_CARD_INTEGRATION_ID: z.coerce.number().int().positive().optional().or(z.literal('').transform(() => undefined)),
  PAYMOB_WALLET_INTEGRATION_ID: z.coerce.number().int().positive().optional().or(z.literal('').transform(() => undefined)),
  PAYMOB_BASE_URL: z.string().url().default(PAYMOB_DEFAULT_BASE_URL),
  BOSTA_API_KEY: optionalText,
  BOSTA_WEBHOOK_SECRET: optionalText,
  BOSTA_WEBHOOK_HEADER: z
    .string()
    .trim()
    .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be an HTTP header name')
    .default('Authorization'),
  BOSTA_BASE_URL: z.string().url().default(BOSTA_PRODUCTION_URL),
  BOSTA_PICKUP_ADDRESS_ID: optionalText,
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  WHATSAPP_APP_SECRET: optionalText,
  WHATSAPP_VERIFY_TOKEN: optionalText,
  WHATSAPP_BASE_URL: z.string().url().default(WHATSAPP_GRAPH_URL),
  PAYMENT_TIMEOUT_MINUTES: z.coerce.number().positive().max(24 * 60).default(DEFAULT_PAYMENT_TIMEOUT_MINUTES),
  MAX_OPEN_ORDERS: z.coerce.number().int().min(1).default(DEFAULT_ORDER_LIMITS.openOrders),
  MAX_LINE_PIECES: z.coerce.number().int().min(1).default(DEFAULT_ORDER_LIMITS.linePieces),
  DB_POOL_SIZE: z.coerce.number().int().min(2).default(10),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  CATALOGUE_CACHE_ENTRIES: z.coerce.number().int().min(0).default(1_000),
  CATALOGUE_POOL_SIZE: z.coerce.number().int().min(1).default(4),
  CATALOGUE_POOL_WAIT_MS: z.coerce.number().int().min(1).default(1_000),
  CATALOGUE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(2_000),
  SEARCH_RATE_LIMIT: z.coerce.number().int().min(1).default(DEFAULT_SEARCH_LIMITS.perMinute),
  SEARCH_CONCURRENCY: z.coerce.number().int().min(1).default(DEFAULT_SEARCH_LIMITS.concurrent),
  SEARCH_CONCURRENCY_BESIDE: z.coerce.number().int().min(1).default(DEFAULT_SEARCH_LIMITS.concurrentBeside),
  SEARCH_QUEUE: z.coerce.number().int().min(0).default(DEFAULT_SEARCH_LIMITS.queued),
  DRAIN_SETTLE_MS: z.coerce.number().int().min(0).max(5_000).default(DEFAULT_DRAIN_SETTLE_MS),
});

/** The settings Paymob needs all together; some but not all of them is a mistake worth stopping for. */
const PAYMOB_REQUIRED = ['PAYMOB_SECRET_KEY', 'PAYMOB_PUBLIC_KEY', 'PAYMOB_HMAC_SECRET', 'PAYMOB_CARD_INTEGRATION_ID'] as const;

/** The WhatsApp settings: all of them, or none (no messages). */
const WHATSAPP_REQUIRED = ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const;

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /**
   * Where images are kept (`s3`: a bucket, else DATA_DIR/uploads), the address pages name them
   * at when a CDN or public bucket serves them, and how long a replaced one stays.
   */
  images: { s3: S3Settings | undefined; publicUrl: string | undefined; removalGraceMs: number };
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  storeUrl: string;
  authRateLimit: number;
  redisUrl: string | undefined;
  wholesaleUrl: string;
  backupIntervalMinutes: number;
  backupKeep: number;
  seedDemo: boolean;
  logLevel: string;
  /** Behind a reverse proxy: whose X-Forwarded-For to believe (server/app.ts TrustedProxies). */
  trustProxy: TrustedProxies;
  /** Card and wallet payments; undefined while the PAYMOB_* keys are unset (cash on delivery only). */
  paymob: PaymobSettings | undefined;
  /** Shipping with Bosta; undefined while BOSTA_API_KEY is unset (shipping is marked by hand). */
  bosta: { apiKey: string; baseUrl: string; pickupAddressId: string | undefined; webhookHeader: string; webhookSecret: string } | undefined;
  /** Messages to customers on WhatsApp; undefined while the WHATSAPP_* settings are unset (nothing is sent). */
  whatsapp: { token: string; phoneNumberId: string; appSecret: string; verifyToken: string; baseUrl: string } | undefined;
  /** A card order not paid within this many minutes is cancelled and its stock returned. */
  paymentTimeoutMinutes: number;
  /** Open unpaid orders per customer and pieces of one size per order line. */
  orderLimits: OrderLimits;
  /** PostgreSQL: the main pool (orders, accounts, the dashboard) and its statement time limit (0: none). */
  database: { poolSize: number; statementTimeoutMs: number };
  /** PostgreSQL: the public catalogue reads' own pool (docs/decisions/013). */
  catalogue: { poolSize: number; waitMs: number; statementTimeoutMs: number };
  search: SearchLimits;
  /** Catalogue answers and pages the process keeps (docs/decisions/011); 0 keeps none, as `npm run bench -- --no-cache` asks. */
  catalogueCacheEntries: number;
  /** On SIGTERM: how long the process keeps serving, not ready, before it closes its port (server/drain.ts). */
  drainSettleMs: number;
};

/** Names of address ranges that proxy-addr, Fastify's reader of X-Forwarded-For, knows. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a range (`10.0.0.0/8`, `fd00::/8`, `10.0.0.0/255.0.0.0`) or a named range. */
function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, mask, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (!version || rest.length > 0) return false;
  if (mask === undefined) return true;
  if (/^\d+$/.test(mask)) return Number(mask) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(mask) === 4;
}

/**
 * TRUST_PROXY: `false` (the default: the socket's peer is the client), the number of proxies in
 * front of the shop (`1`), or their addresses and ranges separated by commas. Trusting every
 * X-Forwarded-For (`true`) would let any client choose its own address, so it is refused.
 */
function readTrustProxy(value: string): TrustedProxies {
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    throw new Error(
      'Invalid configuration:\n  TRUST_PROXY=true would believe any X-Forwarded-For a client writes: set the number of proxies in front of the shop (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8)',
    );
  }
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || wrong.length > 0) {
    throw new Error(`Invalid configuration:\n  TRUST_PROXY: not a number of proxies nor addresses and ranges: ${wrong.join(', ') || value}`);
  }
  return entries;
}

/**
 * S3_BUCKET and what it needs: a region, and both keys or neither (then the SDK's own chain:
 * AWS_* variables, an instance role). Any other S3_* without a bucket is a mistake too.
 */
function readS3Settings(e: z.infer<typeof EnvSchema>): S3Settings | undefined {
  const others = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((key) => e[key] !== undefined);
  if (!e.S3_BUCKET) {
    if (others.length === 0) return undefined;
    throw new Error(`Invalid configuration:\n  ${others.join(', ')} set, but S3_BUCKET is not: set the bucket to keep images in, or unset them to keep images in DATA_DIR/uploads`);
  }
  const missing = [
    ...(e.S3_REGION ? [] : ['S3_REGION (the bucket\'s region; "us-east-1" for most S3-compatible services)']),
    ...(e.S3_ACCESS_KEY_ID && !e.S3_SECRET_ACCESS_KEY ? ['S3_SECRET_ACCESS_KEY (S3_ACCESS_KEY_ID is set)'] : []),
    ...(e.S3_SECRET_ACCESS_KEY && !e.S3_ACCESS_KEY_ID ? ['S3_ACCESS_KEY_ID (S3_SECRET_ACCESS_KEY is set)'] : []),
  ];
  if (missing.length > 0) throw new Error(`Invalid configuration:\n  S3_BUCKET=${e.S3_BUCKET} also needs ${missing.join(' and ')}`);
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION!,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

/** Parses `env` (process.env by default); exits with a readable message on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const paymobSet = PAYMOB_REQUIRED.filter((key) => e[key] !== undefined);
  if (paymobSet.length > 0 && paymobSet.length < PAYMOB_REQUIRED.length) {
    const missing = PAYMOB_REQUIRED.filter((key) => e[key] === undefined);
    throw new Error(`Invalid configuration:\n  Card payments need every Paymob setting; missing: ${missing.join(', ')}`);
  }
  const whatsappSet = WHATSAPP_REQUIRED.filter((key) => e[key] !== undefined);
  if (whatsappSet.length > 0 && whatsappSet.length < WHATSAPP_REQUIRED.length) {
    const missing = WHATSAPP_REQUIRED.filter((key) => e[key] === undefined);
    throw new Error(`Invalid configuration:\n  WhatsApp messages need every WhatsApp setting; missing: ${missing.join(', ')}`);
  }
  if (e.BOSTA_API_KEY !== undefined && e.BOSTA_WEBHOOK_SECRET === undefined) {
    throw new Error('Invalid configuration:\n  Shipping with Bosta needs BOSTA_WEBHOOK_SECRET (the value its webhook sends in BOSTA_WEBHOOK_HEADER)');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    images: {
      s3: readS3Settings(e),
      publicUrl: e.IMAGES_PUBLIC_URL?.replace(/\/$/, ''),
      removalGraceMs: e.IMAGE_REMOVAL_GRACE_HOURS * 3_600_000,
    },
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    // Unset: this machine on PORT, so links and Paymob's callbacks reach a local shop on any port.
    storeUrl: (e.STORE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    authRateLimit: e.AUTH_RATE_LIMIT,
    redisUrl: e.REDIS_URL,
    wholesaleUrl: e.WHOLESALE_URL,
    backupIntervalMinutes: e.BACKUP_INTERVAL_MINUTES,
    backupKeep: e.BACKUP_KEEP,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    trustProxy: readTrustProxy(e.TRUST_PROXY),
    paymob:
      paymobSet.length > 0
        ? {
            secretKey: e.PAYMOB_SECRET_KEY!,
            publicKey: e.PAYMOB_PUBLIC_KEY!,
            hmacSecret: e.PAYMOB_HMAC_SECRET!,
            cardIntegrationId: e.PAYMOB_CARD_INTEGRATION_ID!,
            walletIntegrationId: e.PAYMOB_WALLET_INTEGRATION_ID,
            baseUrl: e.PAYMOB_BASE_URL.replace(/\/$/, ''),
          }
        : undefined,
    bosta:
      e.BOSTA_API_KEY !== undefined
        ? {
            apiKey: e.BOSTA_API_KEY,
            baseUrl: e.BOSTA_BASE_URL.replace(/\/$/, ''),
            pickupAddressId: e.BOSTA_PICKUP_ADDRESS_ID,
            webhookHeader: e.BOSTA_WEBHOOK_HEADER,
            webhookSecret: e.BOSTA_WEBHOOK_SECRET!,
          }
        : undefined,
    whatsapp:
      whatsappSet.length > 0
        ? {
            token: e.WHATSAPP_TOKEN!,
            phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID!,
            appSecret: e.WHATSAPP_APP_SECRET!,
            verifyToken: e.WHATSAPP_VERIFY_TOKEN!,
            baseUrl: e.WHATSAPP_BASE_URL.replace(/\/$/, ''),
          }
        : undefined,
    paymentTimeoutMinutes: e.PAYMENT_TIMEOUT_MINUTES,
    orderLimits: { openOrders: e.MAX_OPEN_ORDERS, linePieces: e.MAX_LINE_PIECES },
    database: { poolSize: e.DB_POOL_SIZE, statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS },
    catalogue: { poolSize: e.CATALOGUE_POOL_SIZE, waitMs: e.CATALOGUE_POOL_WAIT_MS, statementTimeoutMs: e.CATALOGUE_STATEMENT_TIMEOUT_MS },
    catalogueCacheEntries: e.CATALOGUE_CACHE_ENTRIES,
    search: { ...DEFAULT_SEARCH_LIMITS, perMinute: e.SEARCH_RATE_LIMIT, concurrent: e.SEARCH_CONCURRENCY, concurrentBeside: e.SEARCH_CONCURRENCY_BESIDE, queued: e.SEARCH_QUEUE },
    drainSettleMs: e.DRAIN_SETTLE_MS,
  };
}
