/**
 * The admin's user screens (SPEC.md §2 manage-users, DESIGN.md decision 2 user details): the
 * list with its phone search across every user, a customer's record with their orders, and
 * the admin role given and taken back. Every spec makes its own customer: the database is
 * shared with other specs, so nothing here counts on what else is in it.
 */
import { expect, test } from './pages/test.ts';
import {
  ADMIN,
  expectNoHorizontalOverflow,
  expectNoSeriousViolations,
  openFromSidebar,
  signIn,
  toast,
  uniquePhone,
} from './pages/admin.ts';
import {
  adminToken,
  arabicIndic,
  ManageUsersPage,
  placeOrderAs,
  roleOf,
  setRole,
  signUpCustomer,
  UserDetailsPage,
} from './pages/admin-users.ts';

const ROLE_CHANGED = 'تم تحديث صلاحية المستخدم';
const price = (value: number) => `${value.toFixed(2)} L.E`;

test('an admin finds a new customer by part of the phone, reads their record, and makes them admin and back', async ({ page, request }) => {
  const phone = uniquePhone();
  const customer = await signUpCustomer(request, `سلمى اختبار ${phone.slice(-4)}`, phone);
  const order = await placeOrderAs(request, customer);
  const token = await adminToken(request);

  await signIn(page, ADMIN);
  await page.goto('/admin');
  await openFromSidebar(page, 'المستخدمين');
  const list = new ManageUsersPage(page);
  await list.expectOpen();

  // Typed on an Arabic keyboard; the server folds the digits and searches every user.
  const part = phone.slice(-7);
  await list.search(arabicIndic(part));
  await expect(list.card(customer.name)).toBeVisible();
  for (const shown of await list.cards.getByText(/^01\d{9}$/).allTextContents()) expect(shown).toContain(part);
  await expect(list.card(customer.name)).toHaveAttribute('data-role', 'user');
  await expect(list.card(customer.name).getByText('عميل', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoHorizontalOverflow(page);

  await list.openDetails(customer.name);
  await expect(page).toHaveURL(new RegExp(`/admin/user-details/${customer.id}$`));
  const details = new UserDetailsPage(page);
  await expect(details.stat('رقم الهاتف')).toHaveText(phone);
  await expect(details.stat('عدد الطلبات')).toHaveText('1');
  await expect(details.stat('إجمالي المشتريات')).toHaveText(price(order.totalOrderPrice + order.shippingPrice));
  await expect(details.order(order.id)).toHaveAttribute('href', `/admin/order-details/${order._id}`);
  await details.expectRole('عميل');
  await expectNoSeriousViolations(page);
  await expectNoHorizontalOverflow(page);

  await details.makeAdmin();
  await expect(toast(page, ROLE_CHANGED)).toBeVisible();
  await details.expectRole('مدير');
  expect(await roleOf(request, token, customer.id)).toBe('admin');

  await page.getByRole('link', { name: 'كل المستخدمين' }).click();
  await list.search(part);
  const adminCard = list.card(customer.name);
  await expect(adminCard).toHaveAttribute('data-role', 'admin');
  await expect(adminCard.getByText('مدير', { exact: true })).toBeVisible();
  await expect(adminCard).toHaveClass(/border-brand-500/);
  await expectNoSeriousViolations(page);

  await list.openDetails(customer.name);
  await details.removeAdmin();
  await expect(toast(page, ROLE_CHANGED)).toBeVisible();
  await details.expectRole('عميل');
  expect(await roleOf(request, token, customer.id)).toBe('user');
});

test('a search that matches nobody says so, and a search with letters is refused beside the box', async ({ page }) => {
  await signIn(page, ADMIN);
  const list = new ManageUsersPage(page);
  // 019… is no Egyptian mobile prefix the shop accepts, so no account can match.
  await list.goto();
  await list.search('01999999999');
  await expect(page.getByText('لا يوجد مستخدم يحتوي رقم هاتفه على 01999999999')).toBeVisible();
  await expect(list.cards).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await expectNoHorizontalOverflow(page);

  await page.getByRole('link', { name: 'عرض كل المستخدمين' }).click();
  await expect(list.searchBox).toHaveValue('');
  await expect(list.cards.first()).toBeVisible();

  await list.search('abc');
  await expect(list.searchBox).toHaveAttribute('aria-invalid', 'true');
  await expect(list.searchBox).toHaveAccessibleDescription(/أدخل رقم هاتف صحيح/);
  await expect(list.cards).toHaveCount(0);
});

test('an admin who takes away their own admin role confirms first, then is signed out to the login page', async ({ page, request }) => {
  const phone = uniquePhone();
  const staff = await signUpCustomer(request, `موظف اختبار ${phone.slice(-4)}`, phone);
  const token = await adminToken(request);
  await setRole(request, token, staff.id, 'admin');

  await signIn(page, staff);
  const details = new UserDetailsPage(page);
  await details.goto(staff.id);
  await expect(page.getByText('حسابك أنت')).toBeVisible();

  await details.removeAdmin();
  const question = page.getByRole('group', { name: 'إزالة صلاحية المدير من حسابك؟' });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'نعم، إزالة صلاحيتي' })).toBeFocused();
  await expectNoSeriousViolations(page);
  await question.getByRole('link', { name: 'إلغاء' }).click();
  await expect(question).toBeHidden();
  expect(await roleOf(request, token, staff.id)).toBe('admin');

  await details.removeAdmin();
  await question.getByRole('button', { name: 'نعم، إزالة صلاحيتي' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeVisible();
  expect(await roleOf(request, token, staff.id)).toBe('user');

  await page.goto('/admin/manage-users');
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown or malformed user id is the 404 page', async ({ page }) => {
  await signIn(page, ADMIN);
  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
    const response = await page.goto(`/admin/user-details/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  }
});
