/**
 * Replaced and deleted images are not removed at once: pages, caches and a CDN may still name
 * them for a while. Their names wait in image_removals until their grace period is over; a sweep
 * then removes every variant, unless an order line, a product or a category names it again.
 */
import { arrayOverlaps, asc, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, imageRemovals, orderItems, products } from '../../db/schema.ts';
import { DEFAULT_IMAGE_REMOVAL_GRACE_MS, removeImages, type ImageStore } from './images.ts';

/** Names one sweep looks at; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * Puts images on the list to remove once the store's grace period is over. Run it in the
 * transaction that stops naming them; a name already listed keeps the later due time.
 */
export async function scheduleImageRemovals(db: Db, store: ImageStore, names: string[], now = new Date()): Promise<void> {
  if (names.length === 0) return;
  const dueAt = new Date(now.getTime() + (store.removalGraceMs ?? DEFAULT_IMAGE_REMOVAL_GRACE_MS));
  await db
    .insert(imageRemovals)
    .values([...new Set(names)].map((name) => ({ name, dueAt })))
    .onConflictDoUpdate({ target: imageRemovals.name, set: { dueAt: sql`greatest(${imageRemovals.dueAt}, excluded.due_at)` } });
}

/** Of `names`, those an order line, a product or a category names. */
async function findNamed(db: Db, names: string[]): Promise<Set<string>> {
  const [ordered, productRows, categoryRows] = await Promise.all([
    db.selectDistinct({ name: orderItems.imageCover }).from(orderItems).where(inArray(orderItems.imageCover, names)),
    db
      .select({ imageCover: products.imageCover, images: products.images })
      .from(products)
      .where(or(inArray(products.imageCover, names), arrayOverlaps(products.images, names))),
    db.select({ name: categories.image }).from(categories).where(inArray(categories.image, names)),
  ]);
  const named = new Set([...ordered.map((row) => row.name), ...categoryRows.map((row) => row.name)]);
  for (const row of productRows) for (const name of [row.imageCover, ...row.images]) named.add(name);
  return named;
}

/**
 * Removes the images whose grace period is over, from storage (every variant) and from the
 * list; a name that is in use again only leaves the list. Storage out of reach leaves the list
 * as it was, for the next sweep. Returns how many images were removed from storage.
 */
export async function removeDueImages(db: Db, store: ImageStore, now = new Date()): Promise<number> {
  let removed = 0;
  for (;;) {
    const due = await db
      .select({ name: imageRemovals.name })
      .from(imageRemovals)
      .where(lte(imageRemovals.dueAt, now))
      .orderBy(asc(imageRemovals.dueAt))
      .limit(SWEEP_BATCH);
    if (due.length === 0) return removed;
    const names = due.map((row) => row.name);
    const named = await findNamed(db, names);
    const unused = names.filter((name) => !named.has(name));
    // The rows name a file without its folder: an upload's name says which (p-, c-), a demo picture's may not.
    await removeImages(store, 'products', unused);
    await removeImages(store, 'categories', unused);
    await db.delete(imageRemovals).where(inArray(imageRemovals.name, names));
    removed += unused.length;
    if (due.length < SWEEP_BATCH) return removed;
  }
}
