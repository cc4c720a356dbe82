/**
 * Sessions that end on the server: logging out and changing the password sign the account out
 * everywhere a copy of its cookie was kept, not only in this browser.
 */
import type { BrowserContext } from '@playwright/test';
import { expect, test } from './pages/test.ts';
import { expectFieldError, expectNoHorizontalOverflow, LoginPage, SignupPage } from './pages/account.ts';
import { expectNoSeriousViolations } from './pages/common.ts';

async function sessionCookie(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'token');
  expect(cookie?.value).toBeTruthy();
  return cookie!.value;
}

/** Whether a copy of the cookie, sent from outside the browser, still signs anyone in. */
async function stillSignedIn(context: BrowserContext, token: string): Promise<boolean> {
  const response = await context.request.get('/api/v1/users/getMe', { headers: { cookie: `token=${token}` } });
  return response.status() === 200;
}

test('logging out ends the session on the server, not only in this browser', async ({ page, context }) => {
  await new SignupPage(page).signUpFresh();
  const token = await sessionCookie(context);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await stillSignedIn(context, token)).toBe(false);
});

test('a shopper changes the password from the profile: other devices are signed out, this one stays', async ({ page, browser }) => {
  const account = await new SignupPage(page).signUpFresh();
  const otherDevice = await browser.newContext();
  const other = await otherDevice.newPage();
  await new LoginPage(other).goto();
  await new LoginPage(other).logIn(account.phone, account.password);
  await expect(other).toHaveURL(/\/$/);
  const otherToken = await sessionCookie(otherDevice);

  await page.goto('/profile');
  await page.getByRole('link', { name: 'تغيير كلمة المرور' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'تغيير كلمة المرور' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);

  await page.getByLabel('كلمة المرور الحالية', { exact: true }).fill('not-my-password');
  await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('new-secret-456');
  await page.getByLabel('تأكيد كلمة المرور الجديدة', { exact: true }).fill('new-secret-456');
  await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
  await expectFieldError(page, 'كلمة المرور الحالية', 'كلمة المرور الحالية غير صحيحة');
  expect(await stillSignedIn(otherDevice, otherToken)).toBe(true);

  await page.getByLabel('كلمة المرور الحالية', { exact: true }).fill(account.password);
  await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('new-secret-456');
  await page.getByLabel('تأكيد كلمة المرور الجديدة', { exact: true }).fill('new-secret-456');
  await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
  await expect(page.getByRole('status')).toContainText('تم تغيير كلمة المرور');

  expect(await stillSignedIn(otherDevice, otherToken)).toBe(false);
  await page.getByRole('link', { name: 'العودة إلى حسابي' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'حسابي' })).toBeVisible();
  await otherDevice.close();

  await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
  // The logout's redirect home must land before the login page opens, or it replaces it.
  await expect(page).toHaveURL(/\/$/);
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(account.phone, 'new-secret-456');
  await expect(page).toHaveURL(/\/$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the password change is a plain form: a refusal beside its field, then the change, still signed in here', async ({ page }) => {
    const account = await new SignupPage(page).signUpFresh();
    await page.goto('/change-password');
    await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
    await expectFieldError(page, 'كلمة المرور الحالية', 'أدخل كلمة المرور الحالية');
    await expectFieldError(page, 'تأكيد كلمة المرور الجديدة', 'أدخل تأكيد كلمة المرور');

    await page.getByLabel('كلمة المرور الحالية', { exact: true }).fill(account.password);
    await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('new-secret-456');
    await page.getByLabel('تأكيد كلمة المرور الجديدة', { exact: true }).fill('new-secret-456');
    await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
    // The page after the change is asked for with the new session's cookie: still signed in.
    await expect(page.getByRole('status')).toContainText('تم تغيير كلمة المرور');
    await page.getByRole('link', { name: 'العودة إلى حسابي' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'حسابي' })).toBeVisible();
  });
});

test('a guest who opens the change-password page is asked to log in', async ({ page }) => {
  await page.goto('/change-password');
  await expect(page).toHaveURL(/\/login$/);
});
