/**
 * The demo shop: categories and products with locally drawn garment photos, an admin and
 * customers, and some orders and reviews so the pages and the dashboard are not empty.
 * Everything goes through core/, exactly as the API would do it.
 */
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { GOVERNORATES, type ProductFields } from '../../contracts/index.ts';
import { hashPassword } from '../../core/auth.ts';
import { addToCart, getCart } from '../../core/cart.ts';
import { createCategory } from '../../core/categories.ts';
import type { ImageStore } from '../../core/images.ts';
import { placeOrder, toggleDelivered, togglePaid } from '../../core/orders.ts';
import { createProduct, type Product } from '../../core/products.ts';
import { createReview } from '../../core/reviews.ts';
import type { Db } from '../client.ts';
import { orders, products, reviews, users } from '../schema.ts';
import { seedCategories, seedProducts, type SeedProduct } from './catalogue.ts';
import { drawCategoryTile, drawGarment } from './garments.ts';

/** Local demo credentials, printed by `npm start` and listed in README. */
export const DEMO_ACCOUNTS = [
  { label: 'Admin', name: 'مدير المتجر', phone: '01000000001', password: 'admin-demo-2024', role: 'admin' as const },
  { label: 'Customer', name: 'أحمد محمود', phone: '01000000002', password: 'customer-demo-2024', role: 'user' as const },
];

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

async function renderPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 3 }).toBuffer();
}

/** Runs `work` over `items`, `limit` at a time, keeping the order of the results. */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  });
  await Promise.all(workers);
  return results;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [[u], [p]] = await Promise.all([db.select({ n: count() }).from(users), db.select({ n: count() }).from(products)]);
  return (u?.n ?? 0) === 0 && (p?.n ?? 0) === 0;
}

/** That many days back at about `hour` UTC, but never later than now: a seeded order from the future would top every list. */
const daysAgo = (days: number, hour = 12) => {
  const now = new Date();
  const d = new Date(now);
  d.setUTCDate(d.getUTCDate() - days);
  d.setUTCHours(hour, (days * 7) % 60, 0, 0);
  return d < now ? d : new Date(now.getTime() - 60_000);
};

async function createSeedProduct(db: Db, store: ImageStore, item: SeedProduct, categoryId: string): Promise<Product> {
  const views = (['front', 'back', 'detail'] as const).slice(0, Math.max(1, Math.min(3, item.images)));
  const [cover, ...others] = await Promise.all(
    views.map((view) => renderPng(drawGarment(item.garment, { colour: item.colour, accent: item.accent, pattern: item.pattern, view }))),
  );
  const fields: ProductFields = {
    title: item.title,
    description: item.description,
    category: categoryId,
    price: item.price,
    priceAfterDiscount: item.priceAfterDiscount,
    quantity: item.quantity,
    age: item.age,
    season: item.season,
    availableSizes: item.availableSizes,
    barcode: item.barcode,
    sale: item.sale,
    availability: item.available,
  };
  const product = await createProduct(db, store, fields, { imageCover: cover, images: others });
  const createdAt = daysAgo(item.daysAgo);
  await db.update(products).set({ createdAt, updatedAt: createdAt }).where(eq(products.id, product.id));
  return product;
}

/** Fills an empty database with the demo shop. */
export async function seedDemo(db: Db, store: ImageStore): Promise<void> {
  const categoryIds = new Map<string, string>();
  for (const category of seedCategories) {
    const created = await createCategory(db, store, { name: category.name, image: await renderPng(drawCategoryTile(category.garment, category.colour)) });
    categoryIds.set(category.key, created.id);
  }
  const created = await mapLimited(seedProducts, 2, (item) => createSeedProduct(db, store, item, categoryIds.get(item.categoryKey)!));

  const passwordHashes = new Map<string, string>();
  const accountIds: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    passwordHashes.set(account.phone, await hashPassword(account.password));
    const [row] = await db
      .insert(users)
      .values({ name: account.name, phone: account.phone, role: account.role, passwordHash: passwordHashes.get(account.phone)!, createdAt: daysAgo(90) })
      .returning({ id: users.id });
    if (account.role === 'user') accountIds.push(row!.id);
  }
  const customerHash = await hashPassword(`demo-${Date.now()}-${Math.random()}`);
  for (const [i, name] of CUSTOMERS.entries()) {
    const [row] = await db
      .insert(users)
      .values({ name, phone: `0111000000${i}`, passwordHash: customerHash, createdAt: daysAgo(80 - i * 9) })
      .returning({ id: users.id });
    accountIds.push(row!.id);
  }

  const buyable = created.filter((p) => p.availability && p.quantity >= 10);
  let placed = 0;
  for (let i = 0; i < 24; i++) {
    const userId = accountIds[i % accountIds.length]!;
    const picks = [buyable[(i * 7) % buyable.length]!, buyable[(i * 11 + 3) % buyable.length]!].slice(0, 1 + (i % 2));
    for (const product of picks) await addToCart(db, userId, { productId: product.id, size: product.availableSizes[i % product.availableSizes.length]! });
    const cart = await getCart(db, userId);
    const { order } = await placeOrder(db, {
      userId,
      cartId: cart.id!,
      shippingAddress: { details: `${10 + i} شارع النصر، الدور ${1 + (i % 5)}`, phone: `0122000000${i % 10}`, shippingCity: GOVERNORATES[i % 6]! },
    });
    const when = daysAgo(Math.floor(i * 1.2), 9 + (i % 9));
    await db.update(orders).set({ createdAt: when, updatedAt: when }).where(eq(orders.id, order.id));
    if (i >= 6) await toggleDelivered(db, order.id);
    if (i >= 9) await togglePaid(db, order.id);
    placed++;
  }

  let written = 0;
  for (const [i, product] of created.entries()) {
    if (i % 3 !== 0) continue;
    for (let k = 0; k < 1 + (i % 3); k++) {
      const [rating, text] = REVIEW_TEXTS[(i + k) % REVIEW_TEXTS.length]!;
      await createReview(db, accountIds[(i + k) % accountIds.length]!, product.id, { rating, review: text });
      written++;
    }
  }
  await db.update(reviews).set({ createdAt: sql`${reviews.createdAt} - (random() * interval '20 days')` });
  console.log(`Demo shop: ${seedCategories.length} categories, ${created.length} products, ${accountIds.length + 1} accounts, ${placed} orders, ${written} reviews.`);
}
