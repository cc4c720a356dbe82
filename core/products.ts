/** The catalogue: listing with filters, search and sorting; one product; the admin's edits. */
import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, ne, not, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  ALL_SEASONS,
  canBeBought,
  MAX_PRODUCT_IMAGES,
  MSG,
  toSearchText,
  type ProductFields,
  type ProductPatch,
  type ProductsQuery,
} from '../contracts/index.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { categories, orderItems, products } from '../db/schema.ts';
import { catalogueChanged } from './catalogue-changes.ts';
import { AppError, fieldError } from './errors.ts';
import { removeImages, storeImages, type ImageStore } from './images.ts';
import { offsetOf, toPage, type Page } from './pagination.ts';
import { prepareKeywordSearch } from './search.ts';
import { setStock, spreadQuantity, stockOf, type SizeStock } from './stock.ts';

export interface Product {
  id: string;
  title: string;
  slug: string;
  description: string;
  imageCover: string;
  /** The other images, after the cover. */
  images: string[];
  category: { id: string; name: string };
  price: number;
  priceAfterDiscount: number;
  /** Pieces left over all sizes: the sum of `stock`. */
  quantity: number;
  /** Pieces left per size, in the order of `availableSizes`. */
  stock: SizeStock[];
  age: string;
  season: string;
  availableSizes: string[];
  /** The admin's switch. */
  available: boolean;
  /** What shoppers see: switched on and stock left. */
  availability: boolean;
  barcode: string;
  sale: string;
  ratingsAverage: number;
  ratingsQuantity: number;
  createdAt: Date;
  updatedAt: Date;
}

/** "Can be bought" in SQL, for filters: the same rule as canBeBought (contracts/constants.ts). */
export const isPurchasable = sql<boolean>`(${products.available} and ${products.quantity} > 0)`;

const productColumns = {
  id: products.id,
  title: products.title,
  slug: products.slug,
  description: products.description,
  imageCover: products.imageCover,
  images: products.images,
  categoryId: products.categoryId,
  categoryName: categories.name,
  price: products.price,
  priceAfterDiscount: products.priceAfterDiscount,
  quantity: products.quantity,
  age: products.age,
  season: products.season,
  availableSizes: products.availableSizes,
  available: products.available,
  barcode: products.barcode,
  sale: products.sale,
  ratingsAverage: products.ratingsAverage,
  ratingsQuantity: products.ratingsQuantity,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

type ProductRow = {
  [K in keyof typeof productColumns]: (typeof productColumns)[K]['_']['data'];
};

/** Products from their rows, each with its stock per size (one query for all of them). */
async function toProducts(db: Db, rows: ProductRow[]): Promise<Product[]> {
  const stock = await stockOf(db, rows);
  return rows.map(({ categoryId, categoryName, ...rest }) => ({
    ...rest,
    stock: stock.get(rest.id) ?? [],
    category: { id: categoryId, name: categoryName },
    availability: canBeBought(rest),
  }));
}

function selectProducts(db: Db) {
  return db.select(productColumns).from(products).innerJoin(categories, eq(categories.id, products.categoryId));
}

const SORT_COLUMNS = {
  createdAt: products.createdAt,
  priceAfterDiscount: products.priceAfterDiscount,
  price: products.price,
  title: products.title,
  ratingsAverage: products.ratingsAverage,
  quantity: products.quantity,
} as const;

/** The listing's filters other than the keyword. */
function buildFilters(query: ProductsQuery): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (query.category?.length) filters.push(inArray(products.categoryId, query.category));
  if (query.season) {
    // An all-season product belongs to summer and to winter (DESIGN.md decision 3).
    filters.push(
      query.season === ALL_SEASONS ? eq(products.season, ALL_SEASONS) : inArray(products.season, [query.season, ALL_SEASONS]),
    );
  }
  if (query.age) filters.push(eq(products.age, query.age));
  if (query.availability !== undefined) filters.push(query.availability ? isPurchasable : not(isPurchasable));
  const band = query.priceAfterDiscount;
  if (band?.lte !== undefined) filters.push(lte(products.priceAfterDiscount, band.lte));
  if (band?.lt !== undefined) filters.push(lt(products.priceAfterDiscount, band.lt));
  if (band?.gte !== undefined) filters.push(gte(products.priceAfterDiscount, band.gte));
  if (band?.gt !== undefined) filters.push(gt(products.priceAfterDiscount, band.gt));
  return and(...filters);
}

/** How much work one listing may do, whatever the catalogue's size (docs/decisions/012). */
export interface ListBounds {
  /**
   * A keyword search reads at most this many matches, the first by the asked sort (newest
   * first by default), and ranks title matches first among them.
   */
  searchMatches: number;
  /** A list counts its matches exactly up to this many; past it, the planner's estimate. */
  exactCount: number;
}

const LIST_BOUNDS: ListBounds = { searchMatches: 1_000, exactCount: 1_000 };

type SortColumns = { [K in keyof typeof SORT_COLUMNS]: SQL.Aliased | AnyPgColumn };

/** The asked sort (API.md `sort`) on the given columns. */
function sortOrder(query: ProductsQuery, columns: SortColumns = SORT_COLUMNS): SQL[] {
  return (query.sort ?? []).map((field) => {
    const column = columns[field.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
    return field.startsWith('-') ? desc(column) : asc(column);
  });
}

/**
 * How many products match: exact up to `cap`; past it, the planner's estimate (never below
 * the cap), so a count never reads more than the cap's rows.
 */
async function boundedCount(db: Db, where: SQL | undefined, cap: number): Promise<number> {
  const capped = db.select({ one: sql`1` }).from(products).where(where).limit(cap + 1);
  const [row] = await db.select({ n: count() }).from(capped.as('capped'));
  const exact = row?.n ?? 0;
  if (exact <= cap) return exact;
  const [plan] = await rowsOf<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${db.select({ one: sql`1` }).from(products).where(where)}`);
  const raw = plan?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Math.max(cap + 1, Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0));
}

/** One page of a keyword search: the first `cap` matches by the asked sort, title matches first. */
async function searchProducts(db: Db, query: ProductsQuery, filters: SQL | undefined, cap: number): Promise<Page<Product>> {
  const search = await prepareKeywordSearch(db, query.keyword!);
  if (!search) return toPage([], 0, query.page, query.limit);
  const matches = db
    .select({ id: products.id, searchTitle: products.searchTitle, ...SORT_COLUMNS })
    .from(products)
    .where(and(filters, search.where))
    .orderBy(...sortOrder(query), desc(products.createdAt), desc(products.id))
    .limit(cap)
    .as('matches');
  const ranked = await db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(...sortOrder(query, matches), sql`${search.titleMatches(sql`${matches.searchTitle}`)} desc`, desc(matches.createdAt), desc(matches.id));
  const offset = offsetOf(query.page, query.limit);
  const ids = ranked.slice(offset, offset + query.limit).map((row) => row.id);
  return toPage(await listProductsByIds(db, ids), ranked.length, query.page, query.limit);
}

/** One page of products matching the listing query (API.md GET /products). */
export async function listProducts(db: Db, query: ProductsQuery, bounds: ListBounds = LIST_BOUNDS): Promise<Page<Product>> {
  const filters = buildFilters(query);
  if (query.keyword) return searchProducts(db, query, filters, bounds.searchMatches);
  const [rows, total] = await Promise.all([
    selectProducts(db)
      .where(filters)
      .orderBy(...sortOrder(query), desc(products.createdAt), desc(products.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    boundedCount(db, filters, bounds.exactCount),
  ]);
  return toPage(await toProducts(db, rows), total, query.page, query.limit);
}

export async function getProduct(db: Db, id: string): Promise<Product> {
  const [row] = await selectProducts(db).where(eq(products.id, id)).limit(1);
  if (!row) throw new AppError(404, MSG.productNotFound);
  const [product] = await toProducts(db, [row]);
  return product!;
}

/** Products by id, in the order of `ids`; ids with no product are skipped. */
export async function listProductsByIds(db: Db, ids: string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await selectProducts(db).where(inArray(products.id, ids));
  const byId = new Map((await toProducts(db, rows)).map((product) => [product.id, product]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Available products of the same category, newest first, for the "related items" carousel. */
export async function listRelatedProducts(db: Db, id: string, limit = 10): Promise<Product[]> {
  const product = await getProduct(db, id);
  const rows = await selectProducts(db)
    .where(and(eq(products.categoryId, product.category.id), ne(products.id, id), isPurchasable))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return toProducts(db, rows);
}

async function findCategoryName(db: Db, categoryId: string): Promise<string> {
  const [category] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, categoryId)).limit(1);
  if (!category) throw fieldError('category', MSG.categoryNotFound);
  return category.name;
}

function searchColumns(p: { title: string; description: string; age: string; season: string; barcode: string }, categoryName: string) {
  return {
    searchTitle: toSearchText(p.title),
    searchText: toSearchText(p.title, categoryName, p.age, p.season, p.barcode, p.description),
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

function assertImageCount(cover: number, others: number): void {
  if (cover + others > MAX_PRODUCT_IMAGES) throw fieldError('images', MSG.tooManyImages);
}

/** What an edit does to the stock, for setStock (undefined: nothing). */
type StockTarget = Parameters<typeof setStock>[3];

/**
 * The stock an edit leaves: `stock` as sent; else `quantity` spread over the sizes, first sizes
 * first; else, when only the sizes changed, the kept sizes keep their pieces and new ones have
 * none. `seen` is the stock the admin's form showed (see setStock).
 */
function stockTarget(
  sizes: string[],
  change: { stock?: Record<string, number>; quantity?: number; sizesChanged: boolean; seen?: Record<string, number> },
): StockTarget | undefined {
  if (change.stock) {
    if (Object.keys(change.stock).some((size) => !sizes.includes(size))) throw fieldError('stock', MSG.stockSizeNotOffered);
    return { set: change.stock, seen: change.seen };
  }
  if (change.quantity !== undefined) return { set: spreadQuantity(change.quantity, sizes) };
  return change.sizesChanged ? 'keep' : undefined;
}

/** Adds a product with its images; invalid input or a bad image stores nothing. */
export async function createProduct(
  db: Db,
  store: ImageStore,
  fields: ProductFields,
  uploads: ProductUploads,
  adminId: string | null = null,
): Promise<Product> {
  const stock = stockTarget(fields.availableSizes, { stock: fields.stock, quantity: fields.quantity ?? 0, sizesChanged: true })!;
  if (!uploads.imageCover) throw fieldError('imageCover', MSG.imageCoverRequired);
  assertImageCount(1, uploads.images?.length ?? 0);
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
          ...searchColumns(fields, categoryName),
        })
        .returning({ id: products.id });
      await setStock(tx, row!.id, fields.availableSizes, stock, adminId);
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
  stockSeen?: Record<string, number>,
): Promise<Product> {
  const current = await getProduct(db, id);
  const sizes = patch.availableSizes ?? current.availableSizes;
  const stock = stockTarget(sizes, {
    stock: patch.stock,
    quantity: patch.quantity,
    sizesChanged: patch.availableSizes !== undefined,
    seen: stockSeen,
  });
  const price = patch.price ?? current.price;
  const priceAfterDiscount = patch.priceAfterDiscount ?? (patch.price !== undefined ? Math.min(current.priceAfterDiscount, price) : current.priceAfterDiscount);
  if (priceAfterDiscount > price) throw fieldError('priceAfterDiscount', MSG.discountAbovePrice);
  assertImageCount(1, uploads.images ? uploads.images.length : current.images.length);
  const categoryId = patch.category ?? current.category.id;
  const categoryName = patch.category ? await findCategoryName(db, patch.category) : current.category.name;
  const fresh = [...(uploads.imageCover ? [uploads.imageCover] : []), ...(uploads.images ?? [])];
  const stored = fresh.length ? await storeImages(store, 'products', fresh) : [];
  const imageCover = uploads.imageCover ? stored[0]! : current.imageCover;
  const images = uploads.images ? stored.slice(uploads.imageCover ? 1 : 0) : current.images;
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
          ...searchColumns(merged, categoryName),
          updatedAt: new Date(),
        })
        .where(eq(products.id, id));
      if (stock) await setStock(tx, id, sizes, stock, adminId);
    });
  } catch (error) {
    await removeImages(store, 'products', stored);
    throw error;
  }
  catalogueChanged(db);
  const replaced = [
    ...(uploads.imageCover ? [current.imageCover] : []),
    ...(uploads.images ? current.images : []),
  ];
  await removeUnreferencedImages(db, store, replaced);
  return getProduct(db, id);
}

/** Deletes a product; orders keep their snapshot, and the images orders still show are kept. */
export async function deleteProduct(db: Db, store: ImageStore, id: string): Promise<void> {
  const current = await getProduct(db, id);
  await db.delete(products).where(eq(products.id, id));
  catalogueChanged(db);
  await removeUnreferencedImages(db, store, [current.imageCover, ...current.images]);
}

async function removeUnreferencedImages(db: Db, store: ImageStore, names: string[]): Promise<void> {
  if (names.length === 0) return;
  const used = await db
    .selectDistinct({ name: orderItems.imageCover })
    .from(orderItems)
    .where(inArray(orderItems.imageCover, names));
  const keep = new Set(used.map((u) => u.name));
  await removeImages(store, 'products', names.filter((name) => !keep.has(name)));
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
      const values = rows.map((row) => {
        const columns = searchColumns(row, categoryName);
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
