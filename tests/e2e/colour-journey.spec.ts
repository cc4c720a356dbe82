/**
 * Colours from the admin's form to the admin's order page, in one go (API.md "Additions: colours
 * beside sizes"), at a phone's and a desktop's width: the admin adds a product in black and navy
 * with their own pictures; a shopper picks navy in M, sees the navy pictures, orders it; the
 * admin's order page says navy M.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './pages/test.ts';
import { CheckoutPage, SignupPage, toast } from './pages/account.ts';
import { ADMIN, expectNoHorizontalOverflow, signIn } from './pages/admin.ts';
import { imageFile, ProductFormPage, uniqueMark } from './pages/admin-products.ts';
import { ColourFields, ColouredProductPage, deleteProduct } from './pages/colours.ts';

const ADDRESS = { details: 'شارع التحرير، عمارة 5، الدور الثالث', phone: '01112345678', city: 'القاهرة', district: 'الدقي' };

const made: string[] = [];
test.afterEach(async ({ request }) => {
  for (const id of made.splice(0)) await deleteProduct(request, id);
});

async function productByBarcode(request: APIRequestContext, barcode: string) {
  const response = await request.get(`/api/v1/products?keyword=${encodeURIComponent(barcode)}`);
  const [found] = ((await response.json()) as { data: { _id: string }[] }).data;
  expect(found, barcode).toBeDefined();
  const full = await request.get(`/api/v1/products/${found!._id}`);
  return ((await full.json()) as { data: { _id: string; title: string; category: string; images: string[]; colors: { name: string; images: string[] }[] } }).data;
}

test('the admin adds a product in black and navy, a shopper orders navy M seeing the navy pictures, and the order page says navy M', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const mark = uniqueMark();
  const title = `تيشيرت بولو ${mark}`;

  // The admin, with the product form.
  await signIn(page, ADMIN);
  const form = new ProductFormPage(page);
  const colours = new ColourFields(page);
  await form.gotoAdd();
  await form.chooseImages([
    await imageFile('cover.png', '#888888'),
    await imageFile('black-front.png', '#111111'),
    await imageFile('black-back.png', '#222222'),
    await imageFile('navy-front.png', '#1f2a44'),
    await imageFile('navy-back.png', '#2a3555'),
  ]);
  await form.fill({ title, description: 'تيشيرت بولو قطن بلونين', category: true, age: 'رجال', season: 'صيف', price: '350', sizes: ['m', 'l'], barcode: `JRN-${mark}` });
  await colours.add('أسود', '#111111', [2, 3]);
  await colours.add('كحلي', '#1f2a44', [4, 5]);
  await colours.fillPieces({ أسود: { m: '2', l: '2' }, كحلي: { m: '3', l: '1' } });
  await expectNoHorizontalOverflow(page);
  await form.submit('إضافة المنتج');
  await expect(toast(page, 'تم إضافة المنتج بنجاح')).toBeVisible();
  const product = await productByBarcode(page.request, `JRN-${mark}`);
  made.push(product._id);
  const navy = product.colors.find((c) => c.name === 'كحلي')!;
  expect(navy.images).toHaveLength(2);

  // A shopper, in a browser of their own.
  const shopperContext = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined, locale: 'ar-EG' });
  const shopper = await shopperContext.newPage();
  await new SignupPage(shopper).signUpFresh('هبة سامي');
  const detail = new ColouredProductPage(shopper);
  await detail.goto(product);
  await detail.chooseColour('كحلي');
  await detail.expectPictures(navy.images);
  await detail.chooseSize('m');
  await expectNoHorizontalOverflow(shopper);
  await detail.addToCart();
  await expect(toast(shopper, 'تم إضافة المنتج إلى العربة')).toBeVisible();
  await shopper.goto('/checkout');
  await expect(shopper.getByRole('region', { name: 'ملخص الطلب' })).toContainText('اللون: كحلي · المقاس: M · الكمية: 1');
  const checkout = new CheckoutPage(shopper);
  await checkout.fill(ADDRESS);
  await checkout.placeOrder();
  await expect(shopper).toHaveURL(/\/profile\?order=(\d+)/);
  const number = new URL(shopper.url()).searchParams.get('order')!;
  await shopperContext.close();

  // The admin finds the order and reads navy M on its page.
  await page.goto('/admin/manage-orders');
  await page.getByRole('article', { name: `طلب رقم #${number}` }).getByRole('link', { name: `تفاصيل الطلب رقم ${number}` }).click();
  await expect(page).toHaveURL(/\/admin\/order-details\//);
  const line = page.getByRole('region', { name: 'المنتجات' }).getByRole('listitem').filter({ hasText: title });
  await expect(line.getByRole('definition').filter({ hasText: 'كحلي · M' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
