/**
 * Shipping with Bosta as staff and the customer see it, against the Bosta stand-in that
 * scripts/run-e2e.ts starts for this worker's server (E2E_BOSTA_URL_<worker>): the admin hands a confirmed order to Bosta from its
 * page, reads the tracking number and opens the airway bill; Bosta delivers it (the stand-in's
 * webhook) and the customer's profile shows it delivered with its tracking number and link. On
 * the orders list, confirmed orders are chosen and shipped together and their bills printed.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './pages/test.ts';
import { ADMIN, expectNewToast, expectNoHorizontalOverflow, expectNoSeriousViolations, signIn } from './pages/admin.ts';
import { advanceAsAdmin, ManageOrdersPage, OrderDetailsPage, placeOrderAsNewCustomer } from './pages/admin-orders.ts';
import { ProfilePage } from './pages/account.ts';

const BOSTA = process.env[`E2E_BOSTA_URL_${process.env.TEST_PARALLEL_INDEX ?? 0}`];
test.skip(!BOSTA, 'Bosta stand-in not started: run the end-to-end tests with "npm run test:e2e"');

/** Bosta's state code for a delivered parcel. */
const DELIVERED = 45;

/** The order page's courier panel. */
const shippingPanel = (page: Page) => page.getByRole('region', { name: 'الشحن', exact: true });

/** Bosta moves the delivery; the stand-in posts its webhook to the shop and answers with what the shop answered. */
async function bostaMoves(trackingNumber: string, code: number) {
  const res = await fetch(`${BOSTA}/_standin/deliveries/${encodeURIComponent(trackingNumber)}/state`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  expect(res.status).toBe(200);
}

/** Presses a button that opens the airway bills in a new tab, and returns the answer that tab got. */
async function openedBills(page: Page, open: () => Promise<unknown>) {
  const response = page.context().waitForEvent('response', (r) => r.url().includes('/admin/airway-bills?'));
  await open();
  return response;
}

/** The tracking number a list card shows, with the courier's state after it. */
const trackingOf = (card: Locator) => card.getByRole('term').filter({ hasText: /^رقم الشحنة/ }).locator('xpath=following-sibling::dd[1]');

test('the admin ships an order with Bosta; Bosta delivers it and the customer follows it on the profile', async ({ page, request }) => {
  await signIn(page, ADMIN);
  const placed = await placeOrderAsNewCustomer(request, { count: 1 });
  const details = new OrderDetailsPage(page);
  await details.goto(placed.order._id);
  // Not confirmed yet: nothing to ship.
  await expect(shippingPanel(page).getByRole('button', { name: 'شحن مع بوسطة' })).toHaveCount(0);
  await details.step('تأكيد الطلب', 'confirmed');

  const panel = shippingPanel(page);
  await panel.getByRole('checkbox', { name: 'السماح بفتح الشحنة' }).check();
  await expectNewToast(page, 'تم تسليم الطلب لبوسطة', () => panel.getByRole('button', { name: 'شحن مع بوسطة' }).click());
  await details.expectStatus('shipped');
  const tracking = details.value(panel, 'رقم الشحنة');
  await expect(tracking).toHaveText(/^\d{10}$/);
  const trackingNumber = (await tracking.textContent())!;
  // Left to right whatever the page's direction.
  await expect(tracking.locator('bdi')).toHaveAttribute('dir', 'ltr');
  await expect(details.value(panel, 'حالة الشحنة')).toHaveText('بانتظار الاستلام من المتجر');
  await expect(details.value(panel, 'فتح الشحنة')).toHaveText('مسموح');
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);

  const bill = panel.getByRole('link', { name: 'طباعة البوليصة' });
  await expect(bill).toHaveAttribute('target', '_blank');
  const pdf = await page.request.get((await bill.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await bostaMoves(trackingNumber, DELIVERED);
  await page.reload();
  await details.expectStatus('delivered');
  await expect(details.value(shippingPanel(page), 'حالة الشحنة')).toHaveText('تم التسليم');

  await signIn(page, placed.customer);
  const profile = new ProfilePage(page);
  await profile.goto();
  const order = profile.order(placed.order.id);
  await profile.expectCurrentStep(order, 'تم التوصيل');
  await expect(order.getByText(trackingNumber, { exact: true })).toHaveAttribute('dir', 'ltr');
  const follow = order.getByRole('link', { name: /تتبع الشحنة/ });
  await expect(follow).toHaveAttribute('href', new RegExp(`${trackingNumber}$`));
  await expect(follow).toHaveAttribute('target', '_blank');
  await expect(follow).toHaveAttribute('rel', 'noopener');
  await expectNoHorizontalOverflow(page);
});

test('the admin ships the chosen orders from the list and prints their airway bills as one PDF', async ({ page, request }) => {
  await signIn(page, ADMIN);
  const first = await placeOrderAsNewCustomer(request, { count: 1 });
  const second = await placeOrderAsNewCustomer(request, { count: 1 });
  for (const placed of [first, second]) await advanceAsAdmin(request, placed.order._id, 'confirmed');

  const list = new ManageOrdersPage(page);
  await list.goto('confirmed');
  for (const placed of [first, second]) await list.card(placed.order.id).getByRole('checkbox', { name: `تحديد الطلب رقم #${placed.order.id}` }).check();
  await expectNoHorizontalOverflow(page);
  await page.getByRole('button', { name: 'شحن المحدد مع بوسطة' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'تم شحن 2 من الطلبات المحددة مع بوسطة.' })).toBeVisible();

  await list.goto('shipped');
  for (const placed of [first, second]) {
    const card = list.card(placed.order.id);
    await expect(trackingOf(card)).toHaveText(/^\d{10} · بانتظار الاستلام من المتجر$/);
    await card.getByRole('checkbox', { name: `تحديد الطلب رقم #${placed.order.id}` }).check();
  }
  const response = await openedBills(page, () => page.getByRole('button', { name: 'طباعة بوالص المحدد' }).click());
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.url()).toContain(`orderId=${first.order._id}`);
  expect(response.url()).toContain(`orderId=${second.order._id}`);
});
