/**
 * The pages the process keeps for guests (server/plugins/catalogue-cache.ts) are the catalogue's
 * pages of the route table: every route of the home page, the listings and the product page, as
 * app/routes.ts spells it, and no other page.
 */
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import { LISTING_PATHS } from '../../app/components/shell/site-pages.ts';
import { FIXED_LISTING_PAGES } from '../../app/lib/catalogue-pages.ts';
import routes from '../../app/routes.ts';
import { isCataloguePage } from '../../server/plugins/catalogue-cache/keys.ts';

const CATALOGUE_MODULES = ['routes/shop/home.tsx', 'routes/shop/listing.tsx', 'routes/shop/product.tsx'];

/** Every route of the table with its whole path, a parameter filled in as a visitor's URL would. */
function addressesOf(entries: RouteConfigEntry[], parent = ''): { url: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ''].filter(Boolean).join('/');
    return [{ url: `/${path.replace(/:\w+/g, 'x1')}`, file: entry.file }, ...addressesOf(entry.children ?? [], path)];
  });
}

describe('the pages kept for guests', () => {
  it('are every route of the home page, the listings and the product page, and no other', () => {
    const addresses = addressesOf(routes);
    expect(addresses.filter(({ file }) => CATALOGUE_MODULES.includes(file)).length).toBeGreaterThan(8);
    for (const { url, file } of addresses) expect(isCataloguePage(url), url).toBe(CATALOGUE_MODULES.includes(file));
  });

  it("take no other spelling of a page's path: a trailing slash, capitals, a longer path", () => {
    for (const url of ['/winter/', '/WINTER', '/product/x1/reviews', '/category/']) expect(isCataloguePage(url), url).toBe(false);
  });
});

describe('the fixed listings', () => {
  it('are all linked from the footer and the sitemap (LISTING_PATHS), each once', () => {
    expect([...LISTING_PATHS].sort()).toEqual(FIXED_LISTING_PAGES.map((page) => `/${page}`).sort());
  });
});
