/**
 * Colours beside sizes through the API (API.md "Additions: colours beside sizes"): the product
 * form's colours and stock by colour then size, renames and removals, the cart and orders by
 * colour and size, the listing's colour and size filters, the colours in use, and search.
 */
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import type { Category } from '../../core/catalogue/categories.ts';
import { productColors, products, productStock, stockMovements } from '../../db/schema.ts';
import { createAccount, createCategoryFixture, makeJpeg, makePng, type Account } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { listUploads, multipart, type FilePart } from '../helpers/multipart.ts';
import { addToCart, getCart, placeOrder } from '../helpers/shop.ts';

let t: TestApp;
let admin: Account;
let category: Category;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t.db, 'admin', 'منى الألوان');
  category = await createCategoryFixture(t.db, t.images, 'تصنيف الألوان');
});
afterAll(() => t.close());

type Fields = Record<string, string | string[]>;

interface ColorJson {
  name: string;
  hex: string;
  images: string[];
}
interface ProductJson {
  _id: string;
  images: string[];
  quantity: number;
  availability: boolean;
  stock: { size: string; quantity: number; color?: string }[];
  colors: ColorJson[];
}

const BLACK_AND_NAVY = [
  { name: 'أسود', hex: '#111111', images: [0, 1] },
  { name: 'كحلي', hex: '#1F2A44', images: [2] },
];

/** A new product's form in sizes m and l. */
function productForm(fields: Fields, categoryId = category.id): Fields {
  return {
    title: 'قميص أكسفورد',
    description: 'قميص قطن أكسفورد بأزرار',
    category: categoryId,
    price: '300',
    age: 'رجال',
    season: 'جميعاً',
    availableSizes: ['m', 'l'],
    ...fields,
  };
}

const picture = async (colour: string): Promise<FilePart> => ({ field: 'images', data: await makeJpeg(colour), filename: 'photo.jpg', contentType: 'image/jpeg' });

async function postProduct(fields: Fields, pictures = 0, account: Account | null = admin) {
  const images = await Promise.all(Array.from({ length: pictures }, (_, i) => picture(`#${String(i % 10).repeat(2)}4466`)));
  const body = await multipart(fields, [{ field: 'imageCover', data: await makePng('#446688') }, ...images]);
  return t.app.inject({ method: 'POST', url: '/api/v1/products', headers: { ...body.headers, ...(account?.headers ?? {}) }, payload: body.payload });
}

/** A product with colours, created through the API; fails loudly when refused. */
async function createColoured(
  fields: { colors: unknown[]; stock: Record<string, Record<string, number>>; categoryId?: string; title?: string; description?: string; availability?: string },
  pictures = 0,
): Promise<ProductJson> {
  const { colors, stock, categoryId, ...rest } = fields;
  const form = productForm({ ...rest, colors: JSON.stringify(colors), stock: JSON.stringify(stock) }, categoryId);
  const res = await postProduct(form, pictures);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().data as ProductJson;
}

const putJson = (id: string, payload: Record<string, unknown>, account: Account | null = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/products/${id}`, headers: account?.headers ?? {}, payload });

const getJson = (url: string, account: Account | null = null) => t.app.inject({ method: 'GET', url, headers: account?.headers ?? {} });

const productOf = async (id: string): Promise<ProductJson> => (await getJson(`/api/v1/products/${id}`)).json().data;

async function productCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(products);
  return row!.n;
}

/** The stored pieces of each pair, as "colour/size". */
async function pairsOf(productId: string): Promise<Record<string, number>> {
  const rows = await t.db
    .select({ color: productColors.name, size: productStock.size, quantity: productStock.quantity })
    .from(productStock)
    .leftJoin(productColors, eq(productColors.id, productStock.colorId))
    .where(eq(productStock.productId, productId));
  return Object.fromEntries(rows.map((r) => [`${r.color ?? ''}/${r.size}`, r.quantity]));
}

/** The ledger, oldest first, of one size when given. */
async function ledgerOf(productId: string) {
  return t.db
    .select({ colorName: stockMovements.colorName, size: stockMovements.size, reason: stockMovements.reason, before: stockMovements.quantityBefore, after: stockMovements.quantityAfter })
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(asc(stockMovements.seq));
}

/** Sets the order's status as an admin, one step at a time. */
async function walkOrder(orderId: string, steps: string[]) {
  for (const status of steps) {
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/orders/${orderId}/status`, headers: admin.headers, payload: { status } });
    if (res.statusCode !== 200) throw new Error(`step ${status} failed: ${res.statusCode} ${res.body}`);
  }
}

/** A customer's order of the lines given (product, size, colour), placed through the cart. */
async function orderOf(customer: Account, lines: { productId: string; color: string; colorName?: string }[]) {
  let cartId = '';
  for (const line of lines) {
    const res = await addToCart(t, customer, line);
    if (res.statusCode !== 200) throw new Error(`add failed: ${res.statusCode} ${res.body}`);
    cartId = res.json().data._id;
  }
  const res = await placeOrder(t, customer, cartId);
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { _id: string; cartItems: { color: string; colorName: string | null; count: number }[] };
}

describe('POST /api/v1/products with colours', () => {
  it('stores the colours in order with their pictures by index, and the stock by colour then size', async () => {
    const res = await postProduct(productForm({ colors: JSON.stringify(BLACK_AND_NAVY), stock: JSON.stringify({ أسود: { m: 4, l: 0 }, كحلي: { m: 2 } }) }), 3);
    expect(res.statusCode).toBe(201);
    const data = res.json().data as ProductJson;
    expect(data.images).toHaveLength(3);
    expect(data.colors).toEqual([
      { name: 'أسود', hex: '#111111', images: [data.images[0], data.images[1]] },
      { name: 'كحلي', hex: '#1f2a44', images: [data.images[2]] },
    ]);
    expect(data).toMatchObject({
      quantity: 6,
      availability: true,
      stock: [
        { size: 'm', quantity: 4, color: 'أسود' },
        { size: 'l', quantity: 0, color: 'أسود' },
        { size: 'm', quantity: 2, color: 'كحلي' },
        { size: 'l', quantity: 0, color: 'كحلي' },
      ],
    });
    expect(await productOf(data._id)).toEqual(data);
    expect(await pairsOf(data._id)).toEqual({ 'أسود/m': 4, 'أسود/l': 0, 'كحلي/m': 2, 'كحلي/l': 0 });
    expect(await ledgerOf(data._id)).toEqual(
      expect.arrayContaining([
        { colorName: 'أسود', size: 'm', reason: 'admin', before: 0, after: 4 },
        { colorName: 'كحلي', size: 'm', reason: 'admin', before: 0, after: 2 },
      ]),
    );
    expect(await ledgerOf(data._id)).toHaveLength(2);
  });

  it('answers a product without colours as before: colors empty and stock entries without a colour', async () => {
    const res = await postProduct(productForm({ stock: '{"m": 1, "l": 2}' }));
    expect(res.statusCode).toBe(201);
    const data = res.json().data as ProductJson;
    expect(data.colors).toEqual([]);
    expect(data.stock).toEqual([
      { size: 'm', quantity: 1 },
      { size: 'l', quantity: 2 },
    ]);
  });

  it('takes more than 5 pictures for a product with colours, and refuses more than 30 storing nothing', async () => {
    const colors = [
      { name: 'أبيض', hex: '#ffffff', images: [0, 1, 2, 3] },
      { name: 'رمادي', hex: '#888888', images: [4, 5, 6] },
    ];
    const many = await postProduct(productForm({ colors: JSON.stringify(colors), stock: JSON.stringify({ أبيض: { m: 1 } }) }), 7);
    expect(many.statusCode).toBe(201);
    expect(many.json().data.images).toHaveLength(7);
    expect(many.json().data.colors[1].images).toEqual(many.json().data.images.slice(4));

    const before = await productCount();
    const uploads = await listUploads(t.images, 'products');
    const tooMany = await postProduct(productForm({ colors: JSON.stringify(colors), stock: JSON.stringify({ أبيض: { m: 1 } }) }), 30);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ errors: [{ msg: MSG.tooManyColorImages, path: 'images', location: 'body' }] });
    expect(await productCount()).toBe(before);
    expect(await listUploads(t.images, 'products')).toEqual(uploads);

    // Without colours a product keeps its 5 pictures.
    const plain = await postProduct(productForm({ quantity: '3' }), 5);
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toEqual({ errors: [{ msg: MSG.tooManyImages, path: 'images', location: 'body' }] });
  });

  const thirteen = Array.from({ length: 13 }, (_, i) => ({ name: `لون ${i + 1}`, hex: '#123456', images: [] }));
  it.each<[string, unknown, string]>([
    ['two names that differ only in case', [{ name: 'Navy', hex: '#000080' }, { name: 'navy', hex: '#000081' }], MSG.colorNameRepeated],
    ['two names that differ only in Arabic spelling', [{ name: 'أسود', hex: '#000000' }, { name: 'اسود', hex: '#111111' }], MSG.colorNameRepeated],
    ['a swatch that is not #rrggbb', [{ name: 'أحمر', hex: '#12345' }], MSG.colorHexInvalid],
    ['a swatch by name', [{ name: 'أحمر', hex: 'red' }], MSG.colorHexInvalid],
    ['a picture index past the pictures sent', [{ name: 'أحمر', hex: '#aa0000', images: [1] }], MSG.colorImageInvalid],
    ['13 colours', thirteen, MSG.tooManyColors],
    ['a name of 21 letters', [{ name: 'ا'.repeat(21), hex: '#aa0000' }], MSG.colorNameTooLong],
    ['a blank name', [{ name: ' ', hex: '#aa0000' }], MSG.colorNameRequired],
    ['colours that are not a list', { name: 'أحمر', hex: '#aa0000' }, MSG.colorsInvalid],
    ['colours that are not JSON', '[{name: أحمر', MSG.colorsInvalid],
  ])('refuses %s with 400 on colors, storing nothing', async (_name, colors, msg) => {
    const before = await productCount();
    const uploads = await listUploads(t.images, 'products');
    const res = await postProduct(productForm({ colors: typeof colors === 'string' ? colors : JSON.stringify(colors), quantity: '4' }), 1);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ msg, path: 'colors', location: 'body' }] });
    expect(await productCount()).toBe(before);
    expect(await listUploads(t.images, 'products')).toEqual(uploads);
  });

  it('refuses stock that names a colour the product does not have, or stock by size for a product with colours', async () => {
    const before = await productCount();
    const unknown = await postProduct(productForm({ colors: JSON.stringify([{ name: 'أسود', hex: '#000000' }]), stock: JSON.stringify({ أحمر: { m: 1 } }) }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ errors: [{ msg: MSG.stockColorNotOffered, path: 'stock', location: 'body' }] });
    const flat = await postProduct(productForm({ colors: JSON.stringify([{ name: 'أسود', hex: '#000000' }]), stock: '{"m": 1}' }));
    expect(flat.statusCode).toBe(400);
    expect(flat.json().errors[0]).toMatchObject({ path: 'stock' });
    expect(await productCount()).toBe(before);
  });

  it('refuses colours without a token (401) and from a customer (403), storing nothing', async () => {
    const customer = await createAccount(t.db);
    const before = await productCount();
    const form = productForm({ colors: JSON.stringify(BLACK_AND_NAVY), quantity: '4' });
    expect((await postProduct(form, 3, null)).statusCode).toBe(401);
    expect((await postProduct(form, 3, customer)).statusCode).toBe(403);
    expect(await productCount()).toBe(before);

    const product = await createColoured({ colors: [{ name: 'أسود', hex: '#000000' }], stock: { أسود: { m: 1 } } });
    const change = { colors: [{ name: 'أبيض', hex: '#ffffff' }] };
    expect((await putJson(product._id, change, null)).statusCode).toBe(401);
    expect((await putJson(product._id, change, customer)).statusCode).toBe(403);
    expect((await productOf(product._id)).colors).toEqual(product.colors);
  });
});

describe('PUT /api/v1/products/{id} with colours', () => {
  it('renames a colour by position, keeping its stock; the ledger names the colour as it was at each entry', async () => {
    const product = await createColoured({ colors: BLACK_AND_NAVY.map((c) => ({ ...c, images: [] })), stock: { أسود: { m: 4 }, كحلي: { l: 2 } } });
    const renamed = await putJson(product._id, { colors: [{ name: 'فحمي', hex: '#222222' }, { name: 'كحلي', hex: '#1f2a44' }] });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.stock).toEqual([
      { size: 'm', quantity: 4, color: 'فحمي' },
      { size: 'l', quantity: 0, color: 'فحمي' },
      { size: 'm', quantity: 0, color: 'كحلي' },
      { size: 'l', quantity: 2, color: 'كحلي' },
    ]);
    const restocked = await putJson(product._id, { stock: { فحمي: { m: 7 }, كحلي: { l: 2 } } });
    expect(restocked.statusCode).toBe(200);

    const history = await getJson(`/api/v1/products/${product._id}/stock-history`, admin);
    expect(history.statusCode).toBe(200);
    const entries = history.json().data.map((m: { colorName: string | null; size: string; quantityBefore: number; quantityAfter: number }) => [m.colorName, m.size, m.quantityBefore, m.quantityAfter]);
    // Newest first: the new name on the entry made after the rename, the old one on the entry before it.
    expect(entries).toHaveLength(3);
    expect(entries[0]).toEqual(['فحمي', 'm', 4, 7]);
    expect(entries.slice(1)).toEqual(
      expect.arrayContaining([
        ['أسود', 'm', 0, 4],
        ['كحلي', 'l', 0, 2],
      ]),
    );
  });

  it('swaps two colours\' names in one edit, each keeping the stock of its position', async () => {
    const product = await createColoured({ colors: [{ name: 'أسود', hex: '#000000' }, { name: 'أبيض', hex: '#ffffff' }], stock: { أسود: { m: 1 }, أبيض: { m: 5 } } });
    const res = await putJson(product._id, { colors: [{ name: 'أبيض', hex: '#ffffff' }, { name: 'أسود', hex: '#000000' }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.colors.map((c: ColorJson) => c.name)).toEqual(['أبيض', 'أسود']);
    expect(await pairsOf(product._id)).toEqual({ 'أبيض/m': 1, 'أبيض/l': 0, 'أسود/m': 5, 'أسود/l': 0 });
  });

  it("adds a colour at the end with no pieces; a colour's pictures are the product's images by index", async () => {
    const product = await createColoured({ colors: [{ name: 'أسود', hex: '#000000', images: [0] }], stock: { أسود: { m: 2 } } }, 1);
    const res = await putJson(product._id, { colors: [{ name: 'أسود', hex: '#000000', images: [0] }, { name: 'بيج', hex: '#d8c3a5' }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.colors).toEqual([
      { name: 'أسود', hex: '#000000', images: product.images },
      { name: 'بيج', hex: '#d8c3a5', images: [] },
    ]);
    expect(await pairsOf(product._id)).toEqual({ 'أسود/m': 2, 'أسود/l': 0, 'بيج/m': 0, 'بيج/l': 0 });
  });

  it.each<[string, string[]]>([
    ['delivered', ['confirmed', 'shipped', 'delivered']],
    ['cancelled', ['cancelled']],
  ])('refuses to remove a colour a pending order holds (409, nothing changed), and removes it once the order is %s', async (_status, steps) => {
    const customer = await createAccount(t.db);
    const product = await createColoured({ colors: BLACK_AND_NAVY.map((c) => ({ ...c, images: [] })), stock: { أسود: { m: 3 }, كحلي: { m: 2, l: 1 } } });
    const order = await orderOf(customer, [{ productId: product._id, color: 'm', colorName: 'كحلي' }]);
    const before = await productOf(product._id);
    const ledgerBefore = await ledgerOf(product._id);

    const refused = await putJson(product._id, { title: 'لن يتغير', colors: [{ name: 'أسود', hex: '#111111' }] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ status: 'fail', message: `${MSG.colorInOpenOrders}: كحلي` });
    expect(await productOf(product._id)).toEqual(before);
    expect(await ledgerOf(product._id)).toEqual(ledgerBefore);

    await walkOrder(order._id, steps);
    const removed = await putJson(product._id, { colors: [{ name: 'أسود', hex: '#111111' }] });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({
      colors: [{ name: 'أسود', hex: '#111111', images: [] }],
      stock: [
        { size: 'm', quantity: 3, color: 'أسود' },
        { size: 'l', quantity: 0, color: 'أسود' },
      ],
      quantity: 3,
    });
    expect(await pairsOf(product._id)).toEqual({ 'أسود/m': 3, 'أسود/l': 0 });
    // The removed colour's pieces are written off in the ledger under its name.
    const navyLeft = steps.includes('cancelled') ? 2 : 1;
    expect((await ledgerOf(product._id)).slice(-2)).toEqual(
      expect.arrayContaining([
        { colorName: 'كحلي', size: 'm', reason: 'admin', before: navyLeft, after: 0 },
        { colorName: 'كحلي', size: 'l', reason: 'admin', before: 1, after: 0 },
      ]),
    );
    // The order keeps the colour it was placed with.
    const kept = await getJson(`/api/v1/orders/${order._id}`, customer);
    expect(kept.json().data.cartItems[0]).toMatchObject({ color: 'm', colorName: 'كحلي' });
  });
});

describe('the cart and orders with colours', () => {
  let product: ProductJson;
  let plain: ProductJson;
  beforeAll(async () => {
    product = await createColoured({ title: 'قميص للسلة', colors: BLACK_AND_NAVY.map((c) => ({ ...c, images: [] })), stock: { أسود: { m: 4, l: 0 }, كحلي: { m: 2, l: 3 } } });
    const res = await postProduct(productForm({ title: 'قميص بلا ألوان', stock: '{"m": 5, "l": 5}' }));
    plain = res.json().data;
  });

  it('asks for the colour of a product with colours: missing or unknown is 400 on colorName, the cart unchanged', async () => {
    const customer = await createAccount(t.db);
    for (const body of [{ productId: product._id, color: 'm' }, { productId: product._id, color: 'm', colorName: 'أخضر' }, { productId: product._id, color: 'm', colorName: '' }]) {
      const res = await addToCart(t, customer, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ errors: [{ msg: MSG.chooseColor, path: 'colorName', location: 'body' }] });
    }
    expect((await getCart(t, customer)).json().data.products).toEqual([]);
  });

  it('matches the colour ignoring case and Arabic spelling, and makes the same size in two colours two lines', async () => {
    const customer = await createAccount(t.db);
    expect((await addToCart(t, customer, { productId: product._id, color: 'm', colorName: 'اسود' })).statusCode).toBe(200);
    expect((await addToCart(t, customer, { productId: product._id, color: 'm', colorName: 'كحلي' })).statusCode).toBe(200);
    const res = await addToCart(t, customer, { productId: product._id, color: 'm', colorName: ' أسود ' });
    expect(res.statusCode).toBe(200);
    const lines = res.json().data.products.map((l: { color: string; colorName: string | null; count: number }) => [l.colorName, l.color, l.count]);
    expect(lines).toEqual([
      ['أسود', 'm', 2],
      ['كحلي', 'm', 1],
    ]);
    expect((await getCart(t, customer)).json().data.products).toHaveLength(2);
  });

  it('refuses a colour and size at 0 with 409 while the same size has pieces in another colour', async () => {
    const customer = await createAccount(t.db);
    const res = await addToCart(t, customer, { productId: product._id, color: 'l', colorName: 'أسود' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.sizeSoldOut });
    expect((await addToCart(t, customer, { productId: product._id, color: 'l', colorName: 'كحلي' })).statusCode).toBe(200);
  });

  it("refuses a count above its colour and size's stock with 409", async () => {
    const customer = await createAccount(t.db);
    const added = await addToCart(t, customer, { productId: product._id, color: 'm', colorName: 'كحلي' });
    const lineId = added.json().data.products[0]._id;
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/cart/${lineId}`, headers: customer.headers, payload: { count: 3 } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.notEnoughStock });
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/cart/${lineId}`, headers: customer.headers, payload: { count: 2 } })).statusCode).toBe(200);
  });

  it('ignores colorName for a product without colours, whose lines have colorName null', async () => {
    const customer = await createAccount(t.db);
    const res = await addToCart(t, customer, { productId: plain._id, color: 'm', colorName: 'أحمر' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.products).toEqual([expect.objectContaining({ color: 'm', colorName: null, count: 1 })]);
  });

  it('names the colour on order lines everywhere, and a cancellation puts each line back into its own pair exactly once', async () => {
    const customer = await createAccount(t.db);
    const before = await pairsOf(product._id);
    const order = await orderOf(customer, [
      { productId: product._id, color: 'm', colorName: 'أسود' },
      { productId: product._id, color: 'm', colorName: 'أسود' },
      { productId: product._id, color: 'm', colorName: 'كحلي' },
      { productId: plain._id, color: 'l' },
    ]);
    const lines = (o: { cartItems: { color: string; colorName: string | null; count: number }[] }) => o.cartItems.map((l) => [l.colorName, l.color, l.count]).sort();
    const expected = [
      ['أسود', 'm', 2],
      ['كحلي', 'm', 1],
      [null, 'l', 1],
    ].sort();
    expect(lines(order)).toEqual(expected);
    expect(lines((await getJson(`/api/v1/orders/${order._id}`, customer)).json().data)).toEqual(expected);
    const listed = (await getJson('/api/v1/orders?limit=50', admin)).json().data.find((o: { _id: string }) => o._id === order._id);
    expect(lines(listed)).toEqual(expected);
    expect(await pairsOf(product._id)).toEqual({ ...before, 'أسود/m': before['أسود/m']! - 2, 'كحلي/m': before['كحلي/m']! - 1 });

    const cancel = () => t.app.inject({ method: 'PUT', url: `/api/v1/orders/${order._id}/cancel`, headers: customer.headers });
    const [first, second] = await Promise.all([cancel(), cancel()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await pairsOf(product._id)).toEqual(before);
    const returned = (await ledgerOf(product._id)).filter((m) => m.reason === 'cancelled');
    expect(returned).toHaveLength(2);
    expect(returned).toEqual(
      expect.arrayContaining([
        { colorName: 'أسود', size: 'm', reason: 'cancelled', before: before['أسود/m']! - 2, after: before['أسود/m'] },
        { colorName: 'كحلي', size: 'm', reason: 'cancelled', before: before['كحلي/m']! - 1, after: before['كحلي/m'] },
      ]),
    );
  });
});

describe('GET /api/v1/products by colour and size, and GET /api/v1/products/colors', () => {
  let filters: Category;
  let both: ProductJson, navyOnly: ProductJson, plain: ProductJson;
  beforeAll(async () => {
    filters = await createCategoryFixture(t.db, t.images, 'تصنيف الفلاتر');
    both = await createColoured({ categoryId: filters.id, colors: BLACK_AND_NAVY.map((c) => ({ ...c, images: [] })), stock: { أسود: { m: 2 }, كحلي: { l: 1 } } });
    navyOnly = await createColoured({ categoryId: filters.id, colors: [{ name: 'كحلى', hex: '#1f2a44' }], stock: { كحلى: { m: 3 } } });
    const res = await postProduct(productForm({ stock: '{"m": 5}' }, filters.id));
    plain = res.json().data;
  });

  const idsOf = async (query: string) => {
    const res = await getJson(`/api/v1/products?category=${filters.id}&${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().data.map((p: { _id: string }) => p._id).sort();
  };

  it('lists products with pieces in the colour named (with the usual Arabic folding), the size, or that pair', async () => {
    expect(await idsOf(`colorName=${encodeURIComponent('كحلي')}`)).toEqual([both._id, navyOnly._id].sort());
    expect(await idsOf(`colorName=${encodeURIComponent('اسود')}`)).toEqual([both._id]);
    expect(await idsOf('size=m')).toEqual([both._id, navyOnly._id, plain._id].sort());
    expect(await idsOf(`colorName=${encodeURIComponent('كحلي')}&size=m`)).toEqual([navyOnly._id]);
    expect(await idsOf(`colorName=${encodeURIComponent('أسود')}&size=l`)).toEqual([]);
    expect(await idsOf('size=l')).toEqual([both._id]);
  });

  it('refuses a size that is not on the size list with 400', async () => {
    const res = await getJson('/api/v1/products?size=XXXL');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ msg: MSG.sizeInvalid, path: 'size', location: 'query' });
  });

  it('gives each colour in use once, under the name and swatch most products give it, with the available products that have pieces in it', async () => {
    const res = await getJson('/api/v1/products/colors');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { name: string; hex: string; products: number }[];
    const navy = data.filter((c) => c.name === 'كحلي' || c.name === 'كحلى');
    expect(navy).toEqual([{ name: 'كحلي', hex: '#1f2a44', products: expect.any(Number) }]);
    // The same products the listing's colour filter gives, among those that can be bought.
    const listed = (await getJson(`/api/v1/products?colorName=${encodeURIComponent('كحلى')}&availability=true&limit=100`)).json().data;
    expect(navy[0]!.products).toBe(listed.length);
    expect(listed.map((p: { _id: string }) => p._id)).toEqual(expect.arrayContaining([both._id, navyOnly._id]));
    expect(data.map((c) => c.products)).toEqual([...data.map((c) => c.products)].sort((a, b) => b - a));
  });

  it('leaves out colours with no pieces and products that cannot be bought', async () => {
    await createColoured({ categoryId: filters.id, colors: [{ name: 'زيتي', hex: '#556b2f' }], stock: { زيتي: { m: 0 } } });
    await createColoured({ categoryId: filters.id, colors: [{ name: 'زيتي', hex: '#556b2f' }], stock: { زيتي: { m: 4 } }, availability: 'false' });
    const data = (await getJson('/api/v1/products/colors')).json().data as { name: string }[];
    expect(data.map((c) => c.name)).not.toContain('زيتي');
  });

  it('answers a guest from a kept copy until a colour changes, then with the change at once', async () => {
    const product = await createColoured({ categoryId: filters.id, colors: [{ name: 'فيروزي', hex: '#40e0d0' }], stock: { فيروزي: { m: 1 } } });
    const first = await getJson('/api/v1/products/colors');
    expect(first.headers.etag).toMatch(/^W\//);
    expect(first.json().data.map((c: { name: string }) => c.name)).toContain('فيروزي');
    expect((await getJson('/api/v1/products/colors')).headers.etag).toBe(first.headers.etag);
    const page = await getJson(`/api/v1/products/${product._id}`);

    expect((await putJson(product._id, { colors: [{ name: 'تركواز', hex: '#40e0d0' }] })).statusCode).toBe(200);
    const after = await getJson('/api/v1/products/colors');
    const names = after.json().data.map((c: { name: string }) => c.name);
    expect(names).toContain('تركواز');
    expect(names).not.toContain('فيروزي');
    const pageAfter = await getJson(`/api/v1/products/${product._id}`);
    expect(pageAfter.headers.etag).not.toBe(page.headers.etag);
    expect(pageAfter.json().data.colors[0].name).toBe('تركواز');
    expect(await idsOf(`colorName=${encodeURIComponent('تركواز')}`)).toEqual([product._id]);
  });
});

describe('GET /api/v1/products?keyword= naming a colour', () => {
  let shirts: Category;
  const made: Record<string, string> = {};
  beforeAll(async () => {
    shirts = await createCategoryFixture(t.db, t.images, 'تصنيف البحث بالألوان');
    // Oldest first: newest first alone would put the navy shirt last.
    const make = async (key: string, title: string, colors: { name: string; hex: string }[], stock: Record<string, Record<string, number>>) => {
      made[key] = (await createColoured({ categoryId: shirts.id, title, description: 'من المجموعة الجديدة', colors, stock }))._id;
    };
    await make('navyShirt', 'قميص كتان', [{ name: 'كحلي', hex: '#1f2a44' }], { كحلي: { m: 2 } });
    await make('navySoldOut', 'قميص بولو', [{ name: 'كحلي', hex: '#1f2a44' }, { name: 'أسود', hex: '#000000' }], { كحلي: { m: 0 }, أسود: { m: 1 } });
    await make('whiteShirt', 'قميص قطن', [{ name: 'أبيض', hex: '#ffffff' }], { أبيض: { m: 2 } });
    await make('blackTee', 'تيشيرت قطن', [{ name: 'أسود', hex: '#000000' }], { أسود: { m: 1 } });
    await make('whiteTee', 'تيشيرت رياضي', [{ name: 'أبيض', hex: '#ffffff' }], { أبيض: { m: 1 } });
    await make('navyTrousers', 'بنطلون قماش', [{ name: 'كحلي', hex: '#1f2a44' }], { كحلي: { l: 1 } });
    const titled = await postProduct(productForm({ title: 'قميص كحلي سادة', description: 'من المجموعة الجديدة', stock: '{"m": 1}' }, shirts.id));
    made.titledNavy = titled.json().data._id;
  });

  const search = async (keyword: string) => {
    const res = await getJson(`/api/v1/products?category=${shirts.id}&keyword=${encodeURIComponent(keyword)}`);
    expect(res.statusCode).toBe(200);
    const byId = Object.fromEntries(Object.entries(made).map(([key, id]) => [id, key]));
    return res.json().data.map((p: { _id: string }) => byId[p._id]);
  };

  it('finds every shirt for "قميص كحلي", those with navy pieces first, then the title matches', async () => {
    expect(await search('قميص كحلي')).toEqual(['navyShirt', 'titledNavy', 'whiteShirt', 'navySoldOut']);
  });

  it('folds the colour word as the rest of the search does: "تيشرت اسود" ranks the black T-shirt first', async () => {
    expect(await search('تيشرت اسود')).toEqual(['blackTee', 'whiteTee']);
    expect(await search('التيشيرت الأسود')).toEqual(['blackTee', 'whiteTee']);
  });

  it('finds the products of a colour searched alone, those with pieces in it first', async () => {
    expect(await search('كحلي')).toEqual(['navyTrousers', 'navyShirt', 'titledNavy', 'navySoldOut']);
  });

  it('still requires the words that name no colour', async () => {
    expect(await search('بنطلون اسود')).toEqual(['navyTrousers']);
    expect(await search('جاكيت كحلي')).toEqual([]);
  });

  it('follows a renamed colour', async () => {
    expect((await putJson(made.whiteShirt!, { colors: [{ name: 'سماوي', hex: '#87ceeb' }] })).statusCode).toBe(200);
    expect(await search('قميص سماوي')).toEqual(['whiteShirt', 'titledNavy', 'navySoldOut', 'navyShirt']);
  });
});
