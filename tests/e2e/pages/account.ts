/**
 * The shopper's side of the account pages, as a shopper does it: sign up, add to the cart,
 * change quantities, check out, look at the profile. Elements are found by role and their
 * Arabic names.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { sizeName } from '../../../contracts/constants.ts';
import { price, sizeChip, uniquePhone } from './common.ts';

export * from './common.ts';

export interface CatalogueProduct {
  _id: string;
  title: string;
  priceAfterDiscount: number;
  availableSizes: string[];
  availability: boolean;
  quantity: number;
  stock: { size: string; quantity: number }[];
}

/**
 * Products the shop sells now with pieces to spare in every size (the specs of one worker share a
 * shop and take pieces from it), read from the public API, so a spec never depends on the demo's
 * exact titles.
 */
export async function productsOnSale(request: APIRequestContext): Promise<CatalogueProduct[]> {
  const response = await request.get('/api/v1/products?limit=100');
  expect(response.ok()).toBeTruthy();
  const body = (await response.json()) as { data: CatalogueProduct[] };
  return body.data.filter((p) => p.availability && p.quantity >= 10 && p.stock.every((s) => s.quantity >= 5));
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

  async goto(product: Pick<CatalogueProduct, '_id' | 'title'>) {
    await this.page.goto(`/product/${product._id}`);
    await expect(this.page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  }

  async chooseSize(size: string) {
    // The chip's label is the radio's name; the radio itself is visually hidden.
    await sizeChip(this.page.getByRole('group', { name: 'المقاس' }), size).click();
  }

  async addToCart() {
    await this.page.getByRole('button', { name: 'أضف لعربة التسوق' }).click();
  }

  heart(): Locator {
    return this.page.getByRole('button', { name: 'المفضلة' });
  }

  /** A size that can be chosen ('m' as stored); its radio is named by the size as shoppers read it ('M'). */
  size(size: string): Locator {
    return this.page.getByRole('group', { name: 'المقاس', exact: true }).getByRole('radio', { name: sizeName(size), exact: true });
  }

  /** A size with no pieces left, named as unavailable ("مقاس L غير متوفر حالياً"). */
  soldOutSize(size: string): Locator {
    return this.page.getByRole('group', { name: 'المقاس', exact: true }).getByRole('radio', { name: `مقاس ${sizeName(size)} غير متوفر حالياً`, exact: true });
  }

  /** The hint under the sizes for a size's last pieces ("مقاس M: آخر قطعتين"). */
  lastPiecesHint(text: string): Locator {
    return this.page.getByRole('group', { name: 'المقاس', exact: true }).getByRole('listitem').filter({ hasText: text });
  }
}

export class CartPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/cart');
    await expect(this.page.getByRole('heading', { level: 1, name: 'عربة التسوق' })).toBeVisible();
  }

  /** A product's line, or its line of one size ('m' as stored) when it has several ('4' is not '42'). */
  line(title: string, size?: string): Locator {
    const lines = this.page.getByRole('list', { name: 'منتجات العربة' }).getByRole('listitem').filter({ has: this.page.getByRole('link', { name: title }) });
    return size === undefined ? lines : lines.filter({ hasText: new RegExp(`المقاس: ${sizeName(size)}(?![0-9A-Z])`) });
  }

  /** The checkout button while a line cannot be ordered as it is, with what it says about why. */
  blockedCheckout(): Locator {
    return this.page.getByRole('complementary', { name: 'ملخص العربة' }).getByRole('button', { name: 'إتمام الشراء' });
  }

  async expectLine(title: string, size: string, count: number) {
    const line = this.line(title, size);
    await expect(line).toContainText(`المقاس: ${sizeName(size)}`);
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

  /** The summary's subtotal (the items, after a code; shipping comes at checkout), once the cart has reloaded after the last change. */
  async expectSubtotal(amount: number) {
    const summary = this.page.getByRole('complementary', { name: 'ملخص العربة' });
    await expect(summary.getByRole('term').filter({ hasText: /^المجموع الفرعي$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText(price(amount));
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
  /** The area within the governorate (المنطقة). */
  district: string;
}

export class CheckoutPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/checkout');
  }

  async fill({ details, phone, city, district }: Partial<ShippingDetails>) {
    if (details !== undefined) await this.page.getByLabel('العنوان بالتفصيل').fill(details);
    if (phone !== undefined) await this.page.getByLabel('رقم الهاتف', { exact: true }).fill(phone);
    if (city !== undefined) await this.page.getByLabel('محافظة الشحن').selectOption(city);
    if (district !== undefined) await this.page.getByLabel('المنطقة', { exact: true }).fill(district);
  }

  /** Places the order: the button reads 'تأكيد الطلب', and names the next step when a card is chosen. */
  async placeOrder() {
    await this.page.getByRole('button', { name: 'تأكيد الطلب' }).click();
  }

  /** The summary's total: the items with the shipping of the chosen governorate. */
  async expectTotal(amount: number) {
    const summary = this.page.getByRole('region', { name: 'ملخص الطلب' });
    await expect(summary.getByRole('term').filter({ hasText: /^الإجمالي شامل الشحن$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText(price(amount));
  }

  /** One way to pay, by its label: 'الدفع نقداً عند الاستلام' or 'بطاقة أو محفظة إلكترونية'. */
  paymentMethod(label: string): Locator {
    return this.page.getByRole('group', { name: 'طريقة الدفع' }).getByRole('radio', { name: label });
  }

  async choosePaymentMethod(label: string) {
    await this.paymentMethod(label).check();
  }

  /** The form's total line: what it says is due, when, and the amount. */
  totalLine(): Locator {
    return this.page.getByRole('form', { name: 'بيانات الشحن' }).locator('p').filter({ hasText: 'الإجمالي المطلوب' });
  }

  /** What the total line says is due and when, as the shopper reads it (the wordings of the other choice are hidden). */
  async expectTotalSays(label: string) {
    await expect(this.totalLine()).toContainText(label, { useInnerText: true });
  }

  /** The amount the total line asks for, in pounds. */
  async shownTotal(): Promise<number> {
    const text = await this.totalLine().locator('bdi').textContent();
    return Number(/([\d.]+) L\.E/.exec(text ?? '')?.[1]);
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

  order(number: number): Locator {
    return this.page.getByRole('region', { name: 'طلباتي' }).getByRole('article', { name: `طلب رقم #${number}`, exact: true });
  }

  /** The order's number, read from its heading. */
  async numberOf(order: Locator): Promise<number> {
    const heading = await order.getByRole('heading', { name: /طلب رقم #\d+/ }).textContent();
    return Number(/#(\d+)/.exec(heading ?? '')?.[1]);
  }

  /** The step the order is at now, in its labelled list of steps. */
  async expectCurrentStep(order: Locator, label: string) {
    const current = order.getByRole('list', { name: 'مراحل الطلب' }).locator('[aria-current="step"]');
    await expect(current).toHaveCount(1);
    await expect(current).toContainText(label);
  }

  /** A cancelled or refused order: its badge instead of the steps, and no way to cancel it. */
  async expectClosed(order: Locator, label: string) {
    await expect(order.getByText(label, { exact: true })).toBeVisible();
    await expect(order.getByRole('list', { name: 'مراحل الطلب' })).toHaveCount(0);
    await expect(order.getByText('إلغاء الطلب', { exact: true })).toHaveCount(0);
  }

  /** Opens the cancel disclosure and reads its question; the confirming button is returned. */
  async openCancel(order: Locator): Promise<Locator> {
    await order.getByText('إلغاء الطلب', { exact: true }).click();
    await expect(order.getByText('هل تريد إلغاء هذا الطلب؟')).toBeVisible();
    return order.getByRole('button', { name: /^نعم، ألغِ الطلب رقم #\d+$/ });
  }

  async cancel(order: Locator) {
    await (await this.openCancel(order)).click();
  }

  /** Back from Paymob with the order paid: the message in that order's card, announced politely. */
  paidNotice(order: Locator): Locator {
    return order.getByRole('status').filter({ hasText: 'تم الدفع بنجاح' });
  }

  /** Back from Paymob without paying: the message in that order's card, as an alert. */
  failedNotice(order: Locator): Locator {
    return order.getByRole('alert').filter({ hasText: 'لم تتم عملية الدفع، يمكنك المحاولة مرة أخرى' });
  }

  payNow(order: Locator): Locator {
    return order.getByRole('button', { name: 'ادفع الآن' });
  }

  /** An order waiting for its card payment: its badge, until when, and the button to pay. */
  async expectAwaitingPayment(order: Locator) {
    await expect(order.getByText('بانتظار الدفع', { exact: true })).toBeVisible();
    await expect(order).toContainText('لم يتم الدفع');
    await expect(order).toContainText('أكمل الدفع قبل الساعة');
    await expect(this.payNow(order)).toBeVisible();
  }

  /** A card order paid: the paid label, under review, and nothing left to pay. */
  async expectPaidByCard(order: Locator) {
    await expect(order.getByText('تم الدفع', { exact: true })).toBeVisible();
    await expect(order).toContainText('طريقة الدفع: بطاقة أو محفظة إلكترونية');
    await this.expectCurrentStep(order, 'قيد المراجعة');
    await expect(this.payNow(order)).toHaveCount(0);
  }

  async expectOrder(order: { lines: { title: string; size: string; count: number }[]; total: number }) {
    const card = this.orders().first();
    await expect(card.getByRole('heading', { name: /طلب رقم #\d+/ })).toBeVisible();
    for (const line of order.lines) {
      const item = card.getByRole('listitem').filter({ hasText: line.title });
      await expect(item).toContainText(`المقاس: ${sizeName(line.size)}`);
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
    if (size) await sizeChip(item.getByRole('group', { name: 'اختر المقاس' }), size).click();
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
