/** Product reviews: one per customer and product, kept as plain text. */
import { and, avg, count, desc, eq, exists, sql } from 'drizzle-orm';
import { MSG, type Review as ReviewInput } from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, products, reviews, users } from '../../db/schema.ts';
import { catalogueChanged } from './catalogue-changes.ts';
import { AppError, isUniqueViolation } from '../shared/errors.ts';
import { offsetOf, toPage, type Page } from '../shared/pagination.ts';

export interface Review {
  id: string;
  user: { id: string; name: string };
  productId: string;
  rating: number;
  review: string;
  /** The author received this product: a delivered order of theirs holds it. */
  verifiedPurchase: boolean;
  createdAt: Date;
}

/** Whether the review's author has a delivered order holding its product; read at each request, never stored. */
const verifiedPurchase = exists(
  sql`(select 1 from ${orderItems} inner join ${orders} on ${orders.id} = ${orderItems.orderId}
       where ${and(eq(orders.userId, reviews.userId), eq(orderItems.productId, reviews.productId), eq(orders.isDelivered, true))})`,
);

const reviewColumns = {
  id: reviews.id,
  userId: users.id,
  userName: users.name,
  productId: reviews.productId,
  rating: reviews.rating,
  review: reviews.review,
  verifiedPurchase: sql<boolean>`${verifiedPurchase}`,
  createdAt: reviews.createdAt,
};

type ReviewRow = { id: string; userId: string; userName: string; productId: string; rating: number; review: string; verifiedPurchase: boolean; createdAt: Date };

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    user: { id: row.userId, name: row.userName },
    productId: row.productId,
    rating: row.rating,
    review: row.review,
    verifiedPurchase: row.verifiedPurchase === true,
    createdAt: row.createdAt,
  };
}

async function assertProductExists(db: Db, productId: string): Promise<void> {
  const [exists] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
  if (!exists) throw new AppError(404, MSG.productNotFound);
}

/** A product's reviews, newest first. */
export async function listReviews(db: Db, productId: string, query: { page: number; limit: number }): Promise<Page<Review>> {
  await assertProductExists(db, productId);
  const where = eq(reviews.productId, productId);
  const [rows, [total]] = await Promise.all([
    db
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return toPage(rows.map(toReview), total?.n ?? 0, query.page, query.limit);
}

/** Adds the user's review and refreshes the product's average in the same transaction. */
export async function createReview(db: Db, userId: string, productId: string, input: ReviewInput): Promise<Review> {
  await assertProductExists(db, productId);
  try {
    const id = await db.transaction(async (tx) => {
      // Reviews of one product queue on its row, so each recount sees every review committed before it.
      await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
      const [created] = await tx
        .insert(reviews)
        .values({ userId, productId, rating: input.rating, review: input.review })
        .returning({ id: reviews.id });
      const [stats] = await tx.select({ average: avg(reviews.rating), n: count() }).from(reviews).where(eq(reviews.productId, productId));
      await tx
        .update(products)
        .set({ ratingsAverage: Math.round(Number(stats?.average ?? 0) * 10) / 10, ratingsQuantity: stats?.n ?? 0 })
        .where(eq(products.id, productId));
      return created!.id;
    });
    catalogueChanged(db);
    const [row] = await db.select(reviewColumns).from(reviews).innerJoin(users, eq(users.id, reviews.userId)).where(eq(reviews.id, id));
    return toReview(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, MSG.reviewExists);
    throw error;
  }
}
