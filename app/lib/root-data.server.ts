/** What every page's shell shows, read once per request by the root route's loader (app/root.tsx). */
import type { AppLoadContext } from 'react-router';
import { countCartLines } from '../../core/checkout/cart.ts';
import { listCategories } from '../../core/catalogue/categories.ts';
import { getSessionUser } from './session.server.ts';
import { storeYear } from './store-time.ts';

export async function loadRootData(request: Request, context: AppLoadContext) {
  const [shopper, categories] = await Promise.all([loadShopper(request, context), listCategories(context.catalogueDb, { page: 1, limit: 100 })]);
  return {
    ...shopper,
    categories: categories.data.map((c) => ({ id: c.id, name: c.name })),
    wholesaleUrl: context.wholesaleUrl,
    storeUrl: context.storeUrl,
    imagesUrl: context.imagesUrl,
    nonce: context.nonce,
    enhanceScript: context.enhanceScript,
    /** Read on the server, so a page hydrated across midnight on New Year's Eve shows the year it was rendered with. */
    year: storeYear(new Date()),
  };
}

/** Who the shell names and how many lines their cart holds: a guest (or an expired session) is null and 0. */
export async function loadShopper(request: Request, context: AppLoadContext) {
  const user = await getSessionUser(request, context);
  return {
    user: user && { id: user.id, name: user.name, role: user.role },
    cartCount: user ? await countCartLines(context.db, user.id) : 0,
  };
}

export type Shopper = Awaited<ReturnType<typeof loadShopper>>;
