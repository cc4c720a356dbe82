/**
 * The frame of the shop and its fixed pages (SPEC.md §1, §2 Navigation and Home; issue 3
 * points 3, 4, 9, 10): the home page's banner, tiles and sections; the category menus; the
 * search overlay; the mailing list; the static pages, the 404 page, sitemap.xml and robots.txt;
 * the account menu per role; the same without JavaScript; accessibility. Each test leaves
 * screenshots in tmp/shots/ to look at.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './pages/test.ts';
import { categoryIds, HOME_CATEGORY_NAMES, HomePage, signIn, SiteFooter, SiteHeader, STORE_NAME, toast } from './pages/shell.ts';
import { expectNewToast, expectNoHorizontalOverflow, expectNoSeriousViolations } from './pages/common.ts';
import { ADMIN, CUSTOMER } from './pages/demo-accounts.ts';

const STATIC_PAGES = [
  { path: '/about-shortcut', heading: 'من نحن', footer: 'من نحن', mentions: 'الدفع نقداً عند الاستلام' },
  { path: '/terms-and-condition', heading: 'الشروط والأحكام', footer: 'الشروط والأحكام', mentions: '70.00 L.E' },
  { path: '/team-privacy-policy', heading: 'سياسة الخصوصية', footer: 'سياسة الخصوصية', mentions: 'لا نبيع بياناتك' },
  { path: '/delivery-and-returns', heading: 'التوصيل والاسترجاع', footer: 'التوصيل والاسترجاع', mentions: 'خلال 14 يوماً من تاريخ استلام الطلب' },
];

/** A whole page, or for an open menu just what the screen shows. */
async function screenshot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: `tmp/shots/shell-${name}-${test.info().project.name}.png`, fullPage });
}

/** Nothing may stick out sideways at 390 px (or at any width). */
test('a guest opens the home page: banner, the three category tiles and product sections', async ({ page }) => {
  // A controllable clock, to prove below that the banner stops once the shopper has used it.
  await page.clock.install();
  const home = new HomePage(page);
  await home.goto();
  await expect(page).toHaveTitle(`${STORE_NAME} | الصفحة الرئيسية`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /ملابس كاجوال/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
  await screenshot(page, 'home');
  await expectNoHorizontalOverflow(page);

  await expect(home.dot(1)).toHaveAttribute('aria-current', 'true');
  // Autoplay: the next slide comes by itself after 3 seconds.
  await expect(home.dot(2)).toHaveAttribute('aria-current', 'true');
  await home.useControl(home.dot(3), 3);
  await expect(home.slide(3).getByRole('link', { name: 'تسوق العروض' })).toBeInViewport({ ratio: 0.9 });
  await home.useControl(home.carousel.getByRole('button', { name: 'الشريحة التالية' }), 1);
  await expect(home.slide(1).getByRole('link', { name: 'تسوق الجديد' })).toBeInViewport({ ratio: 0.9 });
  await home.useControl(home.carousel.getByRole('button', { name: 'الشريحة السابقة' }), 3);
  // Once the shopper has used the controls the banner stays where they left it.
  await page.clock.fastForward(10_000);
  await expect(home.dot(3)).toHaveAttribute('aria-current', 'true');

  const ids = await categoryIds(page.request);
  await expect(home.tiles).toHaveCount(3);
  for (const [index, name] of HOME_CATEGORY_NAMES.entries()) {
    const tile = home.tiles.nth(index);
    await expect(tile).toContainText(name);
    await expect(tile).toContainText('تسوق الآن');
    await expect(tile).toHaveAttribute('href', `/category/${ids.get(name)}`);
  }
  await expect(home.slide(2).getByRole('link', { name: 'تسوق التيشيرتات' })).toHaveAttribute('href', `/category/${ids.get('تيشيرت')}`);

  for (const [title, listing] of [
    ['وصل حديثاً', '/new-arrived'],
    ['العروض', '/offers'],
    ['أطفال', '/search?keyword='],
  ]) {
    const section = home.section(title!);
    await expect(section.getByRole('listitem').first()).toBeVisible();
    expect(await section.getByRole('listitem').count()).toBeLessThanOrEqual(6);
    await expect(section.getByRole('link', { name: `عرض الكل ${title}` })).toHaveAttribute('href', new RegExp(`^${listing!.replace('?', '\\?')}`));
  }
  await expect(page.getByRole('link', { name: /تخفيضات الصيف/ })).toHaveAttribute('href', '/less149');
  await expect(page.getByText('الدفع عند الاستلام · توصيل خلال 3 أيام عمل للقاهرة والجيزة')).toBeVisible();
  await expect(page.getByText(/شحن مجاني/)).toHaveCount(0);
  for (const promise of ['استبدال واسترجاع', 'خدمة العملاء', 'دفع آمن', 'توصيل سريع']) {
    await expect(page.getByRole('region', { name: 'خدماتنا' }).getByText(promise, { exact: true })).toBeVisible();
  }
});

test('a guest picks a category from the menu and lands on its page', async ({ page, isMobile }) => {
  const ids = await categoryIds(page.request);
  const home = new HomePage(page);
  await home.goto();
  const header = new SiteHeader(page);
  if (isMobile) {
    await expect(page.getByRole('navigation', { name: 'الاختصارات' }).getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
    const panel = await header.openMobileMenu();
    await expect(panel.getByRole('link', { name: /منتجات الشتاء/ })).toHaveAttribute('href', '/winter');
    await expect(panel.getByRole('link', { name: /منتجات الصيف/ })).toHaveCount(0);
    await expect(panel.getByRole('link', { name: /طلبات الجملة/ })).toHaveAttribute('target', '_blank');
    await screenshot(page, 'mobile-menu', false);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await header.chooseCategoryFromMobileMenu('قميص');
  } else {
    const nav = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
    await expect(nav.getByRole('link', { name: /أقل من 199/ })).toContainText('تخفيض');
    await expect(nav.getByRole('link', { name: /وصل حديثاً/ })).toContainText('جديد');
    await expect(nav.getByRole('link', { name: /منتجات الصيف/ })).toHaveAttribute('href', '/summer');
    await expect(page.getByRole('navigation', { name: 'الاختصارات' })).toBeHidden();
    await header.categoriesToggle.click();
    await expect(nav.getByRole('list', { name: 'الأقسام' })).toHaveCSS('width', '400px');
    await screenshot(page, 'category-dropdown', false);
    await header.categoriesToggle.click();
    await header.chooseCategoryFromDropdown('قميص');
  }
  await expect(page).toHaveURL(`/category/${ids.get('قميص')}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('قميص');
});

test('the search toggle opens a full-width search and lands on the results', async ({ page }) => {
  await new HomePage(page).goto();
  const header = new SiteHeader(page);
  const box = await header.openSearch();
  await expect(box).toBeFocused();
  const overlay = header.bar.getByRole('search');
  expect((await overlay.locator('..').boundingBox())?.width).toBe(page.viewportSize()?.width);
  await screenshot(page, 'search-overlay', false);
  await header.search('تيشيرت');
  await expect(page).toHaveURL(/\/search\?keyword=/);
  expect(new URL(page.url()).searchParams.get('keyword')).toBe('تيشيرت');
  await expect(header.bar.getByRole('searchbox', { name: 'ابحث عن منتج' })).toBeHidden();
});

test('the mailing list signs an address up, and answers the same when it is already on the list', async ({ page }) => {
  await new HomePage(page).goto();
  const footer = new SiteFooter(page);
  await footer.subscribe('not-an-email');
  await expect(toast(page, 'أدخل بريداً إلكترونياً صحيحاً')).toBeVisible();
  await expect(footer.footer.getByLabel('البريد الإلكتروني')).toHaveAttribute('aria-invalid', 'true');

  const email = `shopper-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await footer.subscribe(email);
  await expect(toast(page, 'تم الاشتراك في القائمة البريدية بنجاح')).toBeVisible();
  await expect(footer.footer.getByLabel('البريد الإلكتروني')).toHaveValue('');
  // The same success as the first time, so the box tells nobody which addresses are on the list.
  await expectNewToast(page, 'تم الاشتراك في القائمة البريدية بنجاح', () => footer.subscribe(email.toUpperCase()));
  await expect(footer.footer.getByLabel('البريد الإلكتروني')).toHaveValue('');
  await expect(footer.footer.getByLabel('البريد الإلكتروني')).not.toHaveAttribute('aria-invalid');
  await expect(page).toHaveURL('/');
});

test('the footer: payment methods, social links, copyright and the help pages', async ({ page }) => {
  await new HomePage(page).goto();
  const footer = new SiteFooter(page);
  const year = new Intl.DateTimeFormat('en', { timeZone: 'Africa/Cairo', year: 'numeric' }).format(new Date());
  await expect(footer.footer).toContainText(`© ${year} ${STORE_NAME}`);
  await footer.openSection('تابعنا');
  // The badges are one picture named by every method.
  await expect(footer.footer.getByRole('img', { name: 'وسائل الدفع: الدفع نقداً عند الاستلام، valU، Sympl، Aman، Visa، Mastercard، محفظة الهاتف', exact: true })).toBeVisible();
  for (const social of ['فيسبوك', 'إنستجرام', 'تيك توك', 'واتساب']) {
    await expect(footer.footer.getByRole('link', { name: new RegExp(social) })).toHaveAttribute('rel', /noopener/);
  }
  await expect(footer.footer.getByRole('link', { name: /واتساب/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+$/);
  await footer.openSection('المساعدة');
  for (const name of ['اتصل بنا', 'فروعنا']) {
    await expect(footer.footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', '/');
  }
  await screenshot(page, 'footer');

  for (const staticPage of STATIC_PAGES) {
    await footer.openLink('المساعدة', staticPage.footer);
    await expect(page).toHaveURL(staticPage.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(staticPage.heading);
    await expect(page).toHaveTitle(`${staticPage.heading} | ${STORE_NAME}`);
    await expect(page.getByRole('article')).toContainText(staticPage.mentions);
  }
});

test('the static pages tell one story: 14 days, refunds, inspection, hours and delivery', async ({ page }) => {
  for (const staticPage of STATIC_PAGES) {
    const response = await page.goto(staticPage.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('article')).not.toContainText('خلال 7 أيام');
  }
  const text = page.getByRole('article');
  await expect(text).toContainText('خلال 14 يوماً من تاريخ استلام الطلب');
  await expect(text).toContainText('يُرد المبلغ خلال 14 يوماً، تبدأ بعد 5 أيام');
  await expect(text).toContainText('إذا تم رد المبلغ عن طريق شركة الشحن فيصلك خلال 14 يوماً');
  await expect(text).toContainText('خلال 5 إلى 7 أيام');
  await expect(text).toContainText('السبت إلى الخميس من الساعة 10:00 إلى الساعة 18:00');
  await expect(text).toContainText('خلال 3 أيام عمل داخل القاهرة والجيزة');
  await screenshot(page, 'static-page');
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);
});

test('an unknown address shows the 404 page with a way home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page Not Found/);
  await screenshot(page, 'not-found');
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);
  await page.getByRole('link', { name: 'Back To Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(STORE_NAME);
});

test('sitemap.xml lists every page with absolute URLs and robots.txt points to it', async ({ request, baseURL }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const xml = await sitemap.text();
  for (const path of ['/', '/new-arrived', '/offers', '/winter', '/less149', '/about-shortcut', '/delivery-and-returns']) {
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  }
  const ids = await categoryIds(request);
  for (const id of ids.values()) expect(xml).toContain(`<loc>${baseURL}/category/${id}</loc>`);
  const products = (await (await request.get('/api/v1/products?limit=100')).json()) as { results: number; data: { _id: string }[] };
  for (const product of products.data) expect(xml).toContain(`<loc>${baseURL}/product/${product._id}</loc>`);

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain('User-agent: *');
  for (const path of ['/admin', '/cart', '/checkout', '/profile', '/login', '/signup']) expect(text).toContain(`Disallow: ${path}\n`);
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('the account menu follows the role: guest, customer, admin', async ({ page, isMobile }) => {
  await new HomePage(page).goto();
  const header = new SiteHeader(page);
  let menu = await header.openUserMenu();
  await expect(menu.getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/login');
  await expect(menu.getByRole('link', { name: 'إنشاء حساب' })).toHaveAttribute('href', '/signup');
  await screenshot(page, 'user-menu-guest', false);

  await signIn(page, CUSTOMER);
  await page.reload();
  menu = await header.openUserMenu();
  await expect(menu.getByRole('link', { name: 'حسابي' })).toHaveAttribute('href', '/profile');
  await expect(menu.getByRole('button', { name: 'تسجيل الخروج' })).toBeVisible();
  await expect(header.cart).toHaveAttribute('href', '/cart');
  if (isMobile) await expect(page.getByRole('navigation', { name: 'الاختصارات' }).getByRole('link', { name: 'حسابي' })).toHaveAttribute('href', '/profile');

  await signIn(page, ADMIN);
  await page.reload();
  menu = await header.openUserMenu();
  await expect(menu.getByRole('link', { name: 'لوحة التحكم' })).toHaveAttribute('href', '/admin/manage-products');
  if (isMobile) {
    await page.keyboard.press('Escape');
    const panel = await header.openMobileMenu();
    await expect(panel.getByRole('link', { name: 'لوحة التحكم' })).toHaveAttribute('href', '/admin');
  }
  await screenshot(page, 'admin-menu', false);
});

test('the home page, also with its menu open, has no serious accessibility violations', async ({ page, isMobile }) => {
  await new HomePage(page).goto();
  await expectNoSeriousViolations(page);
  const header = new SiteHeader(page);
  if (isMobile) await header.openMobileMenu();
  else await header.categoriesToggle.click();
  await expectNoSeriousViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home shows the first slide, the search overlay searches and the mailing list answers', async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();
    await expect(home.slide(1).getByRole('link', { name: 'تسوق الجديد' })).toBeInViewport();
    await expect(home.tiles).toHaveCount(3);
    await screenshot(page, 'home-no-js');

    await new SiteHeader(page).search('قميص');
    await expect(page).toHaveURL(/\/search\?keyword=/);
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('قميص');

    await page.goto('/');
    const email = `nojs-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    await new SiteFooter(page).subscribe(email);
    await expect(page).toHaveURL('/newsletter');
    await expect(page.getByRole('status')).toHaveText('تم الاشتراك في القائمة البريدية بنجاح');
    await page.getByRole('link', { name: 'العودة إلى الرئيسية' }).click();
    await expect(page).toHaveURL('/');
  });
});
