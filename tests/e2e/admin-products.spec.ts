/**
 * The admin's product screens (SPEC.md §2 "Admin screens", §4 "Forms", §5 "Add-product";
 * DESIGN.md decision 2): adding a product with its images and finding it in the shop, editing
 * it, deleting one after confirming, the Arabic form errors, the same forms without
 * JavaScript, the 404 of an unknown product, accessibility and overflow at both widths.
 */
import { expect, test } from './pages/test.ts';
import {
  ADMIN,
  CUSTOMER,
  expectFieldError,
  expectNoHorizontalOverflow,
  expectNoSeriousViolations,
  openFromSidebar,
  signIn,
  toast,
} from './pages/admin.ts';
import {
  createProductThroughApi,
  findProducts,
  imageFile,
  ManageProductsPage,
  price,
  ProductFormPage,
  uniqueMark,
} from './pages/admin-products.ts';
import { placeOrderAsNewCustomer } from './pages/admin-orders.ts';

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN);
});

test('the admin adds a product with images, finds it in the shop, edits it and sees the change', async ({ page }) => {
  // The longest path of the admin's screens: three forms, two uploads and the shop's pages.
  test.setTimeout(120_000);
  const mark = uniqueMark();
  const title = `قميص كتان تجربة ${mark}`;
  const form = new ProductFormPage(page);
  const productCount = async () =>
    ((await (await page.request.get('/api/v1/products?limit=1')).json()) as { paginationResult: { numberOfPages: number } }).paginationResult
      .numberOfPages;
  const before = await productCount();

  await page.goto('/admin');
  await openFromSidebar(page, 'إضافة منتج');
  await expect(page.getByRole('heading', { level: 1, name: 'إضافة منتج' })).toBeVisible();

  await form.submit('إضافة المنتج');
  // One toast points to the fields rather than one toast per field (read first: it closes after 5 s).
  await expect(toast(page, 'بعض الحقول تحتاج إلى تصحيح')).toHaveCount(1);
  await expect(page.locator('.Toastify').getByRole('alert')).toHaveCount(1);
  await expectFieldError(page, 'اسم المنتج', 'اسم المنتج مطلوب');
  await expectFieldError(page, 'وصف المنتج', 'وصف المنتج مطلوب');
  await expectFieldError(page, 'السعر (جنيه)', 'السعر مطلوب');
  await expectFieldError(page, 'اختر صور المنتج', 'صورة الغلاف مطلوبة');
  await expect(page.getByRole('group', { name: 'المقاسات المتاحة' })).toHaveAccessibleDescription('اختر مقاساً واحداً على الأقل');
  // The first field to fix, in the order of the form, is the images.
  await expect(form.imagesInput()).toBeFocused();

  await form.fill({ description: 'و'.repeat(201) });
  await form.expectDescriptionCount(201);
  await form.submit('إضافة المنتج');
  await expectFieldError(page, 'وصف المنتج', 'يجب ألا يزيد وصف المنتج عن 200 حرف');

  await expect(form.imagesInput()).toHaveAttribute('aria-invalid', 'true');
  await form.chooseImages([await imageFile('front.png', '#aa3344'), await imageFile('back.jpg', '#3344aa', 'jpeg')]);
  // The pictures answer "cover required" at once; the description's message stays until the next submit.
  await expect(form.imagesInput()).not.toHaveAttribute('aria-invalid');
  await expect(page.getByLabel('وصف المنتج', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await form.chooseImages([await imageFile('side.png', '#33aa44')]);
  await expect(form.previews()).toHaveCount(3);
  await expect(form.previews().first().getByText('الغلاف')).toBeVisible();
  await form.remove(3);
  await expect(form.previews()).toHaveCount(2);
  await form.makeCover(2);
  await expect(form.previews().first().getByRole('img')).toHaveAccessibleName(/back\.jpg/);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);

  const description = 'قميص كتان خفيف للصيف';
  await form.fill({
    title,
    description,
    category: true,
    age: 'رجال',
    season: 'صيف',
    price: '350',
    priceAfterDiscount: '399',
    sizes: ['m', 'l'],
    stock: { m: '5', l: '7' },
    barcode: `E2E-${mark}`,
    sale: 'جديد',
  });
  await form.expectDescriptionCount(description.length);
  // Only the ticked sizes have a row, and the total follows what is typed.
  await expect(form.stockRow('s')).toBeHidden();
  await expect(form.stockTotal()).toHaveText('12');
  await form.submit('إضافة المنتج');
  await expectFieldError(page, 'السعر بعد الخصم (جنيه)', 'السعر بعد الخصم يجب ألا يزيد عن السعر الأصلي');
  await expect(toast(page, 'السعر بعد الخصم يجب ألا يزيد عن السعر الأصلي')).toBeVisible();
  await expect(page.locator('#upload-progress')).toHaveCount(0);
  expect(await productCount()).toBe(before);

  await form.fill({ priceAfterDiscount: '299.5' });
  await form.submit('إضافة المنتج');
  await expect(toast(page, 'تم إضافة المنتج بنجاح')).toBeVisible();
  // Toasts have their own progress bars: this is the upload's.
  await expect(page.locator('#upload-progress')).toHaveCount(0);
  // The form starts again, empty, for the next product.
  await expect(page.getByLabel('اسم المنتج', { exact: true })).toHaveValue('');
  await expect(form.previews()).toHaveCount(0);

  const [added] = await findProducts(page.request, `E2E-${mark}`);
  expect(added).toMatchObject({
    title,
    price: 350,
    priceAfterDiscount: 299.5,
    quantity: 12,
    stock: [
      { size: 'm', quantity: 5 },
      { size: 'l', quantity: 7 },
    ],
  });
  expect(added!.images).toHaveLength(1);

  await page.goto(`/product/${added!._id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(price(299.5)).first()).toBeVisible();

  const list = new ManageProductsPage(page);
  await list.goto();
  await list.search(`E2E-${mark}`);
  await expect(list.card(title)).toContainText(price(299.5));
  await expect(list.card(title)).toContainText('جديد');
  await expect(list.card(title).getByRole('list', { name: `المخزون حسب المقاس: ${title}` }).getByRole('listitem')).toHaveText(['مقاس M: 5', 'مقاس L: 7']);
  await expectNoHorizontalOverflow(page);
  await list.edit(title);

  await expect(page.getByLabel('اسم المنتج', { exact: true })).toHaveValue(title);
  await expect(page.getByRole('img', { name: 'صورة الغلاف الحالية' })).toBeVisible();
  await expect(form.stockRow('m')).toHaveValue('5');
  await expect(form.stockRow('l')).toHaveValue('7');
  await expect(form.historyRows('l', 'تعديل من الإدارة')).toContainText('0 → 7');
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);
  const renamed = `${title} معدل`;
  // A size's pieces that are not a whole number are refused beside its row; nothing typed is lost.
  await form.fill({ title: renamed, price: '300', priceAfterDiscount: '249', stock: { m: '-1' } });
  await form.submit('حفظ التعديلات');
  await expect(form.stockRow('m')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.stockRow('m')).toHaveAccessibleDescription('المخزون يجب أن يكون لكل مقاس رقماً صحيحاً لا يقل عن صفر');
  await expect(form.stockTotal()).toHaveText('—');
  await expect(page.getByLabel('اسم المنتج', { exact: true })).toHaveValue(renamed);
  await form.fill({ stock: { m: '8' } });
  await expect(form.stockTotal()).toHaveText('15');
  await form.submit('حفظ التعديلات');
  await expect(toast(page, 'تم تعديل المنتج بنجاح')).toBeVisible();
  await expect(page.getByLabel('اسم المنتج', { exact: true })).toHaveValue(renamed);
  await expect(form.stockRow('m')).toHaveValue('8');
  // The saved change leads the stock history.
  await expect(form.stockHistory().getByRole('row').nth(1)).toContainText('تعديل من الإدارة');
  await expect(form.historyRows('m', 'تعديل من الإدارة').first()).toContainText('5 → 8');
  await expect(form.historyRows('m', 'تعديل من الإدارة').first()).toContainText('(+3)');

  await page.goto(`/product/${added!._id}`);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByText(price(249)).first()).toBeVisible();
  const [edited] = await findProducts(page.request, `E2E-${mark}`);
  // The images were kept: none were chosen while editing.
  expect(edited).toMatchObject({ imageCover: added!.imageCover, images: added!.images });
});

test('the list shows every product, sold out and switched off ones too, and deletes one after confirming', async ({ page }) => {
  const mark = uniqueMark();
  const soldOut = await createProductThroughApi(page, { title: `بنطلون نفد ${mark}`, barcode: `DEL-${mark}`, price: 180, quantity: 0 });
  const hidden = await createProductThroughApi(page, { title: `جاكيت موقوف ${mark}`, barcode: `DEL-${mark}-2`, price: 420, quantity: 5, availability: false });

  const list = new ManageProductsPage(page);
  await list.goto();
  await expect(page.getByRole('link', { name: 'إضافة منتج' }).last()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'الصفحات' })).toBeVisible();
  await list.search(`DEL-${mark}`);
  await expect(list.card(soldOut.title)).toContainText('نفدت الكمية');
  await expect(list.card(soldOut.title)).toContainText(price(180));
  await expect(list.card(hidden.title)).toContainText('غير متاح للبيع');
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);

  await list.askToDelete(soldOut.title);
  await expect(list.confirmButton(soldOut.title)).toBeVisible();
  await list.cancelDelete(soldOut.title);
  await expect(list.confirmButton(soldOut.title)).toBeHidden();

  await list.askToDelete(soldOut.title);
  await expectNoHorizontalOverflow(page);
  await list.confirmButton(soldOut.title).click();
  await expect(toast(page, 'تم حذف المنتج بنجاح')).toBeVisible();
  await expect(list.card(soldOut.title)).toHaveCount(0);
  await expect(list.card(hidden.title)).toBeVisible();
  expect((await page.request.get(`/api/v1/products/${soldOut._id}`)).status()).toBe(404);

  // Search forgives typos: only letters no product shares find nothing.
  await list.search('ظظظغغغ');
  await expect(page.getByText('لا توجد منتجات تطابق بحثك.')).toBeVisible();
});

test('an unknown product id shows the not-found message with a way back', async ({ page }) => {
  const response = await page.goto('/admin/edit-product/00000000-0000-4000-8000-000000000000');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'المنتج غير موجود' })).toBeVisible();
  await page.getByRole('link', { name: 'العودة إلى المنتجات' }).click();
  await new ManageProductsPage(page).expectOpen();
});

test('a customer is sent away from the product screens', async ({ page }) => {
  await page.context().clearCookies();
  await signIn(page, CUSTOMER);
  for (const path of ['/admin/manage-products', '/admin/add-product']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the forms still add, edit and delete a product with plain posts, stock per size included', async ({ page, request }) => {
    const mark = uniqueMark();
    const title = `شورت بدون سكربت ${mark}`;
    const form = new ProductFormPage(page);

    await form.gotoAdd();
    await form.submit('إضافة المنتج');
    await expectFieldError(page, 'اسم المنتج', 'اسم المنتج مطلوب');

    // Every size has its row in the page; a stylesheet shows the ticked sizes' rows alone.
    await expect(form.stockRow('12')).toBeHidden();
    await form.fill({ title, description: 'شورت قطن', category: true, age: 'أطفال', season: 'جميعاً', price: '150', sizes: ['12', '14'], barcode: `NOJS-${mark}` });
    await form.fill({ stock: { '12': '4', '14': '1.5' } });
    await form.submit('إضافة المنتج');
    // Refused beside the row, with everything typed still there.
    await expect(form.stockRow('14')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.stockRow('14')).toHaveAccessibleDescription('المخزون يجب أن يكون لكل مقاس رقماً صحيحاً لا يقل عن صفر');
    await expect(form.stockRow('12')).toHaveValue('4');
    await expect(page.getByLabel('اسم المنتج', { exact: true })).toHaveValue(title);
    // A chosen file is not kept by a refused plain post: choose the pictures once the fields are right.
    await form.chooseImages([await imageFile('plain.png', '#123456'), await imageFile('plain-2.png', '#654321')]);
    await form.fill({ sizes: ['14'] });
    await form.submit('إضافة المنتج');
    await expect(page.getByRole('status').filter({ hasText: 'تم إضافة المنتج بنجاح' })).toBeVisible();
    const [added] = await findProducts(page.request, `NOJS-${mark}`);
    expect(added).toMatchObject({ title, price: 150, priceAfterDiscount: 150, quantity: 4, stock: [{ size: '12', quantity: 4 }] });
    expect(added!.images).toHaveLength(1);

    await form.gotoEdit(added!._id);
    // An order placed while the form is open is not undone by saving the pieces the form showed.
    await placeOrderAsNewCustomer(request, { productId: added!._id, size: '12', count: 1 });
    await form.fill({ price: '140', priceAfterDiscount: '140' });
    await form.submit('حفظ التعديلات');
    await expect(page.getByRole('status').filter({ hasText: 'تم تعديل المنتج بنجاح' })).toBeVisible();
    await expect(page.getByLabel('السعر (جنيه)', { exact: true })).toHaveValue('140');
    await expect(form.stockRow('12')).toHaveValue('3');

    await form.fill({ stock: { '12': '6' } });
    await form.submit('حفظ التعديلات');
    await expect(page.getByRole('status').filter({ hasText: 'تم تعديل المنتج بنجاح' })).toBeVisible();
    await expect(form.stockRow('12')).toHaveValue('6');
    const edit = form.historyRows('12', 'تعديل من الإدارة').first();
    await expect(edit).toContainText('3 → 6');
    await expect(edit).toContainText('مدير المتجر');
    await expect(form.historyRows('12', 'طلب')).toContainText('4 → 3');

    const list = new ManageProductsPage(page);
    await list.goto(`NOJS-${mark}`);
    await list.askToDelete(title);
    await list.confirmButton(title).click();
    await expect(page.getByRole('status').filter({ hasText: 'تم حذف المنتج بنجاح' })).toBeVisible();
    await expect(list.card(title)).toHaveCount(0);
  });
});
