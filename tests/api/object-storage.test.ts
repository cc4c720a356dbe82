/**
 * Images in a bucket (S3_BUCKET): written there with their type and cache lifetime and never
 * under the data folder, served by any process on the database, removed after their grace period
 * unless an order line names them, a 503 while the bucket is out of reach; IMAGES_PUBLIC_URL;
 * migrate-uploads. Against s3rver, a real S3-speaking server checking SigV4 signatures.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { removeDueImages } from '../../core/catalogue/image-removals.ts';
import { IMAGE_CACHE_CONTROL } from '../../contracts/index.ts';
import { imageVariantNames, localImageStore, openImageStore, storeImages, type ImageStore } from '../../core/catalogue/images.ts';
import { STORAGE_RETRY_AFTER_SECONDS } from '../../core/catalogue/s3-images.ts';
import { categories, imageRemovals, products } from '../../db/schema.ts';
import { migrateUploads } from '../../scripts/migrate-uploads.ts';
import { seedCategories } from '../../seed/catalogue.ts';
import { categoryPictureName, findMissingPictures, removeDemoPictures } from '../../seed/pictures.ts';
import { buildApp } from '../../server/app.ts';
import { createAccount, createCategoryFixture, createProductFixture, makePng, placeOrderFixture, type Account } from '../fixtures/factories.ts';
import { createTestApp, TEST_SECRET, type TestApp } from '../helpers/app.ts';
import { afterGracePeriod, multipart, variantFiles, type FilePart } from '../helpers/multipart.ts';
import { startS3Server, type TestS3Server } from '../helpers/s3-server.ts';

let s3: TestS3Server;
let bucket: ImageStore;
let t: TestApp;
let admin: Account;
let categoryId: string;

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = await openImageStore({ uploadsDir: '/nonexistent', s3: s3.settings });
  t = await createTestApp({ images: bucket });
  admin = await createAccount(t.db, 'admin');
  categoryId = (await createCategoryFixture(t.db, bucket)).id;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const coverPart = async (colour = '#224466'): Promise<FilePart> => ({ field: 'imageCover', data: await makePng(colour) });

async function postProduct(app: FastifyInstance, title: string, files: FilePart[]) {
  const fields = { title, description: 'قميص قطن', category: categoryId, price: '300', quantity: '4', age: 'رجال', season: 'صيف', availableSizes: ['m'], barcode: `SH-${title.length}-${Date.now()}` };
  const body = await multipart(fields, files);
  return app.inject({ method: 'POST', url: '/api/v1/products', headers: { ...body.headers, ...admin.headers }, payload: body.payload });
}

async function putCover(id: string, colour: string) {
  const body = await multipart({}, [await coverPart(colour)]);
  return t.app.inject({ method: 'PUT', url: `/api/v1/products/${id}`, headers: { ...body.headers, ...admin.headers }, payload: body.payload });
}

const productCount = async () => (await t.db.select({ n: count() }).from(products))[0]!.n;

describe('an admin uploading a product picture with S3_BUCKET set', () => {
  it('puts every size in the bucket as WebP with a year-long immutable lifetime, and nothing under the data folder', async () => {
    const res = await postProduct(t.app, 'قميص في الحاوية', [await coverPart()]);
    expect(res.statusCode, res.body).toBe(201);
    const cover: string = res.json().data.imageCover;
    for (const file of variantFiles(cover)) {
      expect(await s3.head(`products/${file}`)).toMatchObject({ contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' });
    }
    expect(await readdir(t.uploadsDir)).toEqual([]);
  });

  it('is served by a second app on the same database and bucket, with its type, lifetime and ETag', async () => {
    const cover: string = (await postProduct(t.app, 'قميص لعملية أخرى', [await coverPart('#aa3300')])).json().data.imageCover;
    const otherFolder = await mkdtemp(path.join(tmpdir(), 'store-uploads-'));
    const other = await buildApp({ db: t.db, uploadsDir: otherFolder, images: await openImageStore({ uploadsDir: otherFolder, s3: s3.settings }), jwtSecret: TEST_SECRET, storeUrl: 'http://localhost:3000', authRateLimit: 1000 });
    try {
      const res = await other.inject({ method: 'GET', url: `/products/${cover}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe(IMAGE_CACHE_CONTROL);
      expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      const again = await other.inject({ method: 'GET', url: `/products/${cover}`, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
      const zoom = await other.inject({ method: 'GET', url: `/products/${imageVariantNames(cover).zoom}` });
      expect(zoom.statusCode).toBe(200);
      expect(await readdir(otherFolder)).toEqual([]);
    } finally {
      await other.close();
      await rm(otherFolder, { recursive: true, force: true });
    }
  });

  it('answers a picture the bucket does not have with the same 404 as a shop on its local disk', async () => {
    const local = await createTestApp();
    try {
      const fromBucket = await t.app.inject({ method: 'GET', url: '/products/p-missing.webp' });
      const fromDisk = await local.app.inject({ method: 'GET', url: '/products/p-missing.webp' });
      expect(fromBucket.statusCode).toBe(404);
      expect(fromBucket.statusCode).toBe(fromDisk.statusCode);
      expect(fromBucket.json()).toEqual(fromDisk.json());
      expect((await t.app.inject({ method: 'GET', url: '/categories/.hidden.webp' })).statusCode).toBe(404);
    } finally {
      await local.close();
    }
  });
});

describe('the demo shop\'s pictures with S3_BUCKET set', () => {
  it('are drawn into the bucket, found there by a later start, and removed from it with the demo', async () => {
    const name = categoryPictureName(seedCategories[0]!);
    const category = await createCategoryFixture(t.db, bucket, 'تصنيف العرض');
    await t.db.update(categories).set({ image: name }).where(eq(categories.id, category.id));
    const pictures = await findMissingPictures(t.db, bucket);
    expect(pictures.waiting).toBe(2);
    await pictures.drawAll({ concurrency: 2 });
    for (const file of variantFiles(name)) expect(await s3.head(`categories/${file}`)).toMatchObject({ contentType: 'image/webp', cacheControl: IMAGE_CACHE_CONTROL });
    expect((await t.app.inject({ method: 'GET', url: `/categories/${name}` })).statusCode).toBe(200);
    expect((await findMissingPictures(t.db, bucket)).waiting).toBe(0);
    expect(await readdir(t.uploadsDir)).toEqual([]);

    await removeDemoPictures(bucket);
    for (const file of variantFiles(name)) expect(await s3.head(`categories/${file}`)).toBeUndefined();
    await t.db.delete(categories).where(eq(categories.id, category.id));
  });
});

describe('a replaced picture in the bucket', () => {
  it('stays through its grace period, then the sweep removes every size of it', async () => {
    const created = (await postProduct(t.app, 'قميص يتغير غلافه', [await coverPart('#113355')])).json().data;
    expect((await putCover(created._id, '#335511')).statusCode).toBe(200);
    expect(await removeDueImages(t.db, bucket)).toBe(0);
    for (const file of variantFiles(created.imageCover)) expect(await s3.head(`products/${file}`)).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: `/products/${created.imageCover}` })).statusCode).toBe(200);

    expect(await removeDueImages(t.db, bucket, afterGracePeriod())).toBeGreaterThanOrEqual(1);
    for (const file of variantFiles(created.imageCover)) expect(await s3.head(`products/${file}`)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: `/products/${created.imageCover}` })).statusCode).toBe(404);
    expect(await t.db.select().from(imageRemovals)).toEqual([]);
  });

  it('is kept while an order line names it', async () => {
    const customer = await createAccount(t.db, 'user');
    const product = await createProductFixture(t.db, bucket, { category: categoryId });
    await placeOrderFixture(t.db, customer.user.id, [{ product }]);
    expect((await putCover(product.id, '#551133')).statusCode).toBe(200);
    await removeDueImages(t.db, bucket, afterGracePeriod());
    for (const file of variantFiles(product.imageCover)) expect(await s3.head(`products/${file}`)).toBeDefined();
    expect(await t.db.select().from(imageRemovals)).toEqual([]);
  });
});

describe('IMAGES_PUBLIC_URL', () => {
  it('names the images at that address in the API and lets the pages load them from it', async () => {
    const cdn = await createTestApp({ images: bucket, imagesPublicUrl: 'https://images.example.net' });
    try {
      await createCategoryFixture(cdn.db, bucket, 'قمصان');
      const res = await cdn.app.inject({ method: 'GET', url: '/api/v1/categories' });
      expect(res.json().data[0].image).toMatch(/^https:\/\/images\.example\.net\/categories\/c-[\w-]+\.webp$/);
      expect(String(res.headers['content-security-policy'])).toMatch(/img-src 'self' data: blob: https:\/\/images\.example\.net;/);
      const own = await t.app.inject({ method: 'GET', url: '/api/v1/categories' });
      expect(own.json().data[0].image).toMatch(/^\/categories\//);
      expect(String(own.headers['content-security-policy'])).toMatch(/img-src 'self' data: blob:;/);
    } finally {
      await cdn.close();
    }
  });
});

describe('npm run migrate-uploads', () => {
  it('copies a local uploads folder to the bucket with the images\' type and lifetime, and copies nothing the second time', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'store-old-uploads-'));
    try {
      const local = localImageStore(folder);
      const [card] = await storeImages(local, 'categories', [await makePng('#ddaa00')]);
      expect(await migrateUploads(local, bucket)).toEqual({ copied: 3, skipped: 0 });
      for (const file of variantFiles(card!)) {
        expect(await s3.head(`categories/${file}`)).toMatchObject({ contentType: 'image/webp', cacheControl: IMAGE_CACHE_CONTROL });
      }
      const lines: string[] = [];
      expect(await migrateUploads(local, bucket, (line) => lines.push(line))).toEqual({ copied: 0, skipped: 3 });
      expect(lines).toEqual(['products: 0 copied, 0 already in the bucket', 'categories: 0 copied, 3 already in the bucket']);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('the bucket out of reach', () => {
  it('answers a picture and an upload with 503 and Retry-After, never 500, and stores nothing', async () => {
    const cover: string = (await postProduct(t.app, 'قميص قبل العطل', [await coverPart('#0a0a0a')])).json().data.imageCover;
    const before = await productCount();
    await s3.stop();
    try {
      const read = await t.app.inject({ method: 'GET', url: `/products/${cover}` });
      expect(read.statusCode).toBe(503);
      expect(read.headers['retry-after']).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
      expect(read.json()).toEqual({ status: 'error', message: MSG.serverError });

      const upload = await postProduct(t.app, 'قميص أثناء العطل', [await coverPart('#0b0b0b')]);
      expect(upload.statusCode).toBe(503);
      expect(upload.headers['retry-after']).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
      expect(upload.json()).toEqual({ status: 'error', message: MSG.serverError });
      expect(await productCount()).toBe(before);
    } finally {
      await s3.start();
    }
    expect((await t.app.inject({ method: 'GET', url: `/products/${cover}` })).statusCode).toBe(200);
  });
});
