/**
 * Stock per colour × size and its ledger. A pair is a size of a product, and of one of its
 * colours when it has colours (`colorId` null when it has none). Every change of a pair's pieces
 * goes through this module, in the caller's transaction, and follows one locking order so
 * concurrent changes cannot deadlock: the product rows first (by id), then their pair rows. The
 * product's `quantity` stays the sum of its pairs, and every change leaves a ledger row with the
 * pieces before and after (and the colour's name then), so the ledger and the stock always agree.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { MSG, sizeName, type StockReason } from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { orders, productColors, products, productStock, returns, stockMovements, users } from '../../db/schema.ts';
import { AppError } from '../shared/errors.ts';
import { offsetOf, toPage, type Page } from '../shared/pagination.ts';

export interface SizeStock {
  size: string;
  quantity: number;
  /** The colour's name, for a product with colours (API.md "Additions: colours beside sizes"). */
  color?: string;
}

/** One pair of a product: a size, of a colour when the product has colours. */
export interface StockPair {
  colorId: string | null;
  /** The colour's name now, written in the ledger beside its id. */
  colorName: string | null;
  size: string;
}

/** The key of a pair in maps: the colour's id (empty without colours) and the size. */
export const pairKey = (colorId: string | null | undefined, size: string) => `${colorId ?? ''}\u0000${size}`;

/** The stock column's colour is `colorId` (null: the product has no colours). */
export const colorIs = (column: typeof productStock.colorId, colorId: string | null | undefined): SQL =>
  colorId ? eq(column, colorId) : isNull(column);

/** Who or what caused a change: the order it belongs to and the person who acted (null: the shop). */
export interface StockCause {
  reason: StockReason;
  orderId?: string | null;
  /** The return whose exchange pieces left or whose returned pieces came back. */
  returnId?: string | null;
  userId?: string | null;
}

/** Pieces of one pair of one product, as an order line or a cart line names them. */
export interface StockLine {
  productId: string;
  colorId: string | null;
  /** The colour's name, for the ledger and the message when the pair ran out. */
  colorName: string | null;
  size: string;
  count: number;
  /** The product's title, for the message when the pair ran out. */
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

function byProductThenPair(a: Omit<StockLine, 'title'>, b: Omit<StockLine, 'title'>): number {
  const ka = `${a.productId}\u0000${pairKey(a.colorId, a.size)}`;
  const kb = `${b.productId}\u0000${pairKey(b.colorId, b.size)}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** What a line names in a refusal: the title, the colour when there is one, and the size. */
export function lineLabel(line: { title: string; colorName?: string | null; size: string }): string {
  const colour = line.colorName ? `${MSG.colorLabel} ${line.colorName}، ` : '';
  return `${line.title} (${colour}${MSG.sizeLabel} ${sizeName(line.size)})`;
}

const pairOf = (productId: string, colorId: string | null | undefined, size: string) =>
  and(eq(productStock.productId, productId), colorIs(productStock.colorId, colorId), eq(productStock.size, size));

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
  for (const line of [...lines].sort(byProductThenPair)) {
    const [taken] = await tx
      .update(productStock)
      .set({ quantity: sql`${productStock.quantity} - ${line.count}` })
      .where(and(pairOf(line.productId, line.colorId, line.size), sql`${productStock.quantity} >= ${line.count}`))
      .returning({ quantity: productStock.quantity });
    if (!taken) {
      const [left] = await tx
        .select({ quantity: productStock.quantity })
        .from(productStock)
        .where(pairOf(line.productId, line.colorId, line.size));
      throw AppError.about(409, left && left.quantity > 0 ? 'notEnoughStock' : 'sizeSoldOut', lineLabel(line));
    }
    await record(tx, line.productId, line, taken.quantity + line.count, taken.quantity, cause);
    deltas.set(line.productId, (deltas.get(line.productId) ?? 0) - line.count);
  }
  await addToTotals(tx, deltas);
}

/**
 * Puts every line's pieces back into its pair (a cancellation or a refusal). A product deleted
 * since, or a colour or size the shop no longer offers, has nothing to return to and is skipped.
 */
export async function returnStock(tx: Db, lines: Omit<StockLine, 'title'>[], cause: StockCause): Promise<void> {
  const present = await lockProducts(
    tx,
    lines.map((l) => l.productId),
  );
  const deltas = new Map<string, number>();
  for (const line of [...lines].sort(byProductThenPair)) {
    if (!present.has(line.productId)) continue;
    const [back] = await tx
      .update(productStock)
      .set({ quantity: sql`${productStock.quantity} + ${line.count}` })
      .where(pairOf(line.productId, line.colorId, line.size))
      .returning({ quantity: productStock.quantity });
    if (!back) continue;
    await record(tx, line.productId, await currentName(tx, line), back.quantity - line.count, back.quantity, cause);
    deltas.set(line.productId, (deltas.get(line.productId) ?? 0) + line.count);
  }
  await addToTotals(tx, deltas);
}

/** The pair as it is named now: a colour renamed since the line was written is named as it is today. */
async function currentName(tx: Db, line: { colorId: string | null; colorName: string | null; size: string }): Promise<StockPair> {
  if (!line.colorId) return { colorId: null, colorName: null, size: line.size };
  const [colour] = await tx.select({ name: productColors.name }).from(productColors).where(eq(productColors.id, line.colorId));
  return { colorId: line.colorId, colorName: colour?.name ?? line.colorName, size: line.size };
}

/**
 * The admin's stock of a product: exactly `pairs` (every size, of every colour when it has
 * colours). `target` gives each pair its pieces by pairKey (0 when missing), except that a pair
 * whose pieces the admin saw as `seen[key]` and left unchanged keeps what it has now, so an
 * order placed while the form was open is not undone; 'keep' keeps every pair's pieces (a new
 * pair has none). Pairs dropped from the product lose their row. Every pair whose pieces change
 * is recorded. Runs in the caller's transaction.
 */
export async function setStock(
  tx: Db,
  productId: string,
  pairs: readonly StockPair[],
  target: { set: Record<string, number>; seen?: Record<string, number> } | 'keep',
  userId: string | null,
): Promise<void> {
  await lockProducts(tx, [productId]);
  const current = await tx.select().from(productStock).where(eq(productStock.productId, productId));
  const now = new Map(current.map((row) => [pairKey(row.colorId, row.size), row.quantity]));
  const cause: StockCause = { reason: 'admin', userId };
  const wanted = new Set(pairs.map((p) => pairKey(p.colorId, p.size)));
  let total = 0;
  for (const pair of [...pairs].sort((a, b) => (pairKey(a.colorId, a.size) < pairKey(b.colorId, b.size) ? -1 : 1))) {
    const key = pairKey(pair.colorId, pair.size);
    const was = now.get(key);
    const untouched = target === 'keep' || (target.seen?.[key] !== undefined && target.seen[key] === (target.set[key] ?? 0));
    const quantity = untouched ? (was ?? 0) : (target.set[key] ?? 0);
    total += quantity;
    if (was === quantity) continue;
    if (was === undefined) await tx.insert(productStock).values({ productId, colorId: pair.colorId, size: pair.size, quantity });
    else await tx.update(productStock).set({ quantity }).where(pairOf(productId, pair.colorId, pair.size));
    if (quantity !== (was ?? 0)) await record(tx, productId, pair, was ?? 0, quantity, cause);
  }
  const dropped = current.filter((row) => !wanted.has(pairKey(row.colorId, row.size)));
  if (dropped.length > 0) {
    const names = new Map(
      (await tx.select({ id: productColors.id, name: productColors.name }).from(productColors).where(eq(productColors.productId, productId))).map((c) => [c.id, c.name]),
    );
    for (const row of dropped) {
      await tx.delete(productStock).where(pairOf(productId, row.colorId, row.size));
      if (row.quantity > 0) await record(tx, productId, { colorId: row.colorId, colorName: row.colorId ? (names.get(row.colorId) ?? null) : null, size: row.size }, row.quantity, 0, cause);
    }
  }
  await tx.update(products).set({ quantity: total }).where(eq(products.id, productId));
}

async function record(tx: Db, productId: string, pair: StockPair, quantityBefore: number, quantityAfter: number, cause: StockCause): Promise<void> {
  await tx.insert(stockMovements).values({
    productId,
    colorId: pair.colorId,
    colorName: pair.colorName,
    size: pair.size,
    reason: cause.reason,
    quantityBefore,
    quantityAfter,
    orderId: cause.orderId ?? null,
    returnId: cause.returnId ?? null,
    userId: cause.userId ?? null,
  });
}

/** A product's pieces of one pair as the catalogue reads them with the product: colour id (null without colours), size, pieces. */
export type StockRow = [colorId: string | null, size: string, quantity: number];

/**
 * The stock of a product: its sizes in the product's own order of `availableSizes`, for each of
 * its colours in their order when it has colours, with the pieces of `rows` (0 for a pair
 * without a row).
 */
export function stockFromRows(item: { availableSizes: string[]; colors: { id: string; name: string }[] }, rows: StockRow[]): SizeStock[] {
  const left = new Map(rows.map(([colorId, size, quantity]) => [pairKey(colorId, size), quantity]));
  const quantityOf = (colorId: string | null, size: string) => left.get(pairKey(colorId, size)) ?? 0;
  return item.colors.length === 0
    ? item.availableSizes.map((size) => ({ size, quantity: quantityOf(null, size) }))
    : item.colors.flatMap((colour) => item.availableSizes.map((size) => ({ size, quantity: quantityOf(colour.id, size), color: colour.name })));
}

/** Pieces left of one pair of a product (0 when the product does not offer it). */
export async function pairQuantity(db: Db, productId: string, colorId: string | null, size: string): Promise<number> {
  const [row] = await db.select({ quantity: productStock.quantity }).from(productStock).where(pairOf(productId, colorId, size));
  return row?.quantity ?? 0;
}

export interface StockMovement {
  id: string;
  /** The colour's name when the entry was made (null without colours). */
  colorName: string | null;
  size: string;
  reason: StockReason;
  quantityBefore: number;
  quantityAfter: number;
  order: { id: string; number: number } | null;
  /** The return the change belongs to (reasons `exchange` and `return`). */
  return: { id: string; number: number } | null;
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
        colorName: stockMovements.colorName,
        size: stockMovements.size,
        reason: stockMovements.reason,
        quantityBefore: stockMovements.quantityBefore,
        quantityAfter: stockMovements.quantityAfter,
        orderId: orders.id,
        orderNumber: orders.number,
        returnId: returns.id,
        returnNumber: returns.number,
        userId: users.id,
        userName: users.name,
        createdAt: stockMovements.createdAt,
      })
      .from(stockMovements)
      .leftJoin(orders, eq(orders.id, stockMovements.orderId))
      .leftJoin(returns, eq(returns.id, stockMovements.returnId))
      .leftJoin(users, eq(users.id, stockMovements.userId))
      .where(where)
      .orderBy(desc(stockMovements.seq))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(stockMovements).where(where),
  ]);
  const data = rows.map((r) => ({
    id: r.id,
    colorName: r.colorName,
    size: r.size,
    reason: r.reason,
    quantityBefore: r.quantityBefore,
    quantityAfter: r.quantityAfter,
    order: r.orderId && r.orderNumber !== null ? { id: r.orderId, number: r.orderNumber } : null,
    return: r.returnId && r.returnNumber !== null ? { id: r.returnId, number: r.returnNumber } : null,
    by: r.userId && r.userName !== null ? { id: r.userId, name: r.userName } : null,
    createdAt: r.createdAt,
  }));
  return toPage(data, total?.n ?? 0, query.page, query.limit);
}
