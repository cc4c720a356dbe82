/** Which requests are the catalogue's reads, and the key a kept answer of each is found by. */
import { CategoriesQuerySchema, PageQuerySchema, ProductsQuerySchema } from '../../../contracts/schemas.ts';

/** The API's catalogue reads, as Fastify names their routes. */
export const CATALOGUE_API_ROUTES = new Set(['/api/v1/products', '/api/v1/products/:id', '/api/v1/products/:id/reviews', '/api/v1/categories', '/api/v1/categories/:id']);

/**
 * The query parameters each kept answer is computed from: the key of a kept answer holds these
 * alone, so a parameter nobody reads (`?x=<random>`) cannot make every request a miss. The
 * schemas' own keys, read by qs as `category[in][]` and `priceAfterDiscount[lte]` by their name.
 */
export const READ_PARAMETERS: Record<string, readonly string[]> = {
  '/api/v1/products': Object.keys(ProductsQuerySchema.shape),
  '/api/v1/products/:id': [],
  '/api/v1/products/:id/reviews': Object.keys(PageQuerySchema.shape),
  '/api/v1/categories': Object.keys(CategoriesQuerySchema.shape),
  '/api/v1/categories/:id': [],
};
/** The pages read the listing's page and keyword (app/lib/loaders.server.ts), nothing else. */
export const PAGE_PARAMETERS = ['page', 'keyword'];

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
export const CATALOGUE_PAGE = /^\/(?:|category\/[^/]+|winter|summer|less199|less149|new-arrived|offers|search|product\/[^/]+)$/;
