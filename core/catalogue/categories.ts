/** Product categories: the list, and the admin's add, edit and delete. */
import { asc, count, eq, sql } from 'drizzle-orm';
import { MSG } from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema.ts';
import { catalogueChanged } from './catalogue-changes.ts';
import { AppError, fieldError, isForeignKeyViolation, isUniqueViolation } from '../shared/errors.ts';
import { scheduleImageRemovals } from './image-removals.ts';
import { removeImages, storeImages, type ImageStore } from './images.ts';
import { offsetOf, toPage, type Page } from '../shared/pagination.ts';
import { refreshSearchText } from './product-edits.ts';

export interface Category {
  id: string;
  name: string;
  /** Card-size file name under /categories/. */
  image: string;
  productsCount: number;
  createdAt: Date;
}

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  image: categories.image,
  createdAt: categories.createdAt,
  productsCount: categories.productsCount,
};

function selectCategories(db: Db) {
  return db.select(categoryColumns).from(categories);
}

/**
 * Categories in alphabetical order. The page and the count come in one statement; only a page
 * past the last one, which has no row to carry the count, asks for it again.
 */
export async function listCategories(db: Db, query: { page: number; limit: number }): Promise<Page<Category>> {
  const rows = await db
    .select({ ...categoryColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(categories)
    .orderBy(asc(categories.name))
    .limit(query.limit)
    .offset(offsetOf(query.page, query.limit));
  const total = rows[0]?.total ?? (query.page > 1 ? ((await db.select({ n: count() }).from(categories))[0]?.n ?? 0) : 0);
  return toPage(
    rows.map(({ total: _, ...category }) => category),
    total,
    query.page,
    query.limit,
  );
}

export async function getCategory(db: Db, id: string): Promise<Category> {
  const [row] = await selectCategories(db).where(eq(categories.id, id));
  if (!row) throw new AppError(404, MSG.categoryNotFound);
  return row;
}

async function assertNameFree(db: Db, name: string, exceptId?: string): Promise<void> {
  const [clash] = await db.select({ id: categories.id }).from(categories).where(eq(categories.name, name)).limit(1);
  if (clash && clash.id !== exceptId) throw fieldError('name', MSG.categoryNameTaken);
}

/** Adds a category with its image; a bad image or a taken name stores nothing. */
export async function createCategory(db: Db, store: ImageStore, input: { name: string; image?: Buffer }): Promise<Category> {
  if (!input.image) throw fieldError('image', MSG.categoryImageRequired);
  await assertNameFree(db, input.name);
  const [image] = await storeImages(store, 'categories', [input.image]);
  try {
    const [row] = await db.insert(categories).values({ name: input.name, image: image! }).returning({ id: categories.id });
    catalogueChanged(db);
    return await getCategory(db, row!.id);
  } catch (error) {
    await removeImages(store, 'categories', [image!]);
    if (isUniqueViolation(error)) throw fieldError('name', MSG.categoryNameTaken);
    throw error;
  }
}

/** Renames a category and/or replaces its image. */
export async function updateCategory(
  db: Db,
  store: ImageStore,
  id: string,
  input: { name?: string; image?: Buffer },
): Promise<Category> {
  const current = await getCategory(db, id);
  if (input.name !== undefined) await assertNameFree(db, input.name, id);
  const [image] = input.image ? await storeImages(store, 'categories', [input.image]) : [];
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(categories)
        .set({ ...(input.name !== undefined && { name: input.name }), ...(image && { image }), updatedAt: new Date() })
        .where(eq(categories.id, id));
      if (image) await scheduleImageRemovals(tx, store, [current.image]);
    });
  } catch (error) {
    if (image) await removeImages(store, 'categories', [image]);
    if (isUniqueViolation(error)) throw fieldError('name', MSG.categoryNameTaken);
    throw error;
  }
  if (input.name !== undefined && input.name !== current.name) await refreshSearchText(db, id);
  catalogueChanged(db);
  return getCategory(db, id);
}

/** Deletes an empty category; one that products still use is a 409. */
export async function deleteCategory(db: Db, store: ImageStore, id: string): Promise<void> {
  const current = await getCategory(db, id);
  if (current.productsCount > 0) throw new AppError(409, MSG.categoryInUse);
  try {
    await db.transaction(async (tx) => {
      await tx.delete(categories).where(eq(categories.id, id));
      await scheduleImageRemovals(tx, store, [current.image]);
    });
  } catch (error) {
    // A product added to it between the check and the delete.
    if (isForeignKeyViolation(error)) throw new AppError(409, MSG.categoryInUse);
    throw error;
  }
  catalogueChanged(db);
}
