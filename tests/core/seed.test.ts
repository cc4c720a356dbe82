/**
 * The demo seed of a first start: all or nothing however it is stopped, the demo credentials
 * made for each seed, kept in the data folder and shown only while those accounts work, and the
 * pictures its rows name drawn afterwards, finished by a later start when a start was cut short.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changePassword, login } from '../../core/accounts/auth.ts';
import { AppError } from '../../core/shared/errors.ts';
import { localImageStore } from '../../core/catalogue/images.ts';
import { deleteProduct } from '../../core/catalogue/product-edits.ts';
import type { Database } from '../../db/client.ts';
import { getProduct } from '../../core/catalogue/products.ts';
import { categories, orderItems, orders, productColors, products, reviews, users } from '../../db/schema.ts';
import { seedProducts } from '../../seed/catalogue.ts';
import { DEMO_ACCOUNTS, demoAccountsPath, findDemoAccounts, isDatabaseEmpty, seedDemo } from '../../seed/demo.ts';
import { findMissingPictures } from '../../seed/pictures.ts';
import { createTestDatabase } from '../helpers/database.ts';

let database: Database;
const root = mkdtempSync(path.join(tmpdir(), 'store-seed-'));
const store = localImageStore(root);
/** The data folder the seeds keep the demo passwords in. */
const dataDir = path.join(root, 'data');

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

async function countRows() {
  const db = database.db;
  const tally = async (table: typeof users | typeof categories | typeof products | typeof orders | typeof reviews) => (await db.select({ n: count() }).from(table))[0]!.n;
  return { users: await tally(users), categories: await tally(categories), products: await tally(products), orders: await tally(orders), reviews: await tally(reviews) };
}

const emptyShop = () => database.db.execute(sql`truncate table reviews, order_items, orders, cart_items, carts, products, categories, users restart identity cascade`);

const EMPTY = { users: 0, categories: 0, products: 0, orders: 0, reviews: 0 };
const WHOLE = { users: 10, categories: 10, products: 118, orders: 24, reviews: 40 };

/** A signal that stops the seed at its `stopAt`-th check, the way Ctrl-C would at that moment. */
function stopAtCheck(stopAt: number): { signal: AbortSignal; checks: () => number } {
  let checks = 0;
  const signal = {
    throwIfAborted() {
      if (++checks >= stopAt) throw new DOMException('stopped', 'AbortError');
    },
  } as AbortSignal;
  return { signal, checks: () => checks };
}

describe('seeding the demo shop', () => {
  let totalChecks = 0;

  beforeAll(async () => {
    // Count the checks of a whole seed first, on a throwaway database.
    const counter = stopAtCheck(Number.POSITIVE_INFINITY);
    const probe = await createTestDatabase();
    try {
      await seedDemo(probe.db, localImageStore(path.join(root, 'probe')), { dataDir: path.join(root, 'probe-data'), signal: counter.signal });
    } finally {
      await probe.close();
    }
    totalChecks = counter.checks();
  });

  it('leaves the database empty wherever it is stopped, and the next seed fills it whole', { timeout: 180_000 }, async () => {
    expect(totalChecks).toBeGreaterThan(100);
    for (const stopAt of [1, 2, Math.floor(totalChecks / 3), Math.floor((2 * totalChecks) / 3), totalChecks]) {
      await expect(seedDemo(database.db, store, { dataDir, signal: stopAtCheck(stopAt).signal }), `stopped at check ${stopAt}`).rejects.toThrow('stopped');
      expect(await countRows(), `stopped at check ${stopAt}`).toEqual(EMPTY);
      expect(await isDatabaseEmpty(database.db)).toBe(true);
      // Passwords are kept only for accounts that were written.
      expect(existsSync(demoAccountsPath(dataDir)), `stopped at check ${stopAt}`).toBe(false);
    }

    await seedDemo(database.db, store, { dataDir });
    expect(await countRows()).toEqual(WHOLE);
  });

  it('hears a signal between two steps, even where only the database is working', async () => {
    await emptyShop();
    // Ctrl-C reaches the server as a signal, whose handler aborts the seed. This one comes near
    // the end, among orders and reviews, where no step waits on anything but the database.
    const controller = new AbortController();
    process.once('SIGUSR2', () => controller.abort());
    let checks = 0;
    const signal = {
      throwIfAborted() {
        if (++checks === totalChecks - 5) process.kill(process.pid, 'SIGUSR2');
        controller.signal.throwIfAborted();
      },
    } as AbortSignal;
    await expect(seedDemo(database.db, store, { dataDir, signal })).rejects.toThrow();
    expect(checks).toBeLessThan(totalChecks);
    expect(await countRows()).toEqual(EMPTY);
  });

  it('rolls back on a failure part-way, so the next seed does not trip over half a shop', async () => {
    await emptyShop();
    // A customer's phone already taken makes the seed fail after every category and product is written.
    const [blocker] = await database.db.insert(users).values({ name: 'حساب سابق', phone: '01110000003', passwordHash: 'x' }).returning({ id: users.id });
    await expect(seedDemo(database.db, store, { dataDir })).rejects.toThrow();
    expect(await countRows()).toEqual({ ...EMPTY, users: 1 });

    await database.db.delete(users).where(eq(users.id, blocker!.id));
    await seedDemo(database.db, store, { dataDir });
    expect(await countRows()).toEqual(WHOLE);
  });
});

describe('the demo credentials', () => {
  type Kept = Record<string, { phone: string; password: string }>;
  const readKept = () => JSON.parse(readFileSync(demoAccountsPath(dataDir), 'utf8')) as Kept;
  const refused = (phone: string, password: string) =>
    login(database.db, { phone, password }).then(
      () => false,
      (error: unknown) => error instanceof AppError && error.status === 401,
    );

  it('are made at random by each seed and kept in the data folder for its owner only', { timeout: 120_000 }, async () => {
    await emptyShop();
    // A data folder others may read, as an earlier release or a hand-made folder left it.
    mkdirSync(dataDir, { recursive: true });
    chmodSync(dataDir, 0o755);
    const returned = await seedDemo(database.db, store, { dataDir });
    const file = demoAccountsPath(dataDir);
    expect(file).toBe(path.join(dataDir, 'demo-accounts.json'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const first = readKept();
    expect(Object.keys(first)).toEqual(['admin', 'customer']);
    expect(Object.keys(first.admin!).sort()).toEqual(['password', 'phone']);
    expect(first.admin!.phone).toBe('01000000001');
    expect(first.customer!.phone).toBe('01000000002');
    expect(returned).toEqual([
      { label: 'Admin', phone: '01000000001', password: first.admin!.password },
      { label: 'Customer', phone: '01000000002', password: first.customer!.password },
    ]);
    for (const { phone, password } of Object.values(first)) {
      expect(password).toMatch(/^[A-Za-z0-9_-]{16,}$/);
      // The passwords once published in README are no longer the demo accounts'.
      expect(['admin-demo-2024', 'customer-demo-2024']).not.toContain(password);
      expect(await refused(phone, phone === '01000000001' ? 'admin-demo-2024' : 'customer-demo-2024')).toBe(true);
    }
    expect(first.admin!.password).not.toBe(first.customer!.password);
    expect((await login(database.db, first.admin!)).role).toBe('admin');
    expect((await login(database.db, first.customer!)).role).toBe('user');
    // The database keeps only their hashes.
    const hashes = await database.db.select({ passwordHash: users.passwordHash }).from(users);
    expect(hashes.some((row) => row.passwordHash.includes(first.admin!.password))).toBe(false);

    // A reset seeds again: new passwords, the old ones gone.
    await emptyShop();
    await seedDemo(database.db, store, { dataDir });
    const second = readKept();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(second.admin!.password).not.toBe(first.admin!.password);
    expect(second.customer!.password).not.toBe(first.customer!.password);
    expect((await login(database.db, second.admin!)).role).toBe('admin');
    expect(await refused(first.admin!.phone, first.admin!.password)).toBe(true);
    expect(readdirSync(dataDir)).toEqual(['demo-accounts.json']);
  });

  it('are reported only for demo accounts that exist and still take the passwords kept for them', async () => {
    const kept = readKept();
    expect(await findDemoAccounts(database.db, dataDir)).toEqual({
      accounts: [
        { label: 'Admin', phone: '01000000001', password: kept.admin!.password },
        { label: 'Customer', phone: '01000000002', password: kept.customer!.password },
      ],
      passwordsMissing: false,
    });
    expect(DEMO_ACCOUNTS).toHaveLength(2);

    const [admin] = await database.db.select({ id: users.id }).from(users).where(eq(users.phone, '01000000001'));
    await changePassword(database.db, admin!.id, 'a-password-of-the-owner');
    expect((await findDemoAccounts(database.db, dataDir)).accounts.map((account) => account.phone)).toEqual(['01000000002']);

    // A shop whose data folder lost the file (or never had one) has no passwords to show, only the note that they are missing.
    const elsewhere = path.join(root, 'another-data-folder');
    expect(await findDemoAccounts(database.db, elsewhere)).toEqual({ accounts: [], passwordsMissing: true });
    mkdirSync(elsewhere, { recursive: true });
    writeFileSync(demoAccountsPath(elsewhere), 'not json');
    expect(await findDemoAccounts(database.db, elsewhere)).toEqual({ accounts: [], passwordsMissing: true });

    await emptyShop();
    expect(await findDemoAccounts(database.db, dataDir)).toEqual({ accounts: [], passwordsMissing: false });
    expect(await findDemoAccounts(database.db, elsewhere)).toEqual({ accounts: [], passwordsMissing: false });
  });
});

describe('the demo pictures', () => {
  const file = (folder: string, name: string) => path.join(root, folder, name);

  beforeAll(async () => {
    await emptyShop();
    mkdirSync(path.join(root, 'products'), { recursive: true });
    // Left from an earlier demo (an older drawing) and an upload of the shop's own.
    writeFileSync(file('products', 'demo-eg-ts-1001-front.webp'), 'an older drawing');
    writeFileSync(file('products', 'p-owner-upload.webp'), 'kept');
    await seedDemo(database.db, store, { dataDir });
  });

  it('are named by the rows but drawn after the seed, old demo files cleared first', async () => {
    expect(existsSync(file('products', 'demo-eg-ts-1001-front.webp'))).toBe(false);
    expect(existsSync(file('products', 'p-owner-upload.webp'))).toBe(true);
    const [cover] = await database.db.select({ imageCover: products.imageCover }).from(products).where(eq(products.barcode, 'EG-TS-1001'));
    expect(cover!.imageCover).toBe('demo-eg-ts-1001-front.webp');
    const ordered = await database.db.selectDistinct({ imageCover: orderItems.imageCover }).from(orderItems);
    expect(ordered.every((row) => row.imageCover.startsWith('demo-'))).toBe(true);

    const pictures = await findMissingPictures(database.db, store);
    // Every picture of 10 categories and 118 products, in two parts each: card and thumbnail, zoom.
    expect(pictures.waiting).toBe(2 * (10 + (await productPictureCount())));
  });

  it('draws a picture asked for before its turn, in the sizes the pages use', async () => {
    const pictures = await findMissingPictures(database.db, store);
    const before = pictures.waiting;
    await pictures.drawRequested('/products/demo-eg-ts-1001-front-zoom.webp?v=1');
    await pictures.drawRequested('/categories/demo-tshirt-thumb.webp');
    await pictures.drawRequested('/products/not-a-demo-picture.webp');
    expect(pictures.waiting).toBe(before - 2);

    const size = async (folder: string, name: string) => {
      const meta = await sharp(file(folder, name)).metadata();
      return [meta.format, meta.width, meta.height];
    };
    expect(await size('products', 'demo-eg-ts-1001-front-zoom.webp')).toEqual(['webp', 1200, 1800]);
    expect(await size('categories', 'demo-tshirt.webp')).toEqual(['webp', 417, 555]);
    expect(await size('categories', 'demo-tshirt-thumb.webp')).toEqual(['webp', 150, 200]);
    expect(existsSync(file('products', 'demo-eg-ts-1001-front.webp'))).toBe(false);

    const { channels } = await sharp(file('products', 'demo-eg-ts-1001-front-zoom.webp')).stats();
    // A drawing, not an empty canvas.
    expect(Math.max(...channels.map((channel) => channel.max - channel.min))).toBeGreaterThan(100);
  });

  it('are finished by a later start when a start was stopped while drawing', async () => {
    const first = await findMissingPictures(database.db, store);
    const waiting = first.waiting;
    let checks = 0;
    const stopAfterThree = {
      get aborted() {
        return ++checks > 3;
      },
    } as AbortSignal;
    await first.drawAll({ concurrency: 1, signal: stopAfterThree });
    // A kill while writing left a partial file behind.
    writeFileSync(file('products', '.demo-eg-ts-1002-front.webp.partial'), 'cut short');

    const next = await findMissingPictures(database.db, store);
    expect(next.waiting).toBe(waiting - 3);
    expect(readdirSync(path.join(root, 'products')).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('of a deleted product are drawn only where an order still shows its cover', async () => {
    // Products none of whose pictures the tests above drew.
    const pick = async (ordered: boolean) => {
      const [row] = await database.db
        .select({ id: products.id, others: products.images })
        .from(products)
        .where(sql`${products.imageCover} ${sql.raw(ordered ? 'in' : 'not in')} (select ${orderItems.imageCover} from ${orderItems}) and ${products.barcode} <> 'EG-TS-1001'`)
        .limit(1);
      return row!;
    };
    const unordered = await pick(false);
    const ordered = await pick(true);
    const before = (await findMissingPictures(database.db, store)).waiting;
    await deleteProduct(database.db, store, unordered.id);
    await deleteProduct(database.db, store, ordered.id);
    const after = (await findMissingPictures(database.db, store)).waiting;
    // Two parts a picture: all of the unordered product's go, the ordered one keeps its cover.
    expect(after).toBe(before - 2 * (1 + unordered.others.length) - 2 * ordered.others.length);
  });
});

describe('the demo products in colours', () => {
  beforeAll(async () => {
    await emptyShop();
    await seedDemo(database.db, store, { dataDir });
  });

  const coloured = async () => {
    const rows = await database.db
      .selectDistinct({ id: products.id, barcode: products.barcode })
      .from(products)
      .innerJoin(productColors, eq(productColors.productId, products.id))
      .orderBy(products.barcode);
    return Promise.all(rows.map((row) => getProduct(database.db, row.id)));
  };

  it('are a few, each in two or three colours with a swatch, and the others keep one colour', async () => {
    const found = await coloured();
    expect(found.map((p) => [p.barcode, p.title, p.colors.map((c) => [c.name, c.hex])])).toEqual([
      ['EG-JK-1006', 'جاكيت كاروه مبطن', [['جملي', '#b48a5a'], ['رمادي', '#7d828a']]],
      ['EG-KD-1012', 'طقم أطفال كاجوال للخروج', [['نبيتي', '#6d1f2f'], ['كحلي', '#1f2a44'], ['مستردة', '#d1a12a']]],
      ['EG-SR-1007', 'شورت قطن مقلم صيفي', [['كريمي', '#efe6d2'], ['لبني', '#a9cfe8']]],
      ['EG-SW-1005', 'سويتشيرت مقلم رجالي', [['كحلي', '#1f2a44'], ['نبيتي', '#6d1f2f'], ['أخضر', '#2e6b4f']]],
    ]);
    const [one] = await database.db.select({ id: products.id }).from(products).where(eq(products.barcode, 'EG-TS-1001'));
    const plain = await getProduct(database.db, one!.id);
    expect(plain.colors).toEqual([]);
    expect(plain.stock.every((pair) => pair.color === undefined)).toBe(true);
  });

  it('give each colour its own pictures among the product\'s, and its pieces of every size, which demo orders took from', async () => {
    let orderedLines = 0;
    for (const product of await coloured()) {
      const seeded = seedProducts.find((item) => item.barcode === product.barcode)!;
      const code = product.barcode.toLowerCase();
      expect(product.imageCover).toBe(`demo-${code}-front.webp`);
      expect(product.images).toEqual(product.colors.flatMap((c) => c.images));
      for (const colour of product.colors) {
        expect(colour.images).toEqual([`demo-${code}-${colour.hex.slice(1)}-front.webp`, `demo-${code}-${colour.hex.slice(1)}-back.webp`]);
      }
      // The stock as the catalogue gives it, less the pieces of the demo orders, colour then size.
      const ordered = await database.db
        .select({ colorName: orderItems.colorName, size: orderItems.size, count: orderItems.count, status: orders.status })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(eq(orderItems.productId, product.id));
      expect(ordered.every((line) => line.colorName !== null)).toBe(true);
      orderedLines += ordered.length;
      const taken = (name: string, size: string) =>
        ordered.filter((l) => l.colorName === name && l.size === size && !['cancelled', 'refused'].includes(l.status)).reduce((sum, l) => sum + l.count, 0);
      expect(product.stock).toEqual(
        seeded.colours!.flatMap((colour) => product.availableSizes.map((size) => ({ color: colour.name, size, quantity: colour.stock[size]! - taken(colour.name, size) }))),
      );
      expect(product.quantity).toBe(product.stock.reduce((sum, pair) => sum + pair.quantity, 0));
      // Each has a pair sold out, for the page to show.
      expect(product.stock.some((pair) => pair.quantity === 0)).toBe(true);
    }
    // The orders pages and the dashboard show lines in a colour.
    expect(orderedLines).toBeGreaterThan(0);
  });

  it('have their colour pictures drawn in their own colour', async () => {
    const [sweatshirt] = (await coloured()).filter((p) => p.barcode === 'EG-SW-1005');
    const pictures = await findMissingPictures(database.db, store);
    const warmth = async (name: string) => {
      await pictures.drawRequested(`/products/${name}`);
      const { channels } = await sharp(path.join(root, 'products', name)).stats();
      return channels[0]!.mean - channels[2]!.mean;
    };
    const [navy, burgundy] = sweatshirt!.colors;
    // Burgundy is far redder than navy, which is bluer than red.
    expect(await warmth(burgundy!.images[0]!)).toBeGreaterThan((await warmth(navy!.images[0]!)) + 10);
  });
});

async function productPictureCount(): Promise<number> {
  const rows = await database.db.select({ images: products.images }).from(products);
  return rows.reduce((sum, row) => sum + 1 + row.images.length, 0);
}
