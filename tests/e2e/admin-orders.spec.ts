/**
 * The admin's orders (SPEC.md §2 manage-orders and order-details, §4 "Order flags"): a fresh
 * customer's order is found on the list, marked delivered and paid with the dropdowns, and the
 * customer sees it; the details page; the form without JavaScript; accessibility and overflow.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, CUSTOMER, expectNoHorizontalOverflow, expectNoSeriousViolations, openFromSidebar, signIn } from './pages/admin.ts';
import { ADDRESS, ManageOrdersPage, OrderDetailsPage, orderTotalOf, placeOrderAsNewCustomer, price } from './pages/admin-orders.ts';

test('the admin marks a new order delivered and paid on the list, and the customer sees both on the profile', async ({ page, request }) => {
  const { customer, order } = await placeOrderAsNewCustomer(request);
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
  await expect(card).toContainText('الدفع عند الاستلام');
  await expect(card).toContainText(order._id);
  await expect(card.getByRole('definition').filter({ hasText: '—' })).toHaveCount(1);
  await expect(card.getByText(price(orderTotalOf(order.totalOrderPrice)), { exact: true })).toBeVisible();

  const flags = list.flags(order.id);
  await flags.expectState('delivered', false);
  await flags.expectState('paid', false);
  await expectNoSeriousViolations(page);
  await expectNoHorizontalOverflow(page);

  await flags.set('delivered', true);
  await flags.set('paid', true);
  await page.reload();
  await flags.expectState('delivered', true);
  await flags.expectState('paid', true);

  await signIn(page, { phone: customer.phone, password: customer.password });
  await page.goto('/profile');
  const mine = page.getByRole('region', { name: 'طلباتي' }).getByRole('article', { name: `طلب رقم #${order.id}` });
  await expect(mine).toContainText('تم الشحن');
  await expect(mine).toContainText('تم الدفع');
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
  await expect(details.value(line, 'المقاس')).toHaveText(size);
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
  await expect(details.value(status, 'تاريخ الطلب')).not.toHaveText('—');
  await expect(details.value(status, 'تاريخ الشحن')).toHaveText('—');
  await expect(details.value(status, 'تاريخ الدفع')).toHaveText('—');
  await expectNoSeriousViolations(page);
  await expectNoHorizontalOverflow(page);

  const flags = details.flags();
  await flags.expectState('delivered', false);
  await flags.set('delivered', true);
  await expect(details.value(status, 'تاريخ الشحن')).not.toHaveText('—');
  await flags.set('delivered', false);
  await expect(details.value(status, 'تاريخ الشحن')).toHaveText('—');
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
    await flags.expectState('delivered', false);
  });
});
