/**
 * Caching of the catalogue's anonymous reads (docs/decisions/011-catalogue-caching.md).
 *
 * - A guest's catalogue reads (the API's products, categories and reviews, and the HTML of the
 *   home page, the listings, search and the product page) carry a weak ETag of their body and a
 *   short shared-cache lifetime with stale-while-revalidate, so a CDN may keep them; a matching
 *   If-None-Match is answered 304 without a body.
 * - A request with a session (the session cookie or an Authorization header) gets `private,
 *   no-store` and no validator: its pages name the shopper and count their cart.
 * - The process keeps the guests' API answers and catalogue pages in a small LRU (bounded by
 *   count and by bytes, short-lived), keyed by URL; a page is kept with its CSP nonce cut out and
 *   gets the nonce of each response that reuses it. The sitemap is kept there too, under one key
 *   whatever the spelling of its path, and served from it to everyone. Every catalogue write
 *   (core/catalogue-changes.ts) empties it at once; with Redis the word goes to every other
 *   process on a channel, and while that channel is not listened to the process keeps nothing.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { CategoriesQuerySchema, PageQuerySchema, ProductsQuerySchema } from '../../contracts/schemas.ts';
import { onCatalogueChange } from '../../core/catalogue-changes.ts';
import type { Db } from '../../db/client.ts';

/** What a guest's catalogue read may be kept for: a minute fresh, five more served while a cache asks again. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';
/** A signed-in request's answer: kept by no cache, the browser's included. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** The 304 of a catalogue read, for the OpenAPI document. */
export const NotModified = z.undefined().describe('Not modified: If-None-Match named the current ETag, so the copy the client holds is current (no body)');

/** The API's catalogue reads, as Fastify names their routes. */
const CATALOGUE_API_ROUTES = new Set(['/api/v1/products', '/api/v1/products/:id', '/api/v1/products/:id/reviews', '/api/v1/categories', '/api/v1/categories/:id']);

/**
 * The query parameters each kept answer is computed from: the key of a kept answer holds these
 * alone, so a parameter nobody reads (`?x=<random>`) cannot make every request a miss. The
 * schemas' own keys, read by qs as `category[in][]` and `priceAfterDiscount[lte]` by their name.
 */
const READ_PARAMETERS: Record<string, readonly string[]> = {
  '/api/v1/products': Object.keys(ProductsQuerySchema.shape),
  '/api/v1/products/:id': [],
  '/api/v1/products/:id/reviews': Object.keys(PageQuerySchema.shape),
  '/api/v1/categories': Object.keys(CategoriesQuerySchema.shape),
  '/api/v1/categories/:id': [],
};
/** The pages read the listing's page and keyword (app/lib/loaders.server.ts), nothing else. */
const PAGE_PARAMETERS = ['page', 'keyword'];

/**
 * `url` with only the parameters in `read`, in the order they came: the key of a kept answer. A
 * parameter's name is what comes before its first `[` (`category[in][]` is `category`).
 */
export function keyOfUrl(url: string, read: readonly string[]): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const kept = url
    .slice(at + 1)
    .split('&')
    .filter((pair) => {
      let name = pair.split('=')[0]!;
      try {
        name = decodeURIComponent(name);
      } catch {
        return false;
      }
      return read.includes(name.split('[')[0]!);
    });
  return kept.length ? `${url.slice(0, at)}?${kept.join('&')}` : url.slice(0, at);
}

/** The catalogue's pages: home, the listings and search, and a product. */
const CATALOGUE_PAGE = /^\/(?:|category\/[^/]+|winter|summer|less199|less149|new-arrived|offers|search|product\/[^/]+)$/;

/** The sitemap (app/routes/shop/sitemap.ts): the same for everyone, signed in or not. */
const SITEMAP_PATH = '/sitemap.xml';
const SITEMAP_TYPE = 'application/xml; charset=utf-8';
/** What a crawler or a CDN may keep the sitemap for. */
const SITEMAP_CACHE_CONTROL = 'public, max-age=3600';
/** The one key the sitemap is kept under, however its address is spelt. */
const SITEMAP_KEY = 'sitemap';

/**
 * The request asks for the sitemap, however its path is spelt: the pages' router also reads
 * `/SITEMAP.XML`, `//sitemap.xml`, `/sitemap.xml/`, `/a/../sitemap.xml` and `/sitemap%2Exml`
 * as the sitemap, so no spelling gets round its kept copy or its rate (server/app.ts).
 */
export function isSitemapRequest(url: string): boolean {
  if (!/sitemap|%/i.test(url)) return false;
  let path: string;
  try {
    // Leading slashes folded to one as server/web.ts folds them, dot segments resolved by URL.
    path = decodeURIComponent(new URL(url.replace(/^[/\\]+/, '/'), 'http://shop.invalid').pathname);
  } catch {
    return false;
  }
  return path.replace(/^\/+/, '/').replace(/\/+$/, '').toLowerCase() === SITEMAP_PATH;
}

/** Stands for the page's CSP nonce in what its ETag is computed over: the same in every process, so their ETags agree. */
const NONCE_STAND_IN = 'catalogue-cache-nonce';

/**
 * Stands for the page's CSP nonce in the copy the process keeps, and is replaced by each reuse's
 * own nonce. Drawn at random per process, so no text a page shows (a review, a title) can hold it.
 */
const KEPT_NONCE = randomBytes(24).toString('base64url');

/** What a page's answer varies on: a signed-in shopper's page differs from a guest's. */
const PAGE_VARY = ['accept-encoding', 'cookie'];

const PAGE_TYPE = 'text/html; charset=utf-8';

export interface CatalogueCacheSettings {
  /** Answers kept at most. */
  maxEntries: number;
  /** Bytes of answers kept at most (bodies, uncompressed). */
  maxBytes: number;
  /** How long an answer is reused, even with no write in between. */
  ttlMs: number;
  /** Several processes: catalogue changes are announced to the others through this Redis. */
  redisUrl?: string;
  /** The Redis channel of those announcements. */
  channel: string;
  /** Keep pages too (not in development, where the pages' code changes under the server). */
  keepPages: boolean;
}

export const DEFAULT_CATALOGUE_CACHE: CatalogueCacheSettings = {
  maxEntries: 1_000,
  maxBytes: 32 * 1024 * 1024,
  ttlMs: 30_000,
  channel: 'store:catalogue-changed',
  keepPages: true,
};

/** The session cookie with a value, by its name over https and over plain http (core/auth.ts sessionCookieName). */
const SESSION_COOKIE = { https: /(?:^|;)\s*__Host-token=[^;\s]/, http: /(?:^|;)\s*token=[^;\s]/ };

/**
 * A request carries a session: the session cookie with a value (`__Host-token` over https,
 * `token` over plain http, the one the shop reads), or any Authorization header.
 */
export function hasSession(request: FastifyRequest): boolean {
  if (request.headers.authorization) return true;
  return SESSION_COOKIE[request.overHttps ? 'https' : 'http'].test(request.headers.cookie ?? '');
}

/** A weak validator of `body`: equal bodies, equal ETags, whatever their encoding on the wire. */
export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match names `etag` (or is `*`), compared weakly as RFC 9110 asks for this header. */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return (Array.isArray(header) ? header.join(',') : header).split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

interface Entry {
  body: Buffer;
  etag: string;
  storedAt: number;
}

/**
 * The process's copies of guests' API answers and pages: least recently used first out, bounded by count
 * and bytes, each reused for `ttlMs` at most. `version` counts the catalogue changes heard; an
 * answer computed while a change came in is not kept, as it may hold what was read before.
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  version = 0;

  constructor(private settings: Pick<CatalogueCacheSettings, 'maxEntries' | 'maxBytes' | 'ttlMs'>) {}

  get(key: string, now = Date.now()): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (now - entry.storedAt >= this.settings.ttlMs) {
      this.bytes -= entry.body.length;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps `body` under `key`, unless the catalogue changed since `version` was read. */
  set(key: string, body: Buffer, etag: string, version: number, now = Date.now()): void {
    if (version !== this.version || body.length > this.settings.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.body.length;
    }
    this.entries.set(key, { body, etag, storedAt: now });
    this.bytes += body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.settings.maxEntries && this.bytes <= this.settings.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.body.length;
    }
  }

  /** The catalogue changed: nothing kept is good any more. */
  invalidate(): void {
    this.version += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}

/**
 * Catalogue changes between processes, on a Redis channel: each process publishes its own and
 * drops its cache on the others'. A subscriber that lost its connection may have missed some:
 * until it is back (and then with its cache emptied) `listening` is false.
 */
class RedisCatalogueChannel {
  private publisher: Redis;
  private subscriber: Redis;
  private id = randomUUID();
  listening = false;

  constructor(
    url: string,
    private channel: string,
    onRemoteChange: () => void,
    log: FastifyInstance['log'],
  ) {
    this.publisher = new Redis(url, { maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(url);
    this.publisher.on('error', (error) => log.warn({ err: error }, 'catalogue cache: Redis (publishing)'));
    this.subscriber.on('error', (error) => log.warn({ err: error }, 'catalogue cache: Redis (listening)'));
    this.subscriber.on('message', (from, message) => {
      if (from === channel && message !== this.id) onRemoteChange();
    });
    this.subscriber.on('close', () => {
      this.listening = false;
    });
    // ioredis subscribes again after a reconnection; changes made meanwhile were not heard.
    this.subscriber.on('ready', () => {
      if (this.listening) return;
      onRemoteChange();
      this.listening = true;
    });
  }

  async start(): Promise<void> {
    await this.subscriber.subscribe(this.channel);
    this.listening = true;
  }

  publish(): void {
    this.publisher.publish(this.channel, this.id).catch(() => {
      // Logged by the 'error' listener; the other processes' copies expire with their TTL.
    });
  }

  async close(): Promise<void> {
    this.listening = false;
    await Promise.allSettled([this.publisher.quit(), this.subscriber.quit()]);
  }
}

/** Adds `value` to the reply's Vary unless it is named already. */
function addVary(reply: FastifyReply, ...values: string[]): void {
  const current = reply.getHeader('Vary');
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? '')).split(',').map((v) => v.trim()).filter(Boolean);
  for (const value of values) if (!names.some((name) => name.toLowerCase() === value)) names.push(value);
  reply.header('Vary', names.join(', '));
}

/** A body Fastify is about to send, whole: a string, a buffer, or a stream read to its end. */
async function readPayload(payload: unknown): Promise<Buffer | undefined> {
  if (typeof payload === 'string') return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  if (payload && typeof (payload as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function') {
    const chunks: Buffer[] = [];
    for await (const chunk of payload as AsyncIterable<Uint8Array | string>) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
    return Buffer.concat(chunks);
  }
  return undefined;
}

/** A guest's answer: public lifetime and validator, or a 304 (null body) when If-None-Match names it. */
function sendPublic(request: FastifyRequest, reply: FastifyReply, etag: string, vary: string[], cacheControl = PUBLIC_CACHE_CONTROL): boolean {
  reply.header('Cache-Control', cacheControl);
  reply.header('ETag', etag);
  addVary(reply, ...vary);
  if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return false;
  reply.code(304);
  reply.removeHeader('Content-Length');
  return true;
}

/**
 * Registers the hooks on `app` (before the API and the pages, so they apply to them). The hooks
 * run before @fastify/compress's, which it adds to each route as the last of its onSend hooks:
 * they see and keep uncompressed bodies.
 */
export async function registerCatalogueCache(app: FastifyInstance, options: { db: Db } & Partial<CatalogueCacheSettings>): Promise<void> {
  const settings = { ...DEFAULT_CATALOGUE_CACHE, ...options };
  const cache = new ResponseCache(settings);
  const channel = settings.redisUrl ? new RedisCatalogueChannel(settings.redisUrl, settings.channel, () => cache.invalidate(), app.log) : undefined;
  if (channel) await channel.start();
  const stopListening = onCatalogueChange(options.db, () => {
    cache.invalidate();
    channel?.publish();
  });
  app.addHook('onClose', async () => {
    stopListening();
    await channel?.close();
  });

  /** Per request: the cache key, the catalogue version it was looked up at and the computation it leads, or 'hit'. */
  const lookups = new WeakMap<FastifyRequest, { key: string; version: number; leads?: Computation } | 'hit'>();
  const usable = () => !channel || channel.listening;

  /**
   * Answers being computed, by key. A guest who asks for one meanwhile waits for it (up to
   * COALESCE_WAIT_MS) and is answered from the cache, instead of doing the same work again: when
   * a popular page expires, or after a change, the many guests asking for it at once cost one
   * computation, not one each.
   */
  const computing = new Map<string, Computation>();
  /** Ends the computation `request` leads, once its answer is kept or it failed or was abandoned. */
  const finishComputing = (request: FastifyRequest) => {
    const lookup = lookups.get(request);
    if (!lookup || lookup === 'hit' || !lookup.leads) return;
    if (computing.get(lookup.key) === lookup.leads) computing.delete(lookup.key);
    lookup.leads.finish();
    lookup.leads = undefined;
  };
  // onSend ends it (below); a request whose client left may never get there.
  app.addHook('onRequestAbort', async (request) => finishComputing(request));

  /** A catalogue page of a guest's GET (the page cache's key), or undefined. */
  const pageKey = (request: FastifyRequest) =>
    settings.keepPages && request.routeOptions.url === '/*' && CATALOGUE_PAGE.test(request.url.split('?')[0]!) ? `page:${keyOfUrl(request.url, PAGE_PARAMETERS)}` : undefined;

  /** The sitemap's key when it is kept (as pages are), or undefined. */
  const sitemapKey = (request: FastifyRequest) => (settings.keepPages && request.routeOptions.url === '/*' && isSitemapRequest(request.url) ? SITEMAP_KEY : undefined);

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !usable()) return;
    // The sitemap names no one: a request with a session gets the kept copy too.
    const sitemap = sitemapKey(request);
    if (!sitemap && hasSession(request)) return;
    const page = sitemap ? undefined : pageKey(request);
    if (!sitemap && !page && !CATALOGUE_API_ROUTES.has(request.routeOptions.url ?? '')) return;
    const key = sitemap ?? page ?? keyOfUrl(request.url, READ_PARAMETERS[request.routeOptions.url ?? ''] ?? []);
    let entry = cache.get(key);
    const pending = entry ? undefined : computing.get(key);
    if (pending) {
      await waitAtMost(pending.done, COALESCE_WAIT_MS);
      entry = cache.get(key);
    }
    if (!entry) {
      const leads = computing.has(key) ? undefined : newComputation();
      if (leads) computing.set(key, leads);
      lookups.set(request, { key, version: cache.version, leads });
      return;
    }
    lookups.set(request, 'hit');
    if (sitemap) {
      if (sendPublic(request, reply, entry.etag, ['accept-encoding'], SITEMAP_CACHE_CONTROL)) return reply.send();
      return reply.type(SITEMAP_TYPE).send(entry.body);
    }
    if (!page) {
      if (sendPublic(request, reply, entry.etag, ['accept-encoding'])) return reply.send();
      return reply.type('application/json; charset=utf-8').send(entry.body);
    }
    if (sendPublic(request, reply, entry.etag, PAGE_VARY)) return reply.send(withoutPolicy(reply));
    return reply.type(PAGE_TYPE).send(entry.body.toString('utf8').replaceAll(KEPT_NONCE, cspNonce(reply) ?? ''));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    try {
      return await keepAndValidate(request, reply, payload);
    } finally {
      finishComputing(request);
    }
  });

  /** The onSend work: keeps a guest's answer, and gives it its validator and lifetime (or a 304). */
  async function keepAndValidate(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    const lookup = lookups.get(request);
    // Answered from the cache above.
    if (lookup === 'hit') return payload;
    const route = request.routeOptions.url ?? '';
    if (CATALOGUE_API_ROUTES.has(route)) {
      if (hasSession(request)) {
        reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
        return payload;
      }
      // Failures keep the API's no-store.
      if (reply.statusCode !== 200) return payload;
      const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? Buffer.from(payload) : undefined;
      if (!body?.length) return payload;
      const etag = weakEtag(body);
      if (lookup && usable()) cache.set(lookup.key, body, etag, lookup.version);
      return sendPublic(request, reply, etag, ['accept-encoding']) ? null : payload;
    }
    if (route === '/*' && isSitemapRequest(request.url)) {
      if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
      const body = await readPayload(payload);
      if (!body?.length) return body ?? payload;
      const etag = weakEtag(body);
      if (lookup && usable()) cache.set(lookup.key, body, etag, lookup.version);
      return sendPublic(request, reply, etag, ['accept-encoding'], SITEMAP_CACHE_CONTROL) ? null : body;
    }
    if (route !== '/*' || !String(reply.getHeader('Content-Type') ?? '').startsWith('text/html')) return payload;
    // Every page of a signed-in request, the catalogue's and the account's alike.
    if (hasSession(request)) {
      reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
      return payload;
    }
    const path = request.url.split('?')[0]!;
    if (request.method !== 'GET' || reply.statusCode !== 200 || !CATALOGUE_PAGE.test(path) || reply.hasHeader('Set-Cookie')) return payload;
    const body = await readPayload(payload);
    if (!body?.length) return body ?? payload;
    // Each page carries a fresh CSP nonce (server/app.ts), in its Content-Security-Policy header
    // and in its script tags. The ETag is computed over the page with the nonce replaced by a
    // constant, so two renders of one page match. The copy the process keeps has the nonce cut
    // out, and each reuse puts its own response's nonce in.
    const nonce = cspNonce(reply);
    const text = nonce ? body.toString('utf8') : undefined;
    const etag = weakEtag(text ? text.replaceAll(nonce!, NONCE_STAND_IN) : body);
    if (lookup && usable()) cache.set(lookup.key, text ? Buffer.from(text.replaceAll(nonce!, KEPT_NONCE)) : body, etag, lookup.version);
    // The page names the signed-in shopper: a copy kept for a guest must not answer a cookie.
    return sendPublic(request, reply, etag, PAGE_VARY) ? withoutPolicy(reply) : body;
  }
}

/** How long a guest waits for the same answer another request is computing before computing it too. */
const COALESCE_WAIT_MS = 3_000;

interface Computation {
  done: Promise<void>;
  finish: () => void;
}

function newComputation(): Computation {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}

/** Resolves when `promise` does, or after `ms`, whichever comes first. */
function waitAtMost(promise: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** This response's CSP nonce (server/app.ts). */
function cspNonce(reply: FastifyReply): string | undefined {
  return (reply.raw as { cspNonce?: string }).cspNonce;
}

/**
 * Takes the Content-Security-Policy off a 304, and gives its (empty) body. A cache updates the
 * copy it holds with a 304's headers (RFC 9111, 4.3.4): a new nonce in the header would block the
 * scripts of the body it keeps, which carry the old one. Helmet writes its headers on the raw response.
 */
function withoutPolicy(reply: FastifyReply): null {
  reply.raw.removeHeader('Content-Security-Policy');
  reply.removeHeader('Content-Security-Policy');
  return null;
}
