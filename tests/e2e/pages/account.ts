/**
 * The shopper's side of the account pages, as a shopper does it: sign up, add to the cart,
 * change quantities, check out, look at the profile. Elements are found by role and their
 * Arabic names.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { price, uniquePhone } from './common.ts';

export * from './common.ts';

export interface CatalogueProduct {
  _id: string;
  title: string;
  priceAfterDiscount: number;
  availableSizes: string[];
  availability: boolean;
  quantity: number;
}

/** Products the shop sells now, read from the public API, so a spec never depends on the demo's exact titles. */
export async function productsOnSale(request: APIRequestContext): Promise<CatalogueProduct[]> {
  const response = await request.get('/api/v1/products?limit=100');
  expect(response.ok()).toBeTruthy();
  const body = (await response.json()) as { data: CatalogueProduct[] };
  return body.data.filter((p) => p.availability && p.quantity >= 10);
}

/** Nothing may stick out sideways, least of all on a 390 px phone (brief "Rules for pages"). */
export class SignupPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/signup');
    await expect(this.page.getByRole('heading', { level: 1, name: 'إنشاء حساب' })).toBeVisible();
  }

  async fill(account: { name: string; phone: string; password: string; passwordConfirm?: string }) {
    await this.page.getByLabel('الاسم', { exact: true }).fill(account.name);
    await this.page.getByLabel('رقم الهاتف', { exact: true }).fill(account.phone);
    await this.page.getByLabel('كلمة المرور', { exact: true }).fill(account.password);
    await this.page.getByLabel('تأكيد كلمة المرور', { exact: true }).fill(account.passwordConfirm ?? account.password);
  }

  async submit() {
    await this.page.getByRole('button', { name: 'إنشاء حساب', exact: true }).click();
  }

  /** Signs up a fresh customer and waits to land on the home page. */
  async signUpFresh(name = 'متسوق تجريبي'): Promise<{ phone: string; password: string }> {
    const account = { name, phone: uniquePhone(), password: 'secret-123' };
    await this.goto();
    await this.fill(account);
    await this.submit();
    await expect(this.page).toHaveURL(/\/$/);
    return account;
  }
}

export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/login');
  }

  async logIn(phone: string, password: string) {
    await this.page.getByLabel('رقم الهاتف', { exact: true }).fill(phone);
    await this.page.getByLabel('كلمة المرور', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  }
}

export class ProductPage {
  constructor(private readonly page: Page) {}

  async goto(product: CatalogueProduct) {
    await this.page.goto(`/product/${product._id}`);
    await expect(this.page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  }

  async chooseSize(size: string) {
    // The chip's label is the radio's name; the radio itself is visually hidden.
    await this.page.getByRole('group', { name: 'المقاس' }).getByText(size, { exact: true }).click();
  }

  async addToCart() {
    await this.page.getByRole('button', { name: 'أضف لعربة التسوق' }).click();
  }

  heart(): Locator {
    return this.page.getByRole('button', { name: 'المفضلة' });
  }
}

export class CartPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/cart');
    await expect(this.page.getByRole('heading', { level: 1, name: 'عربة التسوق' })).toBeVisible();
  }

  line(title: string): Locator {
    return this.page.getByRole('list', { name: 'منتجات العربة' }).getByRole('listitem').filter({ has: this.page.getByRole('link', { name: title }) });
  }

  async expectLine(title: string, size: string, count: number) {
    const line = this.line(title);
    await expect(line).toContainText(`المقاس: ${size}`);
    await expect(line.getByRole('status', { name: 'الكمية' })).toHaveText(String(count));
  }

  async increase(title: string) {
    await this.line(title).getByRole('button', { name: `زيادة كمية ${title}` }).click();
  }

  async decrease(title: string) {
    await this.line(title).getByRole('button', { name: `تقليل كمية ${title}` }).click();
  }

  decreaseButton(title: string): Locator {
    return this.line(title).getByRole('button', { name: `تقليل كمية ${title}` });
  }

  async remove(title: string) {
    await this.line(title).getByRole('button', { name: `حذف ${title} من العربة` }).click();
  }

  /** The summary's total, once the cart has reloaded after the last change. */
  async expectTotal(amount: number) {
    const summary = this.page.getByRole('complementary', { name: 'ملخص العربة' });
    await expect(summary.getByRole('definition').filter({ hasText: 'L.E' }).last()).toHaveText(price(amount));
    await expect(summary.getByRole('status')).toHaveCount(0);
  }

  async checkout() {
    await this.page.getByRole('link', { name: 'إتمام الشراء' }).click();
    await expect(this.page).toHaveURL(/\/checkout$/);
  }
}

export interface ShippingDetails {
  details: string;
  phone: string;
  city: string;
}

export class CheckoutPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/checkout');
  }

  async fill({ details, phone, city }: Partial<ShippingDetails>) {
    if (details !== undefined) await this.page.getByLabel('العنوان بالتفصيل').fill(details);
    if (phone !== undefined) await this.page.getByLabel('رقم الهاتف', { exact: true }).fill(phone);
    if (city !== undefined) await this.page.getByLabel('محافظة الشحن').selectOption(city);
  }

  async placeOrder() {
    await this.page.getByRole('button', { name: 'تأكيد الطلب' }).click();
  }

  async expectTotal(amount: number) {
    await expect(this.page.getByRole('region', { name: 'ملخص الطلب' }).getByRole('definition').last()).toHaveText(price(amount));
  }
}

export class ProfilePage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/profile');
    await expect(this.page.getByRole('heading', { level: 1, name: 'حسابي' })).toBeVisible();
  }

  orders(): Locator {
    return this.page.getByRole('region', { name: 'طلباتي' }).getByRole('article');
  }

  async expectOrder(order: { lines: { title: string; size: string; count: number }[]; total: number }) {
    const card = this.orders().first();
    await expect(card.getByRole('heading', { name: /طلب رقم #\d+/ })).toBeVisible();
    for (const line of order.lines) {
      const item = card.getByRole('listitem').filter({ hasText: line.title });
      await expect(item).toContainText(`المقاس: ${line.size}`);
      await expect(item).toContainText(`الكمية: ${line.count}`);
    }
    await expect(card).toContainText('لم يتم الدفع');
    await expect(card).toContainText('لم يتم الشحن');
    await expect(card.getByText(price(order.total), { exact: true })).toBeVisible();
  }

  wishlistItem(title: string): Locator {
    return this.page.getByRole('region', { name: 'المفضلة' }).getByRole('listitem').filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  async moveToCart(title: string, size?: string) {
    const item = this.wishlistItem(title);
    if (size) await item.getByRole('group', { name: 'اختر المقاس' }).getByText(size, { exact: true }).click();
    await item.getByRole('button', { name: 'أضف لعربة التسوق' }).click();
  }

  async removeFromWishlist(title: string) {
    await this.wishlistItem(title).getByRole('button', { name: `حذف ${title} من المفضلة` }).click();
  }
}

/** Adds a product to the signed-in shopper's wishlist through the page's own door (POST /wishlist). */
export async function addToWishlist(page: Page, productId: string) {
  const response = await page.request.post('/wishlist', { form: { intent: 'add', productId } });
  expect(response.ok()).toBeTruthy();
}
