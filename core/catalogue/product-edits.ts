/** The admin's edits of the catalogue: adding, changing and deleting a product with its pictures and stock, and its search text. */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { MSG, toSearchText, type ProductFields, type ProductPatch, type StockInput } from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { categories, products } from '../../db/schema.ts';
import { catalogueChanged } from './catalogue-changes.ts';
import { fieldError } from '../shared/errors.ts';
import { scheduleImageRemovals } from './image-removals.ts';
import { removeImages, storeImages, type ImageStore } from './images.ts';
import { assertImageCount, colorSpecs, dropColors, pairsOf, seenByPair, spreadOverPairs, stockByPair, syncColors, type ColorSpec, type StoredColor } from './product-colors.ts';
import { colorTags } from './search.ts';
import { setStock } from './stock.ts';
import { colorsOf, getProduct, type Product } from './products.ts';

async function findCategoryName(db: Db, categoryId: string): Promise<string> {
  const [category] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, categoryId)).limit(1);
  if (!category) throw fieldError('category', MSG.categoryNotFound);
  return category.name;
}

/**
 * The search columns: the title's words, and the words of everything a shopper may search a
 * product by, its colours' names among them, with their tags (core/catalogue/search.ts).
 */
function searchColumns(
  p: { title: string; description: string; age: string; season: string; barcode: string },
  categoryName: string,
  colorNames: readonly string[],
) {
  return {
    searchTitle: toSearchText(p.title),
    searchText: [toSearchText(p.title, categoryName, p.age, p.season, p.barcode, p.description, ...colorNames), ...colorTags(colorNames)].join(' '),
  };
}

/** A readable, URL-safe slug that keeps Arabic letters. */
export function slugify(title: string): string {
  return (
    title
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'product'
  );
}

export interface ProductUploads {
  imageCover?: Buffer;
  images?: Buffer[];
}

/** What an edit does to the stock, for setStock (undefined: nothing). */
type StockTarget = Parameters<typeof setStock>[3];

interface StockChange {
  stock?: StockInput;
  quantity?: number;
  /** The sizes or the colours changed: kept pairs keep their pieces and new ones start at 0. */
  pairsChanged: boolean;
  /** The stock the admin's form showed, in the shape of `stock`. */
  seen?: StockInput;
}

/**
 * The stock an edit leaves, once the colours are stored: `stock` as sent; else `quantity`
 * spread over the pairs, colour then size; else, when only the sizes or colours changed, the kept
 * pairs keep their pieces and new ones have none. `seen` is the stock the admin's form showed (see setStock).
 */
function stockTarget(colors: readonly StoredColor[], sizes: string[], change: StockChange): StockTarget | undefined {
  if (change.stock) {
    return {
      set: stockByPair(change.stock, colors, sizes),
      seen: change.seen ? seenByPair(change.seen, colors, sizes) : undefined,
    };
  }
  if (change.quantity !== undefined) return { set: spreadOverPairs(change.quantity, pairsOf(colors, sizes)) };
  return change.pairsChanged ? 'keep' : undefined;
}

/**
 * Stores the colours and then the stock, in the caller's transaction (setStock locks the product
 * first): removed colours lose their pieces in the ledger before their rows go.
 */
async function writeColorsAndStock(
  tx: Db,
  productId: string,
  specs: ColorSpec[] | undefined,
  sizes: string[],
  change: StockChange,
  adminId: string | null,
): Promise<void> {
  const synced = specs ? await syncColors(tx, productId, specs) : undefined;
  const colors = synced?.colors ?? (await storedColors(tx, productId));
  const target = stockTarget(colors, sizes, { ...change, pairsChanged: change.pairsChanged || specs !== undefined });
  if (target) await setStock(tx, productId, pairsOf(colors, sizes), target, adminId);
  if (synced) await dropColors(tx, productId, synced.removed, colors.length > 0);
}

async function storedColors(tx: Db, productId: string): Promise<StoredColor[]> {
  return (await colorsOf(tx, [productId])).get(productId)!.map(({ id, name }) => ({ id, name }));
}

/** Adds a product with its images; invalid input or a bad image stores nothing. */
export async function createProduct(
  db: Db,
  store: ImageStore,
  fields: ProductFields,
  uploads: ProductUploads,
  adminId: string | null = null,
): Promise<Product> {
  if (!uploads.imageCover) throw fieldError('imageCover', MSG.imageCoverRequired);
  const withColors = (fields.colors?.length ?? 0) > 0;
  assertImageCount(1 + (uploads.images?.length ?? 0), withColors);
  // Image indexes are checked before anything is stored.
  colorSpecs(fields.colors ?? [], uploads.images?.map((_, i) => String(i)) ?? []);
  const categoryName = await findCategoryName(db, fields.category);
  const [imageCover, ...images] = await storeImages(store, 'products', [uploads.imageCover, ...(uploads.images ?? [])]);
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(products)
        .values({
          title: fields.title,
          slug: slugify(fields.title),
          description: fields.description,
          categoryId: fields.category,
          imageCover: imageCover!,
          images,
          price: fields.price,
          priceAfterDiscount: fields.priceAfterDiscount ?? fields.price,
          // setStock writes the sum of the sizes below.
          quantity: 0,
          age: fields.age,
          season: fields.season,
          availableSizes: fields.availableSizes,
          available: fields.availability,
          barcode: fields.barcode,
          sale: fields.sale,
          returnable: fields.returnable,
          ...searchColumns(fields, categoryName, (fields.colors ?? []).map((c) => c.name)),
        })
        .returning({ id: products.id });
      const specs = fields.colors ? colorSpecs(fields.colors, images) : undefined;
      await writeColorsAndStock(tx, row!.id, specs, fields.availableSizes, { stock: fields.stock, quantity: fields.quantity ?? 0, pairsChanged: true }, adminId);
      return row!.id;
    });
    catalogueChanged(db);
    return await getProduct(db, id);
  } catch (error) {
    await removeImages(store, 'products', [imageCover!, ...images]);
    throw error;
  }
}

/** Changes the fields sent; new cover or images replace the old ones. */
export async function updateProduct(
  db: Db,
  store: ImageStore,
  id: string,
  patch: ProductPatch,
  uploads: ProductUploads,
  adminId: string | null = null,
  /** The stock the admin's form showed, so sizes left as shown keep orders placed meanwhile. */
  stockSeen?: StockInput,
): Promise<Product> {
  const current = await getProduct(db, id);
  const sizes = patch.availableSizes ?? current.availableSizes;
  const price = patch.price ?? current.price;
  const priceAfterDiscount = patch.priceAfterDiscount ?? (patch.price !== undefined ? Math.min(current.priceAfterDiscount, price) : current.priceAfterDiscount);
  if (priceAfterDiscount > price) throw fieldError('priceAfterDiscount', MSG.discountAbovePrice);
  const withColors = patch.colors ? patch.colors.length > 0 : current.colors.length > 0;
  assertImageCount(1 + (uploads.images ? uploads.images.length : current.images.length), withColors);
  // Image indexes are checked before anything is stored.
  if (patch.colors) colorSpecs(patch.colors, (uploads.images ?? current.images).map((_, i) => String(i)));
  const categoryId = patch.category ?? current.category.id;
  const categoryName = patch.category ? await findCategoryName(db, patch.category) : current.category.name;
  const fresh = [...(uploads.imageCover ? [uploads.imageCover] : []), ...(uploads.images ?? [])];
  const stored = fresh.length ? await storeImages(store, 'products', fresh) : [];
  const imageCover = uploads.imageCover ? stored[0]! : current.imageCover;
  const images = uploads.images ? stored.slice(uploads.imageCover ? 1 : 0) : current.images;
  const replaced = [
    ...(uploads.imageCover ? [current.imageCover] : []),
    ...(uploads.images ? current.images : []),
  ];
  const merged = {
    title: patch.title ?? current.title,
    description: patch.description ?? current.description,
    age: patch.age ?? current.age,
    season: patch.season ?? current.season,
    barcode: patch.barcode ?? current.barcode,
  };
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(products)
        .set({
          ...merged,
          slug: slugify(merged.title),
          categoryId,
          imageCover,
          images,
          price,
          priceAfterDiscount,
          ...(patch.availableSizes !== undefined && { availableSizes: patch.availableSizes }),
          ...(patch.availability !== undefined && { available: patch.availability }),
          ...(patch.sale !== undefined && { sale: patch.sale }),
          ...(patch.returnable !== undefined && { returnable: patch.returnable }),
          ...searchColumns(merged, categoryName, (patch.colors ?? current.colors).map((c) => c.name)),
          updatedAt: new Date(),
        })
        .where(eq(products.id, id));
      // New images without colours sent: each colour keeps those of its pictures that are still the product's.
      const specs = patch.colors
        ? colorSpecs(patch.colors, images)
        : uploads.images && current.colors.length > 0
          ? current.colors.map((c) => ({ name: c.name, hex: c.hex, images: c.images.filter((file) => images.includes(file)) }))
          : undefined;
      const change = { stock: patch.stock, quantity: patch.quantity, pairsChanged: patch.availableSizes !== undefined, seen: stockSeen };
      await writeColorsAndStock(tx, id, specs, sizes, change, adminId);
      await scheduleImageRemovals(tx, store, replaced);
    });
  } catch (error) {
    await removeImages(store, 'products', stored);
    throw error;
  }
  catalogueChanged(db);
  return getProduct(db, id);
}

/**
 * Deletes a product; orders keep their snapshot. Its images are removed after their grace
 * period, except those an order still shows (core/catalogue/image-removals.ts).
 */
export async function deleteProduct(db: Db, store: ImageStore, id: string): Promise<void> {
  const current = await getProduct(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(products).where(eq(products.id, id));
    await scheduleImageRemovals(tx, store, [current.imageCover, ...current.images]);
  });
  catalogueChanged(db);
}

/** Products whose search columns one statement rewrites when their category is renamed. */
const REINDEX_CHUNK = 500;

/**
 * Recomputes the search columns of a category's products after the category is renamed: the
 * products read `chunk` at a time in id order, each chunk written back by one statement (so the
 * vocabulary's statement triggers run once a chunk, not once a product).
 */
export async function refreshSearchText(db: Db, categoryId: string, chunk = REINDEX_CHUNK): Promise<void> {
  const categoryName = await findCategoryName(db, categoryId);
  await db.transaction(async (tx) => {
    let after: string | undefined;
    for (;;) {
      const rows = await tx
        .select({ id: products.id, title: products.title, description: products.description, age: products.age, season: products.season, barcode: products.barcode })
        .from(products)
        .where(and(eq(products.categoryId, categoryId), after ? gt(products.id, after) : undefined))
        .orderBy(asc(products.id))
        .limit(chunk);
      if (!rows.length) return;
      const colors = await colorsOf(tx, rows.map((row) => row.id));
      const values = rows.map((row) => {
        const columns = searchColumns(row, categoryName, (colors.get(row.id) ?? []).map((c) => c.name));
        return sql`(${row.id}::uuid, ${columns.searchTitle}, ${columns.searchText})`;
      });
      await tx.execute(
        sql`update ${products} set search_title = v.search_title, search_text = v.search_text
            from (values ${sql.join(values, sql`, `)}) as v(id, search_title, search_text) where ${products.id} = v.id`,
      );
      if (rows.length < chunk) return;
      after = rows.at(-1)!.id;
    }
  });
}
