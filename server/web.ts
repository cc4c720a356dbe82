/**
 * Hands every non-API request to React Router, in this same process: the built app in
 * production, Vite's dev server with hot reload in development. Loaders and actions receive
 * core's dependencies through the load context.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import type { WebContext } from '../app/context.ts';
import { ENHANCE_ENTRY, ENHANCE_MANIFEST } from '../app/enhance/files.ts';
import { MSG } from '../contracts/index.ts';
import { authenticate } from '../core/accounts/auth.ts';
import type { ShopperParts } from '../app/lib/shopper-parts.ts';
import { readPageBody, type PageBody } from './page-bodies.ts';
import type { PageParts } from './plugins/catalogue-cache/page-parts.ts';
import { readTokenCookie } from './plugins/auth.ts';
import { authAttemptKeys, newsletterAttemptKey, type AttemptLimiter, type LoginLimiter, type ResetCodeLimiter } from './plugins/rate-limit.ts';
import type { SearchGuard } from './plugins/search-limits.ts';

export interface WebOptions {
  context: Omit<WebContext, 'nonce' | 'limitAuthAttempts' | 'limitLogin' | 'loginFailed' | 'limitNewsletter' | 'limitResetCodes' | 'guardSearch' | 'secureCookies' | 'enhanceScript' | 'formRefused'>;
  search: SearchGuard;
  limiter: AttemptLimiter;
  logins: LoginLimiter;
  /** Mailing-list sign-ups per address, counted with the API's. */
  newsletter: AttemptLimiter;
  /** Password-reset codes an hour, counted with the API's. */
  resetCodes: ResetCodeLimiter;
  /** Serve through Vite with hot reload instead of the built app. */
  dev: boolean;
  /** Folder of `react-router build` (build/client and build/server). */
  buildDir: string;
  /**
   * The pages' server build, bundled into the compiled server with the modules it shares with
   * it (scripts/build-server.ts); without it, `<buildDir>/server/index.js` is imported.
   */
  pages?: () => Promise<ServerBuild>;
}

/**
 * The web Request React Router expects, built from Fastify's request and the body read for it
 * (page-bodies.ts); `asGuest`, without its cookies and Authorization header: the page a guest gets.
 */
function toWebRequest(request: FastifyRequest, body: PageBody, { asGuest = false } = {}): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (asGuest && (name === 'cookie' || name === 'authorization')) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, String(value));
  }
  // A refused body is not passed on: the action reads the refusal instead.
  if (!body.bytes) {
    headers.delete('content-length');
    headers.delete('transfer-encoding');
  }
  // Aborted when the client disconnects: React Router stops the page's work, and handleError
  // (app/entry.server.tsx) does not log what the departure ended.
  const init: RequestInit = { method: request.method, headers, signal: request.clientGone };
  if (body.bytes && request.method !== 'GET' && request.method !== 'HEAD') init.body = new Uint8Array(body.bytes);
  // `new URL('//evil.example/checkout', base)` would read the path as another host: the path
  // is joined to this server's origin as text, its leading slashes folded to one.
  const pathAndQuery = request.url.replace(/^[/\\]+/, '/');
  return new Request(new URL(`${request.protocol}://${request.host}${pathAndQuery}`), init);
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

/** What app/entry.server.tsx exports beside the page renderer: the catalogue pages' shopper parts. */
interface ShopperPartsEntry {
  guestParts(path: string): ShopperParts;
  shopperPartsOf(request: Request, context: AppLoadContext): Promise<ShopperParts>;
}

/** The pages, and (from a built app) their shopper parts for the kept pages (server/plugins/catalogue-cache.ts). */
export interface Web {
  servePage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  pageParts?: PageParts;
}

export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<Web> {
  let loadBuild: () => Promise<ServerBuild>;
  /** The built app's entry, where the kept pages' shopper parts come from (none in development, where pages are not kept). */
  let shopperParts: Partial<ShopperPartsEntry> | undefined;
  let enhanceScript: string;
  if (options.dev) {
    enhanceScript = `/${ENHANCE_ENTRY}`;
    const vite = await import('vite').then((v) => v.createServer({ server: { middlewareMode: true }, appType: 'custom' }));
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/api/')) return;
      const handled = await new Promise<boolean>((resolve) => {
        reply.raw.once('finish', () => resolve(true));
        vite.middlewares(request.raw, reply.raw, () => resolve(false));
      });
      if (handled) reply.hijack();
    });
    app.addHook('onClose', () => vite.close());
    loadBuild = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    let build: ServerBuild;
    if (options.pages) build = await options.pages();
    else {
      const serverEntry = path.join(options.buildDir, 'server', 'index.js');
      if (!existsSync(serverEntry)) throw new Error(`The web app is not built (${serverEntry} is missing): run "npm run build".`);
      build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    }
    const manifest = path.join(options.buildDir, ENHANCE_MANIFEST);
    if (!existsSync(manifest)) throw new Error(`The web app's build is incomplete (${manifest} is missing): run "npm run build".`);
    enhanceScript = (JSON.parse(readFileSync(manifest, 'utf8')) as { src: string }).src;
    loadBuild = async () => build;
    shopperParts = build.entry?.module as Partial<ShopperPartsEntry> | undefined;
    await app.register(fastifyStatic, {
      root: path.join(options.buildDir, 'client'),
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      // The build writes a .br and a .gz beside each script, style and SVG (scripts/precompress-plugin.ts):
      // the one the browser accepts goes out with its Content-Encoding and `Vary: Accept-Encoding`, and
      // @fastify/compress leaves a response that has a Content-Encoding alone.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite puts a content hash in every file name under assets/.
        res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  const handle = createRequestHandler(() => loadBuild(), options.dev ? 'development' : 'production');
  /** An admin's session may post pictures (the product and category forms without JavaScript). */
  const isAdmin = async (request: FastifyRequest) => {
    const token = readTokenCookie(request);
    if (!token) return false;
    try {
      return (await authenticate(options.context.db, options.context.jwtSecret, token)).role === 'admin';
    } catch {
      return false;
    }
  };
  /** What the request's loaders and actions are given: core's dependencies, and this request's nonce, limits and refused body. */
  const contextOf = (request: FastifyRequest, reply: FastifyReply, body: PageBody): AppLoadContext => ({
    ...options.context,
    secureCookies: request.overHttps,
    nonce: (reply.raw as { cspNonce?: string }).cspNonce ?? '',
    enhanceScript,
    formRefused: body.refused,
    limitAuthAttempts: (phone) => options.limiter.check(authAttemptKeys(request.ip, phone)),
    limitLogin: (phone) => options.logins.before(request.ip, phone),
    loginFailed: (phone) => options.logins.failed(request.ip, phone),
    limitNewsletter: () => options.newsletter.check([newsletterAttemptKey(request.ip)]),
    limitResetCodes: (phone) => options.resetCodes.check(request.ip, phone),
    guardSearch: (search) => options.search.run(request.ip, search, request.raw),
  });
  /** A page for the request, whatever its path: a path no page has is the shop's not-found page. */
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/api/')) return reply.status(404).send({ status: 'fail', message: MSG.routeNotFound });
    const body = request.method === 'GET' || request.method === 'HEAD' ? {} : await readPageBody(request.raw, () => isAdmin(request));
    // The rest of a refused body is left unread: the connection ends with the answer.
    if (body.refused) reply.header('Connection', 'close');
    let webRequest: Request;
    try {
      webRequest = toWebRequest(request, body);
    } catch {
      // A Host header that makes no address: nothing to render for it.
      return reply.status(400).type('text/plain; charset=utf-8').send(MSG.invalidJson);
    }
    const response = await handle(webRequest, contextOf(request, reply, body));
    return sendWebResponse(reply, response);
  };
  // The pages read their bodies themselves, within limits (page-bodies.ts): no parser of the
  // API's reads them first.
  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', (_request, _payload, done) => done(null));
    pages.route({ method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'], url: '/*', handler: servePage });
  });
  const { guestParts, shopperPartsOf } = shopperParts ?? {};
  const pageParts: PageParts | undefined =
    guestParts && shopperPartsOf
      ? {
          guest: guestParts,
          // The shopper as the page's loaders read them: from the session cookie, over this request's scheme.
          of: (request, reply) => shopperPartsOf(toWebRequest(request, {}), contextOf(request, reply, {})),
          renderGuest: (request, reply) => handle(toWebRequest(request, {}, { asGuest: true }), contextOf(request, reply, {})),
        }
      : undefined;
  return { servePage, pageParts };
}
