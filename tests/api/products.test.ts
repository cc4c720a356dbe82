import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, MSG } from '../../contracts/index.ts';
import type { Category } from '../../core/catalogue/categories.ts';
import { removeDueImages } from '../../core/catalogue/image-removals.ts';
import { deleteProduct, updateProduct } from '../../core/catalogue/product-edits.ts';
import { listProducts, type Product } from '../../core/catalogue/products.ts';
import { products, reviews } from '../../db/schema.ts';
import {
  createAccount,
  createCategoryFixture,
  createProductFixture,
  makeJpeg,
  makePng,
  placeOrderFixture,
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
  customer = await createAccount(t.db, 'user', 'منى سامي');
});
afterAll(() => t.close());

type Fields = Record<string, string | string[]>;
/** The part of an API product the image tests read. */
interface ProductJson {
  _id: string;
  imageCover: string;
  images: string[];
}

/** The multipart fields of a valid product in `category`; an override of undefined drops the field. */
function productForm(category: string, overrides: Record<string, string | string[] | undefined> = {}): Fields {
  const fields: Record<string, string | string[] | undefined> = {
    title: 'بولو بيكيه',
    description: 'بولو قطن بيكيه بياقة',
    category,
    price: '250',
    quantity: '12',
    age: 'رجال',
    season: 'صيف',
    availableSizes: ['m', 'l'],
    barcode: 'PL-1001',
    sale: 'خصم 10%',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Fields;
}

const coverPart = async (colour = '#224466'): Promise<FilePart> => ({ field: 'imageCover', data: await makePng(colour) });
const imagePart = async (colour = '#664422'): Promise<FilePart> => ({
  field: 'images',
  data: await makeJpeg(colour),
  filename: 'photo.jpg',
  contentType: 'image/jpeg',
});

/** Sends a product form as `account` (the admin unless given; null for a guest). */
async function sendForm(method: 'POST' | 'PUT', url: string, fields: Fields, files: FilePart[], account: Account | null = admin) {
  const body = await multipart(fields, files);
  return t.app.inject({ method, url, headers: { ...body.headers, ...account?.headers }, payload: body.payload });
}

const postProduct = (fields: Fields, files: FilePart[], account?: Account | null) => sendForm('POST', '/api/v1/products', fields, files, account);
const putProductForm = (id: string, fields: Fields, files: FilePart[]) => sendForm('PUT', `/api/v1/products/${id}`, fields, files);
const putProductJson = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/products/${id}`, headers: admin.headers, payload });

function getJson(url: string) {
  return t.app.inject({ method: 'GET', url });
}

async function listIds(query: string): Promise<string[]> {
  const res = await getJson(`/api/v1/products?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((p: { _id: string }) => p._id);
}

async function productCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(products);
  return row!.n;
}

async function productRow(id: string) {
  const [row] = await t.db.select().from(products).where(eq(products.id, id));
  return row;
}

/** Every file an API product's images were stored as. */
const filesOf = (p: { imageCover: string; images: string[] }) => [p.imageCover, ...p.images].flatMap(variantFiles);

/** What a client sees of a product made by the factories. */
function asJson(p: Product) {
  return {
    _id: p.id,
    title: p.title,
    slug: p.slug,
    description: p.description,
    imageCover: p.imageCover,
    images: p.images,
    category: { _id: p.category.id, name: p.category.name },
    price: p.price,
    priceAfterDiscount: p.priceAfterDiscount,
    quantity: p.quantity,
    stock: p.stock,
    colors: p.colors.map(({ name, hex, images }) => ({ name, hex, images })),
    age: p.age,
    season: p.season,
    availableSizes: p.availableSizes,
    availability: p.availability,
    barcode: p.barcode,
    sale: p.sale,
    returnable: p.returnable,
    ratingsAverage: p.ratingsAverage,
    ratingsQuantity: p.ratingsQuantity,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

describe('GET /api/v1/products: listing and filters', () => {
  let shirts: Category;
  let kids: Category;
  /** Created in this order, so oldest first. */
  let summerMen: Product, winterKidsSoldOut: Product, allSeasonsOff: Product, summerKids: Product, winterMen: Product;
  let scope: string;

  beforeAll(async () => {
    shirts = await createCategoryFixture(t.db, t.images, 'قمصان الفلاتر');
    kids = await createCategoryFixture(t.db, t.images, 'أطفال الفلاتر');
    summerMen = await createProductFixture(t.db, t.images, { category: shirts.id, season: 'صيف', age: 'رجال', price: 300, priceAfterDiscount: 149 });
    winterKidsSoldOut = await createProductFixture(t.db, t.images, { category: shirts.id, season: 'شتاء', age: 'أطفال', price: 199, priceAfterDiscount: 199, quantity: 0 });
    allSeasonsOff = await createProductFixture(t.db, t.images, { category: shirts.id, season: 'جميعاً', age: 'رجال', price: 449, priceAfterDiscount: 449, availability: false });
    summerKids = await createProductFixture(t.db, t.images, { category: kids.id, season: 'صيف', age: 'أطفال', price: 120, priceAfterDiscount: 99.99 });
    winterMen = await createProductFixture(t.db, t.images, { category: kids.id, season: 'شتاء', age: 'رجال', price: 500, priceAfterDiscount: 500 });
    scope = `category[in][]=${shirts.id}&category[in][]=${kids.id}`;
  });

  const ids = (...list: Product[]) => list.map((p) => p.id);

  it('answers in the list envelope with every product field of API.md', async () => {
    const res = await getJson(`/api/v1/products?category=${kids.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    expect(res.json()).toEqual({
      results: 2,
      paginationResult: { currentPage: 1, limit: 20, numberOfPages: 1 },
      data: [asJson(winterMen), asJson(summerKids)],
    });
    expect(res.json().data[1]).toMatchObject({ category: { _id: kids.id, name: 'أطفال الفلاتر' }, priceAfterDiscount: 99.99, availability: true });
  });

  it('filters by one category and by two with category[in][]', async () => {
    expect(await listIds(`category[in][]=${shirts.id}`)).toEqual(ids(allSeasonsOff, winterKidsSoldOut, summerMen));
    expect(await listIds(scope)).toEqual(ids(winterMen, summerKids, allSeasonsOff, winterKidsSoldOut, summerMen));
  });

  it('filters by category= as a plain id', async () => {
    expect(await listIds(`category=${shirts.id}`)).toEqual(ids(allSeasonsOff, winterKidsSoldOut, summerMen));
  });

  it('shows an all-seasons product under summer and under winter', async () => {
    expect(await listIds(`${scope}&season=${encodeURIComponent('صيف')}`)).toEqual(ids(summerKids, allSeasonsOff, summerMen));
    expect(await listIds(`${scope}&season=${encodeURIComponent('شتاء')}`)).toEqual(ids(winterMen, allSeasonsOff, winterKidsSoldOut));
    expect(await listIds(`${scope}&season=${encodeURIComponent('جميعاً')}`)).toEqual(ids(allSeasonsOff));
  });

  it('filters by age', async () => {
    expect(await listIds(`${scope}&age=${encodeURIComponent('أطفال')}`)).toEqual(ids(summerKids, winterKidsSoldOut));
    expect(await listIds(`${scope}&age=${encodeURIComponent('رجال')}`)).toEqual(ids(winterMen, allSeasonsOff, summerMen));
  });

  it('filters by availability: switched off or out of stock is unavailable', async () => {
    expect(await listIds(`${scope}&availability=true`)).toEqual(ids(winterMen, summerKids, summerMen));
    expect(await listIds(`${scope}&availability=false`)).toEqual(ids(allSeasonsOff, winterKidsSoldOut));
    const soldOut = (await getJson(`/api/v1/products?${scope}&availability=false`)).json().data;
    expect(soldOut.map((p: { availability: boolean }) => p.availability)).toEqual([false, false]);
  });

  it('filters by price bands with priceAfterDiscount[lte|lt|gte|gt]', async () => {
    expect(await listIds(`${scope}&priceAfterDiscount[lte]=199`)).toEqual(ids(summerKids, winterKidsSoldOut, summerMen));
    expect(await listIds(`${scope}&priceAfterDiscount[lte]=149`)).toEqual(ids(summerKids, summerMen));
    expect(await listIds(`${scope}&priceAfterDiscount[lt]=199`)).toEqual(ids(summerKids, summerMen));
    expect(await listIds(`${scope}&priceAfterDiscount[gte]=199&priceAfterDiscount[lte]=449`)).toEqual(ids(allSeasonsOff, winterKidsSoldOut));
    expect(await listIds(`${scope}&priceAfterDiscount[gt]=449`)).toEqual(ids(winterMen));
  });

  it('combines filters, as the storefront sends them', async () => {
    expect(await listIds(`${scope}&season=${encodeURIComponent('صيف')}&priceAfterDiscount[lte]=149&availability=true`)).toEqual(ids(summerKids, summerMen));
  });

  it('sorts newest first by default, and by -createdAt, createdAt and priceAfterDiscount', async () => {
    const newestFirst = ids(winterMen, summerKids, allSeasonsOff, winterKidsSoldOut, summerMen);
    expect(await listIds(scope)).toEqual(newestFirst);
    expect(await listIds(`${scope}&sort=-createdAt`)).toEqual(newestFirst);
    expect(await listIds(`${scope}&sort=createdAt`)).toEqual([...newestFirst].reverse());
    const cheapestFirst = ids(summerKids, summerMen, winterKidsSoldOut, allSeasonsOff, winterMen);
    expect(await listIds(`${scope}&sort=priceAfterDiscount`)).toEqual(cheapestFirst);
    expect(await listIds(`${scope}&sort=-priceAfterDiscount`)).toEqual([...cheapestFirst].reverse());
  });

  it('pages with limit and page, with next and prev', async () => {
    const res = await getJson(`/api/v1/products?${scope}&limit=2&page=2`);
    expect(res.json().paginationResult).toEqual({ currentPage: 2, limit: 2, numberOfPages: 3, next: 3, prev: 1 });
    expect(res.json().data.map((p: { _id: string }) => p._id)).toEqual(ids(allSeasonsOff, winterKidsSoldOut));
  });

  it('counts exactly up to the bound, and past it gives an estimate no lower than the bound, with every page still served', async () => {
    const both = [shirts.id, kids.id];
    const exact = await listProducts(t.db, { category: both, page: 1, limit: 1 }, { searchMatches: 1_000, exactCount: 5 });
    expect(exact.paginationResult).toEqual({ currentPage: 1, limit: 1, numberOfPages: 5, next: 2 });
    const estimated = await listProducts(t.db, { category: both, page: 1, limit: 1 }, { searchMatches: 1_000, exactCount: 2 });
    expect(estimated.paginationResult.numberOfPages).toBeGreaterThanOrEqual(3);
    expect(estimated.paginationResult.next).toBe(2);
    const last = await listProducts(t.db, { category: both, page: 5, limit: 1 }, { searchMatches: 1_000, exactCount: 2 });
    expect(last.data.map((p) => p.id)).toEqual(ids(summerMen));
  });

  it('answers a page past the end with empty data', async () => {
    const res = await getJson(`/api/v1/products?${scope}&limit=2&page=4`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ results: 0, paginationResult: { currentPage: 4, limit: 2, numberOfPages: 3, prev: 3 }, data: [] });
  });

  it('caps the limit at 100', async () => {
    const bulk = await createCategoryFixture(t.db, t.images, 'كمية كبيرة');
    await t.db.insert(products).values(
      Array.from({ length: 101 }, (_, i) => ({
        title: `منتج ${i}`,
        slug: `bulk-${i}`,
        description: 'وصف',
        categoryId: bulk.id,
        imageCover: 'bulk.webp',
        price: 100,
        priceAfterDiscount: 100,
        quantity: 1,
        age: 'رجال',
        season: 'صيف',
        availableSizes: ['m'],
      })),
    );
    const res = await getJson(`/api/v1/products?category=${bulk.id}&limit=500`);
    expect(res.statusCode).toBe(200);
    expect(res.json().paginationResult).toEqual({ currentPage: 1, limit: 100, numberOfPages: 2, next: 2 });
    expect(res.json().data).toHaveLength(100);
    expect(await listIds(`category=${bulk.id}&limit=500&page=2`)).toHaveLength(1);
  });

  it.each([
    ['a malformed category id', 'category=abc', { msg: MSG.invalidId, path: 'category', location: 'query' }],
    ['a malformed id in category[in][]', `category[in][]=abc`, { msg: MSG.invalidId, path: 'category.in.0', location: 'query' }],
    ['an unknown sort field', 'sort=password', { msg: MSG.sortInvalid, path: 'sort.0', location: 'query' }],
    ['a page of zero', 'page=0', { msg: MSG.invalidValue, path: 'page', location: 'query' }],
    ['a limit that is not a number', 'limit=ten', { msg: MSG.mustBeWholeNumber, path: 'limit', location: 'query' }],
    ['a keyword of 101 characters', `keyword=${'ب'.repeat(101)}`, { msg: MSG.keywordTooLong, path: 'keyword', location: 'query' }],
    ['an unknown season', 'season=spring', { msg: MSG.seasonInvalid, path: 'season', location: 'query' }],
    ['an unknown age', 'age=old', { msg: MSG.ageInvalid, path: 'age', location: 'query' }],
    ['an availability that is not a boolean', 'availability=maybe', { msg: MSG.invalidValue, path: 'availability', location: 'query' }],
    ['a price bound that is not a number', 'priceAfterDiscount[lte]=cheap', { msg: MSG.mustBeNumber, path: 'priceAfterDiscount.lte', location: 'query' }],
  ])('refuses %s with a 400 on the query', async (_name, query, error) => {
    const res = await getJson(`/api/v1/products?${encodeURI(query)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [error] });
  });

  it('accepts a keyword of exactly 100 characters', async () => {
    const res = await getJson(`/api/v1/products?keyword=${encodeURIComponent('ب'.repeat(100))}`);
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/v1/products?keyword=: Arabic search', () => {
  let category: Category;
  let cottonTee: Product, linenShirt: Product, linenInDescription: Product, denimJacket: Product, greyHoodie: Product;

  beforeAll(async () => {
    category = await createCategoryFixture(t.db, t.images, 'تصنيف البحث');
    cottonTee = await createProductFixture(t.db, t.images, { category: category.id, title: 'تيشيرت قطن', description: 'قطن مصري ناعم', barcode: 'TS-4521' });
    linenShirt = await createProductFixture(t.db, t.images, { category: category.id, title: 'قميص كتان', description: 'قميص صيفي خفيف', barcode: 'SH-1' });
    // Newer than the shirt, so without ranking it would come first.
    linenInDescription = await createProductFixture(t.db, t.images, { category: category.id, title: 'بنطلون واسع', description: 'مصنوع من الكتان الطبيعي', barcode: 'PN-2' });
    denimJacket = await createProductFixture(t.db, t.images, { category: category.id, title: 'جاكيت جينز', description: 'جاكيت ثقيل', barcode: 'JK-3' });
    greyHoodie = await createProductFixture(t.db, t.images, { category: category.id, title: 'هودي رمادي', description: 'هودي بقبعة', barcode: 'HD-4' });
    // One letter away from جينز, and a word of the catalogue in its own right.
    await createProductFixture(t.db, t.images, { category: category.id, title: 'بنطلون جينس', description: 'قماش جينس', barcode: 'PN-5' });
  });

  const search = (keyword: string) => listIds(`category=${category.id}&keyword=${encodeURIComponent(keyword)}`);

  it.each([
    ['the exact title', 'تيشيرت قطن'],
    ['two words with ى for ي', 'تى شيرت'],
    ['a common misspelling', 'تيشرت'],
    ['Latin letters', 'tshirt'],
    ['Latin letters with a dash and capitals', 'T-Shirt'],
    ['the definite article', 'التيشيرت'],
    ['tatweel', 'تـيـشـيـرت'],
    ['diacritics', 'تِيشِيرْت'],
    ['the plural', 'تيشيرتات'],
  ])("finds 'تيشيرت قطن' by %s", async (_name, keyword) => {
    expect(await search(keyword)).toEqual([cottonTee.id]);
  });

  it('finds a product by its barcode typed in Arabic-Indic digits', async () => {
    expect(await search('٤٥٢١')).toEqual([cottonTee.id]);
    expect(await search('ts-4521')).toEqual([cottonTee.id]);
  });

  it('tolerates a typo through trigram similarity', async () => {
    expect(await search('جاكييت')).toEqual([denimJacket.id]);
  });

  it.each([
    ['a missing letter', 'رمدي'],
    ['an extra letter', 'رماادي'],
    ['two letters swapped', 'رامدي'],
    ['a changed letter', 'رمازي'],
  ])('finds a word written with %s', async (_name, keyword) => {
    expect(await search(keyword)).toEqual([greyHoodie.id]);
    expect(await search(`هودي ${keyword}`)).toEqual([greyHoodie.id]);
  });

  it('does not correct a word the catalogue has into a neighbour', async () => {
    expect(await search('جينز')).toEqual([denimJacket.id]);
  });

  it('finds every barcode that begins with a Latin word, digits after it or not', async () => {
    const first = await createProductFixture(t.db, t.images, { category: category.id, title: 'حزام جلد', description: 'حزام', barcode: 'DEL-QWERTY' });
    const second = await createProductFixture(t.db, t.images, { category: category.id, title: 'حزام قماش', description: 'حزام', barcode: 'DEL-QWERTY-2' });
    expect(await search('DEL-QWERTY')).toEqual([second.id, first.id]);
    expect(await search('del-qwerty-2')).toEqual([second.id]);
  });

  it('finds a word by its beginning, as it is being typed', async () => {
    expect(await search('جاك')).toEqual([denimJacket.id]);
    expect(await search('هودي رما')).toEqual([greyHoodie.id]);
  });

  it('corrects against words of products added or renamed since', async () => {
    const renamed = await createProductFixture(t.db, t.images, { category: category.id, title: 'شورت قصير', description: 'شورت', barcode: 'SH-6' });
    expect(await search('زعفراني')).toEqual([]);
    await updateProduct(t.db, t.images, renamed.id, { title: 'شورت زعفراني' }, {});
    expect(await search('زعفرني')).toEqual([renamed.id]);
    await deleteProduct(t.db, t.images, renamed.id);
    expect(await search('زعفرني')).toEqual([]);
  });

  it('reads at most the bound of matches, the newest, and ranks title matches first among them', async () => {
    const query = { category: [category.id], keyword: 'كتان', page: 1, limit: 20 };
    const all = await listProducts(t.db, query, { searchMatches: 1_000, exactCount: 10_000 });
    expect(all.data.map((p) => p.id)).toEqual([linenShirt.id, linenInDescription.id]);
    const bounded = await listProducts(t.db, query, { searchMatches: 1, exactCount: 10_000 });
    expect(bounded.data.map((p) => p.id)).toEqual([linenInDescription.id]);
    expect(bounded.paginationResult).toEqual({ currentPage: 1, limit: 20, numberOfPages: 1 });
  });

  it('requires every word of the keyword', async () => {
    expect(await search('قطن ناعم')).toEqual([cottonTee.id]);
    expect(await search('تيشيرت جينز')).toEqual([]);
  });

  it('ranks title matches before description-only matches', async () => {
    expect(await search('كتان')).toEqual([linenShirt.id, linenInDescription.id]);
  });

  it('finds nothing for a keyword that matches no product, with an empty page', async () => {
    const res = await getJson(`/api/v1/products?category=${category.id}&keyword=${encodeURIComponent('فستان سهرة')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ results: 0, paginationResult: { currentPage: 1, limit: 20, numberOfPages: 0 }, data: [] });
  });

  it('finds nothing for a keyword made only of punctuation, and treats % as text', async () => {
    expect(await search('!!!')).toEqual([]);
    expect(await listIds(`keyword=${encodeURIComponent('%')}`)).toEqual([]);
  });
});

describe('GET /api/v1/products/{id}', () => {
  it('returns one product', async () => {
    const product = await createProductFixture(t.db, t.images, { sale: 'جديد' });
    const res = await getJson(`/api/v1/products/${product.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: asJson(product) });
  });

  it('answers an unknown id with 404 and a malformed one with 400 on the params', async () => {
    const unknown = await getJson(`/api/v1/products/${UNKNOWN_ID}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'fail', message: MSG.productNotFound });
    const malformed = await getJson('/api/v1/products/42');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ errors: [{ msg: MSG.invalidId, path: 'id', location: 'params' }] });
  });
});

describe('POST /api/v1/products', () => {
  let category: Category;
  beforeAll(async () => {
    category = await createCategoryFixture(t.db, t.images, 'تصنيف الإضافة');
  });

  it('creates a product from the multipart form, with the discount price defaulting to the price', async () => {
    const started = Date.now();
    const res = await postProduct(productForm(category.id, { availableSizes: ['xl', 'm', '4'] }), [
      await coverPart(),
      ...(await Promise.all(['#111111', '#222222', '#333333', '#444444'].map(imagePart))),
    ]);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'بولو بيكيه',
      slug: 'بولو-بيكيه',
      description: 'بولو قطن بيكيه بياقة',
      imageCover: expect.stringMatching(/^[\w-]+\.webp$/),
      images: Array(4).fill(expect.stringMatching(/^[\w-]+\.webp$/)),
      category: { _id: category.id, name: 'تصنيف الإضافة' },
      price: 250,
      priceAfterDiscount: 250,
      quantity: 12,
      // The form sent only quantity: spread over the sizes.
      stock: [
        { size: 'm', quantity: 4 },
        { size: 'xl', quantity: 4 },
        { size: '4', quantity: 4 },
      ],
      colors: [],
      age: 'رجال',
      season: 'صيف',
      availableSizes: ['m', 'xl', '4'],
      availability: true,
      barcode: 'PL-1001',
      sale: 'خصم 10%',
      returnable: true,
      ratingsAverage: 0,
      ratingsQuantity: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(new Set([data.imageCover, ...data.images]).size).toBe(5);
    expect(Date.parse(data.createdAt)).toBeGreaterThanOrEqual(started - 5_000);
    expect(await listUploads(t.images, 'products')).toEqual(expect.arrayContaining(filesOf(data)));
    expect(await productRow(data._id)).toMatchObject({ title: 'بولو بيكيه', price: 250, priceAfterDiscount: 250 });
    expect((await getJson(`/api/v1/products/${data._id}`)).json()).toEqual({ data });
  });

  it('serves the stored cover as WebP with a long immutable cache lifetime', async () => {
    const created = (await postProduct(productForm(category.id, { title: 'صورة الغلاف' }), [await coverPart('#abcdef')])).json().data;
    const res = await getJson(`/products/${created.imageCover}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 417, height: 555 });
  });

  it('stores a size that is both a waist and a shoe size once', async () => {
    const res = await postProduct(productForm(category.id, { title: 'مقاس مشترك', availableSizes: ['42', '44'] }), [await coverPart()]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.availableSizes).toEqual(['42', '44']);
  });

  it('keeps a discount price below the price, and reads numbers with piastres', async () => {
    const res = await postProduct(productForm(category.id, { title: 'بخصم', price: '199.99', priceAfterDiscount: '149.5' }), [await coverPart()]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ price: 199.99, priceAfterDiscount: 149.5 });
  });

  it('accepts an image of a few megabytes, under the 5 MB limit', async () => {
    const width = 900;
    const height = 900;
    const noisy = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png().toBuffer();
    expect(noisy.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(noisy.length).toBeLessThan(MAX_UPLOAD_BYTES);
    const res = await postProduct(productForm(category.id, { title: 'صورة كبيرة' }), [{ field: 'imageCover', data: noisy }]);
    expect(res.statusCode).toBe(201);
  });

  it('ignores the fields a client may not set', async () => {
    const started = Date.now();
    const res = await postProduct(
      productForm(category.id, {
        title: 'حقول محمية',
        _id: UNKNOWN_ID,
        ratingsAverage: '5',
        ratingsQuantity: '99',
        createdAt: '2000-01-01T00:00:00.000Z',
      }),
      [await coverPart()],
    );
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data._id).not.toBe(UNKNOWN_ID);
    expect(data).toMatchObject({ ratingsAverage: 0, ratingsQuantity: 0 });
    expect(Date.parse(data.createdAt)).toBeGreaterThanOrEqual(started - 5_000);
    expect(await productRow(UNKNOWN_ID)).toBeUndefined();
    expect(await productRow(data._id)).toMatchObject({ ratingsAverage: 0, ratingsQuantity: 0 });
  });

  const invalidForms: [string, (category: string) => Fields, FilePart['field'][], { msg: string; path: string }][] = [
    ['a missing title', (c) => productForm(c, { title: undefined }), ['imageCover'], { msg: MSG.titleRequired, path: 'title' }],
    ['a description over 200 characters', (c) => productForm(c, { description: 'و'.repeat(201) }), ['imageCover'], { msg: MSG.descriptionTooLong, path: 'description' }],
    ['a discount price above the price', (c) => productForm(c, { price: '200', priceAfterDiscount: '250' }), ['imageCover'], { msg: MSG.discountAbovePrice, path: 'priceAfterDiscount' }],
    ['a size not in the list', (c) => productForm(c, { availableSizes: ['m', 'xxxl'] }), ['imageCover'], { msg: MSG.sizeInvalid, path: 'availableSizes.1' }],
    ['no size', (c) => productForm(c, { availableSizes: undefined }), ['imageCover'], { msg: MSG.sizesRequired, path: 'availableSizes' }],
    ['an unknown age', (c) => productForm(c, { age: 'شباب' }), ['imageCover'], { msg: MSG.ageInvalid, path: 'age' }],
    ['an unknown season', (c) => productForm(c, { season: 'ربيع' }), ['imageCover'], { msg: MSG.seasonInvalid, path: 'season' }],
    ['a price that is not a number', (c) => productForm(c, { price: 'مئة' }), ['imageCover'], { msg: MSG.priceInvalid, path: 'price' }],
    ['a missing price', (c) => productForm(c, { price: undefined }), ['imageCover'], { msg: MSG.priceRequired, path: 'price' }],
    ['a negative quantity', (c) => productForm(c, { quantity: '-1' }), ['imageCover'], { msg: MSG.quantityInvalid, path: 'quantity' }],
    ['a missing cover image', (c) => productForm(c), ['images'], { msg: MSG.imageCoverRequired, path: 'imageCover' }],
    ['more than 5 images with the cover', (c) => productForm(c), ['imageCover', 'images', 'images', 'images', 'images', 'images'], { msg: MSG.tooManyImages, path: 'images' }],
    ['two cover images', (c) => productForm(c), ['imageCover', 'imageCover'], { msg: MSG.tooManyImages, path: 'imageCover' }],
    ['an unknown category', () => productForm(UNKNOWN_ID), ['imageCover'], { msg: MSG.categoryNotFound, path: 'category' }],
    ['a malformed category id', () => productForm('abc'), ['imageCover'], { msg: MSG.invalidId, path: 'category' }],
  ];

  it.each(invalidForms)('refuses %s with its Arabic message and stores nothing', async (_name, form, fileFields, error) => {
    const rowsBefore = await productCount();
    const filesBefore = await listUploads(t.images, 'products');
    const files = await Promise.all(fileFields.map(async (field, i) => ({ field, data: await makePng(`#0000${String(i).padStart(2, '0')}`) })));
    const res = await postProduct(form(category.id), files);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ ...error, location: 'body' }] });
    expect(await productCount()).toBe(rowsBefore);
    expect(await listUploads(t.images, 'products')).toEqual(filesBefore);
  });

  it('names every broken rule at once', async () => {
    const res = await postProduct({ price: '100', priceAfterDiscount: '150', age: 'x', season: 'y', availableSizes: 'zz' }, [await coverPart()]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { msg: MSG.titleRequired, path: 'title', location: 'body' },
        { msg: MSG.descriptionRequired, path: 'description', location: 'body' },
        { msg: MSG.categoryRequired, path: 'category', location: 'body' },
        { msg: MSG.quantityInvalid, path: 'quantity', location: 'body' },
        { msg: MSG.ageInvalid, path: 'age', location: 'body' },
        { msg: MSG.seasonInvalid, path: 'season', location: 'body' },
        { msg: MSG.sizeInvalid, path: 'availableSizes.0', location: 'body' },
      ]),
    );
  });
});

describe('POST /api/v1/products: uploads are checked from their bytes', () => {
  let category: Category;
  let bomb: Buffer;
  beforeAll(async () => {
    category = await createCategoryFixture(t.db, t.images, 'تصنيف الرفع');
    // 64 megapixels of one grey: a few hundred kilobytes that would decode to 64 MB.
    bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#000000' } }).greyscale().png({ compressionLevel: 9 }).toBuffer();
  });

  const truncatedPng = async () => {
    const png = await makePng('#3366cc', 400, 400);
    return png.subarray(0, Math.floor(png.length / 2));
  };
  const cases: [string, () => Promise<FilePart>, number, string][] = [
    [
      'an SVG file',
      async () => ({
        field: 'imageCover',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
        filename: 'cover.svg',
        contentType: 'image/svg+xml',
      }),
      415,
      MSG.imageOnly,
    ],
    [
      'an HTML file named .png and declared image/png',
      async () => ({ field: 'imageCover', data: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), filename: 'cover.png', contentType: 'image/png' }),
      415,
      MSG.imageOnly,
    ],
    ['a truncated PNG', async () => ({ field: 'imageCover', data: await truncatedPng() }), 415, MSG.imageOnly],
    ['a decompression bomb', async () => ({ field: 'imageCover', data: bomb }), 413, MSG.imageTooManyPixels],
    [
      'a 49-megapixel photo, over the 40-megapixel limit',
      async () => ({ field: 'imageCover', data: await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#808080' } }).png().toBuffer() }),
      413,
      MSG.imageTooManyPixels,
    ],
    [
      'a file over 5 MB',
      async () => {
        const png = await makePng();
        return { field: 'imageCover', data: Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png.length)]) };
      },
      413,
      MSG.imageTooLarge,
    ],
  ];

  it.each(cases)('refuses %s and stores nothing', async (_name, file, status, message) => {
    const rowsBefore = await productCount();
    const filesBefore = await listUploads(t.images, 'products');
    const res = await postProduct(productForm(category.id, { title: 'رفع مرفوض' }), [await file()]);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ status: 'fail', message });
    expect(await productCount()).toBe(rowsBefore);
    expect(await listUploads(t.images, 'products')).toEqual(filesBefore);
  });

  it('refuses a text field past its limit with 413 rather than storing it cut short', async () => {
    const rowsBefore = await productCount();
    const res = await postProduct(productForm(category.id, { title: 'وصف طويل جداً', description: 'و'.repeat(6_000) }), [await coverPart()]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.payloadTooLarge });
    expect(await productCount()).toBe(rowsBefore);
  });

  it('stores none of the images when one among several is bad', async () => {
    const filesBefore = await listUploads(t.images, 'products');
    const res = await postProduct(productForm(category.id, { title: 'صورة سيئة بين صور' }), [
      await coverPart(),
      await imagePart(),
      { field: 'images', data: Buffer.from('not an image at all'), filename: 'x.jpg', contentType: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(415);
    expect(await listUploads(t.images, 'products')).toEqual(filesBefore);
    expect(await listIds(`category=${category.id}`)).toEqual([]);
  });
});

describe('PUT /api/v1/products/{id}', () => {
  let category: Category;
  beforeAll(async () => {
    category = await createCategoryFixture(t.db, t.images, 'تصنيف التعديل');
  });

  async function createWithImages(title: string): Promise<ProductJson> {
    const res = await postProduct(productForm(category.id, { title, price: '200', priceAfterDiscount: '180' }), [
      await coverPart(),
      await imagePart('#101010'),
      await imagePart('#202020'),
    ]);
    expect(res.statusCode).toBe(201);
    return res.json().data;
  }

  it('changes only the fields sent as JSON', async () => {
    const product = await createProductFixture(t.db, t.images, { category: category.id, price: 200, priceAfterDiscount: 180, quantity: 7 });
    const res = await putProductJson(product.id, { title: 'اسم معدل', quantity: 3 });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({
      ...asJson(product),
      title: 'اسم معدل',
      slug: 'اسم-معدل',
      quantity: 3,
      stock: [
        { size: 'm', quantity: 2 },
        { size: 'l', quantity: 1 },
      ],
      updatedAt: expect.any(String),
    });
    expect(Date.parse(data.updatedAt)).toBeGreaterThan(product.updatedAt.getTime());
    expect(await productRow(product.id)).toMatchObject({ title: 'اسم معدل', quantity: 3, price: 200, priceAfterDiscount: 180 });
    expect(await listIds(`category=${category.id}&keyword=${encodeURIComponent('معدل')}`)).toEqual([product.id]);
  });

  it('lowers the discount price with a price cut below it', async () => {
    const product = await createProductFixture(t.db, t.images, { category: category.id, price: 200, priceAfterDiscount: 180 });
    const res = await putProductJson(product.id, { price: 150 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ price: 150, priceAfterDiscount: 150 });
  });

  it('switches a product off and on', async () => {
    const product = await createProductFixture(t.db, t.images, { category: category.id });
    expect((await putProductJson(product.id, { availability: false })).json().data.availability).toBe(false);
    expect((await putProductJson(product.id, { availability: 'true' })).json().data.availability).toBe(true);
  });

  it('changes fields sent as multipart, repeated sizes included', async () => {
    const product = await createProductFixture(t.db, t.images, { category: category.id });
    const res = await putProductForm(product.id, { season: 'شتاء', availableSizes: ['s', 'xs'] }, []);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ season: 'شتاء', availableSizes: ['xs', 's'], imageCover: product.imageCover, title: product.title });
  });

  it('ignores the fields a client may not set', async () => {
    const product = await createProductFixture(t.db, t.images, { category: category.id });
    const res = await putProductJson(product.id, {
      _id: UNKNOWN_ID,
      ratingsAverage: 5,
      ratingsQuantity: 40,
      createdAt: '2000-01-01T00:00:00.000Z',
      imageCover: '../../secret.webp',
      images: ['../other.webp'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: product.id,
      ratingsAverage: 0,
      ratingsQuantity: 0,
      createdAt: product.createdAt.toISOString(),
      imageCover: product.imageCover,
      images: product.images,
    });
    expect(await productRow(product.id)).toMatchObject({ ratingsAverage: 0, ratingsQuantity: 0, createdAt: product.createdAt });
  });

  it.each([
    ['a discount price above the current price', { priceAfterDiscount: 500 }, { msg: MSG.discountAbovePrice, path: 'priceAfterDiscount' }],
    ['a description over 200 characters', { description: 'و'.repeat(201) }, { msg: MSG.descriptionTooLong, path: 'description' }],
    ['a blank title', { title: '  ' }, { msg: MSG.titleRequired, path: 'title' }],
    ['an unknown size', { availableSizes: ['m', 'huge'] }, { msg: MSG.sizeInvalid, path: 'availableSizes.1' }],
    ['an unknown category', { category: UNKNOWN_ID }, { msg: MSG.categoryNotFound, path: 'category' }],
  ])('refuses %s and changes nothing', async (_name, patch, error) => {
    const product = await createProductFixture(t.db, t.images, { category: category.id, price: 200, priceAfterDiscount: 180 });
    const res = await putProductJson(product.id, patch);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ ...error, location: 'body' }] });
    expect((await getJson(`/api/v1/products/${product.id}`)).json().data).toEqual(asJson(product));
  });

  it('replaces the cover and the images with new files and removes the old ones', async () => {
    const product = await createWithImages('صور للاستبدال');
    const res = await putProductForm(product._id, {}, [await coverPart('#ff0000'), await imagePart('#00ff00')]);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.imageCover).not.toBe(product.imageCover);
    expect(data.images).toHaveLength(1);
    expect(data.images).not.toContain(product.images[0]);
    // Pages and caches may still name the old files for the grace period; the sweep removes them after it.
    expect(await listUploads(t.images, 'products')).toEqual(expect.arrayContaining(filesOf(product)));
    await removeDueImages(t.db, t.images, afterGracePeriod());
    const files = await listUploads(t.images, 'products');
    expect(files).toEqual(expect.arrayContaining(filesOf(data)));
    for (const old of filesOf(product)) expect(files).not.toContain(old);
  });

  it('replaces only the other images when no cover is sent', async () => {
    const product = await createWithImages('صور إضافية فقط');
    const res = await putProductForm(product._id, {}, [await imagePart('#0000ff'), await imagePart('#00ffff'), await imagePart('#ffff00')]);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.imageCover).toBe(product.imageCover);
    expect(data.images).toHaveLength(3);
    await removeDueImages(t.db, t.images, afterGracePeriod());
    const files = await listUploads(t.images, 'products');
    expect(files).toEqual(expect.arrayContaining(filesOf(data)));
    for (const old of product.images.flatMap(variantFiles)) expect(files).not.toContain(old);
  });

  it('keeps the old cover file while an order still shows it', async () => {
    const product = await createProductFixture(t.db, t.images, { category: category.id });
    const order = await placeOrderFixture(t.db, customer.user.id, [{ product }]);
    const res = await putProductForm(product.id, {}, [await coverPart('#123123')]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.imageCover).not.toBe(product.imageCover);
    await removeDueImages(t.db, t.images, afterGracePeriod());
    expect(await listUploads(t.images, 'products')).toEqual(expect.arrayContaining(variantFiles(product.imageCover)));
    const seen = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: customer.headers });
    expect(seen.json().data.cartItems[0].product.imageCover).toBe(product.imageCover);
    expect((await getJson(`/products/${product.imageCover}`)).statusCode).toBe(200);
  });

  it('refuses a bad image, keeping the product and its files as they were', async () => {
    const product = await createWithImages('صورة غير صالحة');
    const filesBefore = await listUploads(t.images, 'products');
    const res = await putProductForm(product._id, { title: 'لن يتغير' }, [{ field: 'imageCover', data: Buffer.from('<svg/>'.padEnd(64)), filename: 'a.png' }]);
    expect(res.statusCode).toBe(415);
    expect(await listUploads(t.images, 'products')).toEqual(filesBefore);
    expect(await productRow(product._id)).toMatchObject({ title: 'صورة غير صالحة', imageCover: product.imageCover });
  });

  it('refuses more than 5 images with the cover', async () => {
    const product = await createWithImages('صور كثيرة');
    const extra = await Promise.all(Array.from({ length: 5 }, (_, i) => imagePart(`#0${i}0${i}0${i}`)));
    const res = await putProductForm(product._id, {}, extra);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ msg: MSG.tooManyImages, path: 'images', location: 'body' }] });
    expect(await productRow(product._id)).toMatchObject({ images: product.images });
  });

  it('answers an unknown id with 404 and a malformed one with 400 on the params', async () => {
    const unknown = await putProductJson(UNKNOWN_ID, { title: 'أي اسم' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'fail', message: MSG.productNotFound });
    const malformed = await putProductJson('x', { title: 'أي اسم' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ errors: [{ msg: MSG.invalidId, path: 'id', location: 'params' }] });
  });
});

describe('DELETE /api/v1/products/{id}', () => {
  it('deletes a product and its image files; the product is then 404', async () => {
    const category = await createCategoryFixture(t.db, t.images);
    const created: ProductJson = (await postProduct(productForm(category.id, { title: 'للحذف' }), [await coverPart(), await imagePart()])).json().data;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${created._id}`, headers: admin.headers });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await productRow(created._id)).toBeUndefined();
    expect((await getJson(`/api/v1/products/${created._id}`)).statusCode).toBe(404);
    expect(await listUploads(t.images, 'products')).toEqual(expect.arrayContaining(filesOf(created)));
    await removeDueImages(t.db, t.images, afterGracePeriod());
    const files = await listUploads(t.images, 'products');
    for (const old of filesOf(created)) expect(files).not.toContain(old);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${created._id}`, headers: admin.headers });
    expect(again.statusCode).toBe(404);
  });

  it('leaves an earlier order with its snapshot after the product is edited and deleted', async () => {
    const product = await createProductFixture(t.db, t.images, { title: 'تيشيرت اللقطة', price: 300, priceAfterDiscount: 250, availableSizes: ['l'] });
    const order = await placeOrderFixture(t.db, customer.user.id, [{ product, count: 2 }]);
    expect((await putProductJson(product.id, { title: 'اسم آخر', price: 400, priceAfterDiscount: 390 })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${product.id}`, headers: admin.headers })).statusCode).toBe(204);

    const res = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: customer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      cartItems: [{ product: { _id: product.id, title: 'تيشيرت اللقطة', imageCover: product.imageCover }, color: 'l', count: 2, price: 250 }],
      totalOrderPrice: 500,
    });
    // The order still shows its picture.
    expect((await getJson(`/products/${product.imageCover}`)).statusCode).toBe(200);
  });
});

describe('who may change products', () => {
  it('refuses every write without a token with 401 and from a customer with 403, changing nothing', async () => {
    const product = await createProductFixture(t.db, t.images);
    const rowsBefore = await productCount();
    const filesBefore = await listUploads(t.images, 'products');
    for (const [account, status, message] of [
      [null, 401, MSG.unauthenticated],
      [customer, 403, MSG.forbidden],
    ] as const) {
      const created = await postProduct(productForm(product.category.id, { title: 'دخيل' }), [await coverPart()], account);
      const updated = await sendForm('PUT', `/api/v1/products/${product.id}`, { title: 'دخيل' }, [await coverPart()], account);
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${product.id}`, headers: account?.headers });
      for (const res of [created, updated, deleted]) {
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual({ status: 'fail', message });
      }
    }
    expect(await productCount()).toBe(rowsBefore);
    expect(await listUploads(t.images, 'products')).toEqual(filesBefore);
    expect((await getJson(`/api/v1/products/${product.id}`)).json().data).toEqual(asJson(product));
  });
});

describe('reviews', () => {
  let product: Product;
  beforeAll(async () => {
    product = await createProductFixture(t.db, t.images);
  });

  const postReview = (productId: string, body: unknown, account: Account | null) =>
    t.app.inject({ method: 'POST', url: `/api/v1/products/${productId}/reviews`, headers: account?.headers, payload: body as Record<string, unknown> });

  async function reviewCount(productId: string) {
    const [row] = await t.db.select({ n: count() }).from(reviews).where(eq(reviews.productId, productId));
    return row!.n;
  }

  it("adds a customer's review and updates the product's rating", async () => {
    const item = await createProductFixture(t.db, t.images);
    const first = await postReview(item.id, { rating: 4, review: 'خامة ممتازة' }, customer);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      data: {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        user: { _id: customer.user.id, name: 'منى سامي' },
        product: item.id,
        rating: 4,
        review: 'خامة ممتازة',
        verifiedPurchase: false,
        createdAt: expect.any(String),
      },
    });
    expect((await getJson(`/api/v1/products/${item.id}`)).json().data).toMatchObject({ ratingsAverage: 4, ratingsQuantity: 1 });

    await postReview(item.id, { rating: 5, review: 'رائع' }, await createAccount(t.db));
    expect((await getJson(`/api/v1/products/${item.id}`)).json().data).toMatchObject({ ratingsAverage: 4.5, ratingsQuantity: 2 });
    await postReview(item.id, { rating: 0.5, review: 'سيء' }, await createAccount(t.db));
    // (4 + 5 + 0.5) / 3, to one decimal
    expect((await getJson(`/api/v1/products/${item.id}`)).json().data).toMatchObject({ ratingsAverage: 3.2, ratingsQuantity: 3 });
  });

  it('counts every review when several customers review at once', async () => {
    const item = await createProductFixture(t.db, t.images);
    const reviewers = await Promise.all(Array.from({ length: 6 }, () => createAccount(t.db)));
    const ratings = [5, 4, 3, 5, 4, 3];
    const results = await Promise.all(reviewers.map((reviewer, i) => postReview(item.id, { rating: ratings[i], review: 'تقييم متزامن' }, reviewer)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(await reviewCount(item.id)).toBe(6);
    expect((await getJson(`/api/v1/products/${item.id}`)).json().data).toMatchObject({ ratingsAverage: 4, ratingsQuantity: 6 });
  });

  it('refuses a second review by the same customer with 409 and keeps the first', async () => {
    const item = await createProductFixture(t.db, t.images);
    const reviewer = await createAccount(t.db);
    expect((await postReview(item.id, { rating: 3, review: 'الأول' }, reviewer)).statusCode).toBe(201);
    const second = await postReview(item.id, { rating: 5, review: 'الثاني' }, reviewer);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ status: 'fail', message: MSG.reviewExists });
    expect(await reviewCount(item.id)).toBe(1);
    expect((await getJson(`/api/v1/products/${item.id}`)).json().data).toMatchObject({ ratingsAverage: 3, ratingsQuantity: 1 });
  });

  it('stores HTML in a review as the exact text it was', async () => {
    const text = '<script>alert("x")</script> & <b>جميل</b>';
    const reviewer = await createAccount(t.db);
    const res = await postReview(product.id, { rating: 5, review: text }, reviewer);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.review).toBe(text);
    const [row] = await t.db.select({ review: reviews.review }).from(reviews).where(eq(reviews.id, res.json().data._id));
    expect(row!.review).toBe(text);
    const listed = (await getJson(`/api/v1/products/${product.id}/reviews`)).json().data;
    expect(listed.find((r: { _id: string }) => r._id === res.json().data._id).review).toBe(text);
  });

  it('accepts ratings from 0.5 to 5 in half steps and a review of 200 characters', async () => {
    for (const rating of [0.5, 2.5, 5]) {
      const res = await postReview(product.id, { rating, review: 'ن'.repeat(200) }, await createAccount(t.db));
      expect(res.statusCode).toBe(201);
      expect(res.json().data.rating).toBe(rating);
    }
  });

  it.each([
    ['a rating of 0', { rating: 0, review: 'جيد' }, { msg: MSG.ratingInvalid, path: 'rating' }],
    ['a rating above 5', { rating: 5.5, review: 'جيد' }, { msg: MSG.ratingInvalid, path: 'rating' }],
    ['a rating between half steps', { rating: 3.3, review: 'جيد' }, { msg: MSG.ratingInvalid, path: 'rating' }],
    ['a rating sent as text', { rating: '4', review: 'جيد' }, { msg: MSG.ratingInvalid, path: 'rating' }],
    ['a missing rating', { review: 'جيد' }, { msg: MSG.ratingInvalid, path: 'rating' }],
    ['an empty review', { rating: 4, review: '' }, { msg: MSG.reviewRequired, path: 'review' }],
    ['a review of spaces only', { rating: 4, review: '   ' }, { msg: MSG.reviewRequired, path: 'review' }],
    ['a missing review', { rating: 4 }, { msg: MSG.reviewRequired, path: 'review' }],
    ['a review over 200 characters', { rating: 4, review: 'ن'.repeat(201) }, { msg: MSG.reviewTooLong, path: 'review' }],
  ])('refuses %s with its Arabic message and stores nothing', async (_name, body, error) => {
    const before = await reviewCount(product.id);
    const res = await postReview(product.id, body, await createAccount(t.db));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ ...error, location: 'body' }] });
    expect(await reviewCount(product.id)).toBe(before);
  });

  it('lets only customers review: an admin gets 403 and a guest 401', async () => {
    const before = await reviewCount(product.id);
    const asAdmin = await postReview(product.id, { rating: 5, review: 'من المدير' }, admin);
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json()).toEqual({ status: 'fail', message: MSG.forbidden });
    const asGuest = await postReview(product.id, { rating: 5, review: 'من زائر' }, null);
    expect(asGuest.statusCode).toBe(401);
    expect(asGuest.json()).toEqual({ status: 'fail', message: MSG.unauthenticated });
    expect(await reviewCount(product.id)).toBe(before);
  });

  it('answers a review of an unknown product with 404 and a malformed id with 400', async () => {
    const unknown = await postReview(UNKNOWN_ID, { rating: 4, review: 'جيد' }, customer);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'fail', message: MSG.productNotFound });
    expect((await getJson(`/api/v1/products/${UNKNOWN_ID}/reviews`)).statusCode).toBe(404);
    const malformed = await getJson('/api/v1/products/nope/reviews');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ errors: [{ msg: MSG.invalidId, path: 'id', location: 'params' }] });
  });

  it('lists reviews newest first, in pages, for anyone', async () => {
    const item = await createProductFixture(t.db, t.images);
    const written: string[] = [];
    for (const text of ['أول تقييم', 'ثاني تقييم', 'ثالث تقييم']) {
      const res = await postReview(item.id, { rating: 4, review: text }, await createAccount(t.db));
      written.push(res.json().data._id);
    }
    const all = await getJson(`/api/v1/products/${item.id}/reviews`);
    expect(all.statusCode).toBe(200);
    expect(all.json().paginationResult).toEqual({ currentPage: 1, limit: 20, numberOfPages: 1 });
    expect(all.json().data.map((r: { review: string }) => r.review)).toEqual(['ثالث تقييم', 'ثاني تقييم', 'أول تقييم']);
    expect(Object.keys(all.json().data[0]).sort()).toEqual(['_id', 'createdAt', 'product', 'rating', 'review', 'user', 'verifiedPurchase']);

    const first = (await getJson(`/api/v1/products/${item.id}/reviews?limit=2&page=1`)).json();
    expect(first.paginationResult).toEqual({ currentPage: 1, limit: 2, numberOfPages: 2, next: 2 });
    expect(first.data.map((r: { _id: string }) => r._id)).toEqual([written[2], written[1]]);
    const second = (await getJson(`/api/v1/products/${item.id}/reviews?limit=2&page=2`)).json();
    expect(second.data.map((r: { _id: string }) => r._id)).toEqual([written[0]]);
    const past = (await getJson(`/api/v1/products/${item.id}/reviews?limit=2&page=3`)).json();
    expect(past).toMatchObject({ results: 0, data: [] });
  });

  it("removes a product's reviews with the product", async () => {
    const item = await createProductFixture(t.db, t.images);
    await postReview(item.id, { rating: 4, review: 'سيحذف' }, await createAccount(t.db));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${item.id}`, headers: admin.headers })).statusCode).toBe(204);
    expect(await reviewCount(item.id)).toBe(0);
  });
});
