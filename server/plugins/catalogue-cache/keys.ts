/** Which requests are the catalogue's reads, and the key a kept answer of each is found by. */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CATALOGUE_PAGES } from '../../../app/lib/catalogue-pages.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is one of the API's catalogue reads: a guest's answer is kept by the process and
     * carries a validator and a shared lifetime, a request with a session gets `private, no-store`.
     */
    catalogueRead?: boolean;
  }
}

/** The request is for one of the API's catalogue reads: its route says so (`config: { catalogueRead: true }`). */
export function isCatalogueApiRead(request: FastifyRequest): boolean {
  return request.routeOptions.config.catalogueRead === true;
}

/**
 * The query parameters an API catalogue read is computed from: the keys of its route's
 * querystring schema, none without one. The key of a kept answer holds these alone, so a
 * parameter nobody reads (`?x=<random>`) cannot make every request a miss; qs reads
 * `category[in][]` and `priceAfterDiscount[lte]` by their name.
 */
export function readParameters(request: FastifyRequest): readonly string[] {
  const query = request.routeOptions.schema?.querystring;
  return query instanceof z.ZodObject ? Object.keys(query.shape) : [];
}

/**
 * The pages read the listing's page, keyword and colour filter (app/lib/loaders.server.ts) and the
 * product page its chosen colour (`color`) and its page of reviews (`reviews`), nothing else.
 */
export const PAGE_PARAMETERS = ['page', 'keyword', 'colorName', 'color', 'reviews'];

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

/** The catalogue's pages' paths as one pattern: a `:param` segment is any one segment. */
const CATALOGUE_PAGE = new RegExp(`^/(?:${CATALOGUE_PAGES.map((page) => page.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment))).join('/')).join('|')})$`);

/** `path` (a URL's, before its `?`) is one of the catalogue's pages (app/lib/catalogue-pages.ts), spelt as the route table declares it. */
export function isCataloguePage(path: string): boolean {
  return CATALOGUE_PAGE.test(path);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
