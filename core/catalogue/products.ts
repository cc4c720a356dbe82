/** The catalogue as shoppers and staff read it: listing with filters, search and sorting, one product, related items. */
import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, ne, not, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ALL_SEASONS, canBeBought, foldColorName, MSG, searchWords, type ProductsQuery } from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { categories, productColors, products, productStock } from '../../db/schema.ts';
import { AppError } from '../shared/errors.ts';
import { offsetOf, toPage, type Page } from '../shared/pagination.ts';
import { foldedColorName } from './colors.ts';
import { prepareKeywordSearch } from './search.ts';
import { stockFromRows, type SizeStock, type StockRow } from './stock.ts';

/** A colour of a product: its name, swatch and the product's pictures that show it. */
export interface ProductColor {
  id: string;
  name: string;
  /** `#rrggbb`, lower-case. */
  hex: string;
  /** File names among the product's `images`. */
  images: string[];
}

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
  /**
   * Pieces left per size, in the order of `availableSizes`; with colours, per colour × size,
   * colour then size, each entry naming its colour.
   */
  stock: SizeStock[];
  /** The colours in the admin's order; empty for a product sold in one colour. */
  colors: ProductColor[];
  age: string;
  season: string;
  availableSizes: string[];
  /** The admin's switch. */
  available: boolean;
  /** What shoppers see: switched on and stock left. */
  availability: boolean;
  barcode: string;
  sale: string;
  /** False: the shop does not take it back (returns of it are refused). */
  returnable: boolean;
  ratingsAverage: number;
  ratingsQuantity: number;
  createdAt: Date;
  updatedAt: Date;
}

/** "Can be bought" in SQL, for filters: the same rule as canBeBought (contracts/constants.ts). */
export const isPurchasable = sql<boolean>`(${products.available} and ${products.quantity} > 0)`;

const productRowColumns = {
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
  returnable: products.returnable,
  ratingsAverage: products.ratingsAverage,
  ratingsQuantity: products.ratingsQuantity,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

/**
 * A product's colours in their order, read in the product's own row: a list costs one round
 * trip to the database, not one for its products and one more for each of their parts.
 */
const colorsColumn = sql<ProductColor[]>`coalesce((select json_agg(json_build_object('id', pc.id, 'name', pc.name, 'hex', pc.hex, 'images', pc.images) order by pc.position) from ${productColors} pc where pc.product_id = ${products.id}), '[]'::json)`;

/** A product's pieces per pair (StockRow), read in the product's own row as its colours are. */
const stockColumn = sql<StockRow[]>`coalesce((select json_agg(json_build_array(ps.color_id, ps.size, ps.quantity)) from ${productStock} ps where ps.product_id = ${products.id}), '[]'::json)`;

const productColumns = { ...productRowColumns, colors: colorsColumn, stockRows: stockColumn };

type ProductRow = {
  [K in keyof typeof productRowColumns]: (typeof productRowColumns)[K]['_']['data'];
} & { colors: ProductColor[]; stockRows: StockRow[] };

/** The colours of each product, in their order (one query for all of them). */
export async function colorsOf(db: Db, productIds: string[]): Promise<Map<string, ProductColor[]>> {
  const result = new Map<string, ProductColor[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return result;
  const rows = await db
    .select({ id: productColors.id, productId: productColors.productId, name: productColors.name, hex: productColors.hex, images: productColors.images })
    .from(productColors)
    .where(inArray(productColors.productId, productIds))
    .orderBy(asc(productColors.productId), asc(productColors.position));
  for (const { productId, ...colour } of rows) result.get(productId)?.push(colour);
  return result;
}

/** Products from their rows, which carry their colours and stock. */
function toProducts(rows: ProductRow[]): Product[] {
  return rows.map(({ categoryId, categoryName, stockRows, ...rest }) => ({
    ...rest,
    stock: stockFromRows(rest, stockRows),
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
  if (query.colorName !== undefined || query.size !== undefined) filters.push(hasPiecesIn(query.colorName, query.size));
  const band = query.priceAfterDiscount;
  if (band?.lte !== undefined) filters.push(lte(products.priceAfterDiscount, band.lte));
  if (band?.lt !== undefined) filters.push(lt(products.priceAfterDiscount, band.lt));
  if (band?.gte !== undefined) filters.push(gte(products.priceAfterDiscount, band.gte));
  if (band?.gt !== undefined) filters.push(gt(products.priceAfterDiscount, band.gt));
  return and(...filters);
}

/**
 * Products with pieces in the colour named (ignoring case and Arabic spelling variants), the
 * size, or that pair: a pair row with stock left, and for a colour, one of the product's colours
 * by that name.
 */
function hasPiecesIn(colorName: string | undefined, size: string | undefined): SQL {
  const pair = db_and(
    sql`ps.product_id = ${products.id}`,
    sql`ps.quantity > 0`,
    size !== undefined ? sql`ps.size = ${size}` : undefined,
    colorName !== undefined
      ? sql`exists (select 1 from ${productColors} pc where pc.id = ps.color_id and ${foldedColorName(sql`pc.name`)} = ${foldColorName(colorName)})`
      : undefined,
  );
  return sql`exists (select 1 from ${productStock} ps where ${pair})`;
}

const db_and = (...parts: (SQL | undefined)[]) => sql.join(parts.filter((p): p is SQL => p !== undefined), sql` and `);

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

/**
 * One page of a keyword search: the first `cap` matches by the asked sort, then those with pieces
 * in the colours the keyword names, then title matches.
 */
async function searchProducts(db: Db, query: ProductsQuery, filters: SQL | undefined, cap: number): Promise<Page<Product>> {
  const search = await prepareKeywordSearch(db, query.keyword!);
  if (!search) return toPage([], 0, query.page, query.limit);
  const matchesOf = () =>
    db
      .select({ id: products.id, searchTitle: products.searchTitle, ...SORT_COLUMNS })
      .from(products)
      .where(and(filters, search.where))
      .orderBy(...sortOrder(query), desc(products.createdAt), desc(products.id))
      .limit(cap)
      .as('matches');
  let inColors: string[][] = [];
  if (search.colorWords.length) {
    const scope = matchesOf();
    const colors = await db
      .select({ productId: productColors.productId, name: productColors.name })
      .from(scope)
      .innerJoin(productColors, eq(productColors.productId, scope.id))
      .where(sql`exists (select 1 from ${productStock} ps where ps.product_id = ${productColors.productId} and ps.color_id = ${productColors.id} and ps.quantity > 0)`);
    inColors = productsInColors(colors, search.colorWords);
  }
  const matches = matchesOf();
  const colorMatches = inColors.filter((ids) => ids.length > 0).map((ids) => sql`(${matches.id} = any(${`{${ids.join(',')}}`}::uuid[]))::int`);
  const ranked = await db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(
      ...sortOrder(query, matches),
      ...(colorMatches.length ? [sql`${sql.join(colorMatches, sql` + `)} desc`] : []),
      sql`${search.titleMatches(sql`${matches.searchTitle}`)} desc`,
      desc(matches.createdAt),
      desc(matches.id),
    );
  const offset = offsetOf(query.page, query.limit);
  const ids = ranked.slice(offset, offset + query.limit).map((row) => row.id);
  return toPage(await listProductsByIds(db, ids), ranked.length, query.page, query.limit);
}

/**
 * For each colour word, the products among `colors` (products' colours with pieces left) that
 * have a colour whose name holds that word, as searchWords folds both.
 */
function productsInColors(colors: { productId: string; name: string }[], colorWords: string[]): string[][] {
  const words = colors.map((c) => ({ productId: c.productId, words: searchWords(c.name) }));
  return colorWords.map((word) => [...new Set(words.filter((c) => c.words.includes(word)).map((c) => c.productId))]);
}

/** One page of the rows of a listing query without a keyword. */
function listingRows(db: Db, query: ProductsQuery, filters: SQL | undefined) {
  return selectProducts(db)
    .where(filters)
    .orderBy(...sortOrder(query), desc(products.createdAt), desc(products.id))
    .limit(query.limit)
    .offset(offsetOf(query.page, query.limit));
}

/** One page of products matching the listing query (API.md GET /products). */
export async function listProducts(db: Db, query: ProductsQuery, bounds: ListBounds = LIST_BOUNDS): Promise<Page<Product>> {
  const filters = buildFilters(query);
  if (query.keyword) return searchProducts(db, query, filters, bounds.searchMatches);
  const [rows, total] = await Promise.all([listingRows(db, query, filters), boundedCount(db, filters, bounds.exactCount)]);
  return toPage(toProducts(rows), total, query.page, query.limit);
}

/**
 * The products of one page of a listing query, uncounted: for a part of a page that shows some
 * products and no page numbers (the home page's sections).
 */
export async function listProductsUncounted(db: Db, query: Omit<ProductsQuery, 'keyword'>): Promise<Product[]> {
  return toProducts(await listingRows(db, query, buildFilters(query)));
}

export async function getProduct(db: Db, id: string): Promise<Product> {
  const [row] = await selectProducts(db).where(eq(products.id, id)).limit(1);
  if (!row) throw new AppError(404, MSG.productNotFound);
  return toProducts([row])[0]!;
}

/** Products by id, in the order of `ids`; ids with no product are skipped. */
export async function listProductsByIds(db: Db, ids: string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await selectProducts(db).where(inArray(products.id, ids));
  const byId = new Map(toProducts(rows).map((product) => [product.id, product]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Available products of the same category as `product`, newest first, for the "related items" carousel. */
export async function listRelatedProducts(db: Db, product: Pick<Product, 'id' | 'category'>, limit = 10): Promise<Product[]> {
  const rows = await selectProducts(db)
    .where(and(eq(products.categoryId, product.category.id), ne(products.id, product.id), isPurchasable))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return toProducts(rows);
}
