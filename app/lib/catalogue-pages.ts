/**
 * The catalogue's pages, the same for every guest, by the paths the route table (app/routes.ts)
 * declares them at; the server keeps guests' copies of them (server/plugins/catalogue-cache.ts).
 */

/** A category's listing. */
export const CATEGORY_PAGE = 'category/:id';
/** The listings with a fixed filter (app/routes/shop/listing.tsx); each path is its route's id too. */
export const FIXED_LISTING_PAGES = ['winter', 'summer', 'less199', 'less149', 'new-arrived', 'offers'] as const;
/** A fixed listing's address: '/winter', '/offers'... */
export type FixedListingPath = `/${(typeof FIXED_LISTING_PAGES)[number]}`;
/** The search's listing. */
export const SEARCH_PAGE = 'search';
/** A product. */
export const PRODUCT_PAGE = 'product/:id';

/** Every catalogue page's path: the home page (the index route, at ''), the listings, search and a product. */
export const CATALOGUE_PAGES: readonly string[] = ['', CATEGORY_PAGE, ...FIXED_LISTING_PAGES, SEARCH_PAGE, PRODUCT_PAGE];
