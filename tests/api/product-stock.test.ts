/** Stock per size through the API: the admin's `stock` field, `quantity` sent alone, and the stock ledger. */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import type { Category } from '../../core/catalogue/categories.ts';
import { products, stockMovements } from '../../db/schema.ts';
import { advanceOrderFixture, createAccount, createCategoryFixture, createProductFixture, makePng, UNKNOWN_ID, type Account } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { listUploads, multipart } from '../helpers/multipart.ts';
import { fillCart, ledgerOf, placeOrder, sizeStockOf } from '../helpers/shop.ts';

let t: TestApp;
let admin: Account;
let category: Category;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t.db, 'admin', 'هالة المخزن');
  category = await createCategoryFixture(t.db, t.images, 'تصنيف المخزون');
});
afterAll(() => t.close());

type Fields = Record<string, string | string[]>;

/** A valid new product's form in sizes s, m and l, with `stock` or `quantity` as the test gives. */
function productForm(fields: Fields): Fields {
  return {
    title: 'قميص أكسفورد',
    description: 'قميص قطن أكسفورد بأزرار',
    category: category.id,
    price: '300',
    age: 'رجال',
    season: 'جميعاً',
    availableSizes: ['s', 'm', 'l'],
    ...fields,
  };
}

async function postProduct(fields: Fields, account: Account = admin) {
  const body = await multipart(fields, [{ field: 'imageCover', data: await makePng('#446688') }]);
  return t.app.inject({ method: 'POST', url: '/api/v1/products', headers: { ...body.headers, ...account.headers }, payload: body.payload });
}

async function putProductForm(id: string, fields: Fields) {
  const body = await multipart(fields);
  return t.app.inject({ method: 'PUT', url: `/api/v1/products/${id}`, headers: { ...body.headers, ...admin.headers }, payload: body.payload });
}

const putProductJson = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/products/${id}`, headers: admin.headers, payload });

const stockHistory = (id: string, account: Account | null = admin, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/products/${id}/stock-history${query}`, headers: account?.headers ?? {} });

async function productCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(products);
  return row!.n;
}

async function ledgerCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(stockMovements);
  return row!.n;
}

async function productRow(id: string) {
  const [row] = await t.db.select().from(products).where(eq(products.id, id));
  return row!;
}

describe('POST /api/v1/products with stock per size', () => {
  it('stores the pieces of each size sent as JSON in the stock field, with quantity their sum', async () => {
    const res = await postProduct(productForm({ stock: '{"s": 1, "m": 4, "l": 0}' }));
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      quantity: 5,
      availability: true,
      stock: [
        { size: 's', quantity: 1 },
        { size: 'm', quantity: 4 },
        { size: 'l', quantity: 0 },
      ],
    });
    expect(await sizeStockOf(t.db, data._id)).toEqual({ s: 1, m: 4, l: 0 });
    expect((await productRow(data._id)).quantity).toBe(5);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/products/${data._id}` })).json().data.stock).toEqual(data.stock);
    // The ledger records the sizes that got pieces, by the admin who created the product.
    expect(await ledgerOf(t.db, data._id)).toEqual([
      { size: 'm', reason: 'admin', quantityBefore: 0, quantityAfter: 4, orderId: null, userId: admin.user.id },
      { size: 's', reason: 'admin', quantityBefore: 0, quantityAfter: 1, orderId: null, userId: admin.user.id },
    ]);
  });

  it('gives a size left out of stock no pieces', async () => {
    const res = await postProduct(productForm({ stock: '{"m": 2}' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.stock).toEqual([
      { size: 's', quantity: 0 },
      { size: 'm', quantity: 2 },
      { size: 'l', quantity: 0 },
    ]);
  });

  it('spreads quantity sent alone over the sizes, first sizes first: 7 over s, m, l is 3, 2, 2', async () => {
    const res = await postProduct(productForm({ quantity: '7' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      quantity: 7,
      stock: [
        { size: 's', quantity: 3 },
        { size: 'm', quantity: 2 },
        { size: 'l', quantity: 2 },
      ],
    });
    expect(await sizeStockOf(t.db, res.json().data._id)).toEqual({ s: 3, m: 2, l: 2 });
  });

  it('takes stock over quantity when both are sent', async () => {
    const res = await postProduct(productForm({ quantity: '30', stock: '{"s": 0, "m": 1, "l": 1}' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.quantity).toBe(2);
    expect(await sizeStockOf(t.db, res.json().data._id)).toEqual({ s: 0, m: 1, l: 1 });
  });

  it('shows a product whose every size is at 0 as unavailable', async () => {
    const res = await postProduct(productForm({ stock: '{"s": 0, "m": 0, "l": 0}' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ quantity: 0, availability: false });
  });

  const badStock: [string, Fields, { msg: string; path: string }][] = [
    ['stock that is not JSON', { stock: '{m: 4' }, { msg: MSG.stockInvalid, path: 'stock' }],
    ['stock that is a list, not an object', { stock: '[4, 2]' }, { msg: MSG.stockInvalid, path: 'stock' }],
    ['a negative number of pieces', { stock: '{"m": -1}' }, { msg: MSG.stockInvalid, path: 'stock.m' }],
    ['pieces that are not a whole number', { stock: '{"m": 1.5}' }, { msg: MSG.stockInvalid, path: 'stock.m' }],
    ['pieces that are not a number', { stock: '{"m": "كثير"}' }, { msg: MSG.stockInvalid, path: 'stock.m' }],
    ['a size the product is not offered in', { stock: '{"m": 2, "xl": 3}' }, { msg: MSG.stockSizeNotOffered, path: 'stock' }],
    ['a size that is not on the size list', { stock: '{"m": 2, "XXL": 3}' }, { msg: MSG.sizeInvalid, path: 'stock.XXL' }],
    ['neither stock nor quantity', {}, { msg: MSG.quantityInvalid, path: 'quantity' }],
  ];

  it.each(badStock)('refuses %s with 400 and its Arabic message, storing nothing', async (_name, fields, error) => {
    const [rowsBefore, ledgerBefore, filesBefore] = [await productCount(), await ledgerCount(), await listUploads(t.images, 'products')];
    const res = await postProduct(productForm(fields));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ ...error, location: 'body' }] });
    expect(await productCount()).toBe(rowsBefore);
    expect(await ledgerCount()).toBe(ledgerBefore);
    expect(await listUploads(t.images, 'products')).toEqual(filesBefore);
  });
});

describe('PUT /api/v1/products/{id} with stock per size', () => {
  it('sets the sizes sent in a form field, records each change with its admin, and leaves the rest of the product alone', async () => {
    const product = await createProductFixture(t.db, t.images, { category: category.id, availableSizes: ['s', 'm', 'l'], stock: { s: 2, m: 2, l: 2 } });
    const res = await putProductForm(product.id, { stock: '{"s": 2, "m": 5, "l": 0}' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: product.title,
      price: product.price,
      quantity: 7,
      stock: [
        { size: 's', quantity: 2 },
        { size: 'm', quantity: 5 },
        { size: 'l', quantity: 0 },
      ],
    });
    expect(await sizeStockOf(t.db, product.id)).toEqual({ s: 2, m: 5, l: 0 });
    const edits = (await ledgerOf(t.db, product.id)).slice(3);
    expect(edits).toEqual([
      { size: 'l', reason: 'admin', quantityBefore: 2, quantityAfter: 0, orderId: null, userId: admin.user.id },
      { size: 'm', reason: 'admin', quantityBefore: 2, quantityAfter: 5, orderId: null, userId: admin.user.id },
    ]);
  });

  it('takes stock as an object in a JSON body', async () => {
    const product = await createProductFixture(t.db, t.images, { category: category.id });
    const res = await putProductJson(product.id, { stock: { m: 1, l: 8 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ quantity: 9, stock: [{ size: 'm', quantity: 1 }, { size: 'l', quantity: 8 }] });
  });

  it('spreads quantity sent alone over the sizes, and over the new sizes when they are sent too', async () => {
    const product = await createProductFixture(t.db, t.images, { category: category.id, availableSizes: ['s', 'm', 'l'], stock: { s: 1 } });
    const spread = await putProductJson(product.id, { quantity: 7 });
    expect(spread.statusCode).toBe(200);
    expect(await sizeStockOf(t.db, product.id)).toEqual({ s: 3, m: 2, l: 2 });
    const resized = await putProductForm(product.id, { quantity: '5', availableSizes: ['m', 'xl'] });
    expect(resized.statusCode).toBe(200);
    expect(resized.json().data).toMatchObject({ availableSizes: ['m', 'xl'], quantity: 5, stock: [{ size: 'm', quantity: 3 }, { size: 'xl', quantity: 2 }] });
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 3, xl: 2 });
  });

  it('keeps the pieces of the sizes kept when only the sizes change; a new size starts at 0 and a dropped one leaves the ledger at 0', async () => {
    const product = await createProductFixture(t.db, t.images, { category: category.id, availableSizes: ['s', 'm'], stock: { s: 4, m: 6 } });
    const res = await putProductForm(product.id, { availableSizes: ['m', 'l'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ quantity: 6, stock: [{ size: 'm', quantity: 6 }, { size: 'l', quantity: 0 }] });
    expect(await sizeStockOf(t.db, product.id)).toEqual({ l: 0, m: 6 });
    expect((await ledgerOf(t.db, product.id)).at(-1)).toEqual({ size: 's', reason: 'admin', quantityBefore: 4, quantityAfter: 0, orderId: null, userId: admin.user.id });
  });

  it('keeps what a size has now when the stock sent for it is the stock the client saw (stockSeen): an order placed meanwhile is not undone', async () => {
    const product = await createProductFixture(t.db, t.images, { category: category.id, availableSizes: ['m', 'l'], stock: { m: 3, l: 4 } });
    const customer = await createAccount(t.db, 'user');
    const cartId = await fillCart(t, customer, product.id, 'm');
    expect((await placeOrder(t, customer, cartId)).statusCode).toBe(201);
    const res = await putProductForm(product.id, { stock: '{"m": 3, "l": 6}', stockSeen: '{"m": 3, "l": 4}' });
    expect(res.statusCode).toBe(200);
    expect(await sizeStockOf(t.db, product.id)).toEqual({ l: 6, m: 2 });
    const bad = await putProductJson(product.id, { stock: { m: 1 }, stockSeen: 'ثلاثة' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errors: [{ msg: MSG.stockInvalid, path: 'stockSeen', location: 'body' }] });
    expect(await sizeStockOf(t.db, product.id)).toEqual({ l: 6, m: 2 });
  });

  it('reads stockSeen for the sizes the edit keeps: a size dropped in the same edit is left out, not refused', async () => {
    const product = await createProductFixture(t.db, t.images, { category: category.id, availableSizes: ['m', 'l'], stock: { m: 3, l: 4 } });
    const customer = await createAccount(t.db, 'user');
    const cartId = await fillCart(t, customer, product.id, 'm');
    expect((await placeOrder(t, customer, cartId)).statusCode).toBe(201);
    // The form showed m 3 and l 4; the admin drops l and leaves m as shown while the order took one.
    const res = await putProductForm(product.id, { availableSizes: ['m'], stock: '{"m": 3}', stockSeen: '{"m": 3, "l": 4}' });
    expect(res.statusCode).toBe(200);
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 2 });
  });

  const badEdits: [string, Record<string, unknown>, { msg: string; path: string }][] = [
    ['stock that is not JSON', { stock: 'خمسة' }, { msg: MSG.stockInvalid, path: 'stock' }],
    ['a negative number of pieces', { stock: '{"m": -3}' }, { msg: MSG.stockInvalid, path: 'stock.m' }],
    ['pieces that are not a whole number', { stock: { m: 2.5 } }, { msg: MSG.stockInvalid, path: 'stock.m' }],
    ["a size the product's current sizes do not include", { stock: { m: 1, xl: 1 } }, { msg: MSG.stockSizeNotOffered, path: 'stock' }],
    ['a size missing from the sizes sent with it', { stock: { m: 1, l: 1 }, availableSizes: ['m'] }, { msg: MSG.stockSizeNotOffered, path: 'stock' }],
    ['a negative quantity', { quantity: -2 }, { msg: MSG.quantityInvalid, path: 'quantity' }],
  ];

  it.each(badEdits)('refuses %s with 400 and its Arabic message, changing nothing', async (_name, payload, error) => {
    const product = await createProductFixture(t.db, t.images, { category: category.id, stock: { m: 3, l: 4 } });
    const [rowBefore, ledgerBefore, filesBefore] = [await productRow(product.id), await ledgerCount(), await listUploads(t.images, 'products')];
    const res = await putProductJson(product.id, { title: 'اسم لا يحفظ', ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ ...error, location: 'body' }] });
    expect(await productRow(product.id)).toEqual(rowBefore);
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 3, l: 4 });
    expect(await ledgerCount()).toBe(ledgerBefore);
    expect(await listUploads(t.images, 'products')).toEqual(filesBefore);
  });

  it('refuses a size not offered sent with a new cover as a form, storing neither the stock nor the image', async () => {
    const product = await createProductFixture(t.db, t.images, { category: category.id, stock: { m: 3, l: 4 } });
    const filesBefore = await listUploads(t.images, 'products');
    const body = await multipart({ stock: '{"xs": 9}' }, [{ field: 'imageCover', data: await makePng('#aa2211') }]);
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/products/${product.id}`, headers: { ...body.headers, ...admin.headers }, payload: body.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ msg: MSG.stockSizeNotOffered, path: 'stock', location: 'body' }] });
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 3, l: 4 });
    expect((await productRow(product.id)).imageCover).toBe(product.imageCover);
    expect(await listUploads(t.images, 'products')).toEqual(filesBefore);
  });
});

describe('GET /api/v1/products/{id}/stock-history', () => {
  interface MovementJson {
    _id: string;
    colorName: string | null;
    size: string;
    reason: string;
    quantityBefore: number;
    quantityAfter: number;
    order: { _id: string; id: number } | null;
    by: { _id: string; name: string } | null;
    createdAt: string;
  }

  it("lists an admin edit, orders, a cancellation and a refusal, newest first, with the pieces before and after and who made each change", async () => {
    const created = await postProduct(productForm({ availableSizes: ['m', 'l'], stock: '{"m": 3, "l": 2}' }));
    expect(created.statusCode).toBe(201);
    const productId = created.json().data._id as string;
    const customer = await createAccount(t.db, 'user', 'كريم فؤاد');
    const courierDesk = await createAccount(t.db, 'admin', 'مروة الشحن');

    const first = await placeOrder(t, customer, await fillCart(t, customer, productId, 'm'));
    expect(first.statusCode).toBe(201);
    const cancelled = await t.app.inject({ method: 'PUT', url: `/api/v1/orders/${first.json().data._id}/cancel`, headers: customer.headers });
    expect(cancelled.statusCode).toBe(200);
    const second = await placeOrder(t, customer, await fillCart(t, customer, productId, 'l'));
    expect(second.statusCode).toBe(201);
    await advanceOrderFixture(t.db, second.json().data._id, 'refused', courierDesk);
    const edited = await putProductJson(productId, { stock: { m: 10, l: 2 } });
    expect(edited.statusCode).toBe(200);

    const res = await stockHistory(productId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ results: 7, paginationResult: { currentPage: 1, limit: 20, numberOfPages: 1 } });
    const firstOrder = { _id: first.json().data._id, id: first.json().data.id };
    const secondOrder = { _id: second.json().data._id, id: second.json().data.id };
    const byAdmin = { _id: admin.user.id, name: 'هالة المخزن' };
    const byCustomer = { _id: customer.user.id, name: 'كريم فؤاد' };
    expect(body.data.map(({ _id: _ignored, createdAt: _when, ...rest }: MovementJson) => rest)).toEqual([
      { colorName: null, size: 'm', reason: 'admin', quantityBefore: 3, quantityAfter: 10, order: null, return: null, by: byAdmin },
      { colorName: null, size: 'l', reason: 'refused', quantityBefore: 1, quantityAfter: 2, order: secondOrder, return: null, by: { _id: courierDesk.user.id, name: 'مروة الشحن' } },
      { colorName: null, size: 'l', reason: 'order', quantityBefore: 2, quantityAfter: 1, order: secondOrder, return: null, by: byCustomer },
      { colorName: null, size: 'm', reason: 'cancelled', quantityBefore: 2, quantityAfter: 3, order: firstOrder, return: null, by: byCustomer },
      { colorName: null, size: 'm', reason: 'order', quantityBefore: 3, quantityAfter: 2, order: firstOrder, return: null, by: byCustomer },
      { colorName: null, size: 'm', reason: 'admin', quantityBefore: 0, quantityAfter: 3, order: null, return: null, by: byAdmin },
      { colorName: null, size: 'l', reason: 'admin', quantityBefore: 0, quantityAfter: 2, order: null, return: null, by: byAdmin },
    ]);
    const times = body.data.map((m: MovementJson) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(body.data.map((m: MovementJson) => m._id)).size).toBe(7);

    // The ledger and the stock agree: each size's changes add up to what it holds.
    const stock = await sizeStockOf(t.db, productId);
    for (const size of ['m', 'l']) {
      const moves = body.data.filter((m: MovementJson) => m.size === size);
      expect(moves.reduce((sum: number, m: MovementJson) => sum + m.quantityAfter - m.quantityBefore, 0)).toBe(stock[size]);
    }
    expect(stock).toEqual({ m: 10, l: 2 });
  });

  it('pages through the ledger, newest first', async () => {
    const product = await createProductFixture(t.db, t.images, { category: category.id, stock: { m: 1, l: 1 } });
    for (const m of [2, 3, 4]) expect((await putProductJson(product.id, { stock: { m, l: 1 } })).statusCode).toBe(200);
    const page1 = (await stockHistory(product.id, admin, '?limit=2')).json();
    expect(page1.paginationResult).toEqual({ currentPage: 1, limit: 2, numberOfPages: 3, next: 2 });
    expect(page1.data.map((m: MovementJson) => m.quantityAfter)).toEqual([4, 3]);
    const page3 = (await stockHistory(product.id, admin, '?limit=2&page=3')).json();
    expect(page3.paginationResult).toEqual({ currentPage: 3, limit: 2, numberOfPages: 3, prev: 2 });
    expect(page3.data.map((m: MovementJson) => [m.size, m.quantityAfter])).toEqual([['l', 1]]);
    expect((await stockHistory(product.id, admin, '?page=9')).json()).toMatchObject({ results: 0, data: [] });
  });

  it('refuses a customer with 403 and a guest with 401', async () => {
    const product = await createProductFixture(t.db, t.images, { category: category.id });
    const customer = await createAccount(t.db);
    const asCustomer = await stockHistory(product.id, customer);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toEqual({ status: 'fail', message: MSG.forbidden });
    const asGuest = await stockHistory(product.id, null);
    expect(asGuest.statusCode).toBe(401);
    expect(asGuest.json()).toEqual({ status: 'fail', message: MSG.unauthenticated });
  });

  it('answers 404 for an unknown product, and 400 for a malformed id or page', async () => {
    const unknown = await stockHistory(UNKNOWN_ID);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'fail', message: MSG.productNotFound });
    const malformed = await stockHistory('nope');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ errors: [{ msg: MSG.invalidId, path: 'id', location: 'params' }] });
    const product = await createProductFixture(t.db, t.images, { category: category.id });
    const badPage = await stockHistory(product.id, admin, '?page=zero');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().errors).toEqual([expect.objectContaining({ path: 'page', location: 'query' })]);
  });
});
