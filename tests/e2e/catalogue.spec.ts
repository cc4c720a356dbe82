/**
 * The catalogue (SPEC.md §2 "Product listings" and "Product detail", §5 reviews, §8): a guest
 * browses a category and a product and is asked to log in to buy; sold-out products; search,
 * also without JavaScript; paging; a customer reviews, toggles the heart and adds from a card;
 * accessibility of a listing and a product page.
 */
import { expect, test } from './pages/test.ts';
import { sizeName } from '../../contracts/constants.ts';
import {
  closeToast,
  fetchCategories,
  fetchProducts,
  Listing,
  price,
  ProductDetail,
  signUpCustomer,
  toast,
  uniquePhone,
} from './pages/catalogue.ts';
import { expectNoSeriousViolations } from './pages/common.ts';

const LOGIN_FIRST = 'من فضلك قم بتسجيل الدخول أولاً';

test('a guest browses a category, opens a product and is asked to log in to buy', async ({ page, isMobile }) => {
  const [tshirts] = (await fetchCategories(page.request)).filter((c) => c.name === 'تيشيرت');
  const [product] = (await fetchProducts(page.request, `category=${tshirts!._id}&availability=true&limit=1`)) as [
    Awaited<ReturnType<typeof fetchProducts>>[number],
  ];
  const listing = new Listing(page);

  await listing.goto(`/category/${tshirts!._id}`, 'تيشيرت');
  await expect(page).toHaveTitle('منتجات تيشيرت');
  await expect(listing.cards().first()).toBeVisible();
  const card = listing.card(product.title);
  await expect(card).toContainText(price(product.priceAfterDiscount));
  if (product.price !== product.priceAfterDiscount) await expect(card.locator('s')).toContainText(price(product.price));
  // The card names the sizes left and carries no form: the size is chosen in the page's one sheet.
  const inStock = product.stock.filter((s) => s.quantity > 0).map((s) => sizeName(s.size));
  await expect(listing.cardSizes(card)).toHaveText(`المقاسات: ${inStock.join('\u200F · ')}`);
  await expect(card.getByRole('radio')).toHaveCount(0);
  // The categories side list is for wide screens; phones have the header menu.
  if (isMobile) await expect(listing.sideList()).toBeHidden();
  else await expect(listing.sideList().getByRole('link', { name: 'تيشيرت' })).toHaveAttribute('aria-current', 'page');

  await listing.addToCart(card);
  await expect(toast(page, LOGIN_FIRST)).toBeVisible();
  await expect(listing.sizeSheet()).toHaveCount(0);
  // Closed, so the product page's own toast is told apart below.
  await closeToast(page, LOGIN_FIRST);

  await card.getByRole('link', { name: product.title }).click();
  const detail = new ProductDetail(page);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${product.title}`));
  await expect(page.getByRole('img', { name: product.title }).first()).toBeVisible();
  await expect(page.getByRole('main')).toContainText(price(product.priceAfterDiscount));
  await expect(page.getByText(`الكمية المتاحة: ${product.quantity}`)).toBeVisible();
  await expect(detail.sizes().getByRole('radio')).toHaveCount(product.availableSizes.length);
  await expect(detail.heart()).toHaveAttribute('aria-pressed', 'false');

  await detail.chooseSize(product.availableSizes[0]!);
  await expect(detail.sizes().getByRole('radio', { name: sizeName(product.availableSizes[0]!), exact: true })).toBeChecked();
  await detail.addToCartButton().click();
  await expect(toast(page, LOGIN_FIRST)).toBeVisible();
});

test('a product page shares a preview: canonical, OpenGraph with price, JSON-LD with the offer', async ({ page }) => {
  const [product] = await fetchProducts(page.request, 'availability=true&limit=1');
  await new ProductDetail(page).goto(product!);

  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(canonical).toMatch(new RegExp(`/product/${product!._id}$`));
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\/.+\/products\/.+\.webp$/);
  await expect(page.locator('meta[property="product:price:amount"]')).toHaveAttribute('content', product!.priceAfterDiscount.toFixed(2));
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd).toMatchObject({
    '@type': 'Product',
    name: product!.title,
    offers: { priceCurrency: 'EGP', price: product!.priceAfterDiscount.toFixed(2), availability: 'https://schema.org/InStock' },
  });
});

test('sold-out products show the badge, no link and no way to buy', async ({ page }) => {
  const [soldOut] = await fetchProducts(page.request, 'availability=false&limit=1');
  const listing = new Listing(page);

  await listing.goto(`/category/${soldOut!.category._id}`, soldOut!.category.name);
  const card = listing.card(soldOut!.title);
  await expect(card.getByText('نفدت الكمية', { exact: true })).toBeVisible();
  await expect(card.getByRole('link')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'أضف للعربة' })).toBeDisabled();

  const detail = new ProductDetail(page);
  await detail.goto(soldOut!);
  await expect(page.getByRole('button', { name: 'المنتج غير متوفر' })).toBeDisabled();
  await expect(detail.addToCartButton()).toHaveCount(0);
  await expect(detail.heart()).toHaveCount(0);
});

test('an unknown product or category is the 404 page', async ({ page }) => {
  for (const path of [
    '/product/00000000-0000-4000-8000-000000000000',
    '/product/not-an-id',
    '/category/00000000-0000-4000-8000-000000000000',
  ]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  }
});

test('search finds products however "t-shirt" is spelled', async ({ page }) => {
  const listing = new Listing(page);
  await listing.goto('/search', 'البحث');
  await expect(page.getByText('اكتب ما تبحث عنه')).toBeVisible();

  for (const keyword of ['تيشيرت', 'تيشرت', 'تي شيرت']) {
    await listing.search(keyword);
    await expect(page).toHaveURL(new RegExp(`/search\\?keyword=${encodeURIComponent(keyword).replace(/%20/g, '\\+')}`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(keyword);
    await expect(listing.cards().first()).toContainText('تيشيرت');
  }

  await listing.search('كلمةلاتوجدفيالمتجر');
  await expect(page.getByText('لا توجد منتجات حتى الآن')).toBeVisible();
});

test('search works with JavaScript disabled', async ({ browser, baseURL, viewport, isMobile, hasTouch }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport, isMobile, hasTouch, locale: 'ar-EG' });
  const page = await context.newPage();
  const listing = new Listing(page);
  await listing.goto('/search', 'البحث');
  await listing.search('بولو');
  await expect(page).toHaveURL(/\/search\?keyword=%D8%A8%D9%88%D9%84%D9%88/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('بولو');
  await expect(listing.cards().first()).toContainText('بولو');
  await context.close();
});

test('paging goes to page 2 and back, keeping the listing', async ({ page }) => {
  const listing = new Listing(page);
  await listing.goto('/new-arrived', 'وصل حديثاً');
  await expect(listing.cards()).toHaveCount(20);
  await listing.expectCurrentPage(1);
  const firstOnPage1 = await listing.cards().first().getByRole('heading').textContent();

  await listing.goToPage(2);
  await listing.expectCurrentPage(2);
  await expect(listing.cards().first().getByRole('heading')).not.toHaveText(firstOnPage1!);

  await listing.previousPage();
  await expect(page).toHaveURL(/[?&]page=1\b/);
  await listing.expectCurrentPage(1);
  await expect(listing.cards().first().getByRole('heading')).toHaveText(firstOnPage1!);
});

test('a customer writes a review and sees it listed, and toggles the heart', async ({ page }) => {
  const { name } = await signUpCustomer(page, `مراجع ${uniquePhone().slice(-4)}`);
  const [product] = await fetchProducts(page.request, 'availability=true&limit=1&page=3');
  const detail = new ProductDetail(page);
  await detail.goto(product!);

  await expect(detail.heart()).toHaveAttribute('aria-pressed', 'false');
  await detail.toggleHeart();
  await expect(detail.heart()).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(detail.heart()).toHaveAttribute('aria-pressed', 'true');
  await detail.toggleHeart();
  await expect(detail.heart()).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(detail.heart()).toHaveAttribute('aria-pressed', 'false');

  await detail.openReviews();
  const text = `<b>مقاسه مظبوط</b> والخامة حلوة ${Date.now()}`;
  await detail.writeReview(4.5, text);
  await expect(toast(page, 'تم إضافة تقييم المُنتج بنجاح')).toBeVisible();
  const review = detail.review(name);
  // Plain text: the markup the shopper typed is shown, never rendered.
  await expect(review).toContainText(text);
  await expect(review.getByRole('img', { name: 'التقييم 4.5 من 5' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^التقييمات \(\d+\)$/ })).toBeVisible();

  await detail.writeReview(3, 'مرة تانية');
  await expect(toast(page, 'لقد قمت بتقييم هذا المنتج من قبل')).toBeVisible();
});

test('a customer adds to the cart from a card through the size sheet once a size is chosen', async ({ page }) => {
  await signUpCustomer(page);
  const listing = new Listing(page);
  await listing.goto('/new-arrived', 'وصل حديثاً');
  await expect(page.getByRole('link', { name: 'عربة التسوق', exact: true }).first()).toBeVisible();

  // A card whose sizes can all be chosen, so the arrow keys move from the first to the second.
  const card = listing
    .cards()
    .filter({ has: page.locator('[data-enhance="size-sheet"][data-sold-out=""]') })
    .first();
  const title = (await card.getByRole('heading', { level: 3 }).textContent())!;
  await listing.addToCart(card);
  const sheet = listing.sizeSheet();
  await expect(sheet.getByRole('heading', { name: title })).toBeVisible();
  await listing.addFromSheet();
  await expect(sheet.getByRole('alert')).toHaveText('من فضلك قم بتحديد المقاس أولاً');

  // The sizes are a radio group: the arrow keys move the choice.
  await sheet.getByRole('group').getByRole('radio').first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(sheet.getByRole('group').getByRole('radio').nth(1)).toBeChecked();
  await listing.addFromSheet();
  await expect(toast(page, 'تم إضافة المنتج إلى العربة')).toBeVisible();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('link', { name: 'عربة التسوق: 1 منتجات' }).first()).toBeAttached();

  // Closed without adding: nothing changes.
  await listing.addToCart(card);
  await sheet.getByRole('button', { name: 'إغلاق' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('link', { name: 'عربة التسوق: 1 منتجات' }).first()).toBeAttached();
});

test('a listing and a product page have no serious accessibility violations', async ({ page }) => {
  const listing = new Listing(page);
  await listing.goto('/offers', 'العروض');
  await expectNoSeriousViolations(page);

  const [product] = await fetchProducts(page.request, 'availability=true&sort=-ratingsAverage&limit=1');
  const detail = new ProductDetail(page);
  await detail.goto(product!);
  await expectNoSeriousViolations(page);
  await detail.openReviews();
  await expectNoSeriousViolations(page);
});
