/**
 * Discount codes end to end (API.md "Additions: discount codes"): the admin adds a code on
 * /admin/coupons; a shopper puts it on the cart, sees the discount and the new total, and places
 * a cash order paying the discounted amount, which the profile shows with the code.
 */
import { expect, test } from '@playwright/test';
import { CartPage, CheckoutPage, expectNoHorizontalOverflow, price, ProfilePage, SignupPage } from './pages/account.ts';
import { signIn } from './pages/common.ts';
import { ADMIN } from './pages/demo-accounts.ts';
import { createStockedProduct, deleteStockedProducts, uniqueMark } from './pages/stock.ts';

/** The stand-in products cost 199 L.E; every governorate's fee is 70 L.E. */
const ITEMS = 199;
const SHIPPING = 70;
const ADDRESS = { details: 'شارع التحرير، عمارة 8، الدور الثاني', phone: '01112345678', city: 'القاهرة', district: 'الدقي' };

test.afterEach(async ({ request }) => {
  await deleteStockedProducts(request);
});

test('the admin adds a code, and a shopper puts it on the cart and pays the discounted amount in cash', async ({ page, context, request }, testInfo) => {
  const code = `E2E-${uniqueMark()}`.toUpperCase().replace(/[^A-Z0-9-]/g, '').slice(0, 20);
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
  await summary.getByLabel('كود الخصم').fill('NO-SUCH-CODE');
  await summary.getByRole('button', { name: 'تطبيق' }).click();
  await expect(summary).toContainText('كود الخصم غير صحيح');

  await summary.getByLabel('كود الخصم').fill(code.toLowerCase());
  await summary.getByRole('button', { name: 'تطبيق' }).click();
  await expect(summary).toContainText(`خصم الكود ${code}`);
  await expect(summary).toContainText(`− ${price(50)}`);
  await cart.expectTotal(ITEMS - 50);
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
