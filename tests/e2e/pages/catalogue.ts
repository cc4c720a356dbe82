/**
 * The catalogue as a shopper uses it: listings with their cards and paginator, search, the
 * product page with its sizes, heart, tabs and reviews. Elements are found by role and their
 * Arabic names; products come from the public API so a spec never depends on demo titles.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { sizeChip, toast, uniquePhone } from './common.ts';

export * from './common.ts';

export interface ApiProduct {
  _id: string;
  title: string;
  price: number;
  priceAfterDiscount: number;
  availableSizes: string[];
  /** Pieces left per size (over every colour). */
  stock: { size: string; quantity: number }[];
  availability: boolean;
  quantity: number;
  category: { _id: string; name: string };
}

/** Signs a fresh customer up through the API; the page shares the cookie it sets. */
export async function signUpCustomer(page: Page, name = 'عميل الكتالوج'): Promise<{ name: string }> {
  const phone = uniquePhone();
  const response = await page.request.post('/api/v1/auth/signup', {
    data: { name, phone, password: 'secret-123', passwordConfirm: 'secret-123' },
  });
  expect(response.status()).toBe(201);
  return { name };
}

export async function fetchProducts(request: APIRequestContext, query: string): Promise<ApiProduct[]> {
  const response = await request.get(`/api/v1/products?${query}`);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { data: ApiProduct[] }).data;
}

export async function fetchCategories(request: APIRequestContext): Promise<{ _id: string; name: string }[]> {
  const response = await request.get('/api/v1/categories');
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { data: { _id: string; name: string }[] }).data;
}

/** The toast for a message (react-toastify's alert). */
/** Closes a toast with its close button and waits for it to be gone. */
export async function closeToast(page: Page, message: string) {
  await page.locator('.Toastify__toast').filter({ hasText: message }).getByRole('button', { name: 'إغلاق' }).click();
  await expect(toast(page, message)).toHaveCount(0);
}

export class Listing {
  constructor(private readonly page: Page) {}

  async goto(path: string, heading?: string) {
    await this.page.goto(path);
    if (heading) await expect(this.page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }

  /** Every product card of the listing. */
  cards(): Locator {
    return this.page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { level: 3 }) });
  }

  card(title: string): Locator {
    return this.cards().filter({ has: this.page.getByRole('heading', { level: 3, name: title, exact: true }) });
  }

  sideList(): Locator {
    return this.page.getByRole('navigation', { name: 'التصنيفات' });
  }

  paginator(): Locator {
    return this.page.getByRole('navigation', { name: 'الصفحات' });
  }

  async expectCurrentPage(n: number) {
    await expect(this.paginator().getByRole('link', { name: `صفحة ${n}` })).toHaveAttribute('aria-current', 'page');
  }

  async goToPage(n: number) {
    await this.paginator()
      .getByRole('link', { name: `صفحة ${n}` })
      .click();
    await expect(this.page).toHaveURL(new RegExp(`[?&]page=${n}\\b`));
  }

  async previousPage() {
    await this.paginator().getByRole('link', { name: 'السابق' }).click();
  }

  async search(keyword: string) {
    const form = this.page.getByRole('main').getByRole('search');
    await form.getByRole('searchbox', { name: 'ابحث عن منتج' }).fill(keyword);
    await form.getByRole('button', { name: 'بحث' }).click();
  }

  /** The sizes a card names as left, in one line of text. */
  cardSizes(card: Locator): Locator {
    return card.getByText(/^المقاسات:/);
  }

  /** Opens the page's size sheet from a card's bar (a button once the page's script has run), or is refused by a toast. */
  async addToCart(card: Locator) {
    await expect(this.page.locator('html')).toHaveAttribute('data-enhanced', 'true');
    await card.getByRole('button', { name: 'أضف للعربة' }).click();
  }

  /** The page's one size sheet, opened from a card. */
  sizeSheet(): Locator {
    return this.page.getByRole('dialog');
  }

  async chooseSizeInSheet(size: string) {
    await sizeChip(this.sizeSheet().getByRole('group', { name: 'المقاس' }), size).click();
  }

  async addFromSheet() {
    await this.sizeSheet().getByRole('button', { name: 'أضف للعربة' }).click();
  }
}

export class ProductDetail {
  constructor(private readonly page: Page) {}

  async goto(product: Pick<ApiProduct, '_id' | 'title'>) {
    await this.page.goto(`/product/${product._id}`);
    await expect(this.page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  }

  sizes(): Locator {
    return this.page.getByRole('group', { name: 'المقاس', exact: true });
  }

  async chooseSize(size: string) {
    await sizeChip(this.sizes(), size).click();
  }

  addToCartButton(): Locator {
    return this.page.getByRole('button', { name: 'أضف لعربة التسوق' });
  }

  heart(): Locator {
    return this.page.getByRole('button', { name: 'المفضلة', exact: true });
  }

  /** Clicks the heart and waits for the wishlist API to answer (the heart turns at once). */
  async toggleHeart() {
    const answered = this.page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/v1/wishlist') && ['POST', 'DELETE'].includes(r.request().method()));
    await this.heart().click();
    await answered;
  }

  async openReviews() {
    await this.page.getByRole('tab', { name: /^التقييمات/ }).click();
    await expect(this.page.getByRole('tabpanel', { name: /^التقييمات/ })).toBeVisible();
  }

  async writeReview(rating: number, text: string) {
    await this.page.getByText('اكتب تقييمك', { exact: true }).click();
    // By keyboard: the half stars are the radios' labels, each only half a star wide.
    const star = this.page.getByRole('group', { name: 'تقييمك للمنتج' }).getByRole('radio', { name: `${rating} من 5`, exact: true });
    await star.focus();
    await this.page.keyboard.press('Space');
    await expect(star).toBeChecked();
    await this.page.getByRole('textbox', { name: 'تقييمك', exact: true }).fill(text);
    await this.page.getByRole('button', { name: 'إرسال التقييم' }).click();
  }

  review(author: string): Locator {
    return this.page.getByRole('listitem', { name: `تقييم ${author}` });
  }
}
