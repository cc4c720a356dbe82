/**
 * A size exchange from the customer's request to its end (API.md "Additions: returns and
 * exchanges"): a customer with a delivered order asks on /profile to exchange M for L; staff see
 * it waiting in the sidebar, approve it (the L leaves stock), send the pickup with Bosta (the
 * stand-in scripts/run-e2e.ts starts), record the M received and restocked, and complete it; the
 * customer's profile says completed. The spec makes its own product and order, and deletes the product.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './pages/test.ts';
import { ADMIN, expectNoHorizontalOverflow, expectNoSeriousViolations, openFromSidebar, signIn } from './pages/admin.ts';
import { advanceAsAdmin, placeOrderAsNewCustomer, type PlacedOrder } from './pages/admin-orders.ts';
import { createStockedProduct, deleteStockedProducts, uniqueMark } from './pages/stock.ts';

test.afterEach(async ({ request }) => {
  await deleteStockedProducts(request);
});

/** Pieces of each size of a product, as the public API says. */
async function piecesOf(request: APIRequestContext, productId: string): Promise<Record<string, number>> {
  const response = await request.get(`/api/v1/products/${productId}`);
  const { data } = (await response.json()) as { data: { stock: { size: string; quantity: number }[] } };
  return Object.fromEntries(data.stock.map((s) => [s.size, s.quantity]));
}

async function delivered(request: APIRequestContext): Promise<PlacedOrder> {
  const product = await createStockedProduct(request, `بنطلون تشينو ${uniqueMark()}`, { m: 3, l: 2 });
  const placed = await placeOrderAsNewCustomer(request, { productId: product._id, size: 'm', count: 1 });
  for (const status of ['confirmed', 'shipped', 'delivered']) await advanceAsAdmin(request, placed.order._id, status);
  return placed;
}

const returnCard = (page: Page) => page.locator('#returns article').first();
const statusPanel = (page: Page) => page.getByRole('region', { name: 'الحالة' });

test('a customer exchanges M for L; staff approve, send it with Bosta, receive and restock it, and the customer sees it completed', async ({ page, browser, baseURL, request }) => {
  // A customer and a staff member through the whole return: about 50 s on an idle machine.
  test.setTimeout(120_000);
  const placed = await delivered(request);
  const productId = placed.product._id;

  // The customer asks from the delivered order's card.
  await signIn(page, placed.customer);
  await page.goto('/profile');
  const card = page.locator(`#order-${placed.order.id}`);
  await expect(card).toContainText('متاح حتى');
  await card.getByRole('link', { name: 'إرجاع أو استبدال' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/return/${placed.order._id}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`#${placed.order.id}`);

  // Nothing chosen: refused in Arabic, nothing asked.
  await page.getByRole('button', { name: 'إرسال الطلب' }).click();
  await expect(page.getByRole('alert')).toContainText('اختر قطعة واحدة على الأقل');

  await page.getByLabel('عدد القطع').selectOption('1');
  await page.getByLabel('السبب').selectOption({ label: 'المقاس غير مناسب' });
  await page.getByLabel('المطلوب').selectOption({ label: 'استبدال: مقاس L' });
  await expectNoHorizontalOverflow(page);
  await page.getByRole('button', { name: 'إرسال الطلب' }).click();
  await expect(page).toHaveURL(/\/profile\?return=\d+#returns/);
  await expect(returnCard(page)).toContainText('قيد المراجعة');
  await expect(returnCard(page)).toContainText('استبدال: مقاس L');
  const number = (await returnCard(page).getByRole('heading').textContent())!.match(/#(\d+)/)![1]!;
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);

  // Staff, in a browser of their own.
  const staff = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  const admin = await staff.newPage();
  await signIn(admin, ADMIN);
  await admin.goto('/admin');
  await openFromSidebar(admin, 'المرتجعات');
  await expect(admin).toHaveURL(/\/admin\/returns$/);
  await admin.getByRole('link', { name: new RegExp(`مرتجع #${number}\\b`) }).click();
  await expect(admin.getByRole('heading', { name: 'القطع' })).toBeVisible();
  await expectNoHorizontalOverflow(admin);

  await admin.getByRole('button', { name: /^الموافقة/ }).click();
  await expect(statusPanel(admin).getByText('تمت الموافقة', { exact: true }).first()).toBeVisible();
  expect(await piecesOf(request, productId)).toEqual({ m: 2, l: 1 });

  // The Bosta stand-in collects the M and delivers the L in one visit (an exchange, type 30).
  await admin.getByRole('button', { name: 'إرسال مع بوسطة' }).click();
  await expect(admin.getByRole('region', { name: 'شركة الشحن' })).toContainText('رقم الشحنة');
  await expect(admin.getByRole('region', { name: 'شركة الشحن' })).toContainText('بانتظار المندوب');

  // The M came back as new: it goes back to stock.
  await admin.getByRole('button', { name: 'تسجيل الاستلام' }).click();
  await expect(statusPanel(admin).getByText('تم الاستلام', { exact: true }).first()).toBeVisible();
  expect(await piecesOf(request, productId)).toEqual({ m: 3, l: 1 });

  await admin.getByRole('button', { name: /إكمال/ }).click();
  await expect(statusPanel(admin).getByText('مكتمل', { exact: true }).first()).toBeVisible();
  await expectNoHorizontalOverflow(admin);
  await expectNoSeriousViolations(admin);
  await staff.close();

  await page.goto('/profile');
  await expect(returnCard(page)).toContainText('مكتمل');
  await expect(returnCard(page)).toContainText('استلمنا 1');
  await expect(returnCard(page)).toContainText('رقم شحنة الاستلام');
});

test('a return out of its window, or of an order not delivered, is not offered', async ({ page, request }) => {
  const product = await createStockedProduct(request, `قميص كتان ${uniqueMark()}`, { m: 3 });
  const placed = await placeOrderAsNewCustomer(request, { productId: product._id, size: 'm', count: 1 });
  await signIn(page, placed.customer);
  await page.goto('/profile');
  await expect(page.locator(`#order-${placed.order.id}`).getByRole('link', { name: 'إرجاع أو استبدال' })).toHaveCount(0);
  // The form's address for an order not delivered says so instead of a form.
  await page.goto(`/profile/return/${placed.order._id}`);
  await expect(page.getByText('يمكن طلب الإرجاع أو الاستبدال بعد توصيل الطلب')).toBeVisible();
  await expect(page.getByRole('button', { name: 'إرسال الطلب' })).toHaveCount(0);
});
