/**
 * Card payments as staff see them (API.md "Additions: card and wallet payments"): a customer
 * pays a card order on the Paymob stand-in's checkout; the admin reads the method, Paymob's ids
 * and the callback on the order's page, cancels it with the refund announced in the
 * confirmation, and sees the money go back and the pieces return to stock. A payment of the
 * wrong amount is flagged on the orders list and the order's page until the admin refunds it,
 * or keeps it. The cancel and refund and the decision also work without JavaScript.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './pages/test.ts';
import { ADMIN, expectNewToast, expectNoHorizontalOverflow, expectNoSeriousViolations, signIn } from './pages/admin.ts';
import {
  ManageOrdersPage,
  OrderDetailsPage,
  orderAsCustomer,
  orderTotalOf,
  payOnStandIn,
  placeOrderAsNewCustomer,
  price,
  type PlacedOrder,
  type StandInChoice,
} from './pages/admin-orders.ts';
import { createProductThroughApi, ProductFormPage, uniqueMark, type ApiProduct } from './pages/admin-products.ts';

/** The demo shop's admin, as the refunds name them. */
const ADMIN_NAME = 'مدير المتجر';
const CARD_LABEL = 'بطاقة أو محفظة إلكترونية';

/** Products made by a test, deleted after it so the other specs never meet them. */
const made: ApiProduct[] = [];

test.afterEach(async ({ page }) => {
  await signIn(page, ADMIN);
  for (const product of made.splice(0)) await page.request.delete(`/api/v1/products/${product._id}`);
});

/** A product of the test's own with `pieces` in size m, made by the admin. */
async function stockedProduct(page: Page, pieces: number): Promise<ApiProduct> {
  await signIn(page, ADMIN);
  const mark = uniqueMark();
  // 199.50 rounds up to 200 on every page: the amount due is 270 with shipping.
  const product = await createProductThroughApi(page, { title: `قميص الدفع الإلكتروني ${mark}`, barcode: `PAY-${mark}`, price: 199.5, stock: { m: pieces, l: 2 } });
  made.push(product);
  return product;
}

/** A new customer's card order of one piece of size m, paid in the browser on the stand-in, then the admin signed in again. */
async function paidCardOrder(page: Page, request: Parameters<typeof placeOrderAsNewCustomer>[0], product: ApiProduct, choice: StandInChoice = 'Pay') {
  const placed = await placeOrderAsNewCustomer(request, { productId: product._id, size: 'm', count: 1, paymentMethodType: 'card' });
  await signIn(page, placed.customer);
  await payOnStandIn(page, placed, choice);
  await signIn(page, ADMIN);
  return placed;
}

/** The order's Paymob ids, as the API shows them to its customer. */
async function paymobIdsOf(request: Parameters<typeof orderAsCustomer>[0], placed: PlacedOrder) {
  const order = await orderAsCustomer(request, placed);
  expect(order.trnxId).toMatch(/^\d+$/);
  expect(order.orderPaymobId).toMatch(/^\d+$/);
  return { trnxId: order.trnxId!, orderPaymobId: order.orderPaymobId! };
}

test('the admin reads a paid card order, cancels it, and the money goes back to the card with the pieces back in stock', async ({ page, request }) => {
  const product = await stockedProduct(page, 3);
  const placed = await paidCardOrder(page, request, product);
  const total = orderTotalOf(placed.order.totalOrderPrice);
  expect(total).toBe(270);
  const ids = await paymobIdsOf(request, placed);

  const list = new ManageOrdersPage(page);
  await list.goto('pending');
  const card = list.card(placed.order.id);
  await expect(card).toContainText(CARD_LABEL);
  await expect(card.getByText('حالة الطلب: قيد المراجعة')).toBeVisible();
  await expect(card.getByText('يحتاج قراراً')).toHaveCount(0);
  const details = new OrderDetailsPage(page);
  await expect(details.value(card, 'رقم المعاملة')).toHaveText(ids.trnxId);
  await expect(details.value(card, 'رقم طلب Paymob')).toHaveText(ids.orderPaymobId);
  // Paymob alone marks a card order paid: no paid dropdown to set it back.
  await expect(list.flags(placed.order.id).select('paid')).toHaveCount(0);
  await expect(card).toContainText('دفع هذا الطلب يُسجَّل من بوابة الدفع فقط');
  await expectNoHorizontalOverflow(page);

  await list.openDetails(placed.order.id);
  // The payment's summary, above the callbacks and refunds that have their own transaction ids.
  const payment = details.panel('الدفع').locator('dl').first();
  await expect(details.value(payment, 'طريقة الدفع')).toHaveText(CARD_LABEL);
  await expect(details.value(payment, 'الدفع')).toContainText('تم الدفع');
  await expect(details.value(payment, 'رقم المعاملة')).toHaveText(ids.trnxId);
  await expect(details.value(payment, 'رقم طلب Paymob')).toHaveText(ids.orderPaymobId);
  await expect(details.callbacks()).toHaveCount(1);
  const paid = details.callbacks().first();
  await expect(paid).toContainText('تم الدفع');
  await expect(details.value(paid, 'رقم المعاملة')).toHaveText(ids.trnxId);
  await expect(details.value(paid, 'المبلغ')).toHaveText(price(total));
  await expect(details.value(paid, 'وسيلة الدفع')).not.toBeEmpty();
  await expect(paid.getByRole('button')).toHaveCount(0);
  await expect(details.refunds()).toHaveCount(0);
  await expect(details.panel('الحالة').getByRole('combobox', { name: /حالة الدفع/ })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);

  // The confirmation says the money goes back; the toast says it went.
  const status = details.panel('الحالة');
  await status.locator('summary', { hasText: 'إلغاء الطلب' }).click();
  await expect(status).toContainText(`وسيُسترد المبلغ المدفوع (${price(total)}) إلى بطاقة العميل أو محفظته عبر بوابة الدفع.`);
  await expectNewToast(page, 'تم تحديث حالة الطلب. تم استرداد المبلغ إلى العميل', () => details.closeWith('إلغاء الطلب', 'تأكيد الإلغاء'));
  await details.expectStatus('cancelled');
  await expect(details.refunds()).toHaveCount(1);
  const refund = details.refunds().first();
  await expect(refund).toContainText('تم الاسترداد');
  await expect(refund).toContainText(price(total));
  await expect(refund).toContainText(`بواسطة: ${ADMIN_NAME}`);
  await expect(details.panel('الدفع').getByRole('button', { name: 'إعادة محاولة الاسترداد' })).toHaveCount(0);
  expect(await orderAsCustomer(request, placed)).toMatchObject({ status: 'cancelled', isPaid: true, refunds: [{ amount: total, status: 'succeeded' }] });

  // Paymob then reports the refund itself; the page lists it beside the payment.
  await expect(async () => {
    await page.reload();
    await expect(details.callbacks().filter({ hasText: 'استرداد أو إلغاء' })).toHaveCount(1, { timeout: 1000 });
  }).toPass();
  await expect(details.value(details.callbacks().first(), 'المبلغ')).toHaveText(price(total));
  await expectNoHorizontalOverflow(page);

  const form = new ProductFormPage(page);
  await form.gotoEdit(product._id);
  await expect(form.stockRow('m')).toHaveValue('3');
  await expect(form.historyRows('m', 'إلغاء طلب')).toContainText('2 → 3');
});

test('a payment of the wrong amount is flagged on the list and the order until the admin refunds it', async ({ page, request }) => {
  const product = await stockedProduct(page, 4);
  const placed = await paidCardOrder(page, request, product, 'Pay a wrong amount');
  const total = orderTotalOf(placed.order.totalOrderPrice);
  // The stand-in pays a pound less: not marked paid, and waiting for a decision.
  const unpaid = await orderAsCustomer(request, placed);
  expect(unpaid.isPaid).toBe(false);
  expect(['awaiting_payment', 'cancelled']).toContain(unpaid.status);

  const list = new ManageOrdersPage(page);
  await list.goto();
  const card = list.card(placed.order.id);
  await expect(card.getByText('يحتاج قراراً')).toBeVisible();
  await expect(card).toContainText(CARD_LABEL);
  await expectNoHorizontalOverflow(page);
  await list.openDetails(placed.order.id);

  const details = new OrderDetailsPage(page);
  await expect(details.panel('الحالة').getByRole('link', { name: 'يحتاج قراراً' })).toHaveAttribute('href', '#order-payment');
  await expect(details.value(details.panel('الدفع').locator('dl').first(), 'الدفع')).toHaveText('لم يتم الدفع');
  const mismatch = details.callbacks().filter({ hasText: 'المبلغ لا يطابق الطلب' });
  await expect(mismatch).toHaveCount(1);
  await expect(mismatch).toContainText('ينتظر قراراً');
  await expect(details.value(mismatch, 'المبلغ')).toHaveText(price(total - 1));
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);

  await expectNewToast(page, 'تم استرداد المبلغ إلى العميل', () => details.decide(mismatch, 'استرداد المبلغ'));
  await expect(mismatch).not.toContainText('ينتظر قراراً');
  await expect(mismatch.getByRole('button')).toHaveCount(0);
  await expect(mismatch).toContainText('تم القرار');
  await expect(details.refunds()).toHaveCount(1);
  await expect(details.refunds().first()).toContainText('تم الاسترداد');
  await expect(details.refunds().first()).toContainText(price(total - 1));
  await expect(details.panel('الحالة').getByText('يحتاج قراراً')).toHaveCount(0);
  const order = await orderAsCustomer(request, placed);
  expect(order.isPaid).toBe(false);
  expect(order.refunds).toEqual([expect.objectContaining({ amount: total - 1, status: 'succeeded' })]);

  await list.goto();
  await expect(list.card(placed.order.id).getByText('يحتاج قراراً')).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('cancelling a paid card order refunds it, and a wrong amount can be kept, through plain posts', async ({ page, request }) => {
    const product = await stockedProduct(page, 2);
    const placed = await paidCardOrder(page, request, product);
    const total = orderTotalOf(placed.order.totalOrderPrice);
    const details = new OrderDetailsPage(page);
    await details.goto(placed.order._id);
    await expect(details.callbacks().first()).toContainText('تم الدفع');
    await expect(details.panel('الحالة')).toContainText('إلى بطاقة العميل أو محفظته');
    await details.closeWith('إلغاء الطلب', 'تأكيد الإلغاء');
    await expect(page).toHaveURL(new RegExp(`/admin/order-details/${placed.order._id}$`));
    await details.expectStatus('cancelled');
    await expect(details.refunds()).toHaveCount(1);
    await expect(details.refunds().first()).toContainText('تم الاسترداد');
    await expect(details.refunds().first()).toContainText(price(total));
    expect(await orderAsCustomer(request, placed)).toMatchObject({ status: 'cancelled', refunds: [{ amount: total, status: 'succeeded' }] });
    const form = new ProductFormPage(page);
    await form.gotoEdit(product._id);
    await expect(form.stockRow('m')).toHaveValue('2');

    const wrong = await paidCardOrder(page, request, product, 'Pay a wrong amount');
    await details.goto(wrong.order._id);
    const mismatch = details.callbacks().filter({ hasText: 'المبلغ لا يطابق الطلب' });
    await expect(mismatch).toContainText('ينتظر قراراً');
    await details.decide(mismatch, 'الاحتفاظ بالمبلغ');
    await expect(page).toHaveURL(new RegExp(`/admin/order-details/${wrong.order._id}$`));
    await expect(mismatch).toContainText('تم القرار');
    await expect(mismatch.getByRole('button')).toHaveCount(0);
    // Kept: nothing goes back.
    await expect(details.refunds()).toHaveCount(0);
    expect((await orderAsCustomer(request, wrong)).refunds).toEqual([]);
  });
});
