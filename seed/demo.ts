/**
 * The demo shop: categories and products with locally drawn garment photos, an admin and
 * customers, and some orders and reviews so the pages and the dashboard are not empty.
 * Everything goes through core/, exactly as the API would do it, in one transaction: a seed
 * stopped part-way leaves the database empty, and the next start seeds it again. The rows name
 * their pictures; pictures.ts draws them.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { GOVERNORATES, type OrderStatus } from '../contracts/index.ts';
import { hashPassword, login } from '../core/accounts/auth.ts';
import { createCategory } from '../core/catalogue/categories.ts';
import { AppError } from '../core/shared/errors.ts';
import type { ImageStore } from '../core/catalogue/images.ts';
import { cancelOwnOrder, togglePaid } from '../core/orders/order-lifecycle.ts';
import type { Product } from '../core/catalogue/products.ts';
import { createReview } from '../core/catalogue/reviews.ts';
import type { Db } from '../db/client.ts';
import { makePrivateDir } from '../db/private-files.ts';
import { categories, orders, orderStatusHistory, productColors, products, reviews, users } from '../db/schema.ts';
import { seedCategories, seedProducts, type SeedProduct } from './catalogue.ts';
import { addAccount, addProduct, orderThroughCart, walkOrderTo } from './factories.ts';
import { categoryPictureName, colourPictureNames, productPictureNames, removeDemoPictures } from './pictures.ts';

/**
 * The demo admin and customer. Their passwords are made at random by each seed and kept in
 * DEMO_ACCOUNTS_FILE in the data folder (the database holds only their hashes); `npm start`
 * prints them from there.
 */
export const DEMO_ACCOUNTS = [
  { key: 'admin', label: 'Admin', name: 'مدير المتجر', phone: '01000000001', role: 'admin' },
  { key: 'customer', label: 'Customer', name: 'أحمد محمود', phone: '01000000002', role: 'user' },
] as const;

type DemoAccountKey = (typeof DEMO_ACCOUNTS)[number]['key'];

/** A demo account's phone and password, as kept in the data folder and printed by `npm start`. */
export interface DemoCredentials {
  label: string;
  phone: string;
  password: string;
}

/** The file in the data folder with the demo accounts' passwords, readable by its owner only. */
export const DEMO_ACCOUNTS_FILE = 'demo-accounts.json';

export const demoAccountsPath = (dataDir: string) => path.join(dataDir, DEMO_ACCOUNTS_FILE);

/** A new demo password: 24 random URL-safe characters (144 bits). */
/** An area in each of the first six governorates (GOVERNORATES' order), for the demo orders' addresses. */
const DEMO_DISTRICTS = ['مدينة نصر', 'الدقي', 'سيدي جابر', 'بنها', 'الزقازيق', 'المنصورة'] as const;

const newDemoPassword = () => randomBytes(18).toString('base64url');

/**
 * Writes the demo accounts' file as `{"admin": {"phone", "password"}, "customer": {...}}`, mode
 * 0600 in the data folder made 0700, through a file of its own renamed into place: a reader
 * never finds half of it, and a file left from an earlier seed (whatever its mode) is replaced whole.
 */
function writeDemoAccounts(dataDir: string, credentials: DemoCredentials[]): void {
  makePrivateDir(dataDir);
  const file = demoAccountsPath(dataDir);
  const partial = `${file}.${process.pid}.partial`;
  const kept = Object.fromEntries(DEMO_ACCOUNTS.map((account, i) => [account.key, { phone: account.phone, password: credentials[i]!.password }]));
  try {
    writeFileSync(partial, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 });
    // The mode given to writeFileSync passes through the umask; this one does not.
    chmodSync(partial, 0o600);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
}

/** The passwords kept in the data folder by account, or undefined when the file is missing or unreadable. */
function readDemoAccounts(dataDir: string): Map<DemoAccountKey, string> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(demoAccountsPath(dataDir), 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const passwords = new Map<DemoAccountKey, string>();
  for (const account of DEMO_ACCOUNTS) {
    const entry: unknown = (parsed as Record<string, unknown>)[account.key];
    const password: unknown = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>).password : undefined;
    if (typeof password === 'string' && password !== '') passwords.set(account.key, password);
  }
  return passwords;
}

const CUSTOMERS = [
  'محمد علي',
  'مصطفى حسن',
  'ياسمين عادل',
  'عمر خالد',
  'منى إبراهيم',
  'كريم سامي',
  'سارة فؤاد',
  'محمود عبد الله',
];

const REVIEW_TEXTS: [number, string][] = [
  [5, 'الخامة ممتازة والمقاس مظبوط جداً، هشتري تاني أكيد'],
  [4.5, 'جميل جداً والتوصيل كان سريع، اللون زي الصورة بالظبط'],
  [4, 'كويس بالنسبة للسعر، بس كنت متوقع القماش أتقل شوية'],
  [5, 'ابني مبسوط بيه جداً، مريح وبيستحمل الغسيل'],
  [3.5, 'المقاس طالع صغير شوية، اطلب مقاس أكبر من مقاسك'],
  [4.5, 'شغل محترم وتقفيل كويس، أنصح بيه'],
  [3, 'حلو بس اللون أفتح من الصورة شوية'],
];

/** True when the database has no accounts and no products. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  // One query after the other: inside a transaction, its one connection takes one at a time.
  for (const table of [users, products]) {
    if ((await db.select({ found: sql`1` }).from(table).limit(1)).length > 0) return false;
  }
  return true;
}

/** That many days back at about `hour` UTC, but never later than now: a seeded order from the future would top every list. */
const daysAgo = (days: number, hour = 12) => {
  const now = new Date();
  const d = new Date(now);
  d.setUTCDate(d.getUTCDate() - days);
  d.setUTCHours(hour, (days * 7) % 60, 0, 0);
  return d < now ? d : new Date(now.getTime() - 60_000);
};

/** A product's colours and their pieces, as the admin's form sends them: each colour's pictures by their place among `others`. */
function colourFields(item: SeedProduct, others: string[]) {
  if (!item.colours) return {};
  const pictures = colourPictureNames(item);
  return {
    colors: item.colours.map((colour, k) => ({ name: colour.name, hex: colour.hex, images: pictures[k]!.map((name) => others.indexOf(name)) })),
    stock: Object.fromEntries(item.colours.map((colour) => [colour.name, colour.stock])),
  };
}

async function createSeedProduct(db: Db, store: ImageStore, item: SeedProduct, categoryId: string, standIn: Buffer): Promise<Product> {
  const [cover, ...others] = productPictureNames(item);
  const { title, description, price, priceAfterDiscount, quantity, age, season, availableSizes, barcode, sale } = item;
  const product = await addProduct(
    db,
    store,
    categoryId,
    { title, description, price, priceAfterDiscount, quantity, age, season, availableSizes, barcode, sale, availability: item.available, ...colourFields(item, others) },
    { imageCover: standIn, images: others.map(() => standIn) },
  );
  const createdAt = daysAgo(item.daysAgo);
  await db.update(products).set({ imageCover: cover!, images: others, createdAt, updatedAt: createdAt }).where(eq(products.id, product.id));
  // The colours name the stand-ins' files too: each gets its own pictures' names, in the same places.
  const colors = product.colors.map((colour) => ({ ...colour, images: colour.images.map((file) => others[product.images.indexOf(file)]!) }));
  for (const colour of colors) await db.update(productColors).set({ images: colour.images }).where(eq(productColors.id, colour.id));
  return { ...product, imageCover: cover!, images: others, colors };
}

export interface SeedOptions {
  /** The data folder, where the demo accounts' passwords are kept (DEMO_ACCOUNTS_FILE). */
  dataDir: string;
  /** Stops the seed between two steps; nothing it wrote is kept. */
  signal?: AbortSignal;
}

/**
 * The transaction-level advisory lock every seed takes before its first row: a second seed
 * waits until the first one's rows are in (or rolled back), then sees them.
 */
export const SEED_LOCK = 720_240_002;

/**
 * Fills an empty database with the demo shop's rows, all or none, and gives the demo accounts
 * new random passwords, kept in the data folder once the rows are in. Returns those passwords.
 * Its pictures are not drawn here: findMissingPictures (pictures.ts) draws them.
 */
export async function seedDemo(db: Db, store: ImageStore, options: SeedOptions): Promise<DemoCredentials[]> {
  return (await seed(db, store, options, { onlyIfEmpty: false }))!;
}

/**
 * seedDemo on a database with no accounts and no products, looked at under SEED_LOCK: of
 * processes starting at once on one database, the first seeds and the others find its shop and
 * get undefined (the passwords are in the first one's data folder).
 */
export function seedDemoIfEmpty(db: Db, store: ImageStore, options: SeedOptions): Promise<DemoCredentials[] | undefined> {
  return seed(db, store, options, { onlyIfEmpty: true });
}

async function seed(db: Db, store: ImageStore, options: SeedOptions, { onlyIfEmpty }: { onlyIfEmpty: boolean }): Promise<DemoCredentials[] | undefined> {
  const { dataDir, signal } = options;
  // PGlite answers queries without ever yielding to the event loop, so a Ctrl-C would be heard
  // only once the seed is over (and tsx kills a child that does not answer a signal at once):
  // every step lets the loop run first.
  const step = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    signal?.throwIfAborted();
  };
  // createCategory and createProduct check an upload is an image; the deferring store keeps it
  // from being encoded or written, and the seed names the real pictures itself.
  const deferred: ImageStore = { ...store, deferWrites: true };
  const standIn = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } }).png().toBuffer();
  const credentials: DemoCredentials[] = DEMO_ACCOUNTS.map((account) => ({ label: account.label, phone: account.phone, password: newDemoPassword() }));
  const [customerHash, ...accountHashes] = await Promise.all([
    hashPassword(newDemoPassword()),
    ...credentials.map((account) => hashPassword(account.password)),
  ]);
  await step();

  const summary = await db.transaction(async (tx) => {
    // Waiting for another process's seed may take longer than a statement is allowed.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (onlyIfEmpty && !(await isDatabaseEmpty(tx))) return undefined;
    await removeDemoPictures(store);
    const categoryIds = new Map<string, string>();
    for (const category of seedCategories) {
      await step();
      const created = await createCategory(tx, deferred, { name: category.name, image: standIn });
      await tx.update(categories).set({ image: categoryPictureName(category) }).where(eq(categories.id, created.id));
      categoryIds.set(category.key, created.id);
    }
    const created: Product[] = [];
    for (const item of seedProducts) {
      await step();
      created.push(await createSeedProduct(tx, deferred, item, categoryIds.get(item.categoryKey)!, standIn));
    }

    const accountIds: string[] = [];
    let adminId = '';
    for (const [i, account] of DEMO_ACCOUNTS.entries()) {
      const row = await addAccount(tx, { name: account.name, phone: account.phone, role: account.role, passwordHash: accountHashes[i]!, createdAt: daysAgo(90) });
      if (account.role === 'user') accountIds.push(row.id);
      else adminId = row.id;
    }
    const admin = { id: adminId, role: 'admin' as const };
    for (const [i, name] of CUSTOMERS.entries()) {
      const row = await addAccount(tx, { name, phone: `0111000000${i}`, passwordHash: customerHash!, createdAt: daysAgo(80 - i * 9) });
      accountIds.push(row.id);
    }

    const buyable = created.filter((p) => p.availability && p.quantity >= 10);
    let placed = 0;
    for (let i = 0; i < 24; i++) {
      await step();
      const userId = accountIds[i % accountIds.length]!;
      const picks = [buyable[(i * 7) % buyable.length]!, buyable[(i * 11 + 3) % buyable.length]!].slice(0, 1 + (i % 2));
      const order = await orderThroughCart(
        tx,
        userId,
        picks.map((product) => {
          const size = product.availableSizes[i % product.availableSizes.length]!;
          // A product with colours is ordered in one that had pieces of that size.
          const colours = product.stock.filter((pair) => pair.color !== undefined && pair.size === size && pair.quantity > 0);
          return { productId: product.id, size, colorName: colours[i % Math.max(1, colours.length)]?.color };
        }),
        { details: `${10 + i} شارع النصر، الدور ${1 + (i % 5)}`, district: DEMO_DISTRICTS[i % 6]!, phone: `0122000000${i % 10}`, shippingCity: GOVERNORATES[i % 6]! },
      );
      const when = daysAgo(Math.floor(i * 1.2), 9 + (i % 9));
      await tx.update(orders).set({ createdAt: when, updatedAt: when }).where(eq(orders.id, order.id));
      // The newest few are still on their way; one was cancelled by its customer and one refused at the door.
      const status: OrderStatus = i < 3 ? 'pending' : i < 5 ? 'confirmed' : i === 5 ? 'shipped' : i === 6 ? 'refused' : i === 7 ? 'cancelled' : 'delivered';
      if (status === 'cancelled') await cancelOwnOrder(tx, order.id, { id: userId, role: 'user' });
      else await walkOrderTo(tx, order.id, status, admin);
      if (i >= 9) await togglePaid(tx, order.id);
      // Each step some hours after the last, from the order's own day.
      const history = await tx.select({ id: orderStatusHistory.id }).from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id)).orderBy(asc(orderStatusHistory.seq));
      for (const [k, entry] of history.entries()) {
        const at = new Date(Math.min(when.getTime() + k * 7 * 3_600_000, Date.now() - 60_000));
        await tx.update(orderStatusHistory).set({ createdAt: at }).where(eq(orderStatusHistory.id, entry.id));
        if (k === history.length - 1 && status === 'delivered') {
          await tx.update(orders).set({ deliveredAt: at, ...(i >= 9 && { paidAt: at }) }).where(eq(orders.id, order.id));
        }
      }
      placed++;
    }

    let written = 0;
    for (const [i, product] of created.entries()) {
      if (i % 3 !== 0) continue;
      await step();
      for (let k = 0; k < 1 + (i % 3); k++) {
        const [rating, text] = REVIEW_TEXTS[(i + k) % REVIEW_TEXTS.length]!;
        await createReview(tx, accountIds[(i + k) % accountIds.length]!, product.id, { rating, review: text });
        written++;
      }
    }
    await tx.update(reviews).set({ createdAt: sql`${reviews.createdAt} - (random() * interval '20 days')` });
    await step();
    return `${seedCategories.length} categories, ${created.length} products, ${accountIds.length + 1} accounts, ${placed} orders, ${written} reviews`;
  });
  if (summary === undefined) return undefined;
  // Written only once the rows are in: a seed that failed or lost a race to another process
  // leaves the passwords of the accounts that exist.
  writeDemoAccounts(dataDir, credentials);
  console.log(`Demo shop: ${summary}.`);
  return credentials;
}

export interface DemoAccountsFound {
  /** The demo accounts whose kept password still logs them in with their role: what `npm start` prints. */
  accounts: DemoCredentials[];
  /** Demo accounts are in the database but the data folder keeps no passwords for them. */
  passwordsMissing: boolean;
}

/**
 * The demo accounts `npm start` may print, with the passwords kept in the data folder. None on
 * a shop that never had the demo, or whose owner changed their passwords.
 */
export async function findDemoAccounts(db: Db, dataDir: string): Promise<DemoAccountsFound> {
  const kept = readDemoAccounts(dataDir);
  if (!kept) {
    const rows = await db
      .select({ phone: users.phone, role: users.role })
      .from(users)
      .where(inArray(users.phone, DEMO_ACCOUNTS.map((account) => account.phone)));
    const present = DEMO_ACCOUNTS.some((account) => rows.some((row) => row.phone === account.phone && row.role === account.role));
    return { accounts: [], passwordsMissing: present };
  }
  const found = await Promise.all(
    DEMO_ACCOUNTS.map(async (account): Promise<DemoCredentials | undefined> => {
      const password = kept.get(account.key);
      if (password === undefined) return undefined;
      return login(db, { phone: account.phone, password }).then(
        (user) => (user.role === account.role ? { label: account.label, phone: account.phone, password } : undefined),
        (error: unknown) => {
          if (error instanceof AppError && error.status === 401) return undefined;
          throw error;
        },
      );
    }),
  );
  return { accounts: found.filter((account) => account !== undefined), passwordsMissing: false };
}

/** The lines `npm start` and `npm run seed` print for the demo accounts that log in. */
export function demoAccountLines(accounts: DemoCredentials[], dataDir: string): string[] {
  return [
    `Demo accounts (local demo data only; kept in ${demoAccountsPath(dataDir)}):`,
    ...accounts.map((account) => `  ${account.label}: phone ${account.phone}, password ${account.password}`),
  ];
}
