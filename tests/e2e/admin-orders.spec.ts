/**
 * The admin's orders (SPEC.md §2 manage-orders and order-details, §4 "Order flags"; API.md
 * "Order status"): a fresh customer's order is found on the list with its status and marked
 * paid, a pending order cannot be marked delivered, the status filter with its counts, the
 * details page, the forms without JavaScript, accessibility and overflow. The steps of an
 * order's life are in orders-lifecycle-admin.spec.ts.
 */
import { expect, test } from './pages/test.ts';
import { sizeName } from '../../contracts/constants.ts';
import { ADMIN, CUSTOMER, expectNoHorizontalOverflow, expectNoSeriousViolations, openFromSidebar, signIn } from './pages/admin.ts';
import { ADDRESS, advanceAsAdmin, ManageOrdersPage, OrderDetailsPage, orderAsCustomer, orderTotalOf, placeOrderAsNewCustomer, price } from './pages/admin-orders.ts';

test('the admin finds a new order on the list, marks it paid, and is not offered to deliver a pending order', async ({ page, request }) => {
  const placed = await placeOrderAsNewCustomer(request);
  const { customer, order } = placed;
  await signIn(page, ADMIN);
  await page.goto('/admin');
  await openFromSidebar(page, 'الطلبات');
  await expect(page).toHaveURL(/\/admin\/manage-orders$/);

  const list = new ManageOrdersPage(page);
  const card = list.card(order.id);
  await expect(card).toBeVisible();
  await expect(card).toContainText(customer.name);
  await expect(card).toContainText(ADDRESS.shippingCity);
  await expect(card).toContainText(ADDRESS.details);
  await expect(card).toContainText(ADDRESS.phone);
  await expect(card).toContainText('الدفع نقداً عند الاستلام');
  await expect(card).toContainText(order._id);
  await expect(card.getByText('حالة الطلب: قيد المراجعة')).toBeVisible();
  await expect(card.getByRole('definition').filter({ hasText: '—' })).toHaveCount(1);
  await expect(card.getByText(price(orderTotalOf(order.totalOrderPrice)), { exact: true })).toBeVisible();

  const flags = list.flags(order.id);
  // Delivered is a step of the order's life: a pending order has to be confirmed and shipped first.
  await flags.expectFixed('delivered', false);
  await flags.expectState('paid', false);
  await expectNoSeriousViolations(page);
  await expectNoHorizontalOverflow(page);

  await flags.set('paid', true);
  await page.reload();
  await flags.expectState('paid', true);
  await flags.expectFixed('delivered', false);
  expect(await orderAsCustomer(request, placed)).toMatchObject({ status: 'pending', isPaid: true, isDelivered: false });
});

test('the status filter counts the orders of each status and lists only the chosen one', async ({ page, request }) => {
  await signIn(page, ADMIN);
  const list = new ManageOrdersPage(page);
  await list.goto();
  const before = { all: await list.count('all'), pending: await list.count('pending'), confirmed: await list.count('confirmed') };
  await expect(list.filterLink('all')).toHaveAttribute('aria-current', 'page');

  const { order } = await placeOrderAsNewCustomer(request, { count: 1 });
  await page.reload();
  expect(await list.count('all')).toBe(before.all + 1);
  expect(await list.count('pending')).toBe(before.pending + 1);
  expect(await list.count('confirmed')).toBe(before.confirmed);

  await list.filterLink('pending').click();
  await expect(page).toHaveURL(/\/admin\/manage-orders\?status=pending$/);
  await expect(list.filterLink('pending')).toHaveAttribute('aria-current', 'page');
  await expect(list.card(order.id)).toBeVisible();
  await expect(list.cards()).toHaveCount(Math.min(before.pending + 1, 20));
  await expect(list.cards().filter({ hasNotText: 'حالة الطلب: قيد المراجعة' })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);

  await list.filterLink('confirmed').click();
  await expect(page).toHaveURL(/\?status=confirmed$/);
  await expect(list.card(order.id)).toHaveCount(0);
  await expect(list.cards()).toHaveCount(Math.min(before.confirmed, 20));
  await expect(list.cards().filter({ hasNotText: 'حالة الطلب: تم التأكيد' })).toHaveCount(0);

  await list.filterLink('all').click();
  await expect(page).toHaveURL(/\/admin\/manage-orders$/);
  await expect(list.card(order.id)).toBeVisible();
});

test('order details show the items, customer, shipping data, totals, dates and statuses', async ({ page, request }) => {
  const { customer, product, size, order } = await placeOrderAsNewCustomer(request);
  await signIn(page, ADMIN);
  const list = new ManageOrdersPage(page);
  await list.goto();
  await list.openDetails(order.id);
  await expect(page).toHaveURL(new RegExp(`/admin/order-details/${order._id}$`));

  const details = new OrderDetailsPage(page);
  const items = details.panel('المنتجات');
  const line = items.getByRole('listitem').filter({ hasText: product.title });
  await expect(line.getByRole('heading', { name: product.title })).toBeVisible();
  await expect(details.value(line, 'كود المنتج')).toHaveText(product.barcode || '—');
  // Stored as typed ('m'), read in capitals.
  await expect(details.value(line, 'المقاس')).toHaveText(sizeName(size));
  await expect(details.value(line, 'الكمية')).toHaveText('2');
  await expect(details.value(line, 'سعر القطعة')).toHaveText(price(product.priceAfterDiscount));
  await expect(details.value(line, 'الإجمالي')).toHaveText(price(product.priceAfterDiscount * 2));
  await expect(line.getByRole('link', { name: `صورة الغلاف: ${product.title}` })).toHaveAttribute('href', /^\/products\/.+\.webp$/);

  await expect(details.value(details.panel('العميل'), 'الاسم')).toHaveText(customer.name);
  await expect(details.value(details.panel('العميل'), 'هاتف الحساب')).toHaveText(customer.phone);
  const shipping = details.panel('بيانات الشحن');
  await expect(details.value(shipping, 'المحافظة')).toHaveText(ADDRESS.shippingCity);
  await expect(details.value(shipping, 'العنوان')).toHaveText(ADDRESS.details);
  await expect(details.value(shipping, 'هاتف الشحن')).toHaveText(ADDRESS.phone);
  await expect(details.value(shipping, 'الرمز البريدي')).toHaveText(/^\d{5}$/);

  const totals = details.panel('الحساب');
  await expect(details.value(totals, 'إجمالي المنتجات')).toHaveText(price(order.totalOrderPrice));
  await expect(details.value(totals, 'الشحن')).toHaveText(price(70));
  await expect(details.value(totals, 'الإجمالي شامل الشحن')).toHaveText(price(orderTotalOf(order.totalOrderPrice)));

  const status = details.panel('الحالة');
  await details.expectStatus('pending');
  await expect(details.value(status, 'تاريخ الطلب')).not.toHaveText('—');
  await expect(details.value(status, 'تاريخ التوصيل')).toHaveText('—');
  await expect(details.value(status, 'تاريخ الدفع')).toHaveText('—');
  // A pending order is confirmed or cancelled; cancelling asks once more.
  await expect(details.stepButtons()).toHaveText(['تأكيد الطلب']);
  await expect.poll(() => details.closingSteps()).toEqual(['إلغاء الطلب']);
  await expect(details.history()).toHaveCount(1);
  await expect(details.history().first()).toContainText('قيد المراجعة');
  await expect(details.history().first()).toContainText(`بواسطة: ${customer.name}`);
  await expectNoSeriousViolations(page);
  await expectNoHorizontalOverflow(page);

  const flags = details.flags();
  await expect(flags.select('delivered')).toHaveCount(0);
  await flags.set('paid', true);
  await expect(details.value(status, 'تاريخ الدفع')).not.toHaveText('—');
});

test('an unknown or malformed order id shows the 404 page', async ({ page }) => {
  await signIn(page, ADMIN);
  for (const id of ['not-an-id', '00000000-0000-4000-8000-000000000000']) {
    const response = await page.goto(`/admin/order-details/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  }
});

test('a customer never sees the orders list', async ({ page }) => {
  await signIn(page, CUSTOMER);
  await page.goto('/admin/manage-orders');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'الطلبات' })).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the dropdown saves with its button and the details page shows the new value', async ({ page, request }) => {
    const { order } = await placeOrderAsNewCustomer(request);
    await signIn(page, ADMIN);
    const details = new OrderDetailsPage(page);
    await details.goto(order._id);
    const flags = details.flags();
    await flags.select('paid').selectOption({ label: 'تم الدفع' });
    await details.panel('الحالة').getByRole('button', { name: 'حفظ حالة الدفع' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/order-details/${order._id}$`));
    await flags.expectState('paid', true);
    await details.expectStatus('pending');
  });

  test('a change the order no longer allows when it is saved shows its message on the page', async ({ page, request }) => {
    const placed = await placeOrderAsNewCustomer(request, { count: 1 });
    const { order } = placed;
    await signIn(page, ADMIN);
    await advanceAsAdmin(request, order._id, 'confirmed');
    const list = new ManageOrdersPage(page);
    await list.goto('confirmed');
    const flags = list.flags(order.id);
    await flags.expectState('delivered', false);
    // The order is cancelled while the list is open; the delivered change then comes too late.
    await advanceAsAdmin(request, order._id, 'cancelled');
    await flags.choose('delivered', true);
    await list.card(order.id).getByRole('button', { name: 'حفظ حالة التوصيل' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(`طلب رقم #${order.id}: لا يمكن نقل الطلب إلى هذه الحالة، حالته الآن: ملغي`);
  });
});
