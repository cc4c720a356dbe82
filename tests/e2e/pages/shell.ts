/**
 * The frame around every page, as a shopper uses it: the top bar and its menus, the search
 * overlay, the bottom bar, the footer and its mailing-list box, and the home page's blocks.
 * Elements are found by role and their Arabic names; the menus are <details>, whose <summary>
 * has no ARIA role, so those toggles are found by their label or text.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export * from './common.ts';

export const STORE_NAME = 'سوق الكاجوال';
export const HOME_CATEGORY_NAMES = ['تيشيرت', 'قميص', 'بولو'];

/** The toast for a message (react-toastify's alert). */
/** Category ids by name, from the public API, so a spec never depends on generated ids. */
export async function categoryIds(request: APIRequestContext): Promise<Map<string, string>> {
  const response = await request.get('/api/v1/categories');
  expect(response.ok()).toBeTruthy();
  const body = (await response.json()) as { data: { _id: string; name: string }[] };
  return new Map(body.data.map((c) => [c.name, c._id]));
}

/** Signs the browser in through the API, which sets the same cookie as the login page. */
export class SiteHeader {
  constructor(private readonly page: Page) {}

  get bar(): Locator {
    return this.page.getByRole('banner');
  }

  get cart(): Locator {
    return this.bar.getByRole('link', { name: /^عربة التسوق/ });
  }

  /** The desktop "all categories" toggle (the phone's menu has one of its own). */
  get categoriesToggle(): Locator {
    return this.bar.getByRole('navigation', { name: 'القائمة الرئيسية' }).locator('summary', { hasText: 'كل الأقسام' });
  }

  async chooseCategoryFromDropdown(name: string) {
    await this.categoriesToggle.click();
    const link = this.bar.getByRole('list', { name: 'الأقسام' }).getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    await link.click();
    await expect(link).toBeHidden();
  }

  /** The phone's slide-in menu, opened from the hamburger. */
  async openMobileMenu(): Promise<Locator> {
    await this.bar.getByLabel('القائمة', { exact: true }).click();
    const panel = this.bar.getByRole('navigation', { name: 'القائمة الرئيسية' });
    await expect(panel).toBeVisible();
    return panel;
  }

  async chooseCategoryFromMobileMenu(name: string) {
    const panel = await this.openMobileMenu();
    await panel.locator('summary', { hasText: 'كل الأقسام' }).click();
    await panel.getByRole('link', { name, exact: true }).click();
    await expect(panel).toBeHidden();
  }

  /** Opens the search overlay, unless it is open already. */
  async openSearch(): Promise<Locator> {
    const box = this.bar.getByRole('searchbox', { name: 'ابحث عن منتج' });
    if (!(await box.isVisible())) await this.bar.getByLabel('البحث', { exact: true }).click();
    await expect(box).toBeVisible();
    return box;
  }

  /** Opens the search overlay and searches; the form is a plain GET to /search. */
  async search(keyword: string) {
    const box = await this.openSearch();
    await box.fill(keyword);
    await box.press('Enter');
  }

  async openUserMenu(): Promise<Locator> {
    await this.bar.getByLabel(/حساب/).click();
    const menu = this.bar.locator('details[open]').filter({ has: this.page.getByLabel(/حساب/) });
    await expect(menu.getByRole('link').first()).toBeVisible();
    return menu;
  }
}

export class SiteFooter {
  constructor(private readonly page: Page) {}

  get footer(): Locator {
    return this.page.getByRole('contentinfo');
  }

  async subscribe(email: string) {
    await this.footer.getByLabel('البريد الإلكتروني').fill(email);
    await this.footer.getByRole('button', { name: 'اشترك' }).click();
  }

  /** Opens a footer section: an accordion on a phone, always open on a desktop. */
  async openSection(title: string) {
    const section = this.footer.locator('details').filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
    if ((await section.getAttribute('open')) === null) await section.locator('summary').click();
    await expect(section).toHaveAttribute('open', '');
  }

  async openLink(section: string, name: string) {
    await this.openSection(section);
    await this.footer.getByRole('link', { name, exact: true }).click();
  }
}

export class HomePage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/');
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(STORE_NAME));
  }

  get carousel(): Locator {
    return this.page.getByRole('region', { name: 'أحدث العروض' });
  }

  dot(number: number): Locator {
    return this.carousel.getByRole('button', { name: `الشريحة ${number}`, exact: true });
  }

  /**
   * Clicks a carousel control until the slide shows: a click before the page has hydrated
   * does nothing, so it is repeated until it takes effect.
   */
  async useControl(control: Locator, expectedSlide: number) {
    await expect(async () => {
      await control.click();
      await expect(this.dot(expectedSlide)).toHaveAttribute('aria-current', 'true', { timeout: 1_000 });
    }).toPass();
  }

  slide(number: number, count = 3): Locator {
    return this.carousel.getByRole('group', { name: `${number} من ${count}` });
  }

  get tiles(): Locator {
    return this.page.getByRole('region', { name: 'تسوق حسب القسم' }).getByRole('link');
  }

  section(title: string): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }
}
