/**
 * Builds the Fastify application: security headers, cookies, uploads, the REST API under
 * /api/v1 with its OpenAPI document at /api/docs, and the uploaded images. `main.ts` starts
 * it; tests build it with an in-memory database and call `app.inject`.
 */
import { randomBytes } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { ServerBuild } from 'react-router';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import qs from 'qs';
import { MSG, STORE_NAME } from '../contracts/index.ts';
import { AppError } from '../core/shared/errors.ts';
import { localImageStore, type ImageStore } from '../core/catalogue/images.ts';
import { DEFAULT_ORDER_LIMITS, DEFAULT_PAYMENT_TIMEOUT_MINUTES, type OrderLimits } from '../contracts/constants.ts';
import type { PaymobSettings } from '../core/payments/paymob.ts';
import { useWhatsApp, type WhatsAppConnection } from '../core/messages/outbox.ts';
import type { CourierSettings } from '../core/couriers/shipments.ts';
import type { Db } from '../db/client.ts';
import { describeError } from '../db/errors.ts';
import { authRoutes } from './api/auth.ts';
import { categoryRoutes } from './api/categories.ts';
import { couponRoutes } from './api/coupons.ts';
import { courierRoutes } from './api/couriers.ts';
import { messageRoutes } from './api/messages.ts';
import { whatsappRoutes } from './api/whatsapp.ts';
import type { ApiContext } from './api/context.ts';
import { markOptionalForms } from './api/forms.ts';
import { orderRoutes } from './api/orders.ts';
import { returnRoutes } from './api/returns.ts';
import { PAYMOB_CALLBACK_ROUTE, PAYMOB_RETURN_ROUTE, paymentRoutes } from './api/payments.ts';
import { productRoutes } from './api/products.ts';
import { shippingRoutes } from './api/shipping.ts';
import { shoppingRoutes } from './api/shopping.ts';
import { userRoutes } from './api/users.ts';
import { createGuards, readTokenCookie } from './plugins/auth.ts';
import { registerCatalogueCache, type CatalogueCacheSettings } from './plugins/catalogue-cache.ts';
import { isSitemapRequest } from './plugins/catalogue-cache/sitemap.ts';
import { registerImageRoutes } from './images.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerHealth } from './plugins/health.ts';
import { registerQueryScopes } from './plugins/query-scope.ts';
import {
  createAttemptLimiter,
  createLoginLimiter,
  createResetCodeLimiter,
  DEFAULT_ADDRESS_LIMITS,
  DEFAULT_RESET_CODE_LIMITS,
  MemoryAttemptStore,
  RedisAttemptStore,
  type AddressLimits,
  type AttemptStore,
  type ResetCodeLimits,
} from './plugins/rate-limit.ts';
import { createSearchGuard, createTraffic, DEFAULT_SEARCH_LIMITS, type SearchLimits } from './plugins/search-limits.ts';
import { registerWeb } from './web.ts';

export interface AppOptions {
  db: Db;
  /** The public catalogue reads' database; without it they use `db`. */
  catalogueDb?: Db;
  /** Bounds on keyword searches (defaults: DEFAULT_SEARCH_LIMITS). */
  searchLimits?: Partial<SearchLimits>;
  /** Folder holding uploads/products and uploads/categories. */
  uploadsDir: string;
  /** Where images are kept (core/catalogue/images.ts openImageStore); default: the local store in `uploadsDir`. */
  images?: ImageStore;
  /** A CDN or public bucket serving the images (IMAGES_PUBLIC_URL): pages and the API name it, the CSP allows it. */
  imagesPublicUrl?: string;
  jwtSecret: string;
  storeUrl: string;
  authRateLimit: number;
  attemptStore?: AttemptStore;
  /** Without `attemptStore`: attempts (logins, signups, searches, the sitemap, the mailing list) are counted in this Redis, shared by every process, and in the process while it is away. */
  redisUrl?: string;
  logger?: FastifyServerOptions['logger'];
  /** Behind a proxy or load balancer: whose X-Forwarded-For gives client addresses and the scheme. */
  trustProxy?: TrustedProxies;
  /** How long a client may take; slow or stalled clients are cut off (defaults: DEFAULT_TIMEOUTS). */
  timeouts?: Partial<Timeouts>;
  /** Card and wallet payments through Paymob; without them the shop takes cash on delivery only. */
  paymob?: PaymobSettings;
  /** Shipping with a courier (BOSTA_*); without it shipping is marked by hand. */
  couriers?: CourierSettings;
  /** Messages to customers on WhatsApp (WHATSAPP_*); without it no message is recorded or sent. */
  whatsapp?: WhatsAppConnection;
  /** Minutes a card order may await its payment (PAYMENT_TIMEOUT_MINUTES). */
  paymentTimeoutMinutes?: number;
  /** Open unpaid orders per customer and pieces per order line (MAX_OPEN_ORDERS, MAX_LINE_PIECES; defaults: DEFAULT_ORDER_LIMITS). */
  orderLimits?: Partial<OrderLimits>;
  /** Requests a minute per client address to the sitemap and the mailing list (defaults: DEFAULT_ADDRESS_LIMITS). */
  addressLimits?: Partial<AddressLimits>;
  /** Password-reset codes an hour per phone and per client address (defaults: DEFAULT_RESET_CODE_LIMITS). */
  resetCodeLimits?: Partial<ResetCodeLimits>;
  /** The guests' catalogue reads kept in the process; with `redisUrl`, emptied in every process on a change. */
  catalogueCache?: Partial<CatalogueCacheSettings>;
  /** The server-rendered shop; without it only the API and images are served. */
  web?: { dev: boolean; buildDir: string; wholesaleUrl: string; pages?: () => Promise<ServerBuild> };
}

/**
 * The proxies whose X-Forwarded-For (and -Proto, -Host) the shop believes: none (false), the
 * number in front of it (each appends the address it saw, so the client's is that many from the
 * right), or their addresses and ranges. Never every one: a client writes its own header.
 */
export type TrustedProxies = false | number | string[];

/** Fastify's trustProxy for the setting. Fastify reads a bare hop count as "trust nothing", so the count is given as a function of the hop. */
function proxyTrust(trusted: TrustedProxies | undefined): FastifyServerOptions['trustProxy'] {
  if (!trusted) return false;
  if (typeof trusted === 'number') return (_address: string, hop: number) => hop < trusted;
  return trusted;
}

export interface Timeouts {
  /** To send every request header. */
  headersMs: number;
  /** To send the whole request, body included (an admin's five pictures on a phone network). */
  requestMs: number;
  /** Of silence on a connection, mid-request or between keep-alive requests. */
  idleMs: number;
}

/**
 * Without limits one slow client per connection (a body sent a byte at a time) pins the
 * server: Node's own request limit is switched off by Fastify's default of 0.
 */
export const DEFAULT_TIMEOUTS: Timeouts = { headersMs: 10_000, requestMs: 60_000, idleMs: 30_000 };

/** Request bodies above this size are refused (uploads have their own, larger limit). */
const JSON_BODY_LIMIT = 100 * 1024;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing call that rides on the session cookie but was started by another site (a
 * form or script elsewhere): the browser says so in Sec-Fetch-Site, or older ones in Origin.
 * SameSite=Lax alone lets a sibling subdomain through: it counts every subdomain of the shop's
 * domain as the same site. Calls with a bearer token carry no ambient credential.
 */
function isCrossSiteCookieWrite(request: FastifyRequest, storeUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (/^bearer /i.test(request.headers.authorization ?? '')) return false;
  if (!readTokenCookie(request)) return false;
  const site = request.headers['sec-fetch-site'];
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (!origin) return false;
  return origin !== new URL(storeUrl).origin && origin !== `${request.protocol}://${request.host}`;
}

/** Where the REST API answers (API.md). */
export const API_PREFIX = '/api/v1';

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const payments = {
    paymob: options.paymob,
    callbackUrl: `${options.storeUrl}${API_PREFIX}${PAYMOB_CALLBACK_ROUTE}`,
    returnUrl: `${options.storeUrl}${API_PREFIX}${PAYMOB_RETURN_ROUTE}`,
    timeoutMinutes: options.paymentTimeoutMinutes ?? DEFAULT_PAYMENT_TIMEOUT_MINUTES,
    orderLimits: { ...DEFAULT_ORDER_LIMITS, ...options.orderLimits },
  };
  const app = Fastify({
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: Math.min(5_000, timeouts.idleMs),
    http: {
      headersTimeout: timeouts.headersMs,
      // How often Node looks for requests past their limits (30 s by default).
      connectionsCheckingInterval: Math.max(250, Math.min(2_000, timeouts.headersMs / 4)),
    },
    // Logged errors go through describeError: a failed query's message would carry its parameters.
    logger: typeof options.logger === 'object' ? { ...options.logger, serializers: { ...options.logger.serializers, err: describeError } } : (options.logger ?? false),
    trustProxy: proxyTrust(options.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: {
      // `category[in][]=…` and `priceAfterDiscount[lte]=…` arrive as nested objects.
      querystringParser: (query) => qs.parse(query, { depth: 2, arrayLimit: 50, parameterLimit: 100 }),
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerQueryScopes(app);

  // An empty JSON body (a bare PUT from some clients) is no body, not an error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    parseJson(request, body as string, done);
  });

  // Every request is traffic the searches yield to until it is answered, its client goes, or it
  // turns out to be a search itself (plugins/search-limits.ts).
  const traffic = createTraffic();
  app.addHook('onRequest', async (request, reply) => {
    traffic.enter(request.raw);
    reply.raw.once('close', () => traffic.leave(request.raw));
  });

  // A fresh nonce per response lets the pages' own inline scripts run and nothing else.
  app.addHook('onRequest', async (_request, reply) => {
    (reply.raw as { cspNonce?: string }).cspNonce = randomBytes(16).toString('base64');
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // blob: for the previews of images an admin picks before uploading them.
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.imagesPublicUrl ? [new URL(options.imagesPublicUrl).origin] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as { cspNonce?: string }).cspNonce}'`],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // A checkout form posted without JavaScript is redirected on to Paymob's hosted page.
        formAction: ["'self'", ...(options.paymob ? [new URL(options.paymob.baseUrl).origin] : [])],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Same-origin form posts must carry their Origin: with no-referrer Chromium sends
    // "Origin: null" and React Router refuses the action as cross-site.
    referrerPolicy: { policy: 'same-origin' },
    // Set per request below: a shop behind a TLS-terminating proxy learns the scheme per request.
    hsts: false,
  });
  const storeIsHttps = options.storeUrl.startsWith('https://');
  app.decorateRequest('overHttps', false);
  app.addHook('onRequest', async (request, reply) => {
    // request.protocol reads X-Forwarded-Proto only when the proxy is trusted (TRUST_PROXY).
    request.overHttps = storeIsHttps || request.protocol === 'https';
    if (request.overHttps) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
  await app.register(fastifyCookie);
  // Before the static folders, so pages, scripts and styles leave compressed; images are already WebP.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    // Brotli's default (11) is for files built once; pages are compressed on every request.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });

  const attemptStore = options.attemptStore ?? (options.redisUrl ? new RedisAttemptStore(options.redisUrl, { log: app.log }) : new MemoryAttemptStore());
  const addressLimits = { ...DEFAULT_ADDRESS_LIMITS, ...options.addressLimits };
  if (options.web) {
    // Before the catalogue cache's hook: a copy it answers with counts too.
    const sitemapLimiter = createAttemptLimiter(attemptStore, addressLimits.sitemapPerMinute);
    app.addHook('onRequest', async (request) => {
      if (isSitemapRequest(request.url)) await sitemapLimiter.check([`sitemap:${request.ip}`]);
    });
  }
  const catalogueCache = await registerCatalogueCache(app, { ...options.catalogueCache, db: options.db });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${STORE_NAME} API`, version: '1.0.0', description: 'REST API v1 of the store (API.md).' },
      servers: [{ url: options.storeUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'token', description: 'The session cookie login and signup set: `token` over plain http, `__Host-token` over https' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: markOptionalForms,
    // The API's routes carry tags; the pages, images and the docs themselves are not the API.
    hideUntagged: true,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await registerHealth(app);

  const context: ApiContext = {
    db: options.db,
    catalogueDb: options.catalogueDb ?? options.db,
    search: createSearchGuard(attemptStore, { ...DEFAULT_SEARCH_LIMITS, ...options.searchLimits }, traffic),
    images: options.images ?? localImageStore(options.uploadsDir),
    imagesUrl: options.imagesPublicUrl ?? '',
    guards: createGuards(options.db, options.jwtSecret),
    limiter: createAttemptLimiter(attemptStore, options.authRateLimit),
    logins: createLoginLimiter(attemptStore, options.authRateLimit),
    newsletter: createAttemptLimiter(attemptStore, addressLimits.newsletterPerMinute),
    resetCodes: createResetCodeLimiter(attemptStore, { ...DEFAULT_RESET_CODE_LIMITS, ...options.resetCodeLimits }),
    jwtSecret: options.jwtSecret,
    payments,
    couriers: options.couriers,
    whatsapp: options.whatsapp,
    storeUrl: options.storeUrl,
  };
  useWhatsApp(options.db, options.whatsapp !== undefined);
  app.decorateRequest('user', null);

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request) => {
        if (isCrossSiteCookieWrite(request, options.storeUrl)) throw new AppError(403, MSG.crossSiteRefused);
      });
      api.addHook('onSend', async (_request, reply, payload) => {
        if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
        return payload;
      });
      await api.register(authRoutes(context));
      await api.register(userRoutes(context));
      await api.register(categoryRoutes(context));
      await api.register(productRoutes(context));
      await api.register(shoppingRoutes(context));
      await api.register(orderRoutes(context));
      await api.register(returnRoutes(context));
      await api.register(paymentRoutes(context));
      await api.register(shippingRoutes(context));
      await api.register(couponRoutes(context));
      await api.register(courierRoutes(context));
      await api.register(whatsappRoutes(context));
      await api.register(messageRoutes(context));
      api.setNotFoundHandler((_request, reply) => reply.status(404).send({ status: 'fail', message: MSG.routeNotFound }));
    },
    { prefix: API_PREFIX },
  );

  await registerImageRoutes(app, context.images);

  const web = options.web
    ? await registerWeb(app, {
        dev: options.web.dev,
        buildDir: options.web.buildDir,
        pages: options.web.pages,
        limiter: context.limiter,
        logins: context.logins,
        newsletter: context.newsletter,
        resetCodes: context.resetCodes,
        search: context.search,
        context: {
          db: options.db,
          catalogueDb: context.catalogueDb,
          images: context.images,
          imagesUrl: context.imagesUrl,
          jwtSecret: options.jwtSecret,
          storeUrl: options.storeUrl,
          wholesaleUrl: options.web.wholesaleUrl,
          payments,
          couriers: options.couriers,
        },
      })
    : undefined;
  if (web?.pageParts) catalogueCache.usePageParts(web.pageParts);
  const servePage = web?.servePage;
  // Paths nothing answers, and names under the image folders that are no file: the API's Arabic
  // 404, never Fastify's English one, which repeats the path; a browser gets the shop's page.
  app.setNotFoundHandler((request, reply) => {
    if (servePage && request.method === 'GET' && request.headers.accept?.includes('text/html')) return servePage(request, reply);
    return reply.status(404).send({ status: 'fail', message: MSG.routeNotFound });
  });

  app.addHook('onClose', async () => {
    await attemptStore.close();
  });
  return app;
}
