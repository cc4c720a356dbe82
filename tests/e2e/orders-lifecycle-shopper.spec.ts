/**
 * Stock per size and the order's life as the shopper sees them (API.md "Additions, turn 2"):
 * a sold-out size cannot be chosen and the last pieces of a size are pointed out; the cart
 * flags a line whose size ran out or asks for more than is left; checkout keeps the cart when
 * a size runs out meanwhile; the profile shows where an order is and lets the shopper cancel
 * it, which puts its pieces back. With and without JavaScript. Each spec makes a product of
 * its own, so the pieces it counts are its alone.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './pages/test.ts';
import {
  CartPage,
  CheckoutPage,
  expectNoHorizontalOverflow,
  expectNoSeriousViolations,
  ProductPage,
  ProfilePage,
  SignupPage,
  toast,
} from './pages/account.ts';
import { Listing, signUpCustomer } from './pages/catalogue.ts';
import { createStockedProduct, deleteStockedProducts, setStock, uniqueMark, type StockedProduct } from './pages/stock.ts';

const ADDRESS = { details: 'شارع الهرم، عمارة 12، الدور الثاني', phone: '01112345678', city: 'الجيزة', district: 'الهرم' };

test.afterEach(async ({ request }) => {
  await deleteStockedProducts(request);
});

/** Puts pieces of a size in the signed-in shopper's cart through the cart's own door, one at a time. */
async function addToCart(page: Page, product: StockedProduct, size: string, count = 1) {
  for (let i = 0; i < count; i++) {
    const response = await page.request.post('/cart', { form: { intent: 'add', productId: product._id, color: size } });
    expect(response.ok()).toBeTruthy();
  }
}

/** Places an order of one piece through the API with the page's cookie; its id and number. */
async function placeOrderThroughApi(page: Page, product: StockedProduct, size: string): Promise<{ id: string; number: number }> {
  const cart = await page.request.post('/api/v1/cart', { data: { productId: product._id, color: size } });
  expect(cart.ok()).toBeTruthy();
  const cartId = ((await cart.json()) as { data: { _id: string } }).data._id;
  const placed = await page.request.post(`/api/v1/orders/${cartId}`, {
    data: { shippingAddress: { details: ADDRESS.details, phone: ADDRESS.phone, shippingCity: ADDRESS.city, district: ADDRESS.district } },
  });
  expect(placed.status()).toBe(201);
  const { _id, id } = ((await placed.json()) as { data: { _id: string; id: number } }).data;
  return { id: _id, number: id };
}

test('a customer orders, sees it under review, cancels it with the confirmation and the size gets its piece back', async ({ page, request }) => {
  const product = await createStockedProduct(request, `قميص كتان ${uniqueMark()}`, { s: 3, m: 2, l: 0 });
  await new SignupPage(page).signUpFresh('ليلى سمير');

  const productPage = new ProductPage(page);
  await productPage.goto(product);
  await expect(productPage.lastPiecesHint('مقاس M: آخر قطعتين')).toBeVisible();
  await expect(productPage.soldOutSize('l')).toBeDisabled();
  await productPage.chooseSize('m');
  await productPage.addToCart();
  await expect(toast(page, 'تم إضافة المنتج إلى العربة')).toBeVisible();

  const cart = new CartPage(page);
  await cart.goto();
  await cart.expectLine(product.title, 'm', 1);
  await cart.checkout();
  const checkout = new CheckoutPage(page);
  await checkout.fill(ADDRESS);
  await checkout.placeOrder();
  await expect(toast(page, 'تم إرسال الطلب بنجاح')).toBeVisible();
  await expect(page).toHaveURL(/\/profile\?order=\d+$/);

  const profile = new ProfilePage(page);
  const order = profile.orders().first();
  await profile.expectCurrentStep(order, 'قيد المراجعة');
  await expect(order).toContainText('لم يتم الدفع');
  await expect(order).toContainText('لم يتم الشحن');
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);

  // The order took one of the two pieces of M.
  await productPage.goto(product);
  await expect(productPage.lastPiecesHint('مقاس M: آخر قطعة')).toBeVisible();

  await profile.goto();
  await profile.cancel(order);
  await expect(toast(page, 'تم إلغاء الطلب')).toBeVisible();
  await profile.expectClosed(order, 'ملغي');
  await expectNoHorizontalOverflow(page);

  await productPage.goto(product);
  await expect(productPage.lastPiecesHint('مقاس M: آخر قطعتين')).toBeVisible();
  await expect(productPage.size('m')).toBeEnabled();
});

test('a sold-out size is a disabled chip named as unavailable, in the size sheet a card opens and on the product page; the last pieces are pointed out', async ({ page, request }) => {
  const mark = uniqueMark();
  const several = await createStockedProduct(request, `بنطلون جينز ${mark}`, { s: 1, m: 0, l: 2, xl: 5 });
  const single = await createStockedProduct(request, `حزام جلد ${mark}`, { '42': 1 });

  const listing = new Listing(page);
  await listing.goto(`/search?keyword=${mark}`);
  const card = listing.card(several.title);
  // The card names the sizes left; the sheet its bar opens shows every size, the sold-out one disabled.
  await expect(listing.cardSizes(card)).toHaveText('المقاسات: S\u200F · L\u200F · XL');
  await expectNoHorizontalOverflow(page);
  await signUpCustomer(page);
  await page.reload();
  await listing.addToCart(card);
  const sheet = listing.sizeSheet();
  await expect(sheet.getByRole('radio', { name: 'مقاس M غير متوفر حالياً', exact: true })).toBeDisabled();
  await expect(sheet.getByRole('radio', { name: 'S', exact: true })).toBeEnabled();
  await expect(sheet.getByRole('radio', { name: 'XL', exact: true })).toBeEnabled();
  await expectNoHorizontalOverflow(page);
  await sheet.getByRole('button', { name: 'إغلاق' }).click();

  const productPage = new ProductPage(page);
  await productPage.goto(several);
  await expect(productPage.soldOutSize('m')).toBeDisabled();
  await expect(productPage.lastPiecesHint('مقاس S: آخر قطعة')).toBeVisible();
  await expect(productPage.lastPiecesHint('مقاس L: آخر قطعتين')).toBeVisible();
  await expect(productPage.lastPiecesHint('مقاس XL')).toHaveCount(0);
  // The radio carries its hint, so a screen reader hears it with the size.
  await expect(productPage.size('l')).toHaveAccessibleDescription('مقاس L: آخر قطعتين');
  await productPage.chooseSize('l');
  await expect(productPage.size('l')).toBeChecked();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);

  // One size: the hint needs no size named.
  await productPage.goto(single);
  await expect(productPage.lastPiecesHint('آخر قطعة')).toHaveText('آخر قطعة');
});

test('the cart flags a line whose size ran out and one that asks for more than is left, and checkout waits until they are fixed', async ({ page, request }) => {
  const product = await createStockedProduct(request, `تيشيرت قطن ${uniqueMark()}`, { s: 3, m: 2 });
  await new SignupPage(page).signUpFresh('هاني فؤاد');
  await addToCart(page, product, 'm', 2);
  await addToCart(page, product, 's');

  const cart = new CartPage(page);
  await cart.goto();
  await cart.expectLine(product.title, 'm', 2);
  // No more than the two pieces left of M can be asked for.
  await expect(cart.line(product.title, 'm').getByRole('button', { name: `زيادة كمية ${product.title}` })).toBeDisabled();
  await expect(cart.line(product.title, 'm')).toContainText('هذه كل القطع المتوفرة من هذا المقاس');
  await expect(cart.line(product.title, 's').getByRole('button', { name: `زيادة كمية ${product.title}` })).toBeEnabled();

  // Meanwhile S sells out and only one piece of M is left.
  await setStock(request, product._id, { s: 0, m: 1 });
  await page.reload();
  await expect(cart.line(product.title, 's')).toContainText('هذا المقاس غير متوفر حالياً، احذفه من العربة لإتمام الشراء');
  await expect(cart.line(product.title, 'm')).toContainText('المتبقي من هذا المقاس قطعة واحدة فقط، قلّل الكمية لإتمام الشراء');
  await expect(cart.blockedCheckout()).toBeDisabled();
  await expect(cart.blockedCheckout()).toHaveAccessibleDescription(/احذف المنتجات غير المتوفرة من العربة أو قلّل كمياتها/);
  await expect(page.getByRole('link', { name: 'إتمام الشراء' })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);

  await cart.line(product.title, 'm').getByRole('button', { name: 'قلّل الكمية إلى 1' }).click();
  await cart.expectLine(product.title, 'm', 1);
  await expect(cart.line(product.title, 'm')).not.toContainText('المتبقي من هذا المقاس');
  await cart.line(product.title, 's').getByRole('button', { name: `حذف ${product.title} من العربة` }).click();
  await expect(cart.line(product.title, 's')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'إتمام الشراء' })).toBeVisible();
  await cart.expectSubtotal(199);
});

test('an order refused at checkout because the size ran out meanwhile names the product and size, and the cart is kept', async ({ page, request }) => {
  const product = await createStockedProduct(request, `قميص بولو ${uniqueMark()}`, { m: 2 });
  await new SignupPage(page).signUpFresh('نادية صبري');
  await addToCart(page, product, 'm');

  const checkout = new CheckoutPage(page);
  await checkout.goto();
  await checkout.fill(ADDRESS);
  await setStock(request, product._id, { m: 0 });
  await checkout.placeOrder();
  const message = `هذا المقاس غير متوفر حالياً: ${product.title} (مقاس M)`;
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(toast(page, message)).toBeVisible();
  await expect(page.getByRole('region', { name: 'ملخص الطلب' })).toContainText('هذا المقاس غير متوفر حالياً، احذفه من العربة');
  await expect(page).toHaveURL(/\/checkout$/);

  await page.getByRole('link', { name: 'العودة إلى العربة لتعديلها' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const cart = new CartPage(page);
  await cart.expectLine(product.title, 'm', 1);
  await expect(cart.blockedCheckout()).toBeDisabled();
  await new ProfilePage(page).goto();
  await expect(page.getByText('ليس لديك طلبات حتى الآن')).toBeVisible();
});

test('cancelling is refused with the order status once it is too late, and someone else cannot cancel the order', async ({ page, request, browser, baseURL }) => {
  const product = await createStockedProduct(request, `شورت رياضي ${uniqueMark()}`, { m: 4 });
  await new SignupPage(page).signUpFresh('وليد حمدي');
  const placed = await placeOrderThroughApi(page, product, 'm');

  const profile = new ProfilePage(page);
  await profile.goto();
  const order = profile.order(placed.number);
  await profile.expectCurrentStep(order, 'قيد المراجعة');

  // Another shopper posts the cancel form with this order's id: not found, and the order stays.
  const stranger = await browser.newContext({ baseURL });
  const strangerPage = await stranger.newPage();
  await new SignupPage(strangerPage).signUpFresh('زائر غريب');
  const refused = await strangerPage.request.post('/profile', { form: { intent: 'cancel', orderId: placed.id } });
  expect(refused.status()).toBe(404);
  expect(await refused.text()).toContain('الطلب غير موجود');
  await stranger.close();

  // The page was opened before the order was cancelled elsewhere (another tab): the answer names
  // its status, and the card shows it now.
  const confirm = await profile.openCancel(order);
  const elsewhere = await page.request.post('/profile', { form: { intent: 'cancel', orderId: placed.id } });
  expect(elsewhere.ok()).toBeTruthy();
  await confirm.click();
  await expect(toast(page, 'لا يمكن إلغاء الطلب الآن، حالته: ملغي')).toBeVisible();
  await profile.expectClosed(order, 'ملغي');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the sizes, the cart flag, the refused checkout and cancelling an order work as plain pages and forms', async ({ page, request }) => {
    const product = await createStockedProduct(request, `جاكيت شتوي ${uniqueMark()}`, { s: 0, m: 2, l: 2 });
    await new SignupPage(page).signUpFresh('سامية عادل');

    const productPage = new ProductPage(page);
    await productPage.goto(product);
    await expect(productPage.soldOutSize('s')).toBeDisabled();
    await expect(productPage.lastPiecesHint('مقاس M: آخر قطعتين')).toBeVisible();

    // Checkout refused: the size ran out after the page was opened; the page says so and the cart stays.
    await addToCart(page, product, 'm');
    const checkout = new CheckoutPage(page);
    await checkout.goto();
    await checkout.fill(ADDRESS);
    await setStock(request, product._id, { s: 0, m: 0, l: 2 });
    await checkout.placeOrder();
    await expect(page.getByRole('alert').filter({ hasText: `هذا المقاس غير متوفر حالياً: ${product.title} (مقاس M)` })).toBeVisible();
    const cart = new CartPage(page);
    await cart.goto();
    await expect(cart.line(product.title, 'm')).toContainText('هذا المقاس غير متوفر حالياً');
    await expect(cart.blockedCheckout()).toBeDisabled();
    await cart.remove(product.title);
    await expect(page.getByText('عربة التسوق فارغة')).toBeVisible();

    const placed = await placeOrderThroughApi(page, product, 'l');
    await productPage.goto(product);
    await expect(productPage.lastPiecesHint('مقاس L: آخر قطعة')).toBeVisible();
    const profile = new ProfilePage(page);
    await profile.goto();
    const order = profile.order(placed.number);
    await profile.expectCurrentStep(order, 'قيد المراجعة');
    await profile.cancel(order);
    await expect(page).toHaveURL(new RegExp(`/profile\\?cancelled=${placed.number}#order-${placed.number}$`));
    await expect(page.getByRole('status').filter({ hasText: `تم إلغاء الطلب رقم #${placed.number}` })).toBeVisible();
    await profile.expectClosed(profile.order(placed.number), 'ملغي');

    await productPage.goto(product);
    await expect(productPage.lastPiecesHint('مقاس L: آخر قطعتين')).toBeVisible();
  });

  test('a cancel posted once the order was cancelled elsewhere comes back with its status', async ({ page, request }) => {
    const product = await createStockedProduct(request, `قبعة صيفية ${uniqueMark()}`, { m: 4 });
    await new SignupPage(page).signUpFresh('رامي يوسف');
    const placed = await placeOrderThroughApi(page, product, 'm');

    const profile = new ProfilePage(page);
    await profile.goto();
    const confirm = await profile.openCancel(profile.order(placed.number));
    const elsewhere = await page.request.post('/profile', { form: { intent: 'cancel', orderId: placed.id } });
    expect(elsewhere.ok()).toBeTruthy();
    await confirm.click();
    await expect(page.getByRole('alert').filter({ hasText: 'لا يمكن إلغاء الطلب الآن، حالته: ملغي' })).toBeVisible();
    await profile.expectClosed(profile.order(placed.number), 'ملغي');
  });
});
