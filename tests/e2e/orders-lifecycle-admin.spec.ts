/**
 * An order's life as staff drive it on its page (API.md "Order status"): confirmed, shipped and
 * delivered step by step with its history; shipped and refused at the door, its pieces back in
 * the size's stock and the refusal in the product's stock history; a paid order that cannot be
 * cancelled; and the same steps without JavaScript, cancelling through the disclosure.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './pages/test.ts';
import { ADMIN, expectNoHorizontalOverflow, expectNoSeriousViolations, signIn } from './pages/admin.ts';
import { ManageOrdersPage, OrderDetailsPage, orderAsCustomer, placeOrderAsNewCustomer } from './pages/admin-orders.ts';
import { createProductThroughApi, ProductFormPage, uniqueMark, type ApiProduct } from './pages/admin-products.ts';

/** The demo shop's admin, as the histories name them. */
const ADMIN_NAME = 'مدير المتجر';

/** Products made by a test, deleted after it so the other specs never meet them. */
const made: ApiProduct[] = [];

async function stockedProduct(page: Page, stock: Record<string, number>): Promise<ApiProduct> {
  const mark = uniqueMark();
  const product = await createProductThroughApi(page, { title: `قميص دورة الطلب ${mark}`, barcode: `LIFE-${mark}`, price: 240, stock });
  made.push(product);
  return product;
}

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN);
});

test.afterEach(async ({ page }) => {
  for (const product of made.splice(0)) await page.request.delete(`/api/v1/products/${product._id}`);
});

test('the admin confirms, ships and delivers an order, and its history records each step', async ({ page, request }) => {
  const placed = await placeOrderAsNewCustomer(request, { count: 1 });
  const details = new OrderDetailsPage(page);
  await details.goto(placed.order._id);
  await details.expectStatus('pending');

  await details.step('تأكيد الطلب', 'confirmed');
  await expect(details.stepButtons()).toHaveText(['تم الشحن']);
  await details.step('تم الشحن', 'shipped');
  await expect(details.stepButtons()).toHaveText(['تم التوصيل']);
  await expect.poll(() => details.closingSteps()).toEqual(['رفض الاستلام', 'إلغاء الطلب']);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);
  await details.step('تم التوصيل', 'delivered');

  // Nothing follows delivery.
  await expect(details.stepButtons()).toHaveCount(0);
  await expect(details.panel('الحالة').locator('details')).toHaveCount(0);
  await expect(details.value(details.panel('الحالة'), 'تاريخ التوصيل')).not.toHaveText('—');
  const history = details.history();
  await expect(history).toHaveCount(4);
  for (const [i, label] of ['قيد المراجعة', 'تم التأكيد', 'تم الشحن', 'تم التوصيل'].entries()) await expect(history.nth(i)).toContainText(label);
  await expect(history.nth(0)).toContainText(`بواسطة: ${placed.customer.name}`);
  for (const i of [1, 2, 3]) await expect(history.nth(i)).toContainText(`بواسطة: ${ADMIN_NAME}`);
  await expect(history.nth(3).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expectNoHorizontalOverflow(page);

  const list = new ManageOrdersPage(page);
  await list.goto('delivered');
  await expect(list.card(placed.order.id).getByText('حالة الطلب: تم التوصيل')).toBeVisible();
  await list.flags(placed.order.id).expectState('delivered', true);
  expect(await orderAsCustomer(request, placed)).toMatchObject({ status: 'delivered', isDelivered: true });
});

test('an order refused at the door puts its pieces back in the size, and the product shows the refusal in its stock history', async ({ page, request }) => {
  const product = await stockedProduct(page, { m: 3, l: 2 });
  const placed = await placeOrderAsNewCustomer(request, { productId: product._id, size: 'l', count: 2 });
  const form = new ProductFormPage(page);
  await form.gotoEdit(product._id);
  await expect(form.stockRow('l')).toHaveValue('0');
  await expect(form.historyRows('l', 'طلب')).toContainText('2 → 0');

  const details = new OrderDetailsPage(page);
  await details.goto(placed.order._id);
  await details.step('تأكيد الطلب', 'confirmed');
  await details.step('تم الشحن', 'shipped');
  // The disclosure asks once more; closing it changes nothing.
  const status = details.panel('الحالة');
  await status.locator('summary', { hasText: 'رفض الاستلام' }).click();
  await expect(status.getByRole('button', { name: 'تأكيد رفض الاستلام' })).toBeVisible();
  await expect(status).toContainText('وتعود قطعه إلى المخزون');
  await status.locator('details[open] > summary').click();
  await expect(status.getByRole('button', { name: 'تأكيد رفض الاستلام' })).toBeHidden();
  await details.expectStatus('shipped');

  await details.closeWith('رفض الاستلام', 'تأكيد رفض الاستلام');
  await details.expectStatus('refused');
  await expect(details.stepButtons()).toHaveCount(0);
  await expect(details.history().last()).toContainText('مرفوض عند الاستلام');
  await expect(details.history().last()).toContainText(`بواسطة: ${ADMIN_NAME}`);

  await form.gotoEdit(product._id);
  await expect(form.stockRow('l')).toHaveValue('2');
  await expect(form.stockRow('m')).toHaveValue('3');
  await expect(form.stockTotal()).toHaveText('5');
  const refusal = form.historyRows('l', 'رفض عند الاستلام');
  await expect(refusal).toHaveCount(1);
  await expect(refusal).toContainText('0 → 2');
  await expect(refusal).toContainText('(+2)');
  await expect(refusal).toContainText(ADMIN_NAME);
  // The newest change leads the history.
  await expect(form.stockHistory().getByRole('row').nth(1)).toContainText('رفض عند الاستلام');
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);
  await refusal.getByRole('link', { name: `طلب رقم #${placed.order.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/order-details/${placed.order._id}$`));
});

test('a paid order cannot be cancelled until its payment is taken back', async ({ page, request }) => {
  const product = await stockedProduct(page, { m: 4 });
  const placed = await placeOrderAsNewCustomer(request, { productId: product._id, size: 'm', count: 1 });
  const details = new OrderDetailsPage(page);
  await details.goto(placed.order._id);
  await details.flags().set('paid', true);

  await details.closeWith('إلغاء الطلب', 'تأكيد الإلغاء');
  await expect(details.panel('الحالة').getByRole('alert')).toHaveText(`طلب رقم #${placed.order.id}: الطلب مسجل كمدفوع، ألغِ تسجيل الدفع أولاً`);
  await details.expectStatus('pending');

  await details.flags().set('paid', false);
  await details.closeWith('إلغاء الطلب', 'تأكيد الإلغاء');
  await details.expectStatus('cancelled');
  await expect(details.panel('الحالة').getByRole('alert')).toHaveCount(0);
  const form = new ProductFormPage(page);
  await form.gotoEdit(product._id);
  await expect(form.stockRow('m')).toHaveValue('4');
  await expect(form.historyRows('m', 'إلغاء طلب')).toContainText('3 → 4');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the steps are plain posts, and cancelling opens its confirmation without scripts', async ({ page, request }) => {
    const product = await stockedProduct(page, { s: 1, m: 2 });
    const placed = await placeOrderAsNewCustomer(request, { productId: product._id, size: 's', count: 1 });
    const details = new OrderDetailsPage(page);
    await details.goto(placed.order._id);
    await details.step('تأكيد الطلب', 'confirmed');
    await expect(page).toHaveURL(new RegExp(`/admin/order-details/${placed.order._id}$`));
    await details.closeWith('إلغاء الطلب', 'تأكيد الإلغاء');
    await details.expectStatus('cancelled');
    await expect(details.history()).toHaveCount(3);
    await expect(details.history().last()).toContainText('ملغي');

    const form = new ProductFormPage(page);
    await form.gotoEdit(product._id);
    await expect(form.stockRow('s')).toHaveValue('1');
    await expect(form.historyRows('s', 'إلغاء طلب')).toContainText('0 → 1');
  });
});
