/**
 * Stock per size and its ledger. Every change of a size's pieces goes through this module, in
 * the caller's transaction, and follows one locking order so concurrent changes cannot
 * deadlock: the product rows first (by id), then their size rows. The product's `quantity`
 * stays the sum of its sizes, and every change leaves a ledger row with the pieces before and
 * after, so the ledger and the stock always agree.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { MSG, sizeName, type StockReason } from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { orders, products, productStock, stockMovements, users } from '../../db/schema.ts';
import { AppError } from '../shared/errors.ts';
import { offsetOf, toPage, type Page } from '../shared/pagination.ts';

export interface SizeStock {
  size: string;
  quantity: number;
}

/** Who or what caused a change: the order it belongs to and the person who acted (null: the shop). */
export interface StockCause {
  reason: StockReason;
  orderId?: string | null;
  userId?: string | null;
}

/** Pieces of one size of one product, as an order line or a cart line names them. */
export interface StockLine {
  productId: string;
  size: string;
  count: number;
  /** The product's title, for the message when the size ran out. */
  title: string;
}

/**
 * Spreads `total` pieces over `sizes` as evenly as whole pieces allow, first sizes first:
 * 7 over [s, m, l] is s 3, m 2, l 2 (API.md: a request that sends only `quantity`).
 */
export function spreadQuantity(total: number, sizes: readonly string[]): Record<string, number> {
  const stock: Record<string, number> = {};
  if (sizes.length === 0) return stock;
  const base = Math.floor(total / sizes.length);
  const extra = total % sizes.length;
  sizes.forEach((size, i) => {
    stock[size] = base + (i < extra ? 1 : 0);
  });
  return stock;
}

/** Locks the products' rows, in id order: the lock every change of their stock takes first. */
async function lockProducts(tx: Db, productIds: string[]): Promise<Set<string>> {
  const ids = [...new Set(productIds)].sort();
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for('update');
  return new Set(rows.map((r) => r.id));
}

async function addToTotals(tx: Db, deltas: Map<string, number>): Promise<void> {
  for (const [productId, delta] of [...deltas].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (delta === 0) continue;
    await tx
      .update(products)
      .set({
        quantity: sql`${products.quantity} + ${delta}`,
        updatedAt: new Date(),
      })
      .where(eq(products.id, productId));
  }
}

function byProductThenSize(a: StockLine, b: StockLine): number {
  return a.productId === b.productId ? (a.size < b.size ? -1 : a.size > b.size ? 1 : 0) : a.productId < b.productId ? -1 : 1;
}

/**
 * Takes every line's pieces from its size, or none: a size with fewer pieces than the line
 * asks for is a 409 naming the product and size, and the caller's transaction rolls back.
 * The decrement is conditional, so racing orders can never take a size below zero.
 */
export async function takeStock(tx: Db, lines: StockLine[], cause: StockCause): Promise<void> {
  await lockProducts(
    tx,
    lines.map((l) => l.productId),
  );
  const deltas = new Map<string, number>();
  for (const line of [...lines].sort(byProductThenSize)) {
    const [taken] = await tx
      .update(productStock)
      .set({ quantity: sql`${productStock.quantity} - ${line.count}` })
      .where(and(eq(productStock.productId, line.productId), eq(productStock.size, line.size), sql`${productStock.quantity} >= ${line.count}`))
      .returning({ quantity: productStock.quantity });
    if (!taken) {
      const [left] = await tx
        .select({ quantity: productStock.quantity })
        .from(productStock)
        .where(and(eq(productStock.productId, line.productId), eq(productStock.size, line.size)));
      throw AppError.about(409, left && left.quantity > 0 ? 'notEnoughStock' : 'sizeSoldOut', `${line.title} (${MSG.sizeLabel} ${sizeName(line.size)})`);
    }
    await record(tx, line.productId, line.size, taken.quantity + line.count, taken.quantity, cause);
    deltas.set(line.productId, (deltas.get(line.productId) ?? 0) - line.count);
  }
  await addToTotals(tx, deltas);
}

/**
 * Puts every line's pieces back into its size (a cancellation or a refusal). A product deleted
 * since, or a size the shop no longer offers, has nothing to return to and is skipped.
 */
export async function returnStock(tx: Db, lines: Omit<StockLine, 'title'>[], cause: StockCause): Promise<void> {
  const present = await lockProducts(
    tx,
    lines.map((l) => l.productId),
  );
  const deltas = new Map<string, number>();
  for (const line of [...lines].map((l) => ({ ...l, title: '' })).sort(byProductThenSize)) {
    if (!present.has(line.productId)) continue;
    const [back] = await tx
      .update(productStock)
      .set({ quantity: sql`${productStock.quantity} + ${line.count}` })
      .where(and(eq(productStock.productId, line.productId), eq(productStock.size, line.size)))
      .returning({ quantity: productStock.quantity });
    if (!back) continue;
    await record(tx, line.productId, line.size, back.quantity - line.count, back.quantity, cause);
    deltas.set(line.productId, (deltas.get(line.productId) ?? 0) + line.count);
  }
  await addToTotals(tx, deltas);
}

/**
 * The admin's stock of a product: exactly `sizes`. `target` gives each size its pieces (0 when
 * missing), except that a size whose pieces the admin saw as `seen[size]` and left unchanged
 * keeps what it has now, so an order placed while the form was open is not undone; 'keep'
 * keeps every size's pieces (a new size has none). Sizes dropped from the product lose their
 * row. Every size whose pieces change is recorded. Runs in the caller's transaction.
 */
export async function setStock(
  tx: Db,
  productId: string,
  sizes: readonly string[],
  target: { set: Record<string, number>; seen?: Record<string, number> } | 'keep',
  userId: string | null,
): Promise<void> {
  await lockProducts(tx, [productId]);
  const current = await tx.select().from(productStock).where(eq(productStock.productId, productId));
  const now = new Map(current.map((row) => [row.size, row.quantity]));
  const cause: StockCause = { reason: 'admin', userId };
  let total = 0;
  for (const size of [...sizes].sort()) {
    const was = now.get(size);
    const untouched = target === 'keep' || (target.seen?.[size] !== undefined && target.seen[size] === (target.set[size] ?? 0));
    const quantity = untouched ? (was ?? 0) : (target.set[size] ?? 0);
    total += quantity;
    if (was === quantity) continue;
    await tx
      .insert(productStock)
      .values({ productId, size, quantity })
      .onConflictDoUpdate({
        target: [productStock.productId, productStock.size],
        set: { quantity },
      });
    if (quantity !== (was ?? 0)) await record(tx, productId, size, was ?? 0, quantity, cause);
  }
  const dropped = current.filter((row) => !sizes.includes(row.size));
  if (dropped.length > 0) {
    await tx.delete(productStock).where(
      and(
        eq(productStock.productId, productId),
        inArray(
          productStock.size,
          dropped.map((r) => r.size),
        ),
      ),
    );
    for (const row of dropped) if (row.quantity > 0) await record(tx, productId, row.size, row.quantity, 0, cause);
  }
  await tx.update(products).set({ quantity: total }).where(eq(products.id, productId));
}

async function record(tx: Db, productId: string, size: string, quantityBefore: number, quantityAfter: number, cause: StockCause): Promise<void> {
  await tx.insert(stockMovements).values({
    productId,
    size,
    reason: cause.reason,
    quantityBefore,
    quantityAfter,
    orderId: cause.orderId ?? null,
    userId: cause.userId ?? null,
  });
}

/** The stock of each product, its sizes in the product's own order of `availableSizes`. */
export async function stockOf(db: Db, items: { id: string; availableSizes: string[] }[]): Promise<Map<string, SizeStock[]>> {
  const result = new Map<string, SizeStock[]>();
  if (items.length === 0) return result;
  const rows = await db
    .select()
    .from(productStock)
    .where(
      inArray(
        productStock.productId,
        items.map((p) => p.id),
      ),
    );
  const left = new Map(rows.map((r) => [`${r.productId}\u0000${r.size}`, r.quantity]));
  for (const item of items) {
    result.set(
      item.id,
      item.availableSizes.map((size) => ({
        size,
        quantity: left.get(`${item.id}\u0000${size}`) ?? 0,
      })),
    );
  }
  return result;
}

/** Pieces left of one size of a product (0 when the product does not offer it). */
export async function sizeQuantity(db: Db, productId: string, size: string): Promise<number> {
  const [row] = await db
    .select({ quantity: productStock.quantity })
    .from(productStock)
    .where(and(eq(productStock.productId, productId), eq(productStock.size, size)));
  return row?.quantity ?? 0;
}

export interface StockMovement {
  id: string;
  size: string;
  reason: StockReason;
  quantityBefore: number;
  quantityAfter: number;
  order: { id: string; number: number } | null;
  by: { id: string; name: string } | null;
  createdAt: Date;
}

/** A product's stock ledger, newest first (API.md GET /products/{id}/stock-history). */
export async function listStockMovements(db: Db, productId: string, query: { page: number; limit: number }): Promise<Page<StockMovement>> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw new AppError(404, MSG.productNotFound);
  const where = eq(stockMovements.productId, productId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: stockMovements.id,
        size: stockMovements.size,
        reason: stockMovements.reason,
        quantityBefore: stockMovements.quantityBefore,
        quantityAfter: stockMovements.quantityAfter,
        orderId: orders.id,
        orderNumber: orders.number,
        userId: users.id,
        userName: users.name,
        createdAt: stockMovements.createdAt,
      })
      .from(stockMovements)
      .leftJoin(orders, eq(orders.id, stockMovements.orderId))
      .leftJoin(users, eq(users.id, stockMovements.userId))
      .where(where)
      .orderBy(desc(stockMovements.seq))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(stockMovements).where(where),
  ]);
  const data = rows.map((r) => ({
    id: r.id,
    size: r.size,
    reason: r.reason,
    quantityBefore: r.quantityBefore,
    quantityAfter: r.quantityAfter,
    order: r.orderId && r.orderNumber !== null ? { id: r.orderId, number: r.orderNumber } : null,
    by: r.userId && r.userName !== null ? { id: r.userId, name: r.userName } : null,
    createdAt: r.createdAt,
  }));
  return toPage(data, total?.n ?? 0, query.page, query.limit);
}
