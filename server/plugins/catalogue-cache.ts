/**
 * Caching of the catalogue's anonymous reads (docs/decisions/011-catalogue-caching.md).
 *
 * - A guest's catalogue reads (the API's products, categories and reviews, and the HTML of the
 *   home page, the listings, search and the product page) carry a weak ETag of their body and a
 *   short shared-cache lifetime with stale-while-revalidate, so a CDN may keep them; a matching
 *   If-None-Match is answered 304 without a body.
 * - A request with a session (the session cookie or an Authorization header) gets `private,
 *   no-store` and no validator: its pages name the shopper and count their cart.
 * - The process keeps the API's catalogue answers, which name no one (signed in or not), and the
 *   guests' catalogue pages in a small LRU (bounded by count and by bytes, short-lived), keyed
 *   by URL; a page is kept with its CSP nonce cut out and
 *   gets the nonce of each response that reuses it. A signed-in shopper gets the kept page too,
 *   with their own shopper parts (the account menus, the cart count, the heart) put in place of
 *   the guest's (catalogue-cache/page-parts.ts). The sitemap is kept there too, under one key
 *   whatever the spelling of its path, and served from it to everyone. Every catalogue write
 *   (core/catalogue/catalogue-changes.ts) empties it at once; with Redis the word goes to every other
 *   process on a channel, and while that channel is not listened to (Redis away, at start too)
 *   the process keeps nothing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { emptyOnCatalogueChange } from './catalogue-cache/invalidation.ts';
import { isCatalogueApiRead, isCataloguePage, keyOfUrl, PAGE_PARAMETERS, readParameters } from './catalogue-cache/keys.ts';
import { keepablePage, withOwnNonce, withoutPolicy } from './catalogue-cache/page-nonce.ts';
import { cutAtParts, joinParts, type CutPage, type PageParts } from './catalogue-cache/page-parts.ts';
import { COALESCE_WAIT_MS, newComputation, ResponseCache, waitAtMost, type Computation, type ResponseCacheLimits } from './catalogue-cache/response-store.ts';
import { hasSession } from './catalogue-cache/session.ts';
import { isSitemapRequest, SITEMAP_CACHE_CONTROL, SITEMAP_KEY, SITEMAP_TYPE } from './catalogue-cache/sitemap.ts';
import { PRIVATE_CACHE_CONTROL, sendPublic, weakEtag } from './catalogue-cache/validators.ts';

/** What a page's answer varies on: a signed-in shopper's page differs from a guest's. */
const PAGE_VARY = ['accept-encoding', 'cookie'];

const PAGE_TYPE = 'text/html; charset=utf-8';

export interface CatalogueCacheSettings extends ResponseCacheLimits {
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

/** A guest's page as the process keeps it. */
interface KeptPage {
  /** With the nonce cut out (catalogue-cache/page-nonce.ts). */
  body: Buffer;
  etag: string;
  cut?: CutPage;
}

/** What the pages give the cache once they are registered (after it). */
export interface CatalogueCache {
  /** Renders the shopper parts of kept pages: without it, a signed-in shopper's page is rendered whole. */
  usePageParts(parts: PageParts): void;
}

/**
 * Registers the hooks on `app` (before the API and the pages, so they apply to them). The hooks
 * run before @fastify/compress's, which it adds to each route as the last of its onSend hooks:
 * they see and keep uncompressed bodies.
 */
export async function registerCatalogueCache(app: FastifyInstance, options: { db: Db } & Partial<CatalogueCacheSettings>): Promise<CatalogueCache> {
  const settings = { ...DEFAULT_CATALOGUE_CACHE, ...options };
  const cache = new ResponseCache(settings);
  const usable = emptyOnCatalogueChange(app, options.db, cache, settings);
  let pageParts: PageParts | undefined;

  /** Per request: the cache key, the catalogue version it was looked up at and the computation it leads, or 'hit'. */
  const lookups = new WeakMap<FastifyRequest, { key: string; version: number; leads?: Computation } | 'hit'>();

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
    settings.keepPages && request.routeOptions.url === '/*' && isCataloguePage(request.url.split('?')[0]!) ? `page:${keyOfUrl(request.url, PAGE_PARAMETERS)}` : undefined;

  /** The sitemap's key when it is kept (as pages are), or undefined. */
  const sitemapKey = (request: FastifyRequest) => (settings.keepPages && request.routeOptions.url === '/*' && isSitemapRequest(request.url) ? SITEMAP_KEY : undefined);

  app.addHook('onRequest', async (request, reply) => {
    // Nothing kept (settings.maxEntries 0): nothing to answer with or to wait for.
    if (request.method !== 'GET' || !usable() || settings.maxEntries === 0) return;
    const sitemap = sitemapKey(request);
    const page = sitemap ? undefined : pageKey(request);
    if (!sitemap && !page && !isCatalogueApiRead(request)) return;
    // The sitemap and the API's catalogue answers name no one (none of their routes reads the
    // session), so a request with a session gets the kept copy too. A page names the signed-in
    // shopper and counts their cart: a request with a session gets a guest's copy with its own
    // shopper's parts in, or the page rendered whole.
    const session = hasSession(request);
    if (page && session) return answerWithShopperParts(request, reply, page);
    const key = sitemap ?? page ?? keyOfUrl(request.url, readParameters(request));
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
      // Kept by this process, never by a shared cache or the browser: no ETag, no 304.
      if (session) reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
      else if (sendPublic(request, reply, entry.etag, ['accept-encoding'])) return reply.send();
      return reply.type('application/json; charset=utf-8').send(entry.body);
    }
    if (sendPublic(request, reply, entry.etag, PAGE_VARY)) return reply.send(withoutPolicy(reply));
    return reply.type(PAGE_TYPE).send(withOwnNonce(entry.body, reply));
  });

  /**
   * A signed-in shopper's page from the guest's copy, with the shopper's parts in place of the
   * guest's. With no copy kept, the guest's page is rendered and kept first, as a guest's request
   * would (sharing the computation with guests asking meanwhile). Nothing when the copy cannot be
   * cut (catalogue-cache/page-parts.ts), the guest's page is not a 200, or the parts cannot be
   * read (the database away): the page is then rendered whole, which answers such a failure as
   * every page does.
   */
  async function answerWithShopperParts(request: FastifyRequest, reply: FastifyReply, key: string): Promise<FastifyReply | undefined> {
    if (!pageParts) return undefined;
    let entry = cache.get(key);
    const pending = entry ? undefined : computing.get(key);
    if (pending) {
      await waitAtMost(pending.done, COALESCE_WAIT_MS);
      entry = cache.get(key);
    }
    const copy = entry ?? (await renderGuestCopy(request, reply, key, pageParts));
    if (!copy?.cut) return undefined;
    let page: Buffer;
    try {
      page = joinParts(copy.body, copy.cut, await pageParts.of(request, reply));
    } catch {
      return undefined;
    }
    lookups.set(request, 'hit');
    reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
    return reply.type(PAGE_TYPE).send(withOwnNonce(page, reply));
  }

  /** The guest's page of a signed-in request, rendered, kept and cut; undefined unless it is a 200 page. */
  async function renderGuestCopy(request: FastifyRequest, reply: FastifyReply, key: string, parts: PageParts): Promise<KeptPage | undefined> {
    const leads = computing.has(key) ? undefined : newComputation();
    if (leads) computing.set(key, leads);
    const version = cache.version;
    try {
      const response = await parts.renderGuest(request, reply);
      const type = response.headers.get('content-type') ?? '';
      if (response.status !== 200 || !type.startsWith('text/html') || response.headers.has('set-cookie')) {
        await response.body?.cancel();
        return undefined;
      }
      return keepPage(key, version, Buffer.from(await response.arrayBuffer()), reply, request.url.split('?')[0]!);
    } catch {
      return undefined;
    } finally {
      if (leads) {
        if (computing.get(key) === leads) computing.delete(key);
        leads.finish();
      }
    }
  }

  /**
   * Keeps a guest's page (`body`, as sent, with the reply's nonce): its ETag and the copy leave the
   * nonce out, and the copy is cut at its shopper parts.
   */
  function keepPage(key: string, version: number, body: Buffer, reply: FastifyReply, path: string): KeptPage {
    const { etag, kept } = keepablePage(body, reply);
    const copy = kept();
    const cut = pageParts && cutAtParts(copy, pageParts.guest(path));
    if (usable()) cache.set(key, copy, etag, version, { cut });
    return { body: copy, etag, cut };
  }

  app.addHook('onSend', async (request, reply, payload) => {
    try {
      return await keepAndValidate(request, reply, payload);
    } finally {
      finishComputing(request);
    }
  });

  return {
    usePageParts(parts) {
      pageParts = parts;
    },
  };

  /** The onSend work: keeps a guest's answer, and gives it its validator and lifetime (or a 304). */
  async function keepAndValidate(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    const lookup = lookups.get(request);
    // Answered from the cache above.
    if (lookup === 'hit') return payload;
    if (isCatalogueApiRead(request)) {
      const session = hasSession(request);
      if (session) reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
      // Failures keep the API's no-store.
      if (reply.statusCode !== 200) return payload;
      const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? Buffer.from(payload) : undefined;
      if (!body?.length) return payload;
      const etag = weakEtag(body);
      // The same answer for everyone: kept whoever asked, validated only for a guest.
      if (lookup && usable()) cache.set(lookup.key, body, etag, lookup.version);
      if (session) return payload;
      return sendPublic(request, reply, etag, ['accept-encoding']) ? null : payload;
    }
    const route = request.routeOptions.url ?? '';
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
    if (request.method !== 'GET' || reply.statusCode !== 200 || !isCataloguePage(path) || reply.hasHeader('Set-Cookie')) return payload;
    const body = await readPayload(payload);
    if (!body?.length) return body ?? payload;
    // Each page carries a fresh CSP nonce (server/app.ts): its ETag and the copy kept leave it out.
    const etag = lookup ? keepPage(lookup.key, lookup.version, body, reply, path).etag : keepablePage(body, reply).etag;
    // The page names the signed-in shopper: a copy kept for a guest must not answer a cookie.
    return sendPublic(request, reply, etag, PAGE_VARY) ? withoutPolicy(reply) : body;
  }
}
