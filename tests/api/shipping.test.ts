/**
 * Shipping by governorate (API.md "shipping by governorate"): GET/PUT /shipping, what a placed
 * order is charged and keeps, the Paymob intention adding up, and the pages that show the
 * charges: checkout (with the district, and never charging other than it showed), the cart,
 * the home page's strip through the catalogue cache, and the admin's fees screen.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SHIPPING_RULES, GOVERNORATES, MSG, type Governorate } from '../../contracts/index.ts';
import { changeShippingRules } from '../../core/checkout/shipping.ts';
import { orders } from '../../db/schema.ts';
import type { StandIn } from '../../scripts/paymob-standin.ts';
import { GOVERNORATE_GROUPS } from '../../app/components/admin/shipping-fees.tsx';
import { CHOOSE_GOVERNORATE } from '../../app/components/account/shipping-charges.tsx';
import { createAccount, createProductFixture, type Account } from '../fixtures/factories.ts';
import { clientSecretOf, createPaymobTestApp, startStandIn, type PaymobTestApp } from '../helpers/paymob.ts';
import { ADDRESS, fillCart, ordersOf, placeOrder } from '../helpers/shop.ts';
import { buildWebApp } from '../helpers/web-build.ts';

let standIn: StandIn;
let t: PaymobTestApp;
let admin: Account;
beforeAll(async () => {
  standIn = await startStandIn();
  t = await createPaymobTestApp(standIn, { webBuildDir: await buildWebApp() });
  admin = await createAccount(t.db, 'admin');
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});
// Every test starts from a shop that set nothing: 70 everywhere, no free shipping, no cash-on-delivery fee.
beforeEach(async () => {
  await changeShippingRules(t.db, DEFAULT_SHIPPING_RULES);
});

const getRules = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/shipping' })).json().data;
const putRules = (body: unknown, account: Account | null = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/shipping', headers: account?.headers ?? {}, payload: body as Record<string, unknown> });
const feesWith = (changed: Partial<Record<Governorate, number>>) => GOVERNORATES.map((governorate) => ({ governorate, fee: changed[governorate] ?? 70 }));

/** A customer with one product of `price` in the cart, size m. */
async function customerWithCart(price = 200) {
  const customer = await createAccount(t.db);
  const product = await createProductFixture(t.db, t.images, { price, priceAfterDiscount: price, stock: { m: 20, l: 20 } });
  const cartId = await fillCart(t, customer, product.id, 'm');
  return { customer, product, cartId };
}

async function storedOrder(id: string) {
  const [order] = await t.db.select().from(orders).where(eq(orders.id, id));
  return order!;
}

describe('GET and PUT /api/v1/shipping', () => {
  it('answers the defaults: all 27 governorates in list order at 70, no free shipping, no cash-on-delivery fee', async () => {
    expect(await getRules()).toEqual({ fees: feesWith({}), freeShippingFrom: null, codFee: 0 });
  });

  it('takes a full body from an admin and answers the rules after it', async () => {
    const body = { fees: feesWith({ أسوان: 120, القاهرة: 45.5, الجيزة: 0 }), freeShippingFrom: 1500, codFee: 12.25 };
    const res = await putRules(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(body);
    expect(await getRules()).toEqual(body);
  });

  it('takes any part, leaving the rest as it was', async () => {
    await putRules({ fees: feesWith({ أسوان: 120 }), freeShippingFrom: 900, codFee: 10 });
    expect((await putRules({ codFee: 15 })).statusCode).toBe(200);
    expect((await putRules({ fees: [{ governorate: 'مطروح', fee: 99.99 }] })).statusCode).toBe(200);
    expect(await getRules()).toEqual({ fees: feesWith({ أسوان: 120, مطروح: 99.99 }), freeShippingFrom: 900, codFee: 15 });
    expect((await putRules({ freeShippingFrom: null })).statusCode).toBe(200);
    expect((await getRules()).freeShippingFrom).toBeNull();
  });

  const refusals: [string, unknown, string][] = [
    ['a negative fee', { fees: [{ governorate: 'أسوان', fee: -1 }] }, MSG.shippingFeeInvalid],
    ['a fee above 1000', { fees: [{ governorate: 'أسوان', fee: 1000.01 }] }, MSG.shippingFeeInvalid],
    ['a fee with three decimals', { fees: [{ governorate: 'أسوان', fee: 70.005 }] }, MSG.shippingFeeInvalid],
    ['a fee as text', { fees: [{ governorate: 'أسوان', fee: '70' }] }, MSG.shippingFeeInvalid],
    ['a missing fee', { fees: [{ governorate: 'أسوان' }] }, MSG.shippingFeeInvalid],
    ['an unknown governorate', { fees: [{ governorate: 'باريس', fee: 70 }] }, MSG.cityInvalid],
    ['a repeated governorate', { fees: [{ governorate: 'أسوان', fee: 70 }, { governorate: 'أسوان', fee: 80 }] }, MSG.governorateRepeated],
    ['a threshold of 0', { freeShippingFrom: 0 }, MSG.freeShippingFromInvalid],
    ['a negative threshold', { freeShippingFrom: -5 }, MSG.freeShippingFromInvalid],
    ['a threshold with three decimals', { freeShippingFrom: 500.001 }, MSG.freeShippingFromInvalid],
    ['a cash-on-delivery fee above 1000', { codFee: 1001 }, MSG.codFeeInvalid],
    ['a negative cash-on-delivery fee', { codFee: -1 }, MSG.codFeeInvalid],
    ['a cash-on-delivery fee of null', { codFee: null }, MSG.codFeeInvalid],
  ];
  it.each(refusals)('refuses %s with 400 in Arabic and changes nothing', async (_name, body, message) => {
    await putRules({ fees: feesWith({ أسوان: 120 }), freeShippingFrom: 900, codFee: 10 });
    const before = await getRules();
    // A good part beside the bad one is not applied either.
    const res = await putRules({ codFee: 33, ...(body as object) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].msg).toBe(message);
    expect(await getRules()).toEqual(before);
  });

  it('refuses a customer (403) and a guest (401), changing nothing', async () => {
    const customer = await createAccount(t.db);
    const customerTry = await putRules({ codFee: 5 }, customer);
    expect(customerTry.statusCode).toBe(403);
    const guestTry = await putRules({ codFee: 5 }, null);
    expect(guestTry.statusCode).toBe(401);
    expect((await getRules()).codFee).toBe(0);
  });
});

describe('what an order is charged', () => {
  it("charges the governorate's fee and keeps it after the fees change", async () => {
    await putRules({ fees: [{ governorate: 'الجيزة', fee: 55 }] });
    const { customer, cartId } = await customerWithCart(200);
    const res = await placeOrder(t, customer, cartId);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ shippingPrice: 55, codFee: 0, shippingAddress: { district: ADDRESS.district } });

    await putRules({ fees: [{ governorate: 'الجيزة', fee: 90 }], codFee: 20, freeShippingFrom: 100 });
    const after = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${res.json().data._id}`, headers: customer.headers });
    expect(after.json().data).toMatchObject({ shippingPrice: 55, codFee: 0 });
    expect(await storedOrder(res.json().data._id)).toMatchObject({ shippingPrice: 55, codFee: 0 });
  });

  it('ships free when the items reach the threshold exactly, and charges the fee one piastre below', async () => {
    await putRules({ freeShippingFrom: 200 });
    const reached = await customerWithCart(200);
    expect((await placeOrder(t, reached.customer, reached.cartId)).json().data).toMatchObject({ shippingPrice: 0, codFee: 0 });

    const below = await customerWithCart(199.99);
    expect((await placeOrder(t, below.customer, below.cartId)).json().data).toMatchObject({ shippingPrice: 70, codFee: 0 });
  });

  it('adds the cash-on-delivery fee to cash orders only, free shipping or not', async () => {
    await putRules({ fees: [{ governorate: 'الجيزة', fee: 60 }], codFee: 12.5, freeShippingFrom: 1000 });
    const cash = await customerWithCart(200);
    expect((await placeOrder(t, cash.customer, cash.cartId)).json().data).toMatchObject({ paymentMethodType: 'cash', shippingPrice: 72.5, codFee: 12.5 });

    const card = await customerWithCart(200);
    const res = await placeOrder(t, card.customer, card.cartId, { body: { shippingAddress: ADDRESS, paymentMethodType: 'card' } });
    expect(res.json().data).toMatchObject({ paymentMethodType: 'card', shippingPrice: 60, codFee: 0 });

    const freeCash = await customerWithCart(1000);
    expect((await placeOrder(t, freeCash.customer, freeCash.cartId)).json().data).toMatchObject({ shippingPrice: 12.5, codFee: 12.5 });
  });

  it("gives Paymob an intention whose items add up to the card order's amount with a non-default fee and a cash-on-delivery fee set", async () => {
    await putRules({ fees: [{ governorate: 'الجيزة', fee: 87.25 }], codFee: 15 });
    const { customer, cartId } = await customerWithCart(199.5);
    const res = await placeOrder(t, customer, cartId, { body: { shippingAddress: ADDRESS, paymentMethodType: 'card' } });
    expect(res.statusCode, res.body).toBe(201);
    const intention = standIn.intentions.find((i) => i.clientSecret === clientSecretOf(res.json().payment.redirectUrl))!;
    const items = intention.body.items as { name: string; amount: number; quantity: number }[];
    // 199.50 rounded up to 200, plus 87.25 shipping; no cash-on-delivery fee on a card.
    expect(intention.amount).toBe(28_725);
    expect(items.find((item) => item.name === 'الشحن')?.amount).toBe(8_725);
    expect(items.reduce((sum, item) => sum + item.amount * item.quantity, 0)).toBe(28_725);
  });
});

/** The page's text, without tags and React's text separators. */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
const alertOf = (html: string) => /<p role="alert"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];
const shownOf = (html: string, field = 'shownShippingCash') => new RegExp(`name="${field}" value="([^"]*)"`).exec(html)?.[1];
const keyOf = (html: string) => /name="idempotencyKey" value="([^"]*)"/.exec(html)?.[1] ?? '';
const slotOf = (html: string, name: string) => textOf(new RegExp(`<span data-charge="${name}"[^>]*>(.*?)</span>`).exec(html.replace(/<!-- -->/g, ''))?.[1] ?? '').trim();

function page(url: string, account: Account) {
  return t.app.inject({ method: 'GET', url, headers: { host: new URL(t.storeUrl).host, cookie: `token=${account.token}`, accept: 'text/html' } });
}

/** A form posted as a browser without JavaScript sends it. */
function formPost(url: string, account: Account, fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      host: new URL(t.storeUrl).host,
      origin: t.storeUrl,
      cookie: `token=${account.token}`,
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-mode': 'navigate',
      accept: 'text/html',
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The checkout form as the page fills it, with what the shopper typed. */
const checkoutFields = (html: string, fields: Record<string, string>) => ({
  details: ADDRESS.details,
  phone: ADDRESS.phone,
  district: ADDRESS.district,
  paymentMethodType: 'cash',
  idempotencyKey: keyOf(html),
  ...fields,
});

describe('the checkout page', () => {
  it('places an order with the district, charged what the page showed', async () => {
    await putRules({ fees: [{ governorate: 'أسوان', fee: 95 }], codFee: 5 });
    const { customer } = await customerWithCart(150);
    const form = await page('/checkout', customer);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<option value="أسوان" data-fee="9500">');
    // No governorate yet and the fees differ: the page says how to see the fee, and shows no price to confirm.
    expect(slotOf(form.body, 'fee')).toBe(CHOOSE_GOVERNORATE);
    expect(shownOf(form.body)).toBe('');

    const res = await formPost('/checkout', customer, checkoutFields(form.body, { shippingCity: 'أسوان', district: 'كوم أمبو', shownShippingCash: '100.00' }));
    expect(res.statusCode, alertOf(res.body)).toBe(302);
    expect(res.headers.location).toMatch(/^\/profile\?order=\d+$/);
    const [order] = await ordersOf(t.db, customer.user.id);
    expect(order).toMatchObject({ shippingCity: 'أسوان', shippingDistrict: 'كوم أمبو', shippingPrice: 100, codFee: 5 });
  });

  it('refuses a missing district beside its field, keeping what was typed', async () => {
    const { customer } = await customerWithCart(150);
    const form = await page('/checkout', customer);
    const res = await formPost('/checkout', customer, checkoutFields(form.body, { shippingCity: 'الجيزة', district: '', shownShippingCash: '70.00' }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(`id="field-district-error"`);
    expect(textOf(res.body)).toContain(MSG.districtRequired);
    expect(res.body).toContain(`>${ADDRESS.details}</textarea>`);
    expect(await ordersOf(t.db, customer.user.id)).toHaveLength(0);
  });

  it('shows the fee of the last order\'s governorate, and the free-shipping state, before the shopper chooses', async () => {
    await putRules({ fees: [{ governorate: 'الجيزة', fee: 65 }, { governorate: 'أسوان', fee: 110 }], freeShippingFrom: 500 });
    const { customer, product } = await customerWithCart(150);
    expect((await placeOrder(t, customer, await fillCart(t, customer, product.id, 'm'))).statusCode).toBe(201);
    await fillCart(t, customer, product.id, 'l');
    const form = await page('/checkout', customer);
    expect(form.body).toMatch(/<option value="الجيزة"[^>]*selected/);
    expect(slotOf(form.body, 'fee')).toBe('65.00 L.E');
    expect(slotOf(form.body, 'total-cash')).toBe('215.00 L.E');
    expect(shownOf(form.body)).toBe('65.00');

    for (const size of ['m', 'l', 'm']) await fillCart(t, customer, product.id, size);
    const free = await page('/checkout', customer);
    expect(slotOf(free.body, 'fee')).toBe('شحن مجاني');
    expect(free.body).not.toContain('data-fee="11000"');
  });

  it('never charges other than it showed: a changed fee shows the form again with the new amount, and the next confirmation places it', async () => {
    const { customer } = await customerWithCart(150);
    const form = await page('/checkout', customer);
    expect(shownOf(form.body)).toBe('70.00');
    await putRules({ fees: [{ governorate: 'أسوان', fee: 130 }] });

    const changed = await formPost('/checkout', customer, checkoutFields(form.body, { shippingCity: 'أسوان', shownShippingCash: '70.00' }));
    expect(changed.statusCode).toBe(409);
    expect(alertOf(changed.body)).toBe(MSG.shippingChanged);
    expect(await ordersOf(t.db, customer.user.id)).toHaveLength(0);
    expect(changed.body).toMatch(/<option value="أسوان"[^>]*selected/);
    expect(slotOf(changed.body, 'fee')).toBe('130.00 L.E');
    expect(slotOf(changed.body, 'total-cash')).toBe('280.00 L.E');
    expect(shownOf(changed.body)).toBe('130.00');

    const confirmed = await formPost('/checkout', customer, checkoutFields(changed.body, { shippingCity: 'أسوان', shownShippingCash: shownOf(changed.body)! }));
    expect(confirmed.statusCode, alertOf(confirmed.body)).toBe(302);
    expect(await ordersOf(t.db, customer.user.id)).toMatchObject([{ shippingCity: 'أسوان', shippingPrice: 130 }]);
  });

  it('asks to confirm when it had shown no amount (no governorate chosen, fees differ), showing the chosen one', async () => {
    await putRules({ fees: [{ governorate: 'قنا', fee: 85 }] });
    const { customer } = await customerWithCart(150);
    const form = await page('/checkout', customer);
    const res = await formPost('/checkout', customer, checkoutFields(form.body, { shippingCity: 'قنا', shownShippingCash: '' }));
    expect(res.statusCode).toBe(409);
    expect(alertOf(res.body)).toBe(MSG.shippingToConfirm);
    expect(slotOf(res.body, 'fee')).toBe('85.00 L.E');
    expect(shownOf(res.body)).toBe('85.00');
    expect(await ordersOf(t.db, customer.user.id)).toHaveLength(0);
  });

  it('shows the cash-on-delivery fee and both totals when the shopper may pay by card, and checks the amount of the way chosen', async () => {
    await putRules({ fees: [{ governorate: 'الجيزة', fee: 60 }], codFee: 10 });
    const { customer, product, cartId } = await customerWithCart(150);
    expect((await placeOrder(t, customer, cartId)).statusCode).toBe(201);
    await fillCart(t, customer, product.id, 'm');
    const form = await page('/checkout', customer);
    expect(textOf(form.body)).toContain('رسوم الدفع عند الاستلام 10.00 L.E');
    expect(shownOf(form.body, 'shownShippingCash')).toBe('70.00');
    expect(shownOf(form.body, 'shownShippingCard')).toBe('60.00');
    expect(slotOf(form.body, 'total-card')).toBe('210.00 L.E');
    // A card checked against the cash amount (which it is not charged) is shown again, placing nothing.
    const mixed = await formPost('/checkout', customer, checkoutFields(form.body, { shippingCity: 'الجيزة', paymentMethodType: 'card', shownShippingCash: '60.00', shownShippingCard: '70.00' }));
    expect(mixed.statusCode).toBe(409);
    expect(alertOf(mixed.body)).toBe(MSG.shippingChanged);
    expect(await ordersOf(t.db, customer.user.id)).toHaveLength(1);
  });
});

describe('the cart and the pages that describe the charges', () => {
  it('the cart says how much more ships free, or that the order ships free, and the range of the fees', async () => {
    await putRules({ fees: [{ governorate: 'القاهرة', fee: 50 }, { governorate: 'أسوان', fee: 120 }], freeShippingFrom: 500 });
    const { customer, product } = await customerWithCart(150);
    const cart = textOf((await page('/cart', customer)).body);
    expect(cart).toContain('أضف منتجات بقيمة 350.00 L.E للحصول على شحن مجاني');
    expect(cart).toContain('من 50.00 L.E إلى 120.00 L.E حسب المحافظة');
    expect(cart).not.toContain('70.00 L.E');

    for (let i = 0; i < 3; i++) await fillCart(t, customer, product.id, 'l');
    expect(textOf((await page('/cart', customer)).body)).toContain('طلبك مؤهل للشحن المجاني');
  });

  it('the home strip, kept in the catalogue cache, says the new charges as soon as they change', async () => {
    const home = () => t.app.inject({ method: 'GET', url: '/', headers: { host: new URL(t.storeUrl).host } });
    expect(textOf((await home()).body)).toContain('الشحن 70.00 L.E لكل المحافظات');
    await home();
    await putRules({ freeShippingFrom: 750, codFee: 7 });
    const after = textOf((await home()).body);
    expect(after).toContain('شحن مجاني للطلبات من 750.00 L.E');
    expect(after).toContain('الدفع عند الاستلام (+ 7.00 L.E )');
  });

  it('the delivery and terms pages name the range, the threshold and the cash-on-delivery fee', async () => {
    await putRules({ fees: [{ governorate: 'مطروح', fee: 150 }], freeShippingFrom: 999.5, codFee: 9 });
    for (const url of ['/delivery-and-returns', '/terms-and-condition']) {
      const text = textOf((await t.app.inject({ method: 'GET', url, headers: { host: new URL(t.storeUrl).host } })).body);
      expect(text).toContain('رسوم الشحن من 70.00 L.E إلى 150.00 L.E حسب المحافظة');
      expect(text).toContain('شحن مجاني للطلبات من 999.50 L.E');
      expect(text).toContain('تضاف 9.00 L.E رسوم للدفع عند الاستلام');
    }
  });
});

describe('the admin fees screen', () => {
  it('groups all 27 governorates, each exactly once', () => {
    const grouped = GOVERNORATE_GROUPS.flatMap((group) => group.governorates);
    expect([...grouped].sort()).toEqual([...GOVERNORATES].sort());
  });

  it('is the admin\'s only: a customer is sent away', async () => {
    const customer = await createAccount(t.db);
    const res = await page('/admin/shipping', customer);
    expect(res.statusCode).toBe(302);
    const post = await formPost('/admin/shipping', customer, { intent: 'all', fee: '1' });
    expect(post.statusCode).toBe(302);
    expect((await getRules()).fees[0].fee).toBe(70);
  });

  const saveFields = (changed: Record<string, string>) => ({
    intent: 'save',
    ...Object.fromEntries(GOVERNORATES.map((governorate, i) => [`fees.${i}.fee`, '70'])),
    freeShippingFrom: '',
    codFee: '0',
    ...changed,
  });

  it('saves every fee, the threshold and the cash-on-delivery fee, and says so', async () => {
    const aswan = GOVERNORATES.indexOf('أسوان');
    const res = await formPost('/admin/shipping', admin, saveFields({ [`fees.${aswan}.fee`]: '١٢٠', freeShippingFrom: '800', codFee: '7.5' }));
    expect(res.statusCode).toBe(200);
    expect(textOf(res.body)).toContain(MSG.shippingSaved);
    expect(await getRules()).toEqual({ fees: feesWith({ أسوان: 120 }), freeShippingFrom: 800, codFee: 7.5 });
    expect(res.body).toMatch(new RegExp(`name="fees.${aswan}.fee"[^>]*value="120"`));
  });

  it('shows a bad value beside its field and changes nothing', async () => {
    await putRules({ freeShippingFrom: 800 });
    const before = await getRules();
    for (const [fields, field, message] of [
      [{ 'fees.3.fee': '-5' }, 'fee-3', MSG.shippingFeeInvalid],
      [{ 'fees.3.fee': '' }, 'fee-3', MSG.shippingFeeInvalid],
      [{ freeShippingFrom: '0' }, 'free-shipping-from', MSG.freeShippingFromInvalid],
      [{ codFee: 'abc' }, 'cod-fee', MSG.codFeeInvalid],
      [{ codFee: '1,5' }, 'cod-fee', MSG.codFeeInvalid],
    ] as const) {
      const res = await formPost('/admin/shipping', admin, saveFields(fields));
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatch(new RegExp(`id="${field}-error"[^>]*>.*?${message}`));
      expect(await getRules()).toEqual(before);
    }
  });

  it("sets a region's fee, or every governorate's, from its quick-set", async () => {
    const res = await formPost('/admin/shipping', admin, { intent: 'group', group: 'upper-egypt', fee: '95' });
    expect(res.statusCode).toBe(200);
    const upper = new Set<string>(GOVERNORATE_GROUPS.find((g) => g.key === 'upper-egypt')!.governorates);
    expect((await getRules()).fees).toEqual(GOVERNORATES.map((governorate) => ({ governorate, fee: upper.has(governorate) ? 95 : 70 })));

    const refused = await formPost('/admin/shipping', admin, { intent: 'group', group: 'delta', fee: '2000' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(new RegExp(`id="quick-set-delta-fee-error"[^>]*>.*?${MSG.shippingFeeInvalid}`));

    expect((await formPost('/admin/shipping', admin, { intent: 'all', fee: '60' })).statusCode).toBe(200);
    expect((await getRules()).fees).toEqual(GOVERNORATES.map((governorate) => ({ governorate, fee: 60 })));
  });
});
