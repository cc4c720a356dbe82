/** The sitemap (app/routes/shop/sitemap.ts): the same for everyone, signed in or not. */

const SITEMAP_PATH = '/sitemap.xml';
export const SITEMAP_TYPE = 'application/xml; charset=utf-8';
/** What a crawler or a CDN may keep the sitemap for. */
export const SITEMAP_CACHE_CONTROL = 'public, max-age=3600';
/** The one key the sitemap is kept under, however its address is spelt. */
export const SITEMAP_KEY = 'sitemap';

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
