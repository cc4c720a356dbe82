/**
 * What the owner changes through the dashboard's own forms, and what a shopper posts through the
 * product page's form, reaches a new visitor at once, although the shop keeps guests' pages
 * (docs/decisions/011): the page actions and the API share one copy of the shop's modules, so
 * every write empties the kept pages whichever door it came through (docs/decisions/015). A
 * signed-in shopper gets the kept pages too, with their own name, cart count and heart put in.
 */
import type { Browser } from '@playwright/test';
import { expect, test } from './pages/test.ts';
import { ADMIN, CUSTOMER, signIn } from './pages/admin.ts';
import { createProductThroughApi, ManageProductsPage, price, ProductFormPage, uniqueMark } from './pages/admin-products.ts';
import { ProductPage } from './pages/account.ts';
import { ProductDetail, signUpCustomer } from './pages/catalogue.ts';
import { SiteHeader } from './pages/shell.ts';

/** A visitor who never came before: a browser context of its own, no cookie. */
async function asNewVisitor<T>(browser: Browser, baseURL: string, visit: (page: import('@playwright/test').Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL });
  try {
    return await visit(await context.newPage());
  } finally {
    await context.close();
  }
}

test('a price edited, a review posted and a product deleted through the forms show to a new visitor at once', async ({ browser, baseURL }) => {
  const mark = uniqueMark();
  const title = `قميص يتغير ${mark}`;
  // The dashboard's plain forms: the page actions, not the API the enhanced forms call.
  const adminContext = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN);
  const product = await createProductThroughApi(admin, { title, barcode: `LIVE-${mark}`, price: 200, quantity: 5 });
  const searchUrl = `/search?keyword=${encodeURIComponent(title)}`;

  // A first visitor makes the shop keep the guests' copies of the product page and the search.
  await asNewVisitor(browser, baseURL!, async (page) => {
    await page.goto(`/product/${product._id}`);
    await expect(page.getByText(price(200)).first()).toBeVisible();
    await page.goto(searchUrl);
    await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
  });

  const form = new ProductFormPage(admin);
  await form.gotoEdit(product._id);
  await form.fill({ price: '180', priceAfterDiscount: '180' });
  await form.submit('حفظ التعديلات');
  await expect(admin.getByRole('status').filter({ hasText: 'تم تعديل المنتج بنجاح' })).toBeVisible();
  await asNewVisitor(browser, baseURL!, async (page) => {
    await page.goto(`/product/${product._id}`);
    await expect(page.getByText(price(180)).first()).toBeVisible();
    await expect(page.getByText(price(200))).toHaveCount(0);
  });

  // A shopper's review through the product page's own form.
  const shopperContext = await browser.newContext({ baseURL });
  const shopper = await shopperContext.newPage();
  await signIn(shopper, CUSTOMER);
  const detail = new ProductDetail(shopper);
  await detail.goto(product);
  await detail.openReviews();
  const words = `الخامة ممتازة ${mark}`;
  await detail.writeReview(4, words);
  await expect(shopper.getByText(words)).toBeVisible();
  await shopperContext.close();
  await asNewVisitor(browser, baseURL!, async (page) => {
    await page.goto(`/product/${product._id}`);
    await expect(page.getByText(words)).toBeAttached();
  });

  const list = new ManageProductsPage(admin);
  await list.goto(`LIVE-${mark}`);
  await list.askToDelete(title);
  await list.confirmButton(title).click();
  await expect(admin.getByRole('status').filter({ hasText: 'تم حذف المنتج بنجاح' })).toBeVisible();
  await asNewVisitor(browser, baseURL!, async (page) => {
    const gone = await page.goto(`/product/${product._id}`);
    expect(gone?.status()).toBe(404);
    await page.goto(searchUrl);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: title })).toHaveCount(0);
  });
  await adminContext.close();
});

test("signed-in shoppers get the kept pages with their own name, cart and heart, never another shopper's", async ({ browser, baseURL }) => {
  const mark = uniqueMark();
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN);
  const product = await createProductThroughApi(admin, { title: `قميص محفوظ ${mark}`, barcode: `KEPT-${mark}`, price: 240, quantity: 6 });
  await adminContext.close();

  // A guest makes the shop keep the product page; the shoppers below get it with their own parts.
  await asNewVisitor(browser, baseURL!, async (page) => {
    await new ProductPage(page).goto(product);
    await expect(page.locator('body')).toHaveAttribute('data-role', 'guest');
  });

  const firstContext = await browser.newContext({ baseURL });
  const first = await firstContext.newPage();
  const firstName = `سلمى ${mark}`;
  await signUpCustomer(first, firstName);
  const firstProduct = new ProductPage(first);
  await firstProduct.goto(product);
  await expect(first.locator('body')).toHaveAttribute('data-role', 'user');
  await expect(new SiteHeader(first).bar.getByLabel(`حساب ${firstName}`)).toBeAttached();
  await firstProduct.heart().click();
  await expect(firstProduct.heart()).toHaveAttribute('aria-pressed', 'true');
  await firstProduct.chooseSize('m');
  await firstProduct.addToCart();
  await expect(new SiteHeader(first).cart).toHaveAccessibleName('عربة التسوق: 1 منتجات');
  // Read again from the server: the heart and the cart count are this shopper's.
  await first.reload();
  await expect(firstProduct.heart()).toHaveAttribute('aria-pressed', 'true');
  await expect(new SiteHeader(first).cart).toHaveAccessibleName('عربة التسوق: 1 منتجات');
  const menu = await new SiteHeader(first).openUserMenu();
  await expect(menu).toContainText(`أهلاً، ${firstName}`);

  const secondContext = await browser.newContext({ baseURL });
  const second = await secondContext.newPage();
  await signUpCustomer(second, `مروان ${mark}`);
  const secondProduct = new ProductPage(second);
  await secondProduct.goto(product);
  await expect(new SiteHeader(second).bar.getByLabel(`حساب مروان ${mark}`)).toBeAttached();
  await expect(second.getByText(firstName)).toHaveCount(0);
  await expect(secondProduct.heart()).toHaveAttribute('aria-pressed', 'false');
  await expect(new SiteHeader(second).cart).toHaveAccessibleName('عربة التسوق');

  await asNewVisitor(browser, baseURL!, async (page) => {
    await new ProductPage(page).goto(product);
    await expect(page.getByText(firstName)).toHaveCount(0);
    await expect(new SiteHeader(page).cart).toHaveAccessibleName('عربة التسوق');
    await expect(page.locator('body')).toHaveAttribute('data-role', 'guest');
  });
  await Promise.all([firstContext.close(), secondContext.close()]);
});
