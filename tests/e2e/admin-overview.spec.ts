/**
 * The dashboard's start page (issue "Admin dashboard" point 2): the figures an admin opens
 * every morning, kept current by real orders and stock, reached from the account menu on a
 * phone and the sidebar on a desktop.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './pages/test.ts';
import { ADMIN, expectNoHorizontalOverflow, expectNoSeriousViolations, isPhone, openFromSidebar, signIn } from './pages/admin.ts';
import { placeOrderAsNewCustomer } from './pages/admin-orders.ts';
import { createProductThroughApi, uniqueMark } from './pages/admin-products.ts';

function figure(page: Page, label: string) {
  return page.getByRole('main').getByText(label, { exact: true }).locator('..').locator('span').nth(1);
}

test('the overview counts a new order today, lists it first and charts the month', async ({ page, request }) => {
  await signIn(page, ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'نظرة عامة' })).toBeVisible();
  const today = Number(await figure(page, 'طلبات اليوم').innerText());
  const toConfirm = Number(await figure(page, 'طلبات بانتظار التأكيد').innerText());
  const toShip = Number(await figure(page, 'طلبات بانتظار الشحن').innerText());

  const { customer, order } = await placeOrderAsNewCustomer(request, { count: 1 });
  await page.reload();

  await expect(figure(page, 'طلبات اليوم')).toHaveText(String(today + 1));
  await expect(figure(page, 'طلبات بانتظار التأكيد')).toHaveText(String(toConfirm + 1));
  await expect(figure(page, 'طلبات بانتظار الشحن')).toHaveText(String(toShip));
  const latest = page.getByRole('region', { name: 'أحدث الطلبات' }).getByRole('listitem').first();
  await expect(latest.getByRole('link', { name: `طلب رقم #${order.id}` })).toBeVisible();
  await expect(latest).toContainText(customer.name);
  await expect(latest).toContainText('قيد المراجعة');
  await expect(latest).toContainText('لم يتم الدفع');

  const chart = page.getByRole('figure', { name: /مبيعات آخر 30 يوماً/ });
  await expect(chart).toBeVisible();
  await chart.getByText('عرض الأرقام كجدول').click();
  const rows = chart.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(31);
  // Today leads the table and holds at least the order just placed.
  expect(Number(await rows.nth(1).getByRole('cell').nth(1).innerText())).toBeGreaterThanOrEqual(1);

  await expect(page.getByRole('region', { name: 'يحتاج إلى إعادة تخزين' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);

  await latest.getByRole('link', { name: `طلب رقم #${order.id}` }).click();
  await expect(page).toHaveURL(/\/admin\/order-details\//);
});

test('the orders waiting to be confirmed or shipped open the list of that status', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('link', { name: /^طلبات بانتظار التأكيد/ }).click();
  await expect(page).toHaveURL(/\/admin\/manage-orders\?status=pending$/);
  await page.goBack();
  await page.getByRole('link', { name: /^طلبات بانتظار الشحن/ }).click();
  await expect(page).toHaveURL(/\/admin\/manage-orders\?status=confirmed$/);
});

test('sold-out and running-out sizes of products on sale are counted one by one', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/admin');
  const soldOut = Number(await figure(page, 'مقاسات نفدت').innerText());
  const low = Number(await figure(page, 'مقاسات قاربت على النفاد').innerText());

  const mark = uniqueMark();
  const product = await createProductThroughApi(page, { title: `قميص تنبيهات ${mark}`, barcode: `ALERT-${mark}`, price: 199, stock: { s: 0, m: 2, l: 9 } });
  // A product the admin switched off raises nothing.
  const off = await createProductThroughApi(page, { title: `قميص موقوف ${mark}`, barcode: `ALERT-${mark}-2`, price: 199, stock: { s: 0, m: 1 }, availability: false });
  try {
    await page.reload();
    await expect(figure(page, 'مقاسات نفدت')).toHaveText(String(soldOut + 1));
    await expect(figure(page, 'مقاسات قاربت على النفاد')).toHaveText(String(low + 1));
  } finally {
    for (const made of [product, off]) await page.request.delete(`/api/v1/products/${made._id}`);
  }
});

test('the admin reaches the overview from the account menu and moves around with the sidebar', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/');
  if (isPhone(page)) {
    // The phone's bottom bar leads to the dashboard's start page (SPEC.md §6).
    await page.getByRole('navigation', { name: 'الاختصارات' }).getByRole('link', { name: 'لوحة التحكم' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  } else {
    // The desktop menu goes straight to the products (SPEC.md §6).
    await page.getByRole('banner').getByLabel(/^حساب /).click();
    await page.getByRole('banner').getByRole('link', { name: 'لوحة التحكم' }).click();
    await expect(page).toHaveURL(/\/admin\/manage-products$/);
    await openFromSidebar(page, 'نظرة عامة');
    await expect(page).toHaveURL(/\/admin$/);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'نظرة عامة' })).toBeVisible();
  await openFromSidebar(page, 'الطلبات');
  await expect(page).toHaveURL(/\/admin\/manage-orders$/);
  await openFromSidebar(page, 'المستخدمين');
  await expect(page).toHaveURL(/\/admin\/manage-users$/);
});
