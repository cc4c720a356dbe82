/**
 * Discount codes end to end (API.md "Additions: discount codes"): the admin adds a code on
 * /admin/coupons; a shopper puts it on the cart, sees the discount and the new total, and places
 * a cash order paying the discounted amount, which the profile shows with the code. Another
 * shopper types the address, puts a code on at checkout (in place, the address staying as typed) and pays
 * the discounted amount by card on Paymob's page (the stand-in the e2e servers use).
 */
import { expect, test } from './pages/test.ts';
import { CartPage, CheckoutPage, expectNoHorizontalOverflow, price, ProfilePage, SignupPage } from './pages/account.ts';
import { signIn } from './pages/common.ts';
import { ADMIN } from './pages/demo-accounts.ts';
import { orderOf, PaymobCheckout } from './pages/payments.ts';
import { adminHeaders, createStockedProduct, deleteStockedProducts, uniqueMark } from './pages/stock.ts';

/** The stand-in products cost 199 L.E; every governorate's fee is 70 L.E. */
const ITEMS = 199;
const SHIPPING = 70;
const ADDRESS = { details: 'شارع التحرير، عمارة 8، الدور الثاني', phone: '01112345678', city: 'القاهرة', district: 'الدقي' };

test.afterEach(async ({ request }) => {
  await deleteStockedProducts(request);
});

/** A code that is new to this run: 3 to 20 capitals, digits and dashes. */
const newCode = () => `E2E-${uniqueMark()}`.toUpperCase().replace(/[^A-Z0-9-]/g, '').slice(0, 20);

test('the admin adds a code, and a shopper puts it on the cart and pays the discounted amount in cash', async ({ page, context, request }, testInfo) => {
  const code = newCode();
  await signIn(page, ADMIN);
  await page.goto('/admin/coupons');
  await page.getByLabel('الكود', { exact: true }).fill(code.toLowerCase());
  await page.getByLabel('نوع الخصم').selectOption('مبلغ ثابت');
  await page.getByLabel(/^القيمة/).fill('50');
  await page.getByRole('button', { name: 'إضافة الكود' }).click();
  const card = page.getByRole('listitem').filter({ hasText: code });
  await expect(card).toContainText('مبلغ ثابت');
  await expect(card).toContainText(price(50));
  // The form starts again empty for the next code.
  await expect(page.getByLabel('الكود', { exact: true })).toHaveValue('');
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `tmp/screens/admin-coupons-${testInfo.project.name}.png`, fullPage: true });

  await context.clearCookies();
  const product = await createStockedProduct(request, `قميص خصم ${uniqueMark()}`, { m: 3 });
  await new SignupPage(page).signUpFresh('هالة الخصم');
  expect((await page.request.post('/cart', { form: { intent: 'add', productId: product._id, color: 'm' } })).ok()).toBeTruthy();
  const cart = new CartPage(page);
  await cart.goto();
  const summary = page.getByRole('complementary', { name: 'ملخص العربة' });
  // With JavaScript the code is applied in place: the page is not loaded again.
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await summary.getByLabel('كود الخصم').fill('NO-SUCH-CODE');
  await summary.getByRole('button', { name: 'تطبيق' }).click();
  await expect(summary).toContainText('كود الخصم غير صحيح');

  await summary.getByLabel('كود الخصم').fill(code.toLowerCase());
  await summary.getByRole('button', { name: 'تطبيق' }).click();
  await expect(summary).toContainText(`خصم الكود ${code}`);
  await expect(summary).toContainText(`− ${price(50)}`);
  await cart.expectSubtotal(ITEMS - 50);
  expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `tmp/screens/cart-coupon-${testInfo.project.name}.png`, fullPage: true });

  await cart.checkout();
  const checkout = new CheckoutPage(page);
  await checkout.fill(ADDRESS);
  const total = ITEMS - 50 + SHIPPING;
  await expect(page.getByRole('region', { name: 'ملخص الطلب' })).toContainText(`خصم الكود ${code}`);
  await expect(checkout.totalLine()).toContainText(price(total), { useInnerText: true });
  await checkout.placeOrder();
  await expect(page).toHaveURL(/\/profile\?order=\d+$/);
  const profile = new ProfilePage(page);
  await profile.expectOrder({ lines: [{ title: product.title, size: 'm', count: 1 }], total });
  await expect(profile.orders().first()).toContainText(code);
});

test('a shopper puts a code on at checkout, keeps the address typed, and pays the discounted amount by card', async ({ page, request }, testInfo) => {
  const code = newCode();
  const made = await request.post('/api/v1/coupons', { headers: await adminHeaders(request), data: { code, type: 'percent', value: 10 } });
  expect(made.status(), await made.text()).toBe(201);
  const product = await createStockedProduct(request, `بنطلون خصم ${uniqueMark()}`, { l: 2 });
  await new SignupPage(page).signUpFresh('رامي البطاقة');
  expect((await page.request.post('/cart', { form: { intent: 'add', productId: product._id, color: 'l' } })).ok()).toBeTruthy();

  const checkout = new CheckoutPage(page);
  await checkout.goto();
  await checkout.fill(ADDRESS);
  await checkout.choosePaymentMethod('بطاقة أو محفظة إلكترونية');
  const summary = page.getByRole('region', { name: 'ملخص الطلب' });
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await summary.getByLabel('كود الخصم').fill(code.toLowerCase());
  await summary.getByRole('button', { name: 'تطبيق' }).click();
  // 10% of 199 is 19.90; the address and the choice of card are as the shopper left them.
  await expect(summary).toContainText(`خصم الكود ${code}`);
  await expect(summary).toContainText(`− ${price(19.9)}`);
  await expect(page.getByLabel('العنوان بالتفصيل')).toHaveValue(ADDRESS.details);
  await expect(page.getByLabel('رقم الهاتف', { exact: true })).toHaveValue(ADDRESS.phone);
  await expect(page.getByLabel('المنطقة', { exact: true })).toHaveValue(ADDRESS.district);
  await expect(page.getByLabel('محافظة الشحن')).toHaveValue(ADDRESS.city);
  await expect(checkout.paymentMethod('بطاقة أو محفظة إلكترونية')).toBeChecked();
  expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  const total = ITEMS - 19.9 + SHIPPING;
  await checkout.expectTotalSays('الإجمالي المطلوب دفعه الآن');
  await expect(checkout.totalLine()).toContainText(price(total), { useInnerText: true });
  expect(await checkout.shownTotal()).toBe(total);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `tmp/screens/checkout-coupon-${testInfo.project.name}.png`, fullPage: true });

  await checkout.placeOrder();
  const paymob = new PaymobCheckout(page);
  await paymob.expectOpen(total);
  await paymob.pay();
  await expect(page).toHaveURL(/\/profile\?order=\d+&payment=paid$/);
  const number = Number(new URL(page.url()).searchParams.get('order'));
  const profile = new ProfilePage(page);
  const order = profile.order(number);
  await expect(order.getByText(price(total), { exact: true })).toBeVisible();
  await expect(order).toContainText(code);
  await expect(order).toContainText(`− ${price(19.9)}`, { useInnerText: true });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `tmp/screens/profile-coupon-${testInfo.project.name}.png`, fullPage: true });
  expect(await orderOf(page, number)).toMatchObject({ isPaid: true, paymentMethodType: 'card', couponCode: code, discount: 19.9 });
});
