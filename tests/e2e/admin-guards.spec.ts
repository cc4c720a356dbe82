/**
 * The admin area's door (SPEC.md §6, DESIGN.md decision 1): guests and customers are sent to /
 * from every admin page and get none of its data, whether they ask for the page, for React
 * Router's data (`<path>.data`) or post to a page's action. The admin reaches every screen,
 * from the sidebar too, and each one passes axe.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './pages/test.ts';
import {
  ADMIN,
  ADMIN_PATHS,
  expectNoHorizontalOverflow,
  expectNoSeriousViolations,
  isPhone,
  openFromSidebar,
  signIn,
  uniquePhone,
} from './pages/admin.ts';
import { adminToken, filledAdminPaths, roleOf, signUpCustomer, type Account } from './pages/admin-users.ts';

/** The sidebar as SPEC.md §2 lists the admin screens, in its order, then the shipping fees (API.md "shipping by governorate"), the discount codes and the WhatsApp messages. */
const SIDEBAR = [
  { label: 'نظرة عامة', path: '/admin' },
  { label: 'الطلبات', path: '/admin/manage-orders' },
  { label: 'المرتجعات', path: '/admin/returns' },
  { label: 'المنتجات', path: '/admin/manage-products' },
  { label: 'إضافة منتج', path: '/admin/add-product' },
  { label: 'التصنيفات', path: '/admin/manage-categories' },
  { label: 'إضافة تصنيف', path: '/admin/add-category' },
  { label: 'المستخدمين', path: '/admin/manage-users' },
  { label: 'أسعار الشحن', path: '/admin/shipping' },
  { label: 'أكواد الخصم', path: '/admin/coupons' },
  { label: 'رسائل واتساب', path: '/admin/messages' },
];

/** Words only an admin page carries: the sidebar's title. */
const ADMIN_ONLY_TEXT = 'لوحة التحكم';

let customer: Account;
let paths: string[];
let token: string;

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const phone = uniquePhone();
  // A customer whose phone is on the first page of the user list: the data a leak would show.
  customer = await signUpCustomer(request, `عميل الحراسة ${phone.slice(-4)}`, phone);
  token = await adminToken(request);
  paths = await filledAdminPaths(request, token, customer.id);
  await request.dispose();
});

/** What must never reach someone who is not an admin. */
function expectNoAdminData(body: string) {
  expect(body).not.toContain(customer.phone);
  expect(body).not.toContain(ADMIN.phone);
  expect(body).not.toContain(ADMIN_ONLY_TEXT);
}

/** The page, asked for without following redirects, is a redirect to / with nothing of the page. */
async function expectRedirectedHome(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBeGreaterThanOrEqual(300);
  expect(response.status(), path).toBeLessThan(400);
  expect(response.headers().location).toBe('/');
  expectNoAdminData(await response.text());
}

/** React Router's data request for the page answers a redirect to /, not the loaders' data. */
async function expectDataRefused(request: APIRequestContext, path: string) {
  const response = await request.get(`${path}.data`, { maxRedirects: 0 });
  const body = await response.text();
  expect(body, `${path}.data`).toContain('redirect');
  expectNoAdminData(body);
}

async function expectSentHome(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
  await expect(page.getByRole('navigation', { name: ADMIN_ONLY_TEXT })).toHaveCount(0);
}

for (const [index, template] of ADMIN_PATHS.entries()) {
  test(`${template}: a guest and a customer are sent to / and get none of its data`, async ({ page }) => {
    const path = paths[index]!;
    await expectSentHome(page, path);
    await expectRedirectedHome(page.request, path);
    await expectDataRefused(page.request, path);

    await signIn(page, customer);
    await expectSentHome(page, path);
    await expectRedirectedHome(page.request, path);
    await expectDataRefused(page.request, path);
  });
}

test("a guest's and a customer's post to the role form is refused and changes nothing", async ({ page, baseURL }) => {
  const target = `/admin/user-details/${customer.id}`;
  const post = (url: string) =>
    // Same origin, as a real form post sends it, so only the admin guard can refuse it.
    page.request.post(url, { form: { role: 'admin' }, headers: { Origin: baseURL! }, maxRedirects: 0 });

  for (const who of ['guest', 'customer'] as const) {
    if (who === 'customer') await signIn(page, customer);
    const documentPost = await post(target);
    expect(documentPost.status(), `${who} form post`).toBeGreaterThanOrEqual(300);
    expect(documentPost.status(), `${who} form post`).toBeLessThan(400);
    expect(documentPost.headers().location).toBe('/');
    expectNoAdminData(await documentPost.text());

    const dataPost = await post(`${target}.data`);
    const body = await dataPost.text();
    expect(body, `${who} data post`).toContain('redirect');
    expect(body).not.toContain('تم تحديث صلاحية المستخدم');
    expectNoAdminData(body);
  }
  expect(await roleOf(page.request, token, customer.id)).toBe('user');
});

test('the sidebar leads the admin to every screen', async ({ page }) => {
  await signIn(page, ADMIN);
  // Start off the list, so every link below leads somewhere new.
  await page.goto(`/admin/user-details/${customer.id}`);
  const navName = isPhone(page) ? 'لوحة التحكم (الجوال)' : 'لوحة التحكم';
  // On a phone the fold closes again behind each link, so the list is found hidden too.
  const nav = page.getByRole('navigation', { name: navName, exact: true, includeHidden: true });
  const fold = page.locator('summary', { hasText: 'لوحة التحكم' });
  if (isPhone(page)) await fold.click();
  await expect(nav.getByRole('link')).toHaveText(SIDEBAR.map((link) => link.label));
  // openFromSidebar opens the fold itself.
  if (isPhone(page)) await fold.click();

  for (const { label, path } of SIDEBAR) {
    await openFromSidebar(page, label);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(nav.getByRole('link', { name: label, exact: true, includeHidden: true })).toHaveAttribute('aria-current', 'page');
  }
});

for (const [index, template] of ADMIN_PATHS.entries()) {
  test(`${template}: the admin opens it, with no serious accessibility violations and nothing sticking out`, async ({ page }) => {
    await signIn(page, ADMIN);
    const response = await page.goto(paths[index]!);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);
  });
}
