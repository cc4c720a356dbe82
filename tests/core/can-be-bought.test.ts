/**
 * "Can be bought" is read two ways: the listing's availability filter and the related items ask
 * the database (isPurchasable), the product and the cart answer with canBeBought. On either
 * engine, every product must read the same both ways.
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canBeBought } from '../../contracts/constants.ts';
import { ProductsQuerySchema } from '../../contracts/schemas.ts';
import { getProduct, isPurchasable, listProducts } from '../../core/catalogue/products.ts';
import { products } from '../../db/schema.ts';
import { createCategoryFixture, createProductFixture } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let category: string;
const made: { id: string; available: boolean; pieces: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  category = (await createCategoryFixture(t.db, t.images)).id;
  // On sale or off, with pieces in both sizes, one size, none.
  for (const available of [true, false]) {
    for (const stock of [{ m: 3, l: 2 }, { m: 0, l: 1 }, { m: 0, l: 0 }]) {
      const product = await createProductFixture(t.db, t.images, { category, stock, availability: available });
      made.push({ id: product.id, available, pieces: stock.m + stock.l });
    }
  }
});
afterAll(() => t.close());

describe('can be bought', () => {
  it('is the same in SQL and in TypeScript for every product', async () => {
    const rows = await t.db
      .select({ id: products.id, available: products.available, quantity: products.quantity, inSql: isPurchasable })
      .from(products)
      .where(inArray(products.id, made.map((p) => p.id)));
    expect(rows).toHaveLength(made.length);
    for (const row of rows) expect(row.inSql, JSON.stringify(row)).toBe(canBeBought(row));
    // And the rule is the one API.md states: on sale with pieces left.
    for (const p of made) expect(rows.find((r) => r.id === p.id)!.inSql).toBe(p.available && p.pieces > 0);
  });

  it('gives the listing filter and the product the same answer', async () => {
    const listing = (availability: string) => listProducts(t.db, ProductsQuerySchema.parse({ category, availability, limit: '50' }));
    const [buyable, notBuyable] = [await listing('true'), await listing('false')];
    expect(buyable.data.map((p) => p.id).sort()).toEqual(made.filter((p) => p.available && p.pieces > 0).map((p) => p.id).sort());
    expect(notBuyable.data.map((p) => p.id).sort()).toEqual(made.filter((p) => !(p.available && p.pieces > 0)).map((p) => p.id).sort());
    for (const p of made) expect((await getProduct(t.db, p.id)).availability).toBe(p.available && p.pieces > 0);
  });
});
