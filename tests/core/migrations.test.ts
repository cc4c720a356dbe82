/**
 * A shop's data from before stock per size (migration 0001) opened by this release: migration
 * 0002 spreads each product's one quantity over its sizes, first sizes first, and gives every
 * order a status and the start of its history. The database is built with the older release's
 * migrations alone, filled the way that release stored things, then opened as the server does.
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeOrderStatus } from '../../core/orders/order-lifecycle.ts';
import { getOrder } from '../../core/orders/orders.ts';
import { getProduct } from '../../core/catalogue/products.ts';
import { MIGRATIONS_DIR, type Database, type Db } from '../../db/client.ts';
import { products, productStock } from '../../db/schema.ts';
import { createOlderDatabase, type OlderDatabase } from '../helpers/database.ts';

/** The first migration of stock per size: the older release shipped the ones before it. */
const FIRST_NEW_MIGRATION = '0002_stock_per_size';

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A migrations folder holding only the migrations before `tag`, with its journal cut to them. */
async function migrationsBefore(tag: string): Promise<string> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as Journal;
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(cut, `${tag} in the journal`).toBeGreaterThan(0);
  const folder = await mkdtemp(path.join(tmpdir(), 'store-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  const kept = journal.entries.slice(0, cut);
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  for (const entry of kept) await copyFile(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

async function insertReturningId(db: Db, statement: SQL): Promise<string> {
  const result = (await db.execute(statement)) as unknown as { rows: { id: string }[] };
  return result.rows[0]!.id;
}

let folder: string;
let older: OlderDatabase;
let upgraded: Database;
/** The rows the older release stored, by what they are. */
const ids = {} as Record<'customer' | 'admin' | 'category' | 'shirt' | 'socks' | 'cap' | 'delivered' | 'pending', string>;
const placedAt = new Date('2026-10-01T09:00:00Z');
const deliveredAt = new Date('2026-10-03T15:30:00Z');

beforeAll(async () => {
  folder = await migrationsBefore(FIRST_NEW_MIGRATION);
  older = await createOlderDatabase(folder);
  const { db } = older;
  const [before] = ((await db.execute(sql`select to_regclass('product_stock') as "table"`)) as unknown as { rows: { table: string | null }[] }).rows;
  expect(before!.table, 'product_stock before 0002').toBeNull();

  ids.customer = await insertReturningId(db, sql`insert into users (name, phone, password_hash) values ('سلمى عادل', '01011112222', 'x') returning id`);
  ids.admin = await insertReturningId(db, sql`insert into users (name, phone, password_hash, role) values ('مدير المتجر', '01033334444', 'x', 'admin') returning id`);
  ids.category = await insertReturningId(db, sql`insert into categories (name, image) values ('قمصان', 'shirts.webp') returning id`);
  const product = (title: string, quantity: number, sizes: string[]) =>
    insertReturningId(
      db,
      sql`insert into products (title, slug, description, category_id, image_cover, price, price_after_discount, quantity, age, season, available_sizes)
          values (${title}, ${title}, 'وصف', ${ids.category}, 'p.webp', 200, 180, ${quantity}, 'رجال', 'صيف', ${sql.raw(`ARRAY[${sizes.map((s) => `'${s}'`).join(', ')}]::text[]`)})
          returning id`,
    );
  ids.shirt = await product('قميص', 7, ['s', 'm', 'l']);
  ids.socks = await product('شراب', 2, ['s', 'm', 'l']);
  ids.cap = await product('كاب', 0, ['m']);
  const order = (isDelivered: boolean) =>
    insertReturningId(
      db,
      sql`insert into orders (user_id, shipping_details, shipping_phone, shipping_city, postal_code, shipping_price, total_order_price, is_delivered, delivered_at, created_at, updated_at)
          values (${ids.customer}, '5 شارع النيل', '01011112222', 'القاهرة', '11511', 70, 180, ${isDelivered}, ${isDelivered ? deliveredAt.toISOString() : null},
                  ${placedAt.toISOString()}, ${(isDelivered ? deliveredAt : placedAt).toISOString()})
          returning id`,
    );
  ids.delivered = await order(true);
  ids.pending = await order(false);
  for (const orderId of [ids.delivered, ids.pending]) {
    await db.execute(
      sql`insert into order_items (order_id, product_id, title, image_cover, size, count, price) values (${orderId}, ${ids.shirt}, 'قميص', 'p.webp', 'm', 1, 180)`,
    );
  }

  upgraded = await older.upgrade();
});

afterAll(async () => {
  await older?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function storedStock(productId: string) {
  const rows = await upgraded.db.select().from(productStock).where(eq(productStock.productId, productId)).orderBy(asc(productStock.size));
  return Object.fromEntries(rows.map((r) => [r.size, r.quantity]));
}

async function storedQuantity(productId: string) {
  const [row] = await upgraded.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, productId));
  return row!.quantity;
}

describe('migration 0002 on a shop with products and orders', () => {
  it("spreads each product's quantity over its sizes, first sizes first, and keeps the quantity their sum", async () => {
    expect(await storedStock(ids.shirt)).toEqual({ s: 3, m: 2, l: 2 });
    expect(await storedQuantity(ids.shirt)).toBe(7);
    expect(await storedStock(ids.socks)).toEqual({ s: 1, m: 1, l: 0 });
    expect(await storedQuantity(ids.socks)).toBe(2);
    expect(await storedStock(ids.cap)).toEqual({ m: 0 });
    expect(await storedQuantity(ids.cap)).toBe(0);
    const shirt = await getProduct(upgraded.db, ids.shirt);
    expect(shirt).toMatchObject({
      quantity: 7,
      availability: true,
      stock: [
        { size: 's', quantity: 3 },
        { size: 'm', quantity: 2 },
        { size: 'l', quantity: 2 },
      ],
    });
    expect((await getProduct(upgraded.db, ids.cap)).availability).toBe(false);
  });

  it('makes a delivered order delivered and the others pending, each history starting with the customer who placed it', async () => {
    const delivered = await getOrder(upgraded.db, ids.delivered);
    expect(delivered).toMatchObject({ status: 'delivered', isDelivered: true, deliveredAt });
    expect(delivered.statusHistory).toEqual([
      { status: 'pending', at: placedAt, by: { id: ids.customer, name: 'سلمى عادل' } },
      { status: 'delivered', at: deliveredAt, by: null },
    ]);
    const pending = await getOrder(upgraded.db, ids.pending);
    expect(pending).toMatchObject({ status: 'pending', isDelivered: false, deliveredAt: null });
    expect(pending.statusHistory).toEqual([{ status: 'pending', at: placedAt, by: { id: ids.customer, name: 'سلمى عادل' } }]);
  });

  it('keeps every older order cash on delivery with no payment time and no refunds (migration 0003)', async () => {
    for (const id of [ids.delivered, ids.pending]) {
      expect(await getOrder(upgraded.db, id)).toMatchObject({ paymentMethodType: 'cash', paymentDueAt: null, refunds: [] });
    }
  });

  it('leaves the migrated data working under the new rules: a migrated order cancelled puts its piece back into its size', async () => {
    const admin = { id: ids.admin, role: 'admin' as const };
    const cancelled = await changeOrderStatus(upgraded.db, ids.pending, 'cancelled', admin);
    expect(cancelled.status).toBe('cancelled');
    expect(await storedStock(ids.shirt)).toEqual({ s: 3, m: 3, l: 2 });
    expect(await storedQuantity(ids.shirt)).toBe(8);
    await expect(changeOrderStatus(upgraded.db, ids.delivered, 'cancelled', admin)).rejects.toMatchObject({ status: 409 });
  });
});
