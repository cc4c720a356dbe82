/**
 * Shipping by governorate end to end (API.md "shipping by governorate"): the admin sets the fees
 * on the dashboard (Aswan dearer than the rest, a cash-on-delivery fee, a free-shipping
 * threshold); a shopper in Aswan sees Aswan's fee and the total at checkout before placing the
 * order, and the same shipping on the profile after; the cart says how much more ships free.
 * The rules go back to the shop's defaults after each test, for the specs that follow.
 */
import { expect, test } from './pages/test.ts';
import { CartPage, CheckoutPage, expectNoHorizontalOverflow, price, ProfilePage, SignupPage, toast } from './pages/account.ts';
import { signIn } from './pages/common.ts';
import { ADMIN } from './pages/demo-accounts.ts';
import { restoreShippingRules, setShippingRules, ShippingFeesPage } from './pages/shipping.ts';
import { createStockedProduct, deleteStockedProducts, uniqueMark } from './pages/stock.ts';

/** The stand-in products cost 199 L.E. */
const ITEMS = 199;
const ASWAN = { details: 'شارع الكورنيش، عمارة 3، الدور الأول', phone: '01112345678', city: 'أسوان', district: 'كوم أمبو' };

test.afterEach(async ({ request }) => {
  await deleteStockedProducts(request);
  await restoreShippingRules(request);
});

test('the admin sets the fees, and a shopper in Aswan sees its fee and total before placing the order and the same on the profile', async ({ page, context, request }, testInfo) => {
  await signIn(page, ADMIN);
  const fees = new ShippingFeesPage(page);
  await fees.goto();
  await fees.setAll('60');
  await expect(toast(page, 'تم حفظ أسعار الشحن')).toBeVisible();
  await expect(fees.fee('القاهرة')).toHaveValue('60');
  await expect(fees.fee('أسوان')).toHaveValue('60');

  await fees.save({ fees: { أسوان: '95' }, freeShippingFrom: '5000', codFee: '-1' });
  await expect(page.getByText('رسوم الدفع عند الاستلام يجب أن تكون رقماً من 0 إلى 1000 بحد أقصى قرشين').first()).toBeVisible();
  await fees.save({ codFee: '10' });
  await expect(toast(page, 'تم حفظ أسعار الشحن').last()).toBeVisible();
  await expect(page.getByText('الشحن الآن من')).toContainText(`${price(60)} إلى ${price(95)}`);
  await expect(fees.fee('أسوان')).toHaveValue('95');
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `tmp/screens/admin-shipping-${testInfo.project.name}.png`, fullPage: true });
  await fees.fee('أسوان').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `tmp/screens/admin-shipping-aswan-${testInfo.project.name}.png` });

  await context.clearCookies();
  const product = await createStockedProduct(request, `جلابية قطن ${uniqueMark()}`, { m: 3 });
  await new SignupPage(page).signUpFresh('سعاد أسوان');
  expect((await page.request.post('/cart', { form: { intent: 'add', productId: product._id, color: 'm' } })).ok()).toBeTruthy();

  const cart = new CartPage(page);
  await cart.goto();
  const summary = page.getByRole('complementary', { name: 'ملخص العربة' });
  await expect(summary).toContainText(`أضف منتجات بقيمة ${price(5000 - ITEMS)} للحصول على شحن مجاني`);
  await expect(summary).toContainText(`من ${price(60)} إلى ${price(95)} حسب المحافظة`);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `tmp/screens/cart-${testInfo.project.name}.png`, fullPage: true });

  await cart.checkout();
  const checkout = new CheckoutPage(page);
  const orderSummary = page.getByRole('region', { name: 'ملخص الطلب' });
  await expect(orderSummary).toContainText('اختر المحافظة لمعرفة رسوم الشحن');
  await checkout.fill(ASWAN);
  await expect(orderSummary.getByRole('definition').nth(1)).toHaveText(price(95));
  await expect(orderSummary).toContainText(`رسوم الدفع عند الاستلام${price(10)}`);
  // Cash is chosen: the totals of the other ways to pay are in the page, hidden.
  const total = ITEMS + 95 + 10;
  await expect(orderSummary.getByRole('definition').last()).toHaveText(price(total), { useInnerText: true });
  await expect(checkout.totalLine()).toContainText(price(total), { useInnerText: true });
  await checkout.choosePaymentMethod('بطاقة أو محفظة إلكترونية');
  await expect(orderSummary.getByRole('definition').last()).toHaveText(price(ITEMS + 95), { useInnerText: true });
  await expect(orderSummary).not.toContainText('رسوم الدفع عند الاستلام', { useInnerText: true });
  await checkout.choosePaymentMethod('الدفع نقداً عند الاستلام');
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `tmp/screens/checkout-${testInfo.project.name}.png`, fullPage: true });

  await checkout.placeOrder();
  await expect(page).toHaveURL(/\/profile\?order=\d+$/);
  const profile = new ProfilePage(page);
  await profile.expectOrder({ lines: [{ title: product.title, size: 'm', count: 1 }], total });
  await expect(profile.orders().first()).toContainText(`الإجمالي شامل الشحن (${price(105)})`);
});

test('the cart says how much more ships free, then that the order ships free', async ({ page, request }) => {
  await setShippingRules(request, { freeShippingFrom: 250 });
  const product = await createStockedProduct(request, `قميص كتان ${uniqueMark()}`, { m: 3 });
  await new SignupPage(page).signUpFresh('مروان سالم');
  expect((await page.request.post('/cart', { form: { intent: 'add', productId: product._id, color: 'm' } })).ok()).toBeTruthy();

  const cart = new CartPage(page);
  await cart.goto();
  const summary = page.getByRole('complementary', { name: 'ملخص العربة' });
  await expect(summary).toContainText(`أضف منتجات بقيمة ${price(250 - ITEMS)} للحصول على شحن مجاني`);
  // The items' sum is not the total: the shipping is added at checkout, once the governorate is chosen.
  await expect(summary.getByRole('term').filter({ hasText: /^الشحن$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText(`يُضاف عند إتمام الطلب${price(70)} لكل المحافظات`);

  await cart.increase(product.title);
  await cart.expectSubtotal(ITEMS * 2);
  await expect(summary).toContainText('طلبك مؤهل للشحن المجاني');

  await cart.checkout();
  await expect(page.getByRole('region', { name: 'ملخص الطلب' })).toContainText('شحن مجاني');
  await new CheckoutPage(page).expectTotal(ITEMS * 2);
});
