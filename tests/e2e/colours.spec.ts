/**
 * Colours beside sizes as a shopper meets them (API.md "Additions: colours beside sizes"): the
 * product page opens on a colour, by its swatch or by a shared ?color= link, and shows that
 * colour's pictures and sizes; the colour goes to the cart with the size, through checkout and
 * onto the profile's order; cards show the colours as dots and send a product in several colours
 * to its page; a category filters by colour. The spec makes its own product in three colours.
 */
import { expect, test } from './pages/test.ts';
import { CartPage, CheckoutPage, expectNoHorizontalOverflow, expectNoSeriousViolations, ProfilePage, SignupPage, toast } from './pages/account.ts';
import { Listing, signUpCustomer } from './pages/catalogue.ts';
import { ColouredProductPage, createColouredProduct, deleteProduct, type ColouredProduct } from './pages/colours.ts';
import { uniqueMark } from './pages/stock.ts';

const ADDRESS = { details: 'شارع التحرير، عمارة 5، الدور الثالث', phone: '01112345678', city: 'القاهرة', district: 'الدقي' };

let product: ColouredProduct;

test.beforeAll(async ({ request }) => {
  product = await createColouredProduct(request, `قميص أكسفورد ${uniqueMark()}`, [
    { name: 'أسود', hex: '#1b1b1b', stock: { m: 3, l: 0 }, pictures: 1 },
    { name: 'كحلي', hex: '#1f2a44', stock: { m: 4, l: 2 }, pictures: 2 },
    { name: 'أبيض', hex: '#ffffff', stock: { m: 0, l: 0 }, pictures: 0 },
  ]);
});

test.afterAll(async ({ request }) => {
  if (product) await deleteProduct(request, product._id);
});

test('a shopper picks a colour by swatch and by link, sees its pictures and sizes, and orders it in M', async ({ page }) => {
  await new SignupPage(page).signUpFresh('منى عادل');
  const [black, navy1, navy2] = product.images;
  const detail = new ColouredProductPage(page);

  // A shared link opens on its colour: black, with its one picture and its L sold out.
  await detail.goto(product, 'أسود');
  await detail.expectColour('أسود');
  await detail.expectPictures([black!]);
  await expect(detail.size('m')).toBeEnabled();
  await expect(detail.soldOutSize('l')).toBeDisabled();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);

  // Its swatch changes the colour in place: navy's two pictures, both sizes.
  await detail.chooseColour('كحلي');
  await detail.expectPictures([navy1!, navy2!]);
  await expect(detail.size('m')).toBeEnabled();
  await expect(detail.size('l')).toBeEnabled();

  // White has no pieces: named unavailable, the whole gallery (it has no pictures of its own), nothing to add.
  await detail.chooseColour('أبيض');
  await expect(detail.swatch('أبيض')).toHaveAccessibleName('أبيض غير متوفر حالياً');
  await expect(page.getByRole('button', { name: 'هذا اللون غير متوفر حالياً' })).toBeDisabled();

  await detail.chooseColour('كحلي');
  await detail.chooseSize('m');
  await detail.addToCart();
  await expect(toast(page, 'تم إضافة المنتج إلى العربة')).toBeVisible();

  const cart = new CartPage(page);
  await cart.goto();
  await expect(cart.line(product.title)).toHaveCount(1);
  await expect(cart.line(product.title)).toContainText('اللون: كحلي · المقاس: M');
  await expectNoHorizontalOverflow(page);
  await cart.checkout();

  const checkout = new CheckoutPage(page);
  await expect(page.getByRole('region', { name: 'ملخص الطلب' })).toContainText('اللون: كحلي · المقاس: M · الكمية: 1');
  await checkout.fill(ADDRESS);
  await checkout.placeOrder();
  await expect(page).toHaveURL(/\/profile/);

  const profile = new ProfilePage(page);
  await profile.goto();
  await expect(profile.orders().first()).toContainText(product.title);
  await expect(profile.orders().first()).toContainText('اللون: كحلي · المقاس: M · الكمية: 1');
});

test('without JavaScript the product opens on its first colour with pieces and a swatch opens its colour', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signUpCustomer(page, 'سامي بلا سكربت');
  const detail = new ColouredProductPage(page);
  await page.goto(`/product/${product._id}`);
  await expect(detail.swatch('أسود')).toHaveAttribute('aria-current', 'true');
  await detail.chooseColour('كحلي');
  await detail.expectPictures([product.images[1]!, product.images[2]!]);
  await detail.chooseSize('l');
  await detail.addToCart();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(new CartPage(page).line(product.title)).toContainText('اللون: كحلي · المقاس: L');
  await context.close();
});

// A guest is served kept copies of catalogue pages: `color` and `colorName` are part of their key
// (server/plugins/catalogue-cache/keys.ts PAGE_PARAMETERS).
test('a guest opening a shared colour link sees that colour, and a guest filters a category by colour', async ({ page }) => {
  const detail = new ColouredProductPage(page);
  await detail.goto(product);
  await detail.goto(product, 'كحلي');
  await detail.expectColour('كحلي');
  await detail.expectPictures([product.images[1]!, product.images[2]!]);

  const listing = new Listing(page);
  await listing.goto(`/category/${product.category}`);
  await listing.goto(`/category/${product.category}?colorName=${encodeURIComponent('أبيض')}`);
  await expect(listing.card(product.title)).toHaveCount(0);
});

test('a card shows the colours as dots and leads to the page to choose, and a category filters by colour', async ({ page }) => {
  await new SignupPage(page).signUpFresh('كريم فؤاد');
  const listing = new Listing(page);
  await listing.goto(`/category/${product.category}`);
  const card = listing.card(product.title);
  // The card's dots are one picture named by the three colours.
  await expect(card.getByRole('img', { name: `ألوان ${product.title}: أسود، كحلي، أبيض`, exact: true })).toBeVisible();
  await expect(card.getByRole('radio')).toHaveCount(0);

  await page.getByText('اختر لوناً', { exact: true }).click();
  await page.getByRole('region', { name: 'تصفية حسب اللون' }).getByRole('link', { name: 'كحلي', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`colorName=${encodeURIComponent('كحلي')}`));
  await expect(listing.card(product.title)).toBeVisible();
  await expect(page.getByRole('region', { name: 'تصفية حسب اللون' })).toContainText('اللون: كحلي');
  await expectNoHorizontalOverflow(page);
  await page.getByRole('link', { name: 'إزالة فلتر اللون' }).click();
  await expect(page).not.toHaveURL(/colorName=/);

  await listing.card(product.title).getByRole('link', { name: `اختر اللون والمقاس: ${product.title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
});
