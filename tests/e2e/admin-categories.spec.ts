/**
 * Categories as staff manage them (SPEC.md §2 manage-categories and add-category, §4 "Forms",
 * §8): add one with an image and see it in the shop, rename it, and delete it, never while
 * products still use it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './pages/test.ts';
import sharp from 'sharp';
import { MSG } from '../../contracts/messages.ts';
import { ADMIN, expectFieldError, expectNoHorizontalOverflow, expectNoSeriousViolations, signIn, toast } from './pages/admin.ts';

const png = (colour: string) => sharp({ create: { width: 90, height: 120, channels: 3, background: colour } }).png().toBuffer();
const uniqueName = (prefix: string) => `${prefix} ${Math.floor(Math.random() * 1e6)}`;

async function addCategory(page: Page, name: string) {
  await page.goto('/admin/add-category');
  await page.getByLabel('صورة التصنيف').setInputFiles({ name: 'category.png', mimeType: 'image/png', buffer: await png('#2a7a4b') });
  await expect(page.getByRole('img', { name: 'معاينة الصورة المختارة' })).toBeVisible();
  await page.getByLabel('اسم التصنيف').fill(name);
  await page.getByRole('button', { name: 'إضافة التصنيف' }).click();
  await expect(toast(page, 'تم إضافة تصنيف بنجاح')).toBeVisible();
}

async function deleteCategory(page: Page, name: string) {
  await page.goto('/admin/manage-categories');
  await page.getByRole('link', { name: `حذف التصنيف ${name}` }).or(page.getByRole('button', { name: `حذف التصنيف ${name}` })).click();
  const dialog = page.getByRole('dialog', { name: 'حذف التصنيف' });
  await expect(dialog).toContainText(name);
  await expectNoHorizontalOverflow(page);
  await dialog.getByRole('button', { name: 'نعم، احذف' }).click();
}

test('the admin adds a category with an image, finds it in the shop, renames it and deletes it', async ({ page }) => {
  await signIn(page, ADMIN);
  const name = uniqueName('تصنيف جديد');
  await addCategory(page, name);
  // The form starts over for the next category (SPEC.md §4).
  await expect(page.getByLabel('اسم التصنيف')).toHaveValue('');
  await expect(page.getByRole('img', { name: 'معاينة الصورة المختارة' })).toHaveCount(0);
  expect(await page.getByLabel('صورة التصنيف').evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);

  const categories = (await (await page.request.get('/api/v1/categories?limit=100')).json()) as { data: { _id: string; name: string }[] };
  const created = categories.data.find((c) => c.name === name);
  expect(created).toBeDefined();
  await page.goto(`/category/${created!._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);

  await page.goto('/admin/manage-categories');
  await expectNoSeriousViolations(page);
  await page.getByRole('link', { name: `تعديل التصنيف ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'تعديل تصنيف' })).toBeVisible();
  await expect(page.getByLabel('اسم التصنيف')).toHaveValue(name);
  await expect(page.getByRole('img', { name: 'الصورة الحالية للتصنيف' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);
  const renamed = uniqueName('تصنيف معدل');
  await page.getByLabel('اسم التصنيف').fill(renamed);
  await page.getByRole('button', { name: 'حفظ التعديلات' }).click();
  await expect(toast(page, 'تم تعديل التصنيف بنجاح')).toBeVisible();
  await page.goto(`/category/${created!._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(renamed);

  await deleteCategory(page, renamed);
  await expect(toast(page, 'تم حذف التصنيف بنجاح')).toBeVisible();
  await expect(page.getByRole('link', { name: `تعديل التصنيف ${renamed}` })).toHaveCount(0);
  expect((await page.request.get(`/api/v1/categories/${created!._id}`)).status()).toBe(404);
});

test('a category that products still use is kept, with the reason', async ({ page }) => {
  await signIn(page, ADMIN);
  const products = (await (await page.request.get('/api/v1/products?limit=1')).json()) as { data: { category: { _id: string; name: string } }[] };
  const used = products.data[0]!.category;
  await deleteCategory(page, used.name);
  await expect(toast(page, 'لا يمكن حذف التصنيف لأن هناك منتجات تابعة له')).toBeVisible();
  expect((await page.request.get(`/api/v1/categories/${used._id}`)).ok()).toBeTruthy();
});

test('a bad add-category submit shows the Arabic errors beside the fields and stores nothing', async ({ page }) => {
  await signIn(page, ADMIN);
  const count = async () => ((await (await page.request.get('/api/v1/categories?limit=100')).json()) as { data: unknown[] }).data.length;
  const before = await count();
  await page.goto('/admin/add-category');
  await page.getByRole('button', { name: 'إضافة التصنيف' }).click();
  await expectFieldError(page, 'اسم التصنيف', 'اسم التصنيف مطلوب');
  await expectFieldError(page, 'صورة التصنيف', 'صورة التصنيف مطلوبة');
  await expect(toast(page, 'اسم التصنيف مطلوب')).toBeVisible();
  await expectNoSeriousViolations(page);

  // Passes the browser's check (it says image/png), so only the server's look at the bytes refuses it.
  await page.getByLabel('صورة التصنيف').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is text, not a picture') });
  await page.getByLabel('اسم التصنيف').fill(uniqueName('تصنيف مزيف'));
  await page.getByRole('button', { name: 'إضافة التصنيف' }).click();
  await expectFieldError(page, 'صورة التصنيف', MSG.imageOnly);
  await expect(toast(page, MSG.imageOnly)).toBeVisible();

  const products = (await (await page.request.get('/api/v1/products?limit=1')).json()) as { data: { category: { name: string } }[] };
  await page.getByLabel('صورة التصنيف').setInputFiles({ name: 'category.png', mimeType: 'image/png', buffer: await png('#884422') });
  await page.getByLabel('اسم التصنيف').fill(products.data[0]!.category.name);
  await page.getByRole('button', { name: 'إضافة التصنيف' }).click();
  await expectFieldError(page, 'اسم التصنيف', MSG.categoryNameTaken);
  await expect(page.getByLabel('اسم التصنيف')).toHaveValue(products.data[0]!.category.name);
  expect(await count()).toBe(before);
});

test('cancelling the confirmation keeps the category and gives focus back to its delete control', async ({ page }) => {
  await signIn(page, ADMIN);
  const name = uniqueName('تصنيف للإلغاء');
  await addCategory(page, name);
  await page.goto('/admin/manage-categories');
  const remove = page.getByRole('link', { name: `حذف التصنيف ${name}` });
  await remove.click();
  const dialog = page.getByRole('dialog', { name: 'حذف التصنيف' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(page.getByRole('link', { name: `تعديل التصنيف ${name}` })).toBeVisible();
  await deleteCategory(page, name);
  await expect(toast(page, 'تم حذف التصنيف بنجاح')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the admin adds a category and deletes it after confirming, with plain form posts', async ({ page }) => {
    await signIn(page, ADMIN);
    const name = uniqueName('تصنيف بلا جافاسكربت');
    await page.goto('/admin/add-category');
    await page.getByLabel('اسم التصنيف').fill(name);
    await page.getByLabel('صورة التصنيف').setInputFiles({ name: 'category.png', mimeType: 'image/png', buffer: await png('#224488') });
    await page.getByRole('button', { name: 'إضافة التصنيف' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'تم إضافة تصنيف بنجاح' })).toBeVisible();
    await expect(page.getByLabel('اسم التصنيف')).toHaveValue('');

    await page.goto('/admin/manage-categories');
    await page.getByRole('link', { name: `حذف التصنيف ${name}` }).click();
    await page.getByRole('dialog', { name: 'حذف التصنيف' }).getByRole('button', { name: 'نعم، احذف' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'تم حذف التصنيف بنجاح' })).toBeVisible();
    await expect(page.getByRole('link', { name: `تعديل التصنيف ${name}` })).toHaveCount(0);
  });
});
