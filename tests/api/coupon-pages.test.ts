/**
 * Discount codes on the pages, posted as a browser does without JavaScript: the admin adds a
 * code on /admin/coupons (a bad value said beside its field, nothing stored), switches it off and
 * deletes it, and a customer is refused the screen; a customer puts a
 * code on /cart and sees the discount and the new total, a refused code says why beside its
 * field and leaves the cart as it was, and the code comes off again; the checkout shows the
 * amounts after the code and places the order at them (a free-shipping code too).
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { addToCart } from '../../core/checkout/cart.ts';
import { applyCouponToCart } from '../../core/checkout/cart-coupons.ts';
import { createCoupon, updateCoupon } from '../../core/checkout/coupons.ts';
import { changeShippingRules } from '../../core/checkout/shipping.ts';
import { coupons, orders } from '../../db/schema.ts';
import { createAccount, createProductFixture, type Account } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { buildWebApp } from '../helpers/web-build.ts';
import { COUPONS_PAGE_SIZE } from '../../app/routes/admin/coupons.tsx';

const STORE = 'http://localhost:3000';
let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp({ webBuildDir: await buildWebApp(), storeUrl: STORE });
  admin = await createAccount(t.db, 'admin', 'مدير الأكواد');
});
afterAll(() => t?.close());

const host = new URL(STORE).host;

/** A form posted to a page as a plain document post. */
function post(who: Account, page: string, fields: [string, string][]) {
  return t.app.inject({
    method: 'POST',
    url: page,
    headers: { host, origin: STORE, referer: `${STORE}${page}`, cookie: `token=${who.token}`, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-mode': 'navigate', accept: 'text/html' },
    payload: new URLSearchParams(fields).toString(),
  });
}

const get = (who: Account, url: string) => t.app.inject({ method: 'GET', url, headers: { host, cookie: `token=${who.token}`, accept: 'text/html' } });

/** The page's words without its markup, as a reader gets them. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

let n = 0;
const newCode = () => `PAGE${Date.now().toString(36).toUpperCase().slice(-6)}${n++}`;

/** A customer with one piece of a product in the cart (the fixture's price after its sale: 180 pounds). */
async function shopperWithCart() {
  const customer = await createAccount(t.db, 'user', 'سارة محمود');
  const product = await createProductFixture(t.db, t.images, { stock: { m: 5 } });
  await addToCart(t.db, customer.user.id, { productId: product.id, size: 'm' });
  return customer;
}

describe('the discount code on the cart', () => {
  it('puts a code on from a plain form post and shows the code, its discount and the new total, then takes it off', async () => {
    const customer = await shopperWithCart();
    const code = newCode();
    await createCoupon(t.db, { code, type: 'fixed', value: 50, minItemsTotal: 0, maxUses: null, maxUsesPerCustomer: 1, active: true });

    const before = await get(customer, '/cart');
    expect(textOf(before.body)).toContain('كود الخصم');
    expect(before.body).toContain('name="intent" value="coupon"');

    const res = await post(customer, '/cart', [
      ['intent', 'coupon'],
      ['code', code.toLowerCase()],
    ]);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/cart');

    const page = await get(customer, '/cart');
    const text = textOf(page.body);
    expect(text).toContain(`خصم الكود ${code}`);
    expect(text).toContain('− 50.00 L.E');
    // The items after the code, named as such: shipping comes at checkout, with the governorate.
    expect(text).toContain('المجموع الفرعي 130.00 L.E الشحن يُضاف عند إتمام الطلب 70.00 L.E لكل المحافظات');
    expect(text).not.toContain('الإجمالي 130.00 L.E');
    expect(page.body).toContain('name="intent" value="remove-coupon"');
    expect(text).toContain('إزالة');

    const removed = await post(customer, '/cart', [['intent', 'remove-coupon']]);
    expect(removed.statusCode).toBe(302);
    const after = textOf((await get(customer, '/cart')).body);
    expect(after).not.toContain(`خصم الكود ${code}`);
    expect(after).toContain('المجموع الفرعي 180.00 L.E');
  });

  it('says why a code is refused beside its field and leaves the cart without a code', async () => {
    const customer = await shopperWithCart();
    const code = newCode();
    await createCoupon(t.db, { code, type: 'percent', value: 10, minItemsTotal: 1000, maxUses: null, maxUsesPerCustomer: 1, active: true });

    const below = await post(customer, '/cart', [
      ['intent', 'coupon'],
      ['code', code],
    ]);
    expect(below.statusCode).toBe(400);
    expect(below.body).toContain('id="field-code-error"');
    expect(textOf(below.body)).toContain(`${MSG.couponBelowMinimum}: 1000 جنيه`);
    expect(below.body).toContain(`value="${code}"`);
    expect(textOf(below.body)).not.toContain('خصم الكود');

    const unknown = await post(customer, '/cart', [
      ['intent', 'coupon'],
      ['code', 'NO-SUCH-CODE'],
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(textOf(unknown.body)).toContain(MSG.couponNotFound);

    const empty = await post(customer, '/cart', [
      ['intent', 'coupon'],
      ['code', ''],
    ]);
    expect(empty.statusCode).toBe(400);
    expect(textOf(empty.body)).toContain(MSG.couponCodeRequired);

    expect(textOf((await get(customer, '/cart')).body)).not.toContain('خصم الكود');
  });

  it('says a free-shipping code makes shipping free', async () => {
    const customer = await shopperWithCart();
    const code = newCode();
    await createCoupon(t.db, { code, type: 'freeShipping', minItemsTotal: 0, maxUses: null, maxUsesPerCustomer: 1, active: true });
    await post(customer, '/cart', [
      ['intent', 'coupon'],
      ['code', code],
    ]);
    const text = textOf((await get(customer, '/cart')).body);
    expect(text).toContain(`خصم الكود ${code} شحن مجاني`);
    expect(text).toContain('المجموع الفرعي 180.00 L.E الشحن مجاني');
  });
});

const slotOf = (html: string, name: string) => textOf(new RegExp(`<span data-charge="${name}"[^>]*>(.*?)</span>`).exec(html.replace(/<!-- -->/g, ''))?.[1] ?? '').trim();
const shownOf = (html: string) => /name="shownShippingCash" value="([^"]*)"/.exec(html)?.[1] ?? '';
const keyOf = (html: string) => /name="idempotencyKey" value="([^"]*)"/.exec(html)?.[1] ?? '';

/** The checkout form as the page drew it, posted without JavaScript. */
function placeFromPage(customer: Account, html: string, shownCoupon?: string) {
  return post(customer, '/checkout', [
    ...(shownCoupon === undefined ? [] : [['shownCoupon', shownCoupon] as [string, string]]),
    ['details', '5 شارع النيل'],
    ['phone', '01012345678'],
    ['shippingCity', 'القاهرة'],
    ['district', 'المعادي'],
    ['paymentMethodType', 'cash'],
    ['idempotencyKey', keyOf(html)],
    ['shownShippingCash', shownOf(html)],
  ]);
}

describe('the discount code at checkout', () => {
  beforeAll(async () => {
    await changeShippingRules(t.db, { codFee: 5 });
  });

  it('takes a code from the summary\'s box and places the order at the discounted total the page showed', async () => {
    const customer = await shopperWithCart();
    const code = newCode();
    await createCoupon(t.db, { code, type: 'fixed', value: 50, minItemsTotal: 0, maxUses: null, maxUsesPerCustomer: 1, active: true });
    const applied = await post(customer, '/checkout', [
      ['intent', 'coupon'],
      ['code', code],
    ]);
    expect(applied.statusCode).toBe(302);
    expect(applied.headers.location).toBe('/checkout');

    const form = await get(customer, '/checkout');
    expect(textOf(form.body)).toContain(`خصم الكود ${code} − 50.00 L.E`);
    // 180 less 50, plus 70 shipping and 5 for paying cash.
    expect(slotOf(form.body, 'total-cash')).toBe('205.00 L.E');
    expect(textOf(form.body)).toContain('الإجمالي شامل الشحن 205.00 L.E');
    expect(form.body).toContain('data-items="13000"');
    const res = await placeFromPage(customer, form.body);
    expect(res.statusCode, res.body).toBe(302);
    const [order] = await t.db.select().from(orders).where(eq(orders.userId, customer.user.id));
    expect(order).toMatchObject({ couponCode: code, discount: 50, shippingPrice: 75 });
    // The profile shows the code and what it took off, the sign isolated with the amount so it reads "− 50.00 L.E".
    const profile = (await get(customer, '/profile')).body.replace(/<!-- -->/g, '');
    expect(profile).toContain(code);
    expect(profile).toMatch(/<bdi dir="ltr"[^>]*>− 50\.00 L\.E<\/bdi>/);
    const adminPage = (await get(admin, `/admin/order-details/${order!.id}`)).body.replace(/<!-- -->/g, '');
    expect(adminPage).toMatch(/<bdi dir="ltr"[^>]*>− 50\.00 L\.E<\/bdi>/);
  });

  it('places nothing when the code the page showed stopped applying meanwhile: the page says so and shows the new total', async () => {
    const customer = await shopperWithCart();
    const code = newCode();
    const coupon = await createCoupon(t.db, { code, type: 'fixed', value: 50, minItemsTotal: 0, maxUses: null, maxUsesPerCustomer: 1, active: true });
    await applyCouponToCart(t.db, customer.user.id, code);
    const form = await get(customer, '/checkout');
    expect(form.body).toContain(`name="shownCoupon" value="${code}"`);
    // Switched off by staff while the customer was on the page.
    await updateCoupon(t.db, coupon.id, { active: false });
    const res = await placeFromPage(customer, form.body, code);
    expect(res.statusCode).toBe(409);
    expect(textOf(res.body)).toContain(MSG.couponChanged);
    expect(await t.db.select().from(orders).where(eq(orders.userId, customer.user.id))).toEqual([]);
    // The page now shows no code and the full total; placing it from there goes through.
    const again = await get(customer, '/checkout');
    expect(again.body).toContain('name="shownCoupon" value=""');
    expect((await placeFromPage(customer, again.body, '')).statusCode).toBe(302);
  });

  it('shows a free-shipping code\'s shipping as free and places the order without the fee, the cash-on-delivery fee kept', async () => {
    const customer = await shopperWithCart();
    const code = newCode();
    await createCoupon(t.db, { code, type: 'freeShipping', minItemsTotal: 0, maxUses: null, maxUsesPerCustomer: 1, active: true });
    await post(customer, '/cart', [
      ['intent', 'coupon'],
      ['code', code],
    ]);
    const form = await get(customer, '/checkout');
    expect(slotOf(form.body, 'fee')).toBe('شحن مجاني');
    expect(shownOf(form.body)).toBe('5.00');
    expect(slotOf(form.body, 'total-cash')).toBe('185.00 L.E');
    expect(form.body).toMatch(/<option value="أسوان" data-fee="0">/);
    const res = await placeFromPage(customer, form.body);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toMatch(/^\/profile\?order=\d+$/);
    const [order] = await t.db.select().from(orders).where(eq(orders.userId, customer.user.id));
    expect(order).toMatchObject({ couponCode: code, discount: 0, shippingPrice: 5, codFee: 5 });
  });

  it('gives back the address typed so far that the code\'s form carried along, whether the code applies or not', async () => {
    const customer = await shopperWithCart();
    const code = newCode();
    await createCoupon(t.db, { code, type: 'fixed', value: 20, minItemsTotal: 0, maxUses: null, maxUsesPerCustomer: 1, active: true });
    const form = await get(customer, '/checkout');
    // The code's form names the checkout form and the fields it takes from it (app/enhance/carry-fields.ts).
    expect(form.body).toContain('id="checkout-form"');
    expect(form.body).toContain('data-carry-from="checkout-form" data-carry-fields="shippingCity district details phone paymentMethodType"');
    const typed: [string, string][] = [
      ['shippingCity', 'الجيزة'],
      ['district', 'الهرم'],
      ['details', '12 شارع الملك فيصل، الدور الثالث'],
      ['phone', '01198765432'],
    ];
    const refused = await post(customer, '/checkout', [['intent', 'coupon'], ['code', 'NO-SUCH-CODE'], ...typed]);
    expect(refused.statusCode).toBe(400);
    expect(textOf(refused.body)).toContain(MSG.couponNotFound);
    expect(refused.body).toContain('12 شارع الملك فيصل، الدور الثالث</textarea>');
    expect(refused.body).toMatch(/name="district"[^>]*value="الهرم"|value="الهرم"[^>]*name="district"/);
    expect(refused.body).toMatch(/name="phone"[^>]*value="01198765432"|value="01198765432"[^>]*name="phone"/);
    expect(refused.body).toMatch(/<option value="الجيزة"[^>]*selected/);
    const applied = await post(customer, '/checkout', [['intent', 'coupon'], ['code', code], ...typed]);
    expect(applied.statusCode).toBe(200);
    expect(textOf(applied.body)).toContain(`خصم الكود ${code} − 20.00 L.E`);
    expect(applied.body).toContain('12 شارع الملك فيصل، الدور الثالث</textarea>');
    expect(applied.body).toMatch(/name="phone"[^>]*value="01198765432"|value="01198765432"[^>]*name="phone"/);
    // Nothing was placed by applying the code.
    expect(await t.db.select().from(orders).where(eq(orders.userId, customer.user.id))).toEqual([]);
  });

  it('says why a code is refused beside the field on the checkout too', async () => {
    const customer = await shopperWithCart();
    const res = await post(customer, '/checkout', [
      ['intent', 'coupon'],
      ['code', 'NO-SUCH-CODE'],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('id="field-code-error"');
    expect(textOf(res.body)).toContain(MSG.couponNotFound);
  });
});

/** The add form's fields, as the admin fills them in. */
const couponFields = (fields: Record<string, string>): [string, string][] =>
  Object.entries({ intent: 'save', code: '', type: 'نسبة مئوية', value: '', minItemsTotal: '', startsAt: '', endsAt: '', maxUses: '', maxUsesPerCustomer: '1', active: 'on', ...fields });

const storedCode = async (code: string) => (await t.db.select().from(coupons).where(eq(coupons.code, code)))[0];

describe('the discount codes screen', () => {
  it('adds a code from the form and lists it with its type, value, minimum, dates in Cairo time and uses', async () => {
    const code = newCode();
    const res = await post(admin, '/admin/coupons', couponFields({ code: code.toLowerCase(), value: '15', minItemsTotal: '300', startsAt: '2026-12-01T10:00', endsAt: '2026-12-31T23:30', maxUses: '100' }));
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/admin/coupons');
    const stored = await storedCode(code);
    // Cairo is two hours ahead of UTC in winter.
    expect(stored).toMatchObject({ type: 'percent', value: 15, minItemsTotal: 300, maxUses: 100, maxUsesPerCustomer: 1, active: true });
    expect(stored!.startsAt!.toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(stored!.endsAt!.toISOString()).toBe('2026-12-31T21:30:00.000Z');

    const page = await get(admin, '/admin/coupons');
    expect(page.statusCode).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain(code);
    expect(text).toContain('نسبة مئوية');
    expect(text).toContain('15%');
    expect(text).toContain('300.00 L.E');
    expect(text).toContain('0 / 100');
    expect(text).toContain('1 ديسمبر 2026');
    expect(page.body).toContain(`href="/admin/coupons?edit=${stored!.id}#coupon-form"`);

    const edit = await get(admin, `/admin/coupons?edit=${stored!.id}`);
    expect(edit.body).toContain(`value="${code}"`);
    expect(edit.body).toContain('value="2026-12-01T10:00"');
  });

  it('refuses a bad value beside its field and stores nothing', async () => {
    const code = newCode();
    const res = await post(admin, '/admin/coupons', couponFields({ code, value: '95' }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('id="field-value-error"');
    expect(textOf(res.body)).toContain(MSG.couponPercentInvalid);
    expect(res.body).toContain(`value="${code}"`);
    expect(await storedCode(code)).toBeUndefined();

    const ends = await post(admin, '/admin/coupons', couponFields({ code, value: '10', startsAt: '2026-12-10T10:00', endsAt: '2026-12-01T10:00' }));
    expect(ends.statusCode).toBe(400);
    expect(textOf(ends.body)).toContain(MSG.couponEndsBeforeStart);
    expect(await storedCode(code)).toBeUndefined();
  });

  it('changes a code, switches it off, deletes an unused one and keeps a used one with core\'s reason', async () => {
    const code = newCode();
    await post(admin, '/admin/coupons', couponFields({ code, type: 'مبلغ ثابت', value: '40' }));
    const made = (await storedCode(code))!;
    const changed = await post(admin, '/admin/coupons', couponFields({ id: made.id, code, type: 'شحن مجاني', value: '' }));
    expect(changed.statusCode, changed.body).toBe(302);
    expect(await storedCode(code)).toMatchObject({ type: 'freeShipping', value: null });

    const customer = await shopperWithCart();
    await applyCouponToCart(t.db, customer.user.id, code);
    expect((await placeFromPage(customer, (await get(customer, '/checkout')).body)).statusCode).toBe(302);

    await post(admin, '/admin/coupons', [['intent', 'toggle'], ['id', made.id], ['active', 'false']]);
    expect((await storedCode(code))!.active).toBe(false);
    expect(textOf((await get(admin, '/admin/coupons')).body)).toContain('موقوف');
    expect(textOf((await get(admin, '/admin/coupons')).body)).toContain('1 (بلا حد)');

    const refused = await post(admin, '/admin/coupons', [['intent', 'delete'], ['id', made.id]]);
    expect(refused.statusCode).toBe(409);
    expect(textOf(refused.body)).toContain(MSG.couponUsedCannotDelete);

    const other = newCode();
    await post(admin, '/admin/coupons', couponFields({ code: other, value: '5' }));
    const gone = await post(admin, '/admin/coupons', [['intent', 'delete'], ['id', (await storedCode(other))!.id]]);
    expect(gone.statusCode).toBe(302);
    expect(await storedCode(other)).toBeUndefined();
  });

  it('pages a long list of codes, newest first, and changes a code from a later page', async () => {
    // Enough codes for two pages whatever the other tests made.
    const made: string[] = [];
    for (let i = 0; i < COUPONS_PAGE_SIZE + 3; i++) {
      const code = newCode();
      await createCoupon(t.db, { code, type: 'fixed', value: 5, minItemsTotal: 0, maxUses: null, maxUsesPerCustomer: 1, active: true });
      made.push(code);
    }
    const [total] = await t.db.select({ n: count() }).from(coupons);
    const first = await get(admin, '/admin/coupons');
    expect(textOf(first.body)).toContain(`الأكواد ( ${total!.n} )`);
    expect(first.body).toContain('href="/admin/coupons?page=2"');
    expect(textOf(first.body)).toContain(made.at(-1)!);
    expect(textOf(first.body)).not.toContain(made[0]!);

    const second = await get(admin, '/admin/coupons?page=2');
    expect(second.statusCode).toBe(200);
    expect(textOf(second.body)).toContain(made[0]!);
    const oldest = (await storedCode(made[0]!))!;
    expect(second.body).toContain(`href="/admin/coupons?page=2&amp;edit=${oldest.id}#coupon-form"`);
    // Switched off from page 2, the admin stays on page 2.
    const off = await post(admin, '/admin/coupons?page=2', [['intent', 'toggle'], ['id', oldest.id], ['active', 'false']]);
    expect(off.statusCode).toBe(302);
    expect(off.headers.location).toBe('/admin/coupons?page=2');
    expect((await storedCode(made[0]!))!.active).toBe(false);
    // A code that is not on the page shown is still opened to be changed.
    const edit = await get(admin, `/admin/coupons?edit=${oldest.id}`);
    expect(edit.body).toContain(`value="${made[0]}"`);
  });

  it('refuses the screen to a customer', async () => {
    const customer = await createAccount(t.db, 'user', 'عميل عادي');
    const page = await get(customer, '/admin/coupons');
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/');
    const code = newCode();
    const res = await post(customer, '/admin/coupons', couponFields({ code, value: '10' }));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(await storedCode(code)).toBeUndefined();
  });
});
