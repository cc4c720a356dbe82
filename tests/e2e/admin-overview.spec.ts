/**
 * The dashboard's start page (issue "Admin dashboard" point 2): the figures an admin opens
 * every morning, kept current by real orders, reached from the account menu on a phone and the
 * sidebar on a desktop.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { productsOnSale } from './pages/account.ts';
import { ADMIN, expectNoHorizontalOverflow, expectNoSeriousViolations, isPhone, openFromSidebar, signIn, uniquePhone } from './pages/admin.ts';

/** A new customer orders one piece of a product in stock, through the API as the shop's app does. */
async function placeOrderAsNewCustomer(request: APIRequestContext): Promise<{ name: string; number: number }> {
  const name = `عميل لوحة ${Math.floor(Math.random() * 1e4)}`;
  const signup = await request.post('/api/v1/auth/signup', {
    data: { name, phone: uniquePhone(), password: 'secret-password', passwordConfirm: 'secret-password' },
  });
  expect(signup.ok()).toBeTruthy();
  const headers = { Authorization: `Bearer ${(await signup.json()).token as string}` };
  const [product] = await productsOnSale(request);
  const cart = await request.post('/api/v1/cart', { headers, data: { productId: product!._id, color: product!.availableSizes[0] } });
  expect(cart.ok()).toBeTruthy();
  const cartId = (await cart.json()).data._id as string;
  const order = await request.post(`/api/v1/orders/${cartId}`, {
    headers,
    data: { shippingAddress: { details: 'شارع الجمهورية، عمارة 3', phone: '01123456789', shippingCity: 'أسيوط' } },
  });
  expect(order.status()).toBe(201);
  return { name, number: (await order.json()).data.id as number };
}

function figure(page: Page, label: string) {
  return page.getByRole('main').getByText(label, { exact: true }).locator('..').locator('span').nth(1);
}

test('the overview counts a new order today, lists it first and charts the month', async ({ page, request }) => {
  await signIn(page, ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'نظرة عامة' })).toBeVisible();
  const today = Number(await figure(page, 'طلبات اليوم').innerText());
  const waiting = Number(await figure(page, 'طلبات بانتظار الشحن').innerText());

  const order = await placeOrderAsNewCustomer(request);
  await page.reload();

  await expect(figure(page, 'طلبات اليوم')).toHaveText(String(today + 1));
  await expect(figure(page, 'طلبات بانتظار الشحن')).toHaveText(String(waiting + 1));
  const latest = page.getByRole('region', { name: 'أحدث الطلبات' }).getByRole('listitem').first();
  await expect(latest.getByRole('link', { name: `طلب رقم #${order.number}` })).toBeVisible();
  await expect(latest).toContainText(order.name);
  await expect(latest).toContainText('لم يتم الشحن');

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

  await latest.getByRole('link', { name: `طلب رقم #${order.number}` }).click();
  await expect(page).toHaveURL(/\/admin\/order-details\//);
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
