import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POSTAL_CODE, GOVERNORATES, MSG, ORDER_STATUS_LABELS } from '../../contracts/index.ts';
import { orderItems, orders } from '../../db/schema.ts';
import { advanceOrderFixture, createAccount, createProductFixture, type Account } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import {
  ADDRESS,
  addToCart,
  cartLinesOf,
  fillCart,
  getCart,
  ledgerOf,
  ordersOf,
  placeOrder,
  setProduct,
  setSizeStock,
  sizeStockOf,
  stockOf,
} from '../helpers/shop.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface OrderJson {
  _id: string;
  id: number;
  cartItems: { product: { _id: string }; color: string; count: number; price: number }[];
  createdAt: string;
  [field: string]: unknown;
}

/** A customer who has just placed an order of one piece of a new product. */
async function orderPlaced(customer?: Account) {
  const account = customer ?? (await createAccount(t.db));
  const product = await createProductFixture(t.db, t.images);
  const cartId = await fillCart(t, account, product.id);
  const res = await placeOrder(t, account, cartId);
  expect(res.statusCode).toBe(201);
  return { customer: account, product, order: res.json().data as OrderJson };
}

async function orderItemsOf(productId: string) {
  return t.db.select().from(orderItems).where(eq(orderItems.productId, productId));
}

async function countOrders(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(orders);
  return row!.n;
}

describe('POST /api/v1/orders/{cartId}: placing an order', () => {
  it('answers 201 with the order, takes the stock and empties the cart', async () => {
    const customer = await createAccount(t.db, 'user', 'محمود حسن');
    const shirt = await createProductFixture(t.db, t.images, { price: 220, priceAfterDiscount: 180, quantity: 10 });
    const polo = await createProductFixture(t.db, t.images, { price: 250, priceAfterDiscount: 199.99, quantity: 5, availableSizes: ['l', 'xl'] });
    const cartId = await fillCart(t, customer, shirt.id, 'm');
    await fillCart(t, customer, shirt.id, 'm');
    await fillCart(t, customer, polo.id, 'xl');
    const { postalCode: _omitted, ...withoutPostalCode } = ADDRESS;

    const res = await placeOrder(t, customer, cartId, { body: { shippingAddress: withoutPostalCode } });
    expect(res.statusCode).toBe(201);
    const order = res.json().data as OrderJson;
    expect(order).toEqual({
      _id: expect.stringMatching(UUID),
      id: expect.any(Number),
      user: { _id: customer.user.id, name: 'محمود حسن', phone: customer.user.phone },
      cartItems: expect.arrayContaining([
        { _id: expect.stringMatching(UUID), product: expect.objectContaining({ _id: shirt.id, title: shirt.title, imageCover: shirt.imageCover }), color: 'm', colorName: null, count: 2, price: 180, paidPrice: 180 },
        { _id: expect.stringMatching(UUID), product: expect.objectContaining({ _id: polo.id, title: polo.title, imageCover: polo.imageCover }), color: 'xl', colorName: null, count: 1, price: 199.99, paidPrice: 199.99 },
      ]),
      shippingAddress: { details: ADDRESS.details, phone: ADDRESS.phone, city: ADDRESS.shippingCity, district: ADDRESS.district, postalCode: DEFAULT_POSTAL_CODE },
      shippingPrice: 70,
      codFee: 0,
      shipment: null,
      totalOrderPrice: 559.99,
      couponCode: null,
      discount: 0,
      paymentMethodType: 'cash',
      paymentDueAt: null,
      trnxId: null,
      orderPaymobId: null,
      refunds: [],
      isPaid: false,
      paidAt: null,
      isDelivered: false,
      deliveredAt: null,
      status: 'pending',
      statusHistory: [{ status: 'pending', at: order.createdAt, by: { _id: customer.user.id, name: 'محمود حسن' } }],
      returns: [],
      createdAt: expect.any(String),
    });
    expect(order.cartItems).toHaveLength(2);
    expect(Number.isInteger(order.id) && order.id > 0).toBe(true);

    // 10 pieces over m and l are 5 each; 5 over l and xl are 3 and 2: each line takes from its own size.
    expect(await sizeStockOf(t.db, shirt.id)).toEqual({ m: 3, l: 5 });
    expect(await sizeStockOf(t.db, polo.id)).toEqual({ l: 3, xl: 1 });
    expect(await stockOf(t.db, shirt.id)).toBe(8);
    expect(await stockOf(t.db, polo.id)).toBe(4);
    expect(await cartLinesOf(t.db, customer.user.id)).toEqual([]);
    expect((await getCart(t, customer)).json().data).toMatchObject({ products: [], totalCartPrice: 0 });

    const [stored] = await ordersOf(t.db, customer.user.id);
    expect(stored).toMatchObject({ id: order._id, number: order.id, totalOrderPrice: 559.99, shippingPrice: 70, postalCode: DEFAULT_POSTAL_CODE });
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order._id}`, headers: customer.headers });
    expect(read.json().data).toEqual(order);
  });

  it('numbers orders one after another', async () => {
    const customer = await createAccount(t.db);
    const { order: first } = await orderPlaced(customer);
    const { order: second } = await orderPlaced(customer);
    expect(second.id).toBe(first.id + 1);
  });

  it('keeps the postal code the customer gave', async () => {
    const customer = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images);
    const cartId = await fillCart(t, customer, product.id);
    const res = await placeOrder(t, customer, cartId, { body: { shippingAddress: { ...ADDRESS, postalCode: '12611' } } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.shippingAddress.postalCode).toBe('12611');
  });

  it('accepts a governorate beyond Cairo and Giza, and folds Arabic-Indic digits in the phone', async () => {
    expect(GOVERNORATES).toHaveLength(27);
    const customer = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images);
    const cartId = await fillCart(t, customer, product.id);
    const res = await placeOrder(t, customer, cartId, {
      body: { shippingAddress: { details: 'شارع الجمهورية', district: 'الخارجة', phone: '٠١١١٢٣٤٥٦٧٨', shippingCity: 'الوادي الجديد' } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.shippingAddress).toMatchObject({ phone: '01112345678', city: 'الوادي الجديد' });
  });

  it('prices the order at the current price, not the one seen when adding to the cart', async () => {
    const customer = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { price: 300, priceAfterDiscount: 250 });
    const cartId = await fillCart(t, customer, product.id);
    await fillCart(t, customer, product.id);
    await setProduct(t.db, product.id, { priceAfterDiscount: 149.5 });
    const res = await placeOrder(t, customer, cartId);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.cartItems).toEqual([expect.objectContaining({ count: 2, price: 149.5 })]);
    expect(res.json().data.totalOrderPrice).toBe(299);
  });

  it('ignores the fields a client may not set', async () => {
    const customer = await createAccount(t.db);
    const other = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { priceAfterDiscount: 180 });
    const cartId = await fillCart(t, customer, product.id);
    const res = await placeOrder(t, customer, cartId, {
      body: {
        shippingAddress: { ...ADDRESS, shippingPrice: 0 },
        isPaid: true,
        paidAt: '2020-01-01T00:00:00.000Z',
        isDelivered: true,
        deliveredAt: '2020-01-01T00:00:00.000Z',
        totalOrderPrice: 1,
        shippingPrice: 0,
        price: 1,
        cartItems: [{ product: product.id, color: 'm', count: 100, price: 1 }],
        user: other.user.id,
        _id: UNKNOWN_ID,
        id: 999999,
        createdAt: '2020-01-01T00:00:00.000Z',
      },
    });
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    expect(order).toMatchObject({
      isPaid: false,
      paidAt: null,
      isDelivered: false,
      deliveredAt: null,
      totalOrderPrice: 180,
      shippingPrice: 70,
      paymentMethodType: 'cash',
      user: { _id: customer.user.id },
      cartItems: [expect.objectContaining({ count: 1, price: 180 })],
    });
    expect(order._id).not.toBe(UNKNOWN_ID);
    expect(order.id).not.toBe(999999);
    expect(order.createdAt.startsWith('2020')).toBe(false);
    const [stored] = await ordersOf(t.db, customer.user.id);
    expect(stored).toMatchObject({ isPaid: false, isDelivered: false, totalOrderPrice: 180, shippingPrice: 70, paymentMethodType: 'cash' });
    expect(await ordersOf(t.db, other.user.id)).toHaveLength(0);
    expect(await stockOf(t.db, product.id)).toBe(9);
  });

  it('refuses a guest with 401', async () => {
    const customer = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images);
    const cartId = await fillCart(t, customer, product.id);
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/orders/${cartId}`, payload: { shippingAddress: ADDRESS } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.unauthenticated });
    expect(await stockOf(t.db, product.id)).toBe(10);
  });

  it('refuses an admin with 403: orders are for customers', async () => {
    const admin = await createAccount(t.db, 'admin');
    const product = await createProductFixture(t.db, t.images);
    const cartId = await fillCart(t, admin, product.id);
    const res = await placeOrder(t, admin, cartId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.forbidden });
    expect(await ordersOf(t.db, admin.user.id)).toHaveLength(0);
    expect(await stockOf(t.db, product.id)).toBe(10);
    expect(await cartLinesOf(t.db, admin.user.id)).toEqual([{ productId: product.id, size: 'm', count: 1 }]);
  });
});

describe('POST /api/v1/orders/{cartId}: checkout validation', () => {
  const cases: [string, Record<string, unknown>, { msg: string; path: string }[]][] = [
    [
      'an empty address',
      {},
      [
        { msg: MSG.detailsRequired, path: 'shippingAddress.details' },
        { msg: MSG.shippingPhoneRequired, path: 'shippingAddress.phone' },
        { msg: MSG.cityRequired, path: 'shippingAddress.shippingCity' },
        { msg: MSG.districtRequired, path: 'shippingAddress.district' },
      ],
    ],
    ['blank details', { ...ADDRESS, details: '   ' }, [{ msg: 'العنوان مطلوب', path: 'shippingAddress.details' }]],
    ['a missing phone', { ...ADDRESS, phone: '' }, [{ msg: 'رقم الهاتف مطلوب', path: 'shippingAddress.phone' }]],
    ['a phone of the wrong pattern', { ...ADDRESS, phone: '01312345678' }, [{ msg: 'أدخل رقم هاتف صحيح', path: 'shippingAddress.phone' }]],
    ['a missing city', { ...ADDRESS, shippingCity: '' }, [{ msg: 'محافظة الشحن مطلوب', path: 'shippingAddress.shippingCity' }]],
    ['a city that is not a governorate', { ...ADDRESS, shippingCity: 'باريس' }, [{ msg: MSG.cityInvalid, path: 'shippingAddress.shippingCity' }]],
    ['a missing district', { ...ADDRESS, district: '' }, [{ msg: MSG.districtRequired, path: 'shippingAddress.district' }]],
    ['a one-letter district', { ...ADDRESS, district: 'أ' }, [{ msg: MSG.districtLength, path: 'shippingAddress.district' }]],
    ['a district of 61 letters', { ...ADDRESS, district: 'م'.repeat(61) }, [{ msg: MSG.districtLength, path: 'shippingAddress.district' }]],
    ['a postal code that is not five digits', { ...ADDRESS, postalCode: '12a' }, [{ msg: MSG.invalidValue, path: 'shippingAddress.postalCode' }]],
  ];

  it.each(cases)('refuses %s with the Arabic message and stores nothing', async (_name, shippingAddress, expected) => {
    const customer = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images);
    const cartId = await fillCart(t, customer, product.id);
    const res = await placeOrder(t, customer, cartId, { body: { shippingAddress } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(expected.map((e) => ({ ...e, location: 'body' })));
    expect(await ordersOf(t.db, customer.user.id)).toHaveLength(0);
    expect(await stockOf(t.db, product.id)).toBe(10);
    expect(await cartLinesOf(t.db, customer.user.id)).toEqual([{ productId: product.id, size: 'm', count: 1 }]);
  });

  it('refuses a body without an address, or that is not an object, with 400', async () => {
    const customer = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images);
    const cartId = await fillCart(t, customer, product.id);
    for (const body of [{}, [], 'cash']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${cartId}`,
        headers: { ...customer.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
    expect(await ordersOf(t.db, customer.user.id)).toHaveLength(0);
    expect(await stockOf(t.db, product.id)).toBe(10);
  });
});

describe('POST /api/v1/orders/{cartId}: carts that cannot be ordered', () => {
  it('refuses an empty cart with 400', async () => {
    const customer = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images);
    const added = await addToCart(t, customer, { productId: product.id, color: 'm' });
    const cartId = added.json().data._id as string;
    const lineId = added.json().data.products[0]._id as string;
    await t.app.inject({ method: 'DELETE', url: `/api/v1/cart/${lineId}`, headers: customer.headers });
    const res = await placeOrder(t, customer, cartId);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{ msg: MSG.cartEmpty, path: '', location: 'body' }] });
    expect(await ordersOf(t.db, customer.user.id)).toHaveLength(0);
  });

  it("refuses someone else's cart with 404 and leaves it as it was", async () => {
    const owner = await createAccount(t.db);
    const intruder = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images);
    const cartId = await fillCart(t, owner, product.id);
    await fillCart(t, intruder, product.id, 'l');
    const res = await placeOrder(t, intruder, cartId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.cartNotFound });
    expect(await ordersOf(t.db, owner.user.id)).toHaveLength(0);
    expect(await ordersOf(t.db, intruder.user.id)).toHaveLength(0);
    expect(await stockOf(t.db, product.id)).toBe(10);
    expect(await cartLinesOf(t.db, owner.user.id)).toEqual([{ productId: product.id, size: 'm', count: 1 }]);
    expect(await cartLinesOf(t.db, intruder.user.id)).toEqual([{ productId: product.id, size: 'l', count: 1 }]);
  });

  it('refuses an unknown cart with 404 and a malformed cart id with 400 in params', async () => {
    const customer = await createAccount(t.db);
    const unknown = await placeOrder(t, customer, UNKNOWN_ID);
    expect(unknown.statusCode).toBe(404);
    const malformed = await placeOrder(t, customer, 'not-a-cart');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ errors: [{ msg: MSG.invalidId, path: 'cartId', location: 'params' }] });
  });

  it('refuses a product switched off after it was added with 409, taking nothing', async () => {
    const customer = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images);
    const cartId = await fillCart(t, customer, product.id);
    await setProduct(t.db, product.id, { available: false });
    const res = await placeOrder(t, customer, cartId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'fail', message: expect.stringContaining(MSG.productUnavailable) });
    expect(await stockOf(t.db, product.id)).toBe(10);
    expect(await ordersOf(t.db, customer.user.id)).toHaveLength(0);
    expect(await cartLinesOf(t.db, customer.user.id)).toEqual([{ productId: product.id, size: 'm', count: 1 }]);
  });

  it('refuses a size that ran out after it was added with 409 naming it, taking nothing and keeping the whole cart', async () => {
    const customer = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { stock: { m: 4, l: 4 } });
    const other = await createProductFixture(t.db, t.images);
    const cartId = await fillCart(t, customer, product.id, 'm');
    await fillCart(t, customer, product.id, 'l');
    await fillCart(t, customer, other.id, 'l');
    await setSizeStock(t.db, product.id, { m: 0 });
    const res = await placeOrder(t, customer, cartId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'fail', message: `${MSG.sizeSoldOut}: ${product.title} (${MSG.sizeLabel} M)` });
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 0, l: 4 });
    expect(await sizeStockOf(t.db, other.id)).toEqual({ m: 5, l: 5 });
    expect(await ordersOf(t.db, customer.user.id)).toHaveLength(0);
    expect(await cartLinesOf(t.db, customer.user.id)).toEqual(
      [
        { productId: product.id, size: 'l', count: 1 },
        { productId: product.id, size: 'm', count: 1 },
        { productId: other.id, size: 'l', count: 1 },
      ].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0)),
    );
  });

  it('refuses a size the product no longer comes in with 409, taking nothing', async () => {
    const customer = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { availableSizes: ['m', 'l'] });
    const cartId = await fillCart(t, customer, product.id, 'l');
    await setProduct(t.db, product.id, { availableSizes: ['m'] });
    const res = await placeOrder(t, customer, cartId);
    expect(res.statusCode).toBe(409);
    expect(await stockOf(t.db, product.id)).toBe(10);
    expect(await ordersOf(t.db, customer.user.id)).toHaveLength(0);
  });

  it('takes all lines or none: when the second line lacks stock, the first keeps its stock and the cart stays', async () => {
    const customer = await createAccount(t.db);
    const made = [await createProductFixture(t.db, t.images), await createProductFixture(t.db, t.images)];
    // Stock is taken in product-id order; make the one taken last the one that fails.
    const [first, second] = made.sort((a, b) => (a.id < b.id ? -1 : 1)) as [(typeof made)[0], (typeof made)[0]];
    const cartId = await fillCart(t, customer, first.id);
    await fillCart(t, customer, second.id);
    await fillCart(t, customer, second.id);
    await setSizeStock(t.db, second.id, { m: 1 });

    const res = await placeOrder(t, customer, cartId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'fail', message: `${MSG.notEnoughStock}: ${second.title} (${MSG.sizeLabel} M)` });
    expect(await sizeStockOf(t.db, first.id)).toEqual({ m: 5, l: 5 });
    expect(await sizeStockOf(t.db, second.id)).toEqual({ m: 1, l: 5 });
    expect((await ledgerOf(t.db, first.id)).filter((row) => row.reason === 'order')).toEqual([]);
    expect(await ordersOf(t.db, customer.user.id)).toHaveLength(0);
    expect(await cartLinesOf(t.db, customer.user.id)).toEqual([
      { productId: first.id, size: 'm', count: 1 },
      { productId: second.id, size: 'm', count: 2 },
    ]);
  });
});

describe('Idempotency-Key', () => {
  it('the same key twice returns the same order and takes the stock once', async () => {
    const customer = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { quantity: 10 });
    const cartId = await fillCart(t, customer, product.id);
    const first = await placeOrder(t, customer, cartId, { idempotencyKey: 'checkout-0001' });
    const again = await placeOrder(t, customer, cartId, { idempotencyKey: 'checkout-0001' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toEqual(first.json().data);
    expect(await stockOf(t.db, product.id)).toBe(9);
    expect(await ordersOf(t.db, customer.user.id)).toHaveLength(1);
  });

  it('a different key places a new order', async () => {
    const customer = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { quantity: 10 });
    const cartId = await fillCart(t, customer, product.id);
    const first = await placeOrder(t, customer, cartId, { idempotencyKey: 'checkout-aaaa' });
    await fillCart(t, customer, product.id);
    const second = await placeOrder(t, customer, cartId, { idempotencyKey: 'checkout-bbbb' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().data._id).not.toBe(first.json().data._id);
    expect(await stockOf(t.db, product.id)).toBe(8);
    expect(await ordersOf(t.db, customer.user.id)).toHaveLength(2);
  });

  it("one customer's key does not return another customer's order", async () => {
    const product = await createProductFixture(t.db, t.images, { quantity: 10 });
    const alice = await createAccount(t.db);
    const bob = await createAccount(t.db);
    const aliceOrder = await placeOrder(t, alice, await fillCart(t, alice, product.id), { idempotencyKey: 'shared-key-1' });
    const bobOrder = await placeOrder(t, bob, await fillCart(t, bob, product.id), { idempotencyKey: 'shared-key-1' });
    expect(bobOrder.statusCode).toBe(201);
    expect(bobOrder.json().data._id).not.toBe(aliceOrder.json().data._id);
    expect(bobOrder.json().data.user._id).toBe(bob.user.id);
    expect(await stockOf(t.db, product.id)).toBe(8);
  });

  it('refuses a malformed key with 400 and places nothing', async () => {
    const customer = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images);
    const cartId = await fillCart(t, customer, product.id);
    const res = await placeOrder(t, customer, cartId, { idempotencyKey: 'bad key!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: MSG.idempotencyKeyInvalid, path: 'idempotency-key', location: 'headers' }]);
    expect(await ordersOf(t.db, customer.user.id)).toHaveLength(0);
    expect(await stockOf(t.db, product.id)).toBe(10);
  });

  it('five simultaneous submits with the same key place one order', async () => {
    const customer = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { quantity: 10 });
    const cartId = await fillCart(t, customer, product.id);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => placeOrder(t, customer, cartId, { idempotencyKey: 'double-click-0001' })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(responses.map((r) => r.json().data._id));
    expect(ids.size).toBe(1);
    expect(await ordersOf(t.db, customer.user.id)).toHaveLength(1);
    expect(await stockOf(t.db, product.id)).toBe(9);
  });
});

describe('stock under concurrent orders', () => {
  it('never oversells a size: 20 customers racing for the last 3 pieces of m get 3 orders, m ends at 0 and l is untouched', async () => {
    const product = await createProductFixture(t.db, t.images, { stock: { m: 3, l: 4 } });
    const customers = await Promise.all(Array.from({ length: 20 }, () => createAccount(t.db)));
    const cartIds: string[] = [];
    for (const customer of customers) cartIds.push(await fillCart(t, customer, product.id, 'm'));

    const responses = await Promise.all(customers.map((customer, i) => placeOrder(t, customer, cartIds[i]!)));

    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toEqual({ status: 'fail', message: `${MSG.sizeSoldOut}: ${product.title} (${MSG.sizeLabel} M)` });
    }
    expect(await sizeStockOf(t.db, product.id)).toEqual({ m: 0, l: 4 });
    expect(await stockOf(t.db, product.id)).toBe(4);
    expect(await orderItemsOf(product.id)).toHaveLength(3);
    const ledger = await ledgerOf(t.db, product.id, 'm');
    expect(ledger.filter((row) => row.reason === 'order').map((row) => [row.quantityBefore, row.quantityAfter])).toEqual([
      [3, 2],
      [2, 1],
      [1, 0],
    ]);
    expect(await ledgerOf(t.db, product.id, 'l')).toEqual([expect.objectContaining({ reason: 'admin', quantityBefore: 0, quantityAfter: 4 })]);
    const shown = await t.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}` });
    expect(shown.json().data).toMatchObject({ quantity: 4, availability: true, stock: [{ size: 'm', quantity: 0 }, { size: 'l', quantity: 4 }] });
    const losers = customers.filter((_, i) => responses[i]!.statusCode === 409);
    for (const loser of losers) expect(await cartLinesOf(t.db, loser.user.id)).toEqual([{ productId: product.id, size: 'm', count: 1 }]);
  });

  it('never oversells a product: 20 customers racing for its last 5 pieces get 5 orders and 15 refusals, and it shows sold out', async () => {
    const product = await createProductFixture(t.db, t.images, { stock: { m: 5 }, availableSizes: ['m'] });
    const customers = await Promise.all(Array.from({ length: 20 }, () => createAccount(t.db)));
    const cartIds: string[] = [];
    for (const customer of customers) cartIds.push(await fillCart(t, customer, product.id));

    const responses = await Promise.all(customers.map((customer, i) => placeOrder(t, customer, cartIds[i]!)));

    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect(await stockOf(t.db, product.id)).toBe(0);
    expect(await orderItemsOf(product.id)).toHaveLength(5);
    const shown = await t.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}` });
    expect(shown.json().data).toMatchObject({ quantity: 0, availability: false, stock: [{ size: 'm', quantity: 0 }] });
  });
});

describe('GET /api/v1/orders', () => {
  const listOrders = (account: Account, query = '') => t.app.inject({ method: 'GET', url: `/api/v1/orders${query}`, headers: account.headers });

  it('shows a customer only their own orders, newest first', async () => {
    const alice = await createAccount(t.db);
    const bob = await createAccount(t.db);
    const { order: a1 } = await orderPlaced(alice);
    const { order: b1 } = await orderPlaced(bob);
    const { order: a2 } = await orderPlaced(alice);
    const res = await listOrders(alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      results: 2,
      paginationResult: { currentPage: 1, limit: 20, numberOfPages: 1 },
      data: [a2, a1],
    });
    expect((await listOrders(bob)).json().data.map((o: OrderJson) => o._id)).toEqual([b1._id]);
  });

  it('shows an admin every order, newest first', async () => {
    const admin = await createAccount(t.db, 'admin');
    const { order: older } = await orderPlaced();
    const { order: newest } = await orderPlaced();
    const res = await listOrders(admin, '?limit=100');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const total = await countOrders();
    expect(body.paginationResult).toMatchObject({ currentPage: 1, limit: 100, numberOfPages: Math.ceil(total / 100) });
    expect(body.results).toBe(Math.min(total, 100));
    expect(body.data[0]).toEqual(newest);
    expect(body.data[1]).toEqual(older);
    const times = body.data.map((o: OrderJson) => Date.parse(o.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const owners = new Set(body.data.map((o: OrderJson & { user: { _id: string } }) => o.user._id));
    expect(owners.size).toBeGreaterThan(1);
  });

  it('pages through the orders', async () => {
    const customer = await createAccount(t.db);
    const { order: o1 } = await orderPlaced(customer);
    const { order: o2 } = await orderPlaced(customer);
    const { order: o3 } = await orderPlaced(customer);
    const page1 = (await listOrders(customer, '?limit=2')).json();
    expect(page1.paginationResult).toEqual({ currentPage: 1, limit: 2, numberOfPages: 2, next: 2 });
    expect(page1.data.map((o: OrderJson) => o._id)).toEqual([o3._id, o2._id]);
    const page2 = (await listOrders(customer, '?limit=2&page=2')).json();
    expect(page2.paginationResult).toEqual({ currentPage: 2, limit: 2, numberOfPages: 2, prev: 1 });
    expect(page2.data.map((o: OrderJson) => o._id)).toEqual([o1._id]);
    const past = (await listOrders(customer, '?limit=2&page=3')).json();
    expect(past.results).toBe(0);
    expect(past.data).toEqual([]);
  });

  it('refuses a bad page with 400 in query and a guest with 401', async () => {
    const customer = await createAccount(t.db);
    const bad = await listOrders(customer, '?page=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ path: 'page', location: 'query' })]);
    const guest = await t.app.inject({ method: 'GET', url: '/api/v1/orders' });
    expect(guest.statusCode).toBe(401);
  });
});

describe('GET /api/v1/orders/{id}', () => {
  const readOrder = (account: Account | null, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers: account?.headers ?? {} });

  it('shows the order to its owner and to an admin', async () => {
    const { customer, order } = await orderPlaced();
    const admin = await createAccount(t.db, 'admin');
    const own = await readOrder(customer, order._id);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ data: order });
    const byAdmin = await readOrder(admin, order._id);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toEqual({ data: order });
  });

  it("gives another customer 404, as for an order that does not exist", async () => {
    const { order } = await orderPlaced();
    const stranger = await createAccount(t.db);
    const res = await readOrder(stranger, order._id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.orderNotFound });
    expect((await readOrder(stranger, UNKNOWN_ID)).json()).toEqual(res.json());
  });

  it('refuses a malformed id with 400 in params and a guest with 401', async () => {
    const { customer, order } = await orderPlaced();
    const malformed = await readOrder(customer, '42');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ errors: [{ msg: MSG.invalidId, path: 'id', location: 'params' }] });
    expect((await readOrder(null, order._id)).statusCode).toBe(401);
  });

  it('keeps its lines when the product is edited or deleted later', async () => {
    const { customer, product, order } = await orderPlaced();
    await setProduct(t.db, product.id, { priceAfterDiscount: 1, price: 2 });
    expect((await readOrder(customer, order._id)).json().data.cartItems).toEqual(order.cartItems);
    const admin = await createAccount(t.db, 'admin');
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${product.id}`, headers: admin.headers });
    expect(deleted.statusCode).toBe(204);
    const res = await readOrder(customer, order._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.cartItems).toEqual(order.cartItems);
  });
});

describe('PUT /api/v1/orders/{id}/deliver and /pay', () => {
  const flip = (account: Account | null, id: string, flag: 'deliver' | 'pay', options: { emptyJson?: boolean } = {}) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${id}/${flag}`,
      headers: { ...(account?.headers ?? {}), ...(options.emptyJson && { 'content-type': 'application/json' }) },
      ...(options.emptyJson && { payload: '' }),
    });

  async function storedOrder(id: string) {
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    return row!;
  }

  it.each(['deliver', 'pay', 'cancel'] as const)('/%s answers 415, as its OpenAPI entry says, to a body it cannot read, changing nothing', async (call) => {
    const { order, customer } = await orderPlaced();
    const admin = await createAccount(t.db, 'admin');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${order._id}/${call}`,
      headers: { ...(call === 'cancel' ? customer.headers : admin.headers), 'content-type': 'application/xml' },
      payload: '<order/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.unsupportedMedia });
    expect(await storedOrder(order._id)).toMatchObject({ status: 'pending', isPaid: false, isDelivered: false });
  });

  it.each(['confirmed', 'shipped'] as const)('an admin marks a %s order delivered and back to shipped, stamping and clearing the date', async (from) => {
    const { order } = await orderPlaced();
    const admin = await createAccount(t.db, 'admin', 'سارة المشرفة');
    await advanceOrderFixture(t.db, order._id, from);
    const before = Date.now();
    const on = await flip(admin, order._id, 'deliver');
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ _id: order._id, status: 'delivered', isDelivered: true, isPaid: false, paidAt: null });
    expect(Date.parse(on.json().data.deliveredAt)).toBeGreaterThan(before - 60_000);
    expect(on.json().data.statusHistory.at(-1)).toEqual({ status: 'delivered', at: expect.any(String), by: { _id: admin.user.id, name: 'سارة المشرفة' } });
    expect(await storedOrder(order._id)).toMatchObject({ status: 'delivered', isDelivered: true, deliveredAt: expect.any(Date) });

    const off = await flip(admin, order._id, 'deliver');
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ status: 'shipped', isDelivered: false, deliveredAt: null });
    expect(await storedOrder(order._id)).toMatchObject({ status: 'shipped', isDelivered: false, deliveredAt: null });
  });

  it.each(['pending', 'cancelled', 'refused'] as const)('/deliver refuses a %s order with 409 naming its status, changing nothing', async (status) => {
    const { order } = await orderPlaced();
    const admin = await createAccount(t.db, 'admin');
    if (status !== 'pending') await advanceOrderFixture(t.db, order._id, status);
    const res = await flip(admin, order._id, 'deliver');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'fail', message: `${MSG.statusStepNotAllowed}: ${ORDER_STATUS_LABELS[status]}` });
    expect(await storedOrder(order._id)).toMatchObject({ status, isDelivered: false, deliveredAt: null });
  });

  it('an admin marks an order paid and back, stamping and clearing the date', async () => {
    const { order } = await orderPlaced();
    const admin = await createAccount(t.db, 'admin');
    const on = await flip(admin, order._id, 'pay');
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ isPaid: true, isDelivered: false, deliveredAt: null });
    expect(Number.isNaN(Date.parse(on.json().data.paidAt))).toBe(false);
    expect(await storedOrder(order._id)).toMatchObject({ isPaid: true, paidAt: expect.any(Date) });

    const off = await flip(admin, order._id, 'pay');
    expect(off.json().data).toMatchObject({ isPaid: false, paidAt: null });
    expect(await storedOrder(order._id)).toMatchObject({ isPaid: false, paidAt: null });
  });

  it('accepts an empty body sent as application/json', async () => {
    const { order } = await orderPlaced();
    const admin = await createAccount(t.db, 'admin');
    await advanceOrderFixture(t.db, order._id, 'shipped', admin);
    const delivered = await flip(admin, order._id, 'deliver', { emptyJson: true });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().data.isDelivered).toBe(true);
    const paid = await flip(admin, order._id, 'pay', { emptyJson: true });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.isPaid).toBe(true);
  });

  it.each(['deliver', 'pay'] as const)('/%s refuses a customer, even the owner, with 403 and changes nothing', async (flag) => {
    const { customer, order } = await orderPlaced();
    const res = await flip(customer, order._id, flag);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.forbidden });
    expect(await storedOrder(order._id)).toMatchObject({ isPaid: false, paidAt: null, isDelivered: false, deliveredAt: null });
  });

  it.each(['deliver', 'pay'] as const)('/%s refuses a guest with 401 and changes nothing', async (flag) => {
    const { order } = await orderPlaced();
    const res = await flip(null, order._id, flag);
    expect(res.statusCode).toBe(401);
    expect(await storedOrder(order._id)).toMatchObject({ isPaid: false, isDelivered: false });
  });

  it.each(['deliver', 'pay'] as const)('/%s answers 404 for an unknown order and 400 for a malformed id', async (flag) => {
    const admin = await createAccount(t.db, 'admin');
    const unknown = await flip(admin, UNKNOWN_ID, flag);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'fail', message: MSG.orderNotFound });
    const malformed = await flip(admin, 'abc', flag);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ errors: [{ msg: MSG.invalidId, path: 'id', location: 'params' }] });
  });
});
