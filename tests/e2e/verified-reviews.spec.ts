/**
 * "مشتري موثق": a shopper who received a product writes a review and it carries the mark;
 * a shopper who never bought it writes one without.
 */
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { fetchProducts, ProductDetail, signUpCustomer, toast, uniquePhone } from './pages/catalogue.ts';
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from './pages/common.ts';
import { ADMIN } from './pages/demo-accounts.ts';

/** Orders the product as the signed-in shopper (through the API, with the page's cookie) and has the shop deliver it. */
async function buyAndReceive(page: Page, baseURL: string, product: { _id: string; availableSizes: string[] }) {
  const cart = await page.request.post('/api/v1/cart', { data: { productId: product._id, color: product.availableSizes[0] } });
  expect(cart.ok()).toBeTruthy();
  const cartId = ((await cart.json()) as { data: { _id: string } }).data._id;
  const placed = await page.request.post(`/api/v1/orders/${cartId}`, {
    data: { shippingAddress: { details: 'شارع التحرير، عمارة 5', phone: '01234567890', shippingCity: 'الجيزة', district: 'الدقي' } },
  });
  expect(placed.status()).toBe(201);
  const orderId = ((await placed.json()) as { data: { _id: string } }).data._id;

  const admin = await playwrightRequest.newContext({ baseURL });
  const login = await admin.post('/api/v1/auth/login', { data: { email: ADMIN.phone, password: ADMIN.password } });
  const token = ((await login.json()) as { token: string }).token;
  const headers = { authorization: `Bearer ${token}` };
  for (const status of ['confirmed', 'shipped', 'delivered']) {
    const moved = await admin.put(`/api/v1/orders/${orderId}/status`, { headers, data: { status } });
    expect(moved.ok()).toBeTruthy();
  }
  await admin.dispose();
}

test('a review by a shopper who received the product shows the verified-buyer mark; one by a shopper who did not, none', async ({ page, browser, baseURL }) => {
  const [product] = await fetchProducts(page.request, 'availability=true&limit=1&page=4');
  const detail = new ProductDetail(page);

  const buyer = await signUpCustomer(page, `مشتري ${uniquePhone().slice(-4)}`);
  await buyAndReceive(page, baseURL!, product!);
  await detail.goto(product!);
  await detail.openReviews();
  await detail.writeReview(5, 'وصلني المقاس مظبوط والخامة ممتازة');
  await expect(toast(page, 'تم إضافة تقييم المُنتج بنجاح')).toBeVisible();
  await expect(detail.review(buyer.name)).toContainText('مشتري موثق');

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const browsing = await signUpCustomer(other, `زائر ${uniquePhone().slice(-4)}`);
  const otherDetail = new ProductDetail(other);
  await otherDetail.goto(product!);
  await otherDetail.openReviews();
  await otherDetail.writeReview(3, 'لم أشتره بعد لكن الشكل جميل');
  await expect(otherDetail.review(browsing.name)).toBeVisible();
  await expect(otherDetail.review(browsing.name)).not.toContainText('مشتري موثق');
  await expect(otherDetail.review(buyer.name)).toContainText('مشتري موثق');
  await expectNoHorizontalOverflow(other);
  await expectNoSeriousViolations(other);
  await otherContext.close();
});
