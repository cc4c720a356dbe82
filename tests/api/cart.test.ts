import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LINE_PIECES, MSG } from '../../contracts/index.ts';
import { createAccount, createProductFixture, type Account } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addToCart, cartLinesOf, getCart, setProduct, setSizeStock, sizeStockOf } from '../helpers/shop.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const setCount = (account: Account, itemId: string, count: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/cart/${itemId}`, headers: account.headers, payload: { count } });
const removeLine = (account: Account, itemId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/cart/${itemId}`, headers: account.headers });

/** A customer with one line of the product in size m; returns the line's id. */
async function customerWithLine(productOverrides: Parameters<typeof createProductFixture>[2] = {}) {
  const account = await createAccount(t.db);
  const product = await createProductFixture(t.db, t.images, productOverrides);
  const res = await addToCart(t, account, { productId: product.id, color: 'm' });
  expect(res.statusCode).toBe(200);
  return { account, product, itemId: res.json().data.products[0]._id as string };
}

describe('GET /api/v1/cart', () => {
  it('gives an empty cart when the customer has none', async () => {
    const account = await createAccount(t.db);
    const res = await getCart(t, account);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { _id: null, products: [], totalCartPrice: 0 } });
  });

  it('refuses a guest with 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/cart' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.unauthenticated });
  });
});

describe('POST /api/v1/cart', () => {
  it('adds one piece in the chosen size, in the shape of API.md', async () => {
    const account = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { price: 220, priceAfterDiscount: 180 });
    const res = await addToCart(t, account, { productId: product.id, color: 'l' });
    expect(res.statusCode).toBe(200);
    const cart = res.json().data;
    expect(cart).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      products: [
        {
          _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          product: { _id: product.id, title: product.title, imageCover: product.imageCover, priceAfterDiscount: 180, availability: true },
          color: 'l',
          colorName: null,
          count: 1,
          price: 180,
        },
      ],
      totalCartPrice: 180,
    });
    expect((await getCart(t, account)).json()).toEqual({ data: cart });
  });

  it("sets the line's price from the product, ignoring a price in the body", async () => {
    const account = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { price: 300, priceAfterDiscount: 249.5 });
    const res = await addToCart(t, account, { productId: product.id, color: 'm', price: 1, count: 50, totalCartPrice: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.products[0]).toMatchObject({ count: 1, price: 249.5 });
    expect(res.json().data.totalCartPrice).toBe(249.5);
    expect(await cartLinesOf(t.db, account.user.id)).toEqual([{ productId: product.id, size: 'm', count: 1 }]);
  });

  it('the same product and size again adds 1 to that line', async () => {
    const account = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images);
    await addToCart(t, account, { productId: product.id, color: 'm' });
    const res = await addToCart(t, account, { productId: product.id, color: 'm' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.products).toHaveLength(1);
    expect(res.json().data.products[0]).toMatchObject({ color: 'm', count: 2, price: 180 });
    expect(res.json().data.totalCartPrice).toBe(360);
  });

  it('a different size of the same product is a new line', async () => {
    const account = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images);
    await addToCart(t, account, { productId: product.id, color: 'm' });
    const res = await addToCart(t, account, { productId: product.id, color: 'l' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.products.map((l: { color: string; count: number }) => [l.color, l.count])).toEqual([
      ['m', 1],
      ['l', 1],
    ]);
    expect(await cartLinesOf(t.db, account.user.id)).toHaveLength(2);
  });

  it('without a size, a product with exactly one size gets it', async () => {
    const account = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { availableSizes: ['xl'] });
    const res = await addToCart(t, account, { productId: product.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.products[0]).toMatchObject({ color: 'xl', count: 1 });
  });

  it('without a size, a product with several sizes asks for one and stores nothing', async () => {
    const account = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { availableSizes: ['m', 'l'] });
    const res = await addToCart(t, account, { productId: product.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ msg: 'من فضلك قم بتحديد المقاس أولاً', path: 'color', location: 'body' }] });
    expect(await cartLinesOf(t.db, account.user.id)).toEqual([]);
  });

  it('refuses a size the product does not come in, and stores nothing', async () => {
    const account = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { availableSizes: ['m', 'l'] });
    const res = await addToCart(t, account, { productId: product.id, color: 'xxl' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ msg: MSG.sizeUnavailable, path: 'color', location: 'body' }] });
    expect(await cartLinesOf(t.db, account.user.id)).toEqual([]);
  });

  it('refuses an unknown product with 400 on productId', async () => {
    const account = await createAccount(t.db);
    const res = await addToCart(t, account, { productId: UNKNOWN_ID, color: 'm' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ msg: MSG.productNotFound, path: 'productId', location: 'body' }] });
  });

  it('refuses a malformed product id and a size that is not text with 400', async () => {
    const account = await createAccount(t.db);
    const res = await addToCart(t, account, { productId: 'abc', color: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { msg: MSG.invalidId, path: 'productId', location: 'body' },
        { msg: MSG.sizeInvalid, path: 'color', location: 'body' },
      ]),
    );
    expect(await cartLinesOf(t.db, account.user.id)).toEqual([]);
  });

  it('refuses a product the admin switched off with 409 and stores nothing', async () => {
    const account = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { availability: false });
    const res = await addToCart(t, account, { productId: product.id, color: 'm' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.productUnavailable });
    expect(await cartLinesOf(t.db, account.user.id)).toEqual([]);
  });

  it('refuses a sold-out product with 409 "size not available" and stores nothing', async () => {
    const account = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { quantity: 0 });
    const res = await addToCart(t, account, { productId: product.id, color: 'm' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.sizeSoldOut });
    expect(await cartLinesOf(t.db, account.user.id)).toEqual([]);
  });

  it('refuses a size at 0 with 409 "هذا المقاس غير متوفر حالياً" while the other sizes still sell', async () => {
    const account = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { stock: { m: 0, l: 4 } });
    const res = await addToCart(t, account, { productId: product.id, color: 'm' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'fail', message: 'هذا المقاس غير متوفر حالياً' });
    expect(await cartLinesOf(t.db, account.user.id)).toEqual([]);
    expect((await addToCart(t, account, { productId: product.id, color: 'l' })).statusCode).toBe(200);
    expect(await cartLinesOf(t.db, account.user.id)).toEqual([{ productId: product.id, size: 'l', count: 1 }]);
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 0, l: 4 });
  });

  it('refuses a piece more than the stock left of the size with 409 and keeps the count', async () => {
    const account = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { stock: { m: 2, l: 9 } });
    await addToCart(t, account, { productId: product.id, color: 'm' });
    await addToCart(t, account, { productId: product.id, color: 'm' });
    const res = await addToCart(t, account, { productId: product.id, color: 'm' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.notEnoughStock });
    expect(await cartLinesOf(t.db, account.user.id)).toEqual([{ productId: product.id, size: 'm', count: 2 }]);
  });

  it("counts each size against its own stock, not the product's other sizes", async () => {
    const account = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { stock: { m: 1, l: 1 } });
    expect((await addToCart(t, account, { productId: product.id, color: 'm' })).statusCode).toBe(200);
    expect((await addToCart(t, account, { productId: product.id, color: 'l' })).statusCode).toBe(200);
    const res = await addToCart(t, account, { productId: product.id, color: 'l' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.notEnoughStock });
    expect(await cartLinesOf(t.db, account.user.id)).toEqual([
      { productId: product.id, size: 'l', count: 1 },
      { productId: product.id, size: 'm', count: 1 },
    ]);
  });

  it(`adds up to ${MAX_LINE_PIECES} pieces of one size; one more is 400 naming the limit and keeps the count`, async () => {
    const account = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { stock: { m: 30, l: 30 } });
    for (let i = 0; i < MAX_LINE_PIECES; i++) expect((await addToCart(t, account, { productId: product.id, color: 'm' })).statusCode).toBe(200);
    const res = await addToCart(t, account, { productId: product.id, color: 'm' });
    expect(res.statusCode).toBe(400);
    const msg = `${MSG.linePiecesLimit}: ${MAX_LINE_PIECES}`;
    expect(res.json()).toEqual({ errors: [{ msg, path: 'color', location: 'body' }] });
    expect(msg).toBe('الحد الأقصى للقطع من المقاس الواحد في الطلب الواحد: 10');
    expect(await cartLinesOf(t.db, account.user.id)).toEqual([{ productId: product.id, size: 'm', count: MAX_LINE_PIECES }]);
    // The limit is per size: another size of the same product still goes in.
    expect((await addToCart(t, account, { productId: product.id, color: 'l' })).statusCode).toBe(200);
  });

  it('refuses the second of two adds that would pass the limit, keeping the first', async () => {
    const { account, product, itemId } = await customerWithLine({ stock: { m: 30 } });
    expect((await setCount(account, itemId, MAX_LINE_PIECES - 1)).statusCode).toBe(200);
    expect((await addToCart(t, account, { productId: product.id, color: 'm' })).statusCode).toBe(200);
    const res = await addToCart(t, account, { productId: product.id, color: 'm' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].msg).toBe(`${MSG.linePiecesLimit}: ${MAX_LINE_PIECES}`);
    expect(await cartLinesOf(t.db, account.user.id)).toEqual([{ productId: product.id, size: 'm', count: MAX_LINE_PIECES }]);
  });

  it('refuses a guest with 401 and stores nothing', async () => {
    const product = await createProductFixture(t.db, t.images);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/cart', payload: { productId: product.id, color: 'm' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.unauthenticated });
  });
});

describe('PUT /api/v1/cart/{itemId}', () => {
  it("sets the line's count and the total follows", async () => {
    const { account, itemId } = await customerWithLine({ priceAfterDiscount: 180 });
    const res = await setCount(account, itemId, 4);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.products[0]).toMatchObject({ _id: itemId, count: 4, price: 180 });
    expect(res.json().data.totalCartPrice).toBe(720);
  });

  it.each([
    [0, MSG.countMin],
    [-1, MSG.countMin],
    [1.5, MSG.mustBeWholeNumber],
    ['abc', MSG.mustBeNumber],
    [null, MSG.required],
  ])('refuses count %j with 400 "%s" and keeps the count', async (count, msg) => {
    const { account, product, itemId } = await customerWithLine();
    const res = await setCount(account, itemId, count);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ msg, path: 'count', location: 'body' }] });
    expect(await cartLinesOf(t.db, account.user.id)).toEqual([{ productId: product.id, size: 'm', count: 1 }]);
  });

  it('refuses to raise the count of a product the admin switched off, with 409', async () => {
    const { account, product, itemId } = await customerWithLine({ quantity: 5 });
    await setProduct(t.db, product.id, { available: false });
    const res = await setCount(account, itemId, 2);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.productUnavailable });
    expect(await cartLinesOf(t.db, account.user.id)).toEqual([{ productId: product.id, size: 'm', count: 1 }]);
  });

  it(`accepts a count of ${MAX_LINE_PIECES}, the limit per line, when the stock has it`, async () => {
    const { account, itemId } = await customerWithLine({ quantity: 5000 });
    const res = await setCount(account, itemId, MAX_LINE_PIECES);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.products[0].count).toBe(MAX_LINE_PIECES);
  });

  it.each([MAX_LINE_PIECES + 1, 1001])('refuses a count of %i, above the limit per line, with 400 naming the limit, though the stock has it', async (count) => {
    const { account, product, itemId } = await customerWithLine({ quantity: 5000 });
    const res = await setCount(account, itemId, count);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ msg: `${MSG.linePiecesLimit}: ${MAX_LINE_PIECES}`, path: 'count', location: 'body' }] });
    expect(await cartLinesOf(t.db, account.user.id)).toEqual([{ productId: product.id, size: 'm', count: 1 }]);
  });

  it("refuses a count above the size's stock left with 409 and keeps the count", async () => {
    const { account, product, itemId } = await customerWithLine({ stock: { m: 3, l: 20 } });
    expect((await setCount(account, itemId, 3)).statusCode).toBe(200);
    const res = await setCount(account, itemId, 4);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.notEnoughStock });
    expect(await cartLinesOf(t.db, account.user.id)).toEqual([{ productId: product.id, size: 'm', count: 3 }]);
  });

  it('lets each size of the product in the cart use its own stock', async () => {
    const { account, product, itemId } = await customerWithLine({ stock: { m: 3, l: 1 } });
    await addToCart(t, account, { productId: product.id, color: 'l' });
    expect((await setCount(account, itemId, 3)).statusCode).toBe(200);
    const res = await setCount(account, itemId, 4);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.notEnoughStock });
    expect(await cartLinesOf(t.db, account.user.id)).toEqual(
      expect.arrayContaining([
        { productId: product.id, size: 'm', count: 3 },
        { productId: product.id, size: 'l', count: 1 },
      ]),
    );
  });

  it('refuses raising the count of a size that ran out since with 409 "size not available"', async () => {
    const { account, product, itemId } = await customerWithLine({ stock: { m: 3, l: 3 } });
    await setSizeStock(t.db, product.id, { m: 0 });
    const res = await setCount(account, itemId, 2);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.sizeSoldOut });
    expect(await cartLinesOf(t.db, account.user.id)).toEqual([{ productId: product.id, size: 'm', count: 1 }]);
  });

  it("another customer's line is 404 and stays as it was", async () => {
    const { account: owner, product, itemId } = await customerWithLine();
    const intruder = await createAccount(t.db);
    await addToCart(t, intruder, { productId: product.id, color: 'l' });
    const res = await setCount(intruder, itemId, 5);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.cartItemNotFound });
    expect(await cartLinesOf(t.db, owner.user.id)).toEqual([{ productId: product.id, size: 'm', count: 1 }]);
  });

  it('an unknown line is 404 and a malformed id is 400 in params', async () => {
    const account = await createAccount(t.db);
    const unknown = await setCount(account, UNKNOWN_ID, 2);
    expect(unknown.statusCode).toBe(404);
    const malformed = await setCount(account, 'abc', 2);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ errors: [{ msg: MSG.invalidId, path: 'itemId', location: 'params' }] });
  });

  it('refuses a guest with 401', async () => {
    const { account, product, itemId } = await customerWithLine();
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/cart/${itemId}`, payload: { count: 3 } });
    expect(res.statusCode).toBe(401);
    expect(await cartLinesOf(t.db, account.user.id)).toEqual([{ productId: product.id, size: 'm', count: 1 }]);
  });
});

describe('DELETE /api/v1/cart/{itemId}', () => {
  it('removes the line and answers with the cart left', async () => {
    const { account, itemId } = await customerWithLine({ priceAfterDiscount: 180 });
    const other = await createProductFixture(t.db, t.images, { priceAfterDiscount: 99.5 });
    await addToCart(t, account, { productId: other.id, color: 'm' });
    const res = await removeLine(account, itemId);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.products.map((l: { product: { _id: string } }) => l.product._id)).toEqual([other.id]);
    expect(res.json().data.totalCartPrice).toBe(99.5);
    expect(await cartLinesOf(t.db, account.user.id)).toEqual([{ productId: other.id, size: 'm', count: 1 }]);
  });

  it("another customer's line is 404 and stays as it was", async () => {
    const { account: owner, product, itemId } = await customerWithLine();
    const intruder = await createAccount(t.db);
    const res = await removeLine(intruder, itemId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.cartItemNotFound });
    expect(await cartLinesOf(t.db, owner.user.id)).toEqual([{ productId: product.id, size: 'm', count: 1 }]);
  });

  it('refuses a guest with 401 and a malformed id with 400 in params', async () => {
    const { account, product, itemId } = await customerWithLine();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/cart/${itemId}` })).statusCode).toBe(401);
    const malformed = await removeLine(account, 'abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ errors: [{ msg: MSG.invalidId, path: 'itemId', location: 'params' }] });
    expect(await cartLinesOf(t.db, account.user.id)).toEqual([{ productId: product.id, size: 'm', count: 1 }]);
  });
});

describe('totals', () => {
  it('sums prices exactly: 199.99 × 3 + 149.95 + 0.1 × 3', async () => {
    const { account, itemId } = await customerWithLine({ price: 250, priceAfterDiscount: 199.99 });
    await setCount(account, itemId, 3);
    const second = await createProductFixture(t.db, t.images, { price: 149.95, priceAfterDiscount: 149.95 });
    const third = await createProductFixture(t.db, t.images, { price: 0.1, priceAfterDiscount: 0.1 });
    await addToCart(t, account, { productId: second.id, color: 'm' });
    for (let i = 0; i < 3; i++) await addToCart(t, account, { productId: third.id, color: 'm' });
    const res = await getCart(t, account);
    expect(res.json().data.products.map((l: { price: number; count: number }) => [l.price, l.count])).toEqual([
      [199.99, 3],
      [149.95, 1],
      [0.1, 3],
    ]);
    expect(res.json().data.totalCartPrice).toBe(750.22);
  });

  it("shows the product's current price when it changes after adding", async () => {
    const { account, product } = await customerWithLine({ price: 300, priceAfterDiscount: 250 });
    await setProduct(t.db, product.id, { priceAfterDiscount: 199.99 });
    const res = await getCart(t, account);
    expect(res.json().data.products[0]).toMatchObject({ price: 199.99, product: { priceAfterDiscount: 199.99 } });
    expect(res.json().data.totalCartPrice).toBe(199.99);
  });

  it('marks a line whose product sold out as unavailable', async () => {
    const { account, product } = await customerWithLine();
    await setSizeStock(t.db, product.id, { m: 0, l: 0 });
    const res = await getCart(t, account);
    expect(res.json().data.products[0].product.availability).toBe(false);
  });
});
