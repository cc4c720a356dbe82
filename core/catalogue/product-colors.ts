/**
 * A product's colours as the admin's form writes them (API.md "Additions: colours beside
 * sizes"): matched to the stored ones by position, so a new name at the same position is a
 * rename that keeps the colour's row, and with it its stock, cart lines and ledger; colours
 * missing at the end are removed, unless an order still to be shipped holds their pieces.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  isColorStock,
  MAX_IMAGES_WITH_COLORS,
  MAX_PRODUCT_IMAGES,
  MSG,
  type ColorInput,
  type OrderStatus,
  type StockInput,
} from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { cartItems, orderItems, orders, productColors } from '../../db/schema.ts';
import { AppError, fieldError } from '../shared/errors.ts';
import { findColor } from './colors.ts';
import { pairKey, spreadQuantity, type StockPair } from './stock.ts';

/** A colour to store: its pictures as file names of the product's images. */
export interface ColorSpec {
  name: string;
  hex: string;
  images: string[];
}

/** A stored colour of the product, in order. */
export interface StoredColor {
  id: string;
  name: string;
}

/** Orders whose pieces are still the shop's to send: a colour they hold cannot be removed. */
const UNSHIPPED: OrderStatus[] = ['awaiting_payment', 'pending', 'confirmed'];

/** The colours as sent, their image indexes turned into the product's file names. */
export function colorSpecs(inputs: ColorInput[], images: readonly string[]): ColorSpec[] {
  return inputs.map((colour) => ({
    name: colour.name,
    hex: colour.hex,
    images: [
      ...new Set(
        colour.images.map((i) => {
          const file = images[i];
          if (file === undefined) throw fieldError('colors', MSG.colorImageInvalid);
          return file;
        }),
      ),
    ],
  }));
}

/** The pictures a product may have: 5 in all without colours; with colours 30 (5 per colour, checked by the schema). */
export function assertImageCount(pictures: number, withColors: boolean): void {
  if (withColors ? pictures > MAX_IMAGES_WITH_COLORS : pictures > MAX_PRODUCT_IMAGES) {
    throw fieldError('images', withColors ? MSG.tooManyColorImages : MSG.tooManyImages);
  }
}

/**
 * Writes the product's colours (the product's row is locked by the caller): colour `i` becomes
 * `specs[i]`, a rename keeping its row; colours past the end are returned as `removed` for the
 * caller to delete once their stock is written off (dropColors). Removing a colour whose pieces
 * an unshipped order holds is refused (409) and nothing is written.
 */
export async function syncColors(tx: Db, productId: string, specs: ColorSpec[]): Promise<{ colors: StoredColor[]; removed: string[] }> {
  const existing = await tx.select().from(productColors).where(eq(productColors.productId, productId)).orderBy(asc(productColors.position));
  const removed = existing.slice(specs.length).map((c) => c.id);
  if (removed.length > 0) {
    const [held] = await tx
      .select({ one: sql`1` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(inArray(orderItems.colorId, removed), inArray(orders.status, UNSHIPPED)))
      .limit(1);
    if (held) throw AppError.about(409, 'colorInOpenOrders', existing.slice(specs.length).map((c) => c.name).join('، '));
  }
  const kept = existing.slice(0, specs.length);
  // Names are unique in a product: renamed colours step aside first, so two colours may swap names.
  // The name they step aside to is longer than any colour's (20 letters), so it is no one's; and
  // text holds no NUL character in PostgreSQL.
  const renamed = kept.filter((c, i) => c.name !== specs[i]!.name);
  for (const colour of renamed) await tx.update(productColors).set({ name: `renamed ${colour.id}` }).where(eq(productColors.id, colour.id));
  const colors: StoredColor[] = [];
  for (const [position, spec] of specs.entries()) {
    const stored = kept[position];
    if (stored) {
      await tx.update(productColors).set({ name: spec.name, hex: spec.hex, images: spec.images }).where(eq(productColors.id, stored.id));
      colors.push({ id: stored.id, name: spec.name });
    } else {
      const [row] = await tx.insert(productColors).values({ productId, position, ...spec }).returning({ id: productColors.id });
      colors.push({ id: row!.id, name: spec.name });
    }
  }
  return { colors, removed };
}

/**
 * Deletes removed colours (after setStock wrote their pieces off in the ledger); their cart
 * lines go with them. A product that has just gained colours loses its cart lines without one.
 */
export async function dropColors(tx: Db, productId: string, removed: string[], hasColors: boolean): Promise<void> {
  if (removed.length > 0) await tx.delete(productColors).where(inArray(productColors.id, removed));
  if (hasColors) await tx.delete(cartItems).where(and(eq(cartItems.productId, productId), sql`${cartItems.colorId} is null`));
}

/** Every pair of a product: its sizes, for each colour when it has colours. */
export function pairsOf(colors: readonly StoredColor[], sizes: readonly string[]): StockPair[] {
  if (colors.length === 0) return sizes.map((size) => ({ colorId: null, colorName: null, size }));
  return colors.flatMap((c) => sizes.map((size) => ({ colorId: c.id, colorName: c.name, size })));
}

/**
 * Pieces per pair (by pairKey) from `stock` as the form sent it: per size without colours, per
 * colour name then size with them (a name matched ignoring case). The wrong shape for the
 * product, or a colour or size it does not have, is a 400 on `stock`.
 */
export function stockByPair(stock: StockInput, colors: readonly StoredColor[], sizes: readonly string[]): Record<string, number> {
  const field = 'stock';
  const byPair: Record<string, number> = {};
  if (colors.length === 0) {
    if (isColorStock(stock)) throw fieldError(field, MSG.stockColorNotOffered);
    for (const [size, pieces] of Object.entries(stock)) {
      if (!sizes.includes(size)) throw fieldError(field, MSG.stockSizeNotOffered);
      byPair[pairKey(null, size)] = pieces;
    }
    return byPair;
  }
  if (!isColorStock(stock)) throw fieldError(field, Object.keys(stock).length === 0 ? MSG.stockInvalid : MSG.stockColorNotOffered);
  for (const [name, bySize] of Object.entries(stock)) {
    const colour = findColor(colors, name);
    if (!colour) throw fieldError(field, MSG.stockColorNotOffered);
    for (const [size, pieces] of Object.entries(bySize)) {
      if (!sizes.includes(size)) throw fieldError(field, MSG.stockSizeNotOffered);
      byPair[pairKey(colour.id, size)] = pieces;
    }
  }
  return byPair;
}

/**
 * The stock the admin's form showed (`stockSeen`), by pairKey: only a hint that keeps a pair's
 * pieces when sent back unchanged, so the pairs the product no longer has (a size unticked, a
 * colour removed in the same edit) are left out rather than refused.
 */
export function seenByPair(seen: StockInput, colors: readonly StoredColor[], sizes: readonly string[]): Record<string, number> {
  const byPair: Record<string, number> = {};
  if (colors.length === 0) {
    if (!isColorStock(seen)) for (const [size, pieces] of Object.entries(seen)) if (sizes.includes(size)) byPair[pairKey(null, size)] = pieces;
    return byPair;
  }
  if (!isColorStock(seen)) return byPair;
  for (const [name, bySize] of Object.entries(seen)) {
    const colour = findColor(colors, name);
    if (colour) for (const [size, pieces] of Object.entries(bySize)) if (sizes.includes(size)) byPair[pairKey(colour.id, size)] = pieces;
  }
  return byPair;
}

/** `quantity` spread over every pair, colour then size, as evenly as whole pieces allow. */
export function spreadOverPairs(quantity: number, pairs: readonly StockPair[]): Record<string, number> {
  return spreadQuantity(
    quantity,
    pairs.map((p) => pairKey(p.colorId, p.size)),
  );
}
