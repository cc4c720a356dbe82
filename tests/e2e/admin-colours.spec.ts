/**
 * The admin's product form in colours (API.md "Additions: colours beside sizes"): adding a
 * product in two colours with their own pictures and pieces per colour and size, finding its
 * stock per colour in the list, renaming a colour while its pieces stay, the colour in the stock
 * history and on the order's page, a colour an unshipped order holds that cannot be removed,
 * and the same form without JavaScript.
 */
import { expect, test } from './pages/test.ts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { sizeName } from '../../contracts/constants.ts';
import { ADMIN, expectNoHorizontalOverflow, expectNoSeriousViolations, signIn, toast } from './pages/admin.ts';
import { ADDRESS } from './pages/admin-orders.ts';
import { imageFile, ManageProductsPage, ProductFormPage, uniqueMark } from './pages/admin-products.ts';
import { ColourFields, createColouredProduct, deleteProduct } from './pages/colours.ts';
import { uniquePhone } from './pages/common.ts';

interface ApiColouredProduct {
  _id: string;
  title: string;
  images: string[];
  colors: { name: string; hex: string; images: string[] }[];
  stock: { color?: string; size: string; quantity: number }[];
  quantity: number;
}

async function productById(request: APIRequestContext, id: string): Promise<ApiColouredProduct> {
  const response = await request.get(`/api/v1/products/${id}`);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { data: ApiColouredProduct }).data;
}

async function productByBarcode(request: APIRequestContext, barcode: string): Promise<ApiColouredProduct> {
  const response = await request.get(`/api/v1/products?keyword=${encodeURIComponent(barcode)}`);
  const [found] = ((await response.json()) as { data: ApiColouredProduct[] }).data;
  expect(found, barcode).toBeDefined();
  return productById(request, found!._id);
}

/** The stock history's rows of a colour and size: "كحلي · M". */
function historyRows(page: Page, colour: string, size: string): Locator {
  return new ProductFormPage(page)
    .stockHistory()
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: `${colour} · ${sizeName(size)}`, exact: true }) });
}

/** A new customer orders `count` pieces of a colour and size through the API; the order's id. */
async function orderColour(request: APIRequestContext, productId: string, colorName: string, size: string, count = 1): Promise<{ id: string; number: number }> {
  const customer = { name: 'عميلة الألوان', phone: uniquePhone(), password: 'secret-123' };
  const signup = await request.post('/api/v1/auth/signup', { data: { ...customer, passwordConfirm: customer.password } });
  expect(signup.status()).toBe(201);
  const headers = { Authorization: `Bearer ${((await signup.json()) as { token: string }).token}` };
  let cartId = '';
  for (let i = 0; i < count; i++) {
    const added = await request.post('/api/v1/cart', { headers, data: { productId, color: size, colorName } });
    expect(added.ok(), await added.text()).toBeTruthy();
    cartId = ((await added.json()) as { data: { _id: string } }).data._id;
  }
  const placed = await request.post(`/api/v1/orders/${cartId}`, { headers, data: { shippingAddress: ADDRESS, paymentMethodType: 'cash' } });
  expect(placed.status()).toBe(201);
  const { data } = (await placed.json()) as { data: { _id: string; id: number } };
  return { id: data._id, number: data.id };
}

/**
 * The products each test made, deleted after it: the specs that follow on the same server take
 * the newest products on sale and add them to a cart without a colour.
 */
const made: string[] = [];
test.afterEach(async ({ request }) => {
  for (const id of made.splice(0)) await deleteProduct(request, id);
});

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN);
});

test('the admin adds a product in two colours with their pictures and pieces, renames one keeping its pieces, and reads the colours in the stock history', async ({ page }) => {
  test.setTimeout(120_000);
  const mark = uniqueMark();
  const title = `قميص بلونين ${mark}`;
  const form = new ProductFormPage(page);
  const colours = new ColourFields(page);

  await form.gotoAdd();
  await form.chooseImages([
    await imageFile('cover.png', '#888888'),
    await imageFile('black-front.png', '#111111'),
    await imageFile('black-back.png', '#222222'),
    await imageFile('navy-front.png', '#1f2a44'),
    await imageFile('navy-back.png', '#2a3555'),
  ]);
  await expect(form.previews()).toHaveCount(5);
  await form.fill({ title, description: 'قميص قطن بلونين', category: true, age: 'رجال', season: 'صيف', price: '400', sizes: ['m', 'l'], barcode: `CLR-${mark}` });

  // Without colours the stock is per size; the first colour takes the pieces typed so far.
  await form.fill({ stock: { m: '3' } });
  await colours.add('أسود', '#111111', [2, 3]);
  await expect(page.getByRole('group', { name: 'المخزون لكل مقاس' })).toHaveCount(0);
  await expect(colours.pieces('أسود', 'm')).toHaveValue('3');
  await colours.add('كحلي', '#1f2a44', [4, 5]);
  await colours.fillPieces({ أسود: { m: '4', l: '0' }, كحلي: { m: '2', l: '6' } });
  await expect(colours.total()).toHaveText('12');
  // With colours the product may have more than five pictures.
  await expect(page.getByText('حتى 30 صورة', { exact: false })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);

  // A colour without a name is asked for beside it, and nothing is sent.
  await page.getByRole('button', { name: 'إضافة لون' }).click();
  await form.submit('إضافة المنتج');
  await expect(colours.name(3)).toHaveAttribute('aria-invalid', 'true');
  await expect(colours.name(3)).toHaveAccessibleDescription('اكتب اسم اللون');
  await colours.section().getByRole('button', { name: 'حذف اللون اللون 3' }).click();
  await expect(colours.name(3)).toHaveCount(0);

  await form.submit('إضافة المنتج');
  await expect(toast(page, 'تم إضافة المنتج بنجاح')).toBeVisible();
  await expect(colours.name(1)).toHaveCount(0);

  const added = await productByBarcode(page.request, `CLR-${mark}`);
  made.push(added._id);
  expect(added.images).toHaveLength(4);
  expect(added.colors).toEqual([
    { name: 'أسود', hex: '#111111', images: [added.images[0], added.images[1]] },
    { name: 'كحلي', hex: '#1f2a44', images: [added.images[2], added.images[3]] },
  ]);
  expect(added.stock).toEqual([
    { color: 'أسود', size: 'm', quantity: 4 },
    { color: 'أسود', size: 'l', quantity: 0 },
    { color: 'كحلي', size: 'm', quantity: 2 },
    { color: 'كحلي', size: 'l', quantity: 6 },
  ]);

  const list = new ManageProductsPage(page);
  await list.goto(`CLR-${mark}`);
  const chips = list.card(title).getByRole('list', { name: `المخزون حسب المقاس: ${title} · كحلي` });
  await expect(chips.getByRole('listitem')).toHaveText(['مقاس M: 2', 'مقاس L: 6']);
  await expect(list.card(title).getByRole('list', { name: `المخزون حسب المقاس: ${title} · أسود` }).getByRole('listitem')).toHaveText(['مقاس M: 4', 'مقاس L: 0 نفد']);
  await list.edit(title);

  await expect(colours.name(1)).toHaveValue('أسود');
  await expect(colours.name(2)).toHaveValue('كحلي');
  await expect(colours.picture('كحلي', 4)).toBeChecked();
  await expect(colours.picture('كحلي', 2)).not.toBeChecked();
  await expect(colours.pieces('كحلي', 'l')).toHaveValue('6');
  await expect(historyRows(page, 'كحلي', 'l').first()).toContainText('0 → 6');
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);

  // A new name at the same place is a rename: the colour keeps its pieces and its pictures.
  await colours.name(2).fill('أزرق كحلي');
  await colours.fillPieces({ أسود: { l: '3' } });
  await form.submit('حفظ التعديلات');
  await expect(toast(page, 'تم تعديل المنتج بنجاح')).toBeVisible();
  await expect(colours.name(2)).toHaveValue('أزرق كحلي');
  await expect(colours.pieces('أزرق كحلي', 'l')).toHaveValue('6');
  await expect(historyRows(page, 'أسود', 'l').first()).toContainText('0 → 3');
  // The history names a colour as it was called then.
  await expect(historyRows(page, 'كحلي', 'l').first()).toContainText('0 → 6');

  const edited = await productById(page.request, added._id);
  expect(edited.colors.map((c) => [c.name, c.images])).toEqual([
    ['أسود', [added.images[0], added.images[1]]],
    ['أزرق كحلي', [added.images[2], added.images[3]]],
  ]);
  expect(edited.stock).toEqual([
    { color: 'أسود', size: 'm', quantity: 4 },
    { color: 'أسود', size: 'l', quantity: 3 },
    { color: 'أزرق كحلي', size: 'm', quantity: 2 },
    { color: 'أزرق كحلي', size: 'l', quantity: 6 },
  ]);
});

test('a colour an unshipped order holds is not removed: the refusal shows beside the colours and the colour comes back with one button; the order names its colour', async ({ page, request }) => {
  const mark = uniqueMark();
  const product = await createColouredProduct(request, `بنطلون بلونين ${mark}`, [
    { name: 'بيج', hex: '#d8c3a5', stock: { m: 3, l: 2 }, pictures: 1 },
    { name: 'كحلي', hex: '#1f2a44', stock: { m: 4, l: 1 }, pictures: 1 },
  ]);
  made.push(product._id);
  const order = await orderColour(request, product._id, 'كحلي', 'm');
  const form = new ProductFormPage(page);
  const colours = new ColourFields(page);

  await form.gotoEdit(product._id);
  // Only the last colour can go: the first has another after it.
  await expect(colours.section().getByRole('button', { name: 'حذف اللون بيج' })).toHaveCount(0);
  await colours.section().getByRole('button', { name: 'حذف اللون كحلي' }).click();
  await expect(colours.section().getByText('يُحذف عند الحفظ')).toBeVisible();
  await expect(page.getByRole('button', { name: 'إضافة لون' })).toBeDisabled();
  await expect(colours.pieces('كحلي', 'm')).toHaveCount(0);
  await form.submit('حفظ التعديلات');
  await expect(colours.section()).toHaveAttribute('aria-invalid', 'true');
  await expect(colours.section().getByText('لا يمكن حذف لون له قطع في طلبات لم تُشحن بعد: كحلي')).toBeVisible();
  await colours.section().getByRole('button', { name: 'تراجع عن حذف كحلي' }).click();
  await expect(colours.name(2)).toHaveValue('كحلي');
  await expect(colours.pieces('كحلي', 'm')).toHaveValue('3');
  expect((await productById(page.request, product._id)).colors.map((c) => c.name)).toEqual(['بيج', 'كحلي']);

  await page.goto(`/admin/order-details/${order.id}`);
  const line = page.getByRole('region', { name: 'المنتجات' }).getByRole('listitem');
  await expect(line.getByRole('term')).toContainText(['اللون والمقاس']);
  await expect(line.getByRole('definition').filter({ hasText: 'كحلي · M' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form renames a colour and sets its pieces with a plain post, and adds a colour in the empty row', async ({ page, request }) => {
    const mark = uniqueMark();
    const product = await createColouredProduct(request, `سويتشيرت بدون سكربت ${mark}`, [{ name: 'رمادي', hex: '#888888', stock: { m: 2, l: 1 }, pictures: 2 }]);
    made.push(product._id);
    const form = new ProductFormPage(page);
    const colours = new ColourFields(page);

    await form.gotoEdit(product._id);
    await expect(colours.name(1)).toHaveValue('رمادي');
    await expect(page.getByLabel('أرقام صور اللون 1', { exact: true })).toHaveValue('2 3');
    // The empty row waits for a new colour; its stock row shows once it has a name.
    await expect(colours.name(2)).toHaveValue('');
    await expect(page.getByRole('group', { name: 'المخزون لكل مقاس' })).toBeHidden();
    await colours.name(1).fill('رمادي فاتح');
    await colours.name(2).fill('زيتي');
    await page.getByLabel('أرقام صور اللون 2', { exact: true }).fill('3');
    // Without JavaScript a grid row is named by the colour as the page drew it.
    await colours.fillPieces({ رمادي: { l: '5' }, 'اللون الجديد': { m: '7' } });
    await form.submit('حفظ التعديلات');
    await expect(page.getByRole('status').filter({ hasText: 'تم تعديل المنتج بنجاح' })).toBeVisible();

    const edited = await productById(request, product._id);
    expect(edited.colors.map((c) => [c.name, c.images])).toEqual([
      ['رمادي فاتح', product.images],
      ['زيتي', [product.images[1]]],
    ]);
    expect(edited.stock).toEqual([
      { color: 'رمادي فاتح', size: 'm', quantity: 2 },
      { color: 'رمادي فاتح', size: 'l', quantity: 5 },
      { color: 'زيتي', size: 'm', quantity: 7 },
      { color: 'زيتي', size: 'l', quantity: 0 },
    ]);
    // The change is recorded under the name the colour took in the same save.
    await expect(historyRows(page, 'رمادي فاتح', 'l').first()).toContainText('1 → 5');
  });
});
