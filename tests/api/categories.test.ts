import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { getCategory } from '../../core/catalogue/categories.ts';
import { removeDueImages } from '../../core/catalogue/image-removals.ts';
import { deleteProduct, refreshSearchText, updateProduct } from '../../core/catalogue/product-edits.ts';
import { categories } from '../../db/schema.ts';
import {
  createAccount,
  createCategoryFixture,
  createProductFixture,
  makeJpeg,
  makePng,
  UNKNOWN_ID,
  type Account,
} from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { afterGracePeriod, listUploads, multipart, variantFiles, type FilePart } from '../helpers/multipart.ts';

let t: TestApp;
let admin: Account;
let customer: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t.db, 'admin');
  customer = await createAccount(t.db, 'user');
});
afterAll(() => t.close());

/** Posts the form as `account` (the admin unless given; null for a guest). */
async function postCategory(fields: Record<string, string>, files: FilePart[], account: Account | null = admin) {
  const body = await multipart(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/v1/categories', headers: { ...body.headers, ...account?.headers }, payload: body.payload });
}

async function putCategoryForm(id: string, fields: Record<string, string>, files: FilePart[] = []) {
  const body = await multipart(fields, files);
  return t.app.inject({ method: 'PUT', url: `/api/v1/categories/${id}`, headers: { ...body.headers, ...admin.headers }, payload: body.payload });
}

const imagePart = async (colour = '#aa3355'): Promise<FilePart> => ({ field: 'image', data: await makePng(colour) });

async function categoryRow(name: string) {
  const [row] = await t.db.select().from(categories).where(eq(categories.name, name));
  return row;
}

describe('GET /api/v1/categories', () => {
  it('lists categories alphabetically with their product counts and image paths', async () => {
    const shirts = await createCategoryFixture(t.db, t.images, 'قمصان');
    const polos = await createCategoryFixture(t.db, t.images, 'بولو');
    await createProductFixture(t.db, t.images, { category: shirts.id });
    await createProductFixture(t.db, t.images, { category: shirts.id });

    const res = await t.app.inject({ method: 'GET', url: '/api/v1/categories' });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.paginationResult).toEqual({ currentPage: 1, limit: 100, numberOfPages: 1 });
    expect(json.results).toBe(json.data.length);
    const names = json.data.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort());
    expect(json.data).toEqual(
      expect.arrayContaining([
        { _id: shirts.id, name: 'قمصان', image: `/categories/${shirts.image}`, productsCount: 2 },
        { _id: polos.id, name: 'بولو', image: `/categories/${polos.image}`, productsCount: 0 },
      ]),
    );
  });

  it('counts every category on each page, and on a page past the last one', async () => {
    await createCategoryFixture(t.db, t.images, 'قسم للصفحات أ');
    await createCategoryFixture(t.db, t.images, 'قسم للصفحات ب');
    // A page of one category each: as many pages as categories.
    const pages = (await t.db.select({ id: categories.id }).from(categories)).length;
    const second = (await t.app.inject({ method: 'GET', url: '/api/v1/categories?limit=1&page=2' })).json();
    expect(second.paginationResult).toEqual({ currentPage: 2, limit: 1, numberOfPages: pages, prev: 1, ...(pages > 2 && { next: 3 }) });
    expect(second.results).toBe(1);
    const past = (await t.app.inject({ method: 'GET', url: `/api/v1/categories?limit=1&page=${pages + 1}` })).json();
    expect(past.paginationResult).toEqual({ currentPage: pages + 1, limit: 1, numberOfPages: pages, prev: pages });
    expect(past.data).toEqual([]);
  });
});

describe('productsCount', () => {
  it('follows products added, moved to another category and deleted', async () => {
    const from = await createCategoryFixture(t.db, t.images, 'عداد أول');
    const to = await createCategoryFixture(t.db, t.images, 'عداد ثان');
    const counts = async () => [(await getCategory(t.db, from.id)).productsCount, (await getCategory(t.db, to.id)).productsCount];
    const first = await createProductFixture(t.db, t.images, { category: from.id });
    await createProductFixture(t.db, t.images, { category: from.id });
    expect(await counts()).toEqual([2, 0]);
    await updateProduct(t.db, t.images, first.id, { category: to.id }, {});
    expect(await counts()).toEqual([1, 1]);
    await updateProduct(t.db, t.images, first.id, { title: 'عنوان آخر' }, {});
    expect(await counts()).toEqual([1, 1]);
    await deleteProduct(t.db, t.images, first.id);
    expect(await counts()).toEqual([1, 0]);
  });
});

describe('GET /api/v1/categories/{id}', () => {
  it('returns one category', async () => {
    const category = await createCategoryFixture(t.db, t.images, 'شورتات');
    await createProductFixture(t.db, t.images, { category: category.id });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/categories/${category.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { _id: category.id, name: 'شورتات', image: `/categories/${category.image}`, productsCount: 1 } });
  });

  it('answers an unknown id with 404 and a malformed one with 400 on the params', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: `/api/v1/categories/${UNKNOWN_ID}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'fail', message: MSG.categoryNotFound });
    const malformed = await t.app.inject({ method: 'GET', url: '/api/v1/categories/abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual([{ msg: MSG.invalidId, path: 'id', location: 'params' }]);
  });
});

describe('POST /api/v1/categories', () => {
  it('creates a category from a multipart name and image, stored as WebP', async () => {
    const res = await postCategory({ name: 'بناطيل' }, [await imagePart()]);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toEqual({ _id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'بناطيل', image: expect.stringMatching(/^\/categories\/[\w-]+\.webp$/), productsCount: 0 });
    const card = data.image.replace('/categories/', '');
    const files = await listUploads(t.images, 'categories');
    expect(files).toEqual(expect.arrayContaining(variantFiles(card)));
    expect(await categoryRow('بناطيل')).toMatchObject({ id: data._id, image: card });
  });

  it('serves the uploaded image at its path, as WebP with a long immutable cache lifetime', async () => {
    const created = (await postCategory({ name: 'جواكت' }, [{ field: 'image', data: await makeJpeg('#334455', 900, 1200), filename: 'photo.jpg', contentType: 'image/jpeg' }])).json().data;
    const res = await t.app.inject({ method: 'GET', url: created.image });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.rawPayload.toString('latin1', 0, 4)).toBe('RIFF');
    expect(res.rawPayload.toString('latin1', 8, 12)).toBe('WEBP');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 417, height: 555 });
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a category without an image and stores nothing', async () => {
    const before = await listUploads(t.images, 'categories');
    const res = await postCategory({ name: 'بلا صورة' }, []);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: MSG.categoryImageRequired, path: 'image', location: 'body' }]);
    expect(await categoryRow('بلا صورة')).toBeUndefined();
    expect(await listUploads(t.images, 'categories')).toEqual(before);
  });

  it('refuses a blank or missing name and stores nothing', async () => {
    const before = await listUploads(t.images, 'categories');
    for (const fields of [{ name: '   ' }, {}] as Record<string, string>[]) {
      const res = await postCategory(fields, [await imagePart()]);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ msg: MSG.categoryNameRequired, path: 'name', location: 'body' }]);
    }
    expect(await listUploads(t.images, 'categories')).toEqual(before);
  });

  it('refuses a name over 50 characters', async () => {
    const res = await postCategory({ name: 'ا'.repeat(51) }, [await imagePart()]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: MSG.categoryNameTooLong, path: 'name', location: 'body' }]);
  });

  it('refuses a name that is taken with an Arabic message, and stores no second image', async () => {
    expect((await postCategory({ name: 'هوديز' }, [await imagePart()])).statusCode).toBe(201);
    const before = await listUploads(t.images, 'categories');
    const res = await postCategory({ name: 'هوديز' }, [await imagePart('#000000')]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: MSG.categoryNameTaken, path: 'name', location: 'body' }]);
    expect(await t.db.select().from(categories).where(eq(categories.name, 'هوديز'))).toHaveLength(1);
    expect(await listUploads(t.images, 'categories')).toEqual(before);
  });

  it('refuses a file that is not an image with 415 and stores nothing', async () => {
    const before = await listUploads(t.images, 'categories');
    const res = await postCategory({ name: 'ملف نصي' }, [
      { field: 'image', data: Buffer.from('<html><body>not an image</body></html>'), filename: 'cat.png', contentType: 'image/png' },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.imageOnly });
    expect(await categoryRow('ملف نصي')).toBeUndefined();
    expect(await listUploads(t.images, 'categories')).toEqual(before);
  });
});

describe('PUT /api/v1/categories/{id}', () => {
  it('renames a category from a JSON body and keeps its image', async () => {
    const category = await createCategoryFixture(t.db, t.images, 'اسم قديم');
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/categories/${category.id}`, headers: admin.headers, payload: { name: 'اسم جديد' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ _id: category.id, name: 'اسم جديد', image: `/categories/${category.image}`, productsCount: 0 });
    expect(await categoryRow('اسم جديد')).toMatchObject({ id: category.id, image: category.image });
    expect(await listUploads(t.images, 'categories')).toEqual(expect.arrayContaining(variantFiles(category.image)));
  });

  it('renames a category from a multipart body with a name only', async () => {
    const category = await createCategoryFixture(t.db, t.images, 'ترنجات');
    const res = await putCategoryForm(category.id, { name: 'ترينجات' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'ترينجات', image: `/categories/${category.image}` });
    expect(await categoryRow('ترنجات')).toBeUndefined();
  });

  it('replaces the image and removes every file of the old one', async () => {
    const category = await createCategoryFixture(t.db, t.images, 'بيجامات');
    expect(await listUploads(t.images, 'categories')).toEqual(expect.arrayContaining(variantFiles(category.image)));
    const res = await putCategoryForm(category.id, {}, [await imagePart('#ffcc00')]);
    expect(res.statusCode).toBe(200);
    const card = res.json().data.image.replace('/categories/', '');
    expect(card).not.toBe(category.image);
    expect(res.json().data.name).toBe('بيجامات');
    expect((await t.app.inject({ method: 'GET', url: `/categories/${category.image}` })).statusCode).toBe(200);
    await removeDueImages(t.db, t.images, afterGracePeriod());
    const files = await listUploads(t.images, 'categories');
    expect(files).toEqual(expect.arrayContaining(variantFiles(card)));
    for (const old of variantFiles(category.image)) expect(files).not.toContain(old);
    expect((await t.app.inject({ method: 'GET', url: `/categories/${category.image}` })).statusCode).toBe(404);
  });

  it("finds a renamed category's products by the new name in search", async () => {
    const category = await createCategoryFixture(t.db, t.images, 'ملابس رياضية');
    const product = await createProductFixture(t.db, t.images, { category: category.id, title: 'طقم جري', description: 'طقم خفيف' });
    expect((await putCategoryForm(category.id, { name: 'ملابس كاجوال مريحة' })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/products?keyword=${encodeURIComponent('كاجوال مريحة')}` });
    expect(res.json().data.map((p: { _id: string }) => p._id)).toEqual([product.id]);
  });

  it("re-indexes every product of a renamed category, chunk by chunk, and no other category's", async () => {
    const category = await createCategoryFixture(t.db, t.images, 'ملابس بحر');
    const other = await createCategoryFixture(t.db, t.images, 'ملابس نوم');
    const ours = [];
    for (let i = 0; i < 5; i++) ours.push(await createProductFixture(t.db, t.images, { category: category.id, title: `شورت سباحة ${i}` }));
    await createProductFixture(t.db, t.images, { category: other.id, title: 'بيجامة قطن' });
    await t.db.update(categories).set({ name: 'ملابس مصيف' }).where(eq(categories.id, category.id));
    // Five products two at a time: three chunks, the last one short.
    await refreshSearchText(t.db, category.id, 2);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/products?keyword=${encodeURIComponent('مصيف')}` });
    expect(res.json().data.map((p: { _id: string }) => p._id).sort()).toEqual(ours.map((p) => p.id).sort());
  });

  it('refuses a name another category has, and changes nothing', async () => {
    await createCategoryFixture(t.db, t.images, 'أحذية');
    const category = await createCategoryFixture(t.db, t.images, 'صنادل');
    const res = await putCategoryForm(category.id, { name: 'أحذية' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: MSG.categoryNameTaken, path: 'name', location: 'body' }]);
    expect(await categoryRow('صنادل')).toMatchObject({ id: category.id });
  });

  it('refuses a blank name and keeps the old one', async () => {
    const category = await createCategoryFixture(t.db, t.images, 'كابات');
    const res = await putCategoryForm(category.id, { name: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: MSG.categoryNameRequired, path: 'name', location: 'body' }]);
    expect(await categoryRow('كابات')).toMatchObject({ id: category.id });
  });

  it('refuses a non-image replacement with 415 and keeps the old image', async () => {
    const category = await createCategoryFixture(t.db, t.images, 'شنط');
    const before = await listUploads(t.images, 'categories');
    const res = await putCategoryForm(category.id, {}, [{ field: 'image', data: Buffer.from('GIF89a but really text'), filename: 'x.gif', contentType: 'image/gif' }]);
    expect(res.statusCode).toBe(415);
    expect(await categoryRow('شنط')).toMatchObject({ image: category.image });
    expect(await listUploads(t.images, 'categories')).toEqual(before);
  });

  it('answers an unknown id with 404', async () => {
    const res = await putCategoryForm(UNKNOWN_ID, { name: 'أي اسم' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.categoryNotFound });
  });
});

describe('DELETE /api/v1/categories/{id}', () => {
  it('deletes an empty category and its image files', async () => {
    const category = await createCategoryFixture(t.db, t.images, 'للحذف');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/categories/${category.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await categoryRow('للحذف')).toBeUndefined();
    expect(await listUploads(t.images, 'categories')).toEqual(expect.arrayContaining(variantFiles(category.image)));
    await removeDueImages(t.db, t.images, afterGracePeriod());
    const files = await listUploads(t.images, 'categories');
    for (const file of variantFiles(category.image)) expect(files).not.toContain(file);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/categories/${category.id}` })).statusCode).toBe(404);
  });

  it('refuses with 409 while products use the category, and keeps it', async () => {
    const category = await createCategoryFixture(t.db, t.images, 'مستخدم');
    await createProductFixture(t.db, t.images, { category: category.id });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/categories/${category.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.categoryInUse });
    expect(await categoryRow('مستخدم')).toMatchObject({ id: category.id });
    expect(await listUploads(t.images, 'categories')).toEqual(expect.arrayContaining(variantFiles(category.image)));
  });

  it('answers an unknown id with 404', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/categories/${UNKNOWN_ID}`, headers: admin.headers });
    expect(res.statusCode).toBe(404);
  });
});

describe('who may change categories', () => {
  it('refuses every write without a token with 401 and from a customer with 403, storing nothing', async () => {
    const category = await createCategoryFixture(t.db, t.images, 'محمي');
    const before = await listUploads(t.images, 'categories');
    for (const [account, status, message] of [
      [null, 401, MSG.unauthenticated],
      [customer, 403, MSG.forbidden],
    ] as const) {
      const created = await postCategory({ name: 'دخيل' }, [await imagePart()], account);
      const form = await multipart({ name: 'مُعدّل' }, [await imagePart()]);
      const updated = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/categories/${category.id}`,
        headers: { ...form.headers, ...account?.headers },
        payload: form.payload,
      });
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v1/categories/${category.id}`, headers: account?.headers });
      for (const res of [created, updated, deleted]) {
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual({ status: 'fail', message });
      }
    }
    expect(await categoryRow('دخيل')).toBeUndefined();
    expect(await categoryRow('محمي')).toMatchObject({ id: category.id, image: category.image });
    expect(await listUploads(t.images, 'categories')).toEqual(before);
  });
});
