/**
 * Word that the catalogue changed: every write that changes what a shopper reads about products
 * and categories (a product or category added, changed or deleted, stock taken or returned by
 * an order, a review that moves a product's rating, an order delivered or taken back) calls
 * `catalogueChanged` once its transaction has committed. Caches of catalogue reads listen
 * (server/plugins/catalogue-cache.ts) and drop what they hold at once.
 *
 * Listeners are kept per database handle, so two shops in one process (tests) hear only their own.
 */
import type { Db } from '../../db/client.ts';

const listeners = new WeakMap<Db, Set<() => void>>();

/** Tells whoever listens on `db` that catalogue reads may now answer differently. Call it after the commit. */
export function catalogueChanged(db: Db): void {
  for (const listener of listeners.get(db) ?? []) {
    try {
      listener();
    } catch {
      // The write has committed: a listener's failure must not turn it into an error.
    }
  }
}

/** Calls `listener` after each catalogue change on `db`; returns how to stop. */
export function onCatalogueChange(db: Db, listener: () => void): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}
