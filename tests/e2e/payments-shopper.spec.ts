/**
 * Card payments as the shopper sees them (API.md "Additions: card and wallet payments"): the
 * choice at checkout, Paymob's page (the stand-in the e2e servers use) asking for the total the
 * checkout showed, the way back to the profile with the result on the order, a declined card
 * paid on a second try with "ادفع الآن", an order left unpaid expiring with its pieces back,
 * and a paid order cancelled and refunded. With and without JavaScript. The e2e servers give a
 * card order 30 seconds to be paid and sweep expired ones every few seconds.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './pages/test.ts';
import { CheckoutPage, expectNoHorizontalOverflow, expectNoSeriousViolations, price, ProfilePage, SignupPage, toast } from './pages/account.ts';
import { orderOf, PaymobCheckout, stockHistoryOf, stockOf } from './pages/payments.ts';
import { createStockedProduct, deleteStockedProducts, uniqueMark, type StockedProduct } from './pages/stock.ts';

const ADDRESS = { details: 'شارع التحرير، عمارة 5، الدور الرابع', phone: '01112345678', city: 'القاهرة', district: 'وسط البلد' };
const CASH = 'الدفع نقداً عند الاستلام';
const CARD = 'بطاقة أو محفظة إلكترونية';
/** The stand-in products cost 199 L.E, and shipping is 70. */
const TOTAL = 199 + 70;

test.afterEach(async ({ request }) => {
  await deleteStockedProducts(request);
});

/** Puts one piece of a size in the signed-in shopper's cart through the cart's own door. */
async function addToCart(page: Page, product: StockedProduct, size: string) {
  const response = await page.request.post('/cart', { form: { intent: 'add', productId: product._id, color: size } });
  expect(response.ok()).toBeTruthy();
}

/** Fills checkout, chooses a card and places the order; returns the total the page asked for. */
async function checkOutByCard(page: Page): Promise<number> {
  const checkout = new CheckoutPage(page);
  await checkout.goto();
  await checkout.fill(ADDRESS);
  await checkout.choosePaymentMethod(CARD);
  await checkout.expectTotalSays('الإجمالي المطلوب دفعه الآن');
  const shown = await checkout.shownTotal();
  await checkout.placeOrder();
  return shown;
}

/** The order's number, from the address the shop sent the shopper back to. */
function returnedOrder(page: Page): number {
  return Number(new URL(page.url()).searchParams.get('order'));
}

/**
 * A new shopper checks out by card and the card is declined: back on the profile with the
 * failure message and the order awaiting payment. The order, Paymob's page and the total shown.
 */
async function declinedFirstTry(page: Page, request: APIRequestContext, title: string, customer: string, size: string) {
  const product = await createStockedProduct(request, `${title} ${uniqueMark()}`, { [size]: 3 });
  await new SignupPage(page).signUpFresh(customer);
  await addToCart(page, product, size);
  const shown = await checkOutByCard(page);
  const paymob = new PaymobCheckout(page);
  await paymob.expectOpen(shown);
  await paymob.decline();
  await expect(page).toHaveURL(/\/profile\?order=\d+&payment=failed$/);
  const number = returnedOrder(page);
  const profile = new ProfilePage(page);
  const order = profile.order(number);
  await expect(profile.failedNotice(order)).toBeVisible();
  await profile.expectAwaitingPayment(order);
  await expectNoHorizontalOverflow(page);
  return { product, number, profile, order, paymob, shown };
}

test('a shopper pays by card on Paymob, comes back to the order paid and under review, then cancels it and the money is refunded', async ({ page, request }) => {
  const product = await createStockedProduct(request, `فستان صيفي ${uniqueMark()}`, { s: 1, m: 2 });
  await new SignupPage(page).signUpFresh('منى عبد الله');
  await addToCart(page, product, 'm');

  const checkout = new CheckoutPage(page);
  await checkout.goto();
  await checkout.fill(ADDRESS);
  // Cash on delivery is the default; the total and the button follow the choice.
  await expect(checkout.paymentMethod(CASH)).toBeChecked();
  await expect(checkout.paymentMethod(CARD)).not.toBeChecked();
  await checkout.expectTotalSays('الإجمالي المطلوب عند الاستلام');
  await expect(page.getByRole('button', { name: 'تأكيد الطلب', exact: true })).toBeVisible();
  await checkout.choosePaymentMethod(CARD);
  await checkout.expectTotalSays('الإجمالي المطلوب دفعه الآن');
  await expect(checkout.totalLine()).not.toContainText('عند الاستلام', { useInnerText: true });
  await expect(page.getByRole('button', { name: 'تأكيد الطلب والانتقال إلى الدفع', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'ملخص الطلب' })).toContainText('الدفع الآن بالبطاقة أو المحفظة الإلكترونية', { useInnerText: true });
  await expect(checkout.totalLine().locator('bdi')).toHaveText(price(TOTAL));
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);
  const shown = await checkout.shownTotal();
  await checkout.placeOrder();

  const paymob = new PaymobCheckout(page);
  await paymob.expectOpen(shown);
  // The order holds its piece while it waits for the payment.
  expect(await stockOf(request, product._id)).toEqual({ s: 1, m: 1 });
  await paymob.pay();

  await expect(page).toHaveURL(/\/profile\?order=\d+&payment=paid$/);
  const number = returnedOrder(page);
  const profile = new ProfilePage(page);
  const order = profile.order(number);
  await expect(profile.paidNotice(order)).toBeVisible();
  await profile.expectPaidByCard(order);
  await expect(order.getByText(price(TOTAL), { exact: true })).toBeVisible();
  expect(await orderOf(page, number)).toMatchObject({ status: 'pending', isPaid: true, paymentMethodType: 'card' });
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);

  // Cancelled while under review: the piece goes back and the payment is refunded.
  const confirm = await profile.openCancel(order);
  await expect(order).toContainText('نعيد المبلغ المدفوع إلى وسيلة الدفع التي دفعت بها');
  await confirm.click();
  await expect(toast(page, 'تم إلغاء الطلب')).toBeVisible();
  await profile.expectClosed(order, 'ملغي');
  await expect(profile.paidNotice(order)).toHaveCount(0);
  await expect(order.getByText('تم رد المبلغ', { exact: true })).toBeVisible();
  await expect(order).toContainText(`تم رد ${price(TOTAL)} إلى وسيلة الدفع`);
  expect(await orderOf(page, number)).toMatchObject({ status: 'cancelled', refunds: [{ amount: TOTAL, status: 'succeeded' }] });
  expect(await stockOf(request, product._id)).toEqual({ s: 1, m: 2 });
});

test('a declined card brings the shopper back with the order awaiting payment; "ادفع الآن" opens Paymob again and the second try pays it', async ({ page, request }) => {
  const { product, number, profile, order, paymob, shown } = await declinedFirstTry(page, request, 'بلوزة حرير', 'سلمى رشاد', 'm');
  expect(await orderOf(page, number)).toMatchObject({ status: 'awaiting_payment', isPaid: false });
  await expectNoSeriousViolations(page);

  await profile.payNow(order).click();
  await paymob.expectOpen(shown);
  await paymob.pay();
  await expect(page).toHaveURL(new RegExp(`/profile\\?order=${number}&payment=paid$`));
  await expect(profile.paidNotice(order)).toBeVisible();
  await expect(profile.failedNotice(order)).toHaveCount(0);
  await profile.expectPaidByCard(order);
  expect(await orderOf(page, number)).toMatchObject({ status: 'pending', isPaid: true });
  expect(await stockOf(request, product._id)).toEqual({ m: 2 });
});

test('an order left unpaid expires: it is cancelled, its piece is back with the reason in the ledger, and a late "ادفع الآن" is refused', async ({ page, request }) => {
  test.setTimeout(120_000);
  const product = await createStockedProduct(request, `معطف صوف ${uniqueMark()}`, { l: 2 });
  await new SignupPage(page).signUpFresh('طارق سليم');
  await addToCart(page, product, 'l');
  const shown = await checkOutByCard(page);
  await new PaymobCheckout(page).expectOpen(shown);
  expect(await stockOf(request, product._id)).toEqual({ l: 1 });

  // The shopper leaves Paymob's page without paying.
  const profile = new ProfilePage(page);
  await profile.goto();
  const order = profile.orders().first();
  const number = await profile.numberOf(order);
  await profile.expectAwaitingPayment(order);

  await expect
    .poll(async () => (await orderOf(page, number)).status, { timeout: 90_000, intervals: [2_000] })
    .toBe('cancelled');
  expect(await stockOf(request, product._id)).toEqual({ l: 2 });
  const [latest] = await stockHistoryOf(request, product._id);
  expect(latest).toMatchObject({ size: 'l', reason: 'payment_expired', quantityBefore: 1, quantityAfter: 2, order: { id: number } });

  // The page still offers the payment it showed; pressing it says why not and shows the order as it is.
  await profile.payNow(order).click();
  await expect(toast(page, 'هذا الطلب لا ينتظر الدفع، حالته: ملغي')).toBeVisible();
  await profile.expectClosed(order, 'ملغي');
  await expect(profile.payNow(order)).toHaveCount(0);
});

test('an order awaiting payment can be cancelled by the shopper, and a payment method the shop does not know is refused', async ({ page, request }) => {
  const product = await createStockedProduct(request, `شال قطن ${uniqueMark()}`, { m: 2 });
  await new SignupPage(page).signUpFresh('هدى كمال');
  await addToCart(page, product, 'm');

  const checkout = new CheckoutPage(page);
  await checkout.goto();
  const key = await page.locator('input[name="idempotencyKey"]').inputValue();
  const refused = await page.request.post('/checkout', {
    form: { details: ADDRESS.details, phone: ADDRESS.phone, shippingCity: ADDRESS.city, district: ADDRESS.district, idempotencyKey: key, paymentMethodType: 'bitcoin' },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain('اختر طريقة الدفع: نقداً عند الاستلام، أو بطاقة أو محفظة إلكترونية');
  expect(await stockOf(request, product._id)).toEqual({ m: 2 });

  const shown = await checkOutByCard(page);
  await new PaymobCheckout(page).expectOpen(shown);
  const profile = new ProfilePage(page);
  await profile.goto();
  await expect(profile.orders()).toHaveCount(1);
  const order = profile.orders().first();
  const number = await profile.numberOf(order);
  await profile.cancel(order);
  await expect(toast(page, 'تم إلغاء الطلب')).toBeVisible();
  await profile.expectClosed(order, 'ملغي');
  await expect(profile.payNow(order)).toHaveCount(0);
  expect(await orderOf(page, number)).toMatchObject({ status: 'cancelled', isPaid: false, refunds: [] });
  expect(await stockOf(request, product._id)).toEqual({ m: 2 });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the checkout form goes to Paymob, and paying there brings the shopper back to the order paid', async ({ page, request }) => {
    const product = await createStockedProduct(request, `قميص أكسفورد ${uniqueMark()}`, { xl: 2 });
    await new SignupPage(page).signUpFresh('كريم نبيل');
    await addToCart(page, product, 'xl');

    const checkout = new CheckoutPage(page);
    await checkout.goto();
    await expect(checkout.paymentMethod(CASH)).toBeChecked();
    await checkout.fill(ADDRESS);
    await checkout.choosePaymentMethod(CARD);
    // The stylesheet follows the choice without a script.
    await checkout.expectTotalSays('الإجمالي المطلوب دفعه الآن');
    await expect(page.getByRole('button', { name: 'تأكيد الطلب والانتقال إلى الدفع', exact: true })).toBeVisible();
    const shown = await checkout.shownTotal();
    await checkout.placeOrder();

    const paymob = new PaymobCheckout(page);
    await paymob.expectOpen(shown);
    await paymob.pay();
    await expect(page).toHaveURL(/\/profile\?order=\d+&payment=paid$/);
    const number = returnedOrder(page);
    const profile = new ProfilePage(page);
    const order = profile.order(number);
    await expect(profile.paidNotice(order)).toBeVisible();
    await profile.expectPaidByCard(order);
    expect(await orderOf(page, number)).toMatchObject({ status: 'pending', isPaid: true, paymentMethodType: 'card' });
    expect(await stockOf(request, product._id)).toEqual({ xl: 1 });
  });

  test('after a declined card, "ادفع الآن" is a plain form that opens Paymob again', async ({ page, request }) => {
    const { number, profile, order, paymob, shown } = await declinedFirstTry(page, request, 'بنطلون كتان', 'ياسمين فريد', 'l');

    await profile.payNow(order).click();
    await paymob.expectOpen(shown);
    await paymob.pay();
    await expect(page).toHaveURL(new RegExp(`/profile\\?order=${number}&payment=paid$`));
    await expect(profile.paidNotice(order)).toBeVisible();
    await profile.expectPaidByCard(order);
    expect(await orderOf(page, number)).toMatchObject({ status: 'pending', isPaid: true });
  });
});
