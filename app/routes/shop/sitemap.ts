/**
 * sitemap.xml: home, the listings, the static pages, every category and every product. The
 * process keeps it until the catalogue changes and gives it its Cache-Control and ETag, and each
 * address may ask for it a limited number of times a minute (server/plugins/catalogue-cache.ts,
 * server/app.ts).
 */
import { listCategories } from '../../../core/catalogue/categories.ts';
import { listProducts } from '../../../core/catalogue/products.ts';
import { LISTING_PATHS, STATIC_PAGES } from '../../components/shell/site-pages.ts';
import type { Route } from './+types/sitemap';

/** One sitemap file may list 50,000 URLs; the fixed pages and categories take far fewer than 5,000. */
const MAX_PRODUCT_URLS = 45_000;
const BATCH = 1_000;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function entry(loc: string, lastmod?: Date): string {
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
}

export async function loader({ context }: Route.LoaderArgs) {
  const at = (path: string) => new URL(path, context.storeUrl).href;
  const urls = ['/', ...LISTING_PATHS, ...STATIC_PAGES.map((page) => page.path)].map((path) => entry(at(path)));

  const categories = await listCategories(context.catalogueDb, { page: 1, limit: 5_000 });
  for (const category of categories.data) urls.push(entry(at(`/category/${category.id}`)));

  for (let page = 1; page <= MAX_PRODUCT_URLS / BATCH; page++) {
    const products = await listProducts(context.catalogueDb, { page, limit: BATCH });
    for (const product of products.data) urls.push(entry(at(`/product/${product.id}`), product.updatedAt));
    // Past the exact count's bound numberOfPages is an estimate: a short page is the end too.
    if (page >= products.paginationResult.numberOfPages || products.data.length < BATCH) break;
  }

  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
}
