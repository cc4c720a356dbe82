/**
 * The admin's product screens as an admin uses them: the list with its search and delete
 * confirmation, and the add and edit form with its image picker. Elements are found by role
 * and their Arabic names; products are made with unique titles so reruns never collide.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { sizeName } from '../../../contracts/constants.ts';

export * from './common.ts';

/** Amounts as <Price> prints them: "180.00 L.E". */
/** A word no other product has, for titles, barcodes and searches. */
export function uniqueMark(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
}

/** A small photo-sized image of one colour, as a file the browser can pick. */
export async function imageFile(name: string, colour: string, format: 'png' | 'jpeg' = 'png') {
  const image = sharp({ create: { width: 420, height: 560, channels: 3, background: colour } });
  const buffer = await (format === 'png' ? image.png() : image.jpeg()).toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

export interface ApiProduct {
  _id: string;
  title: string;
  price: number;
  priceAfterDiscount: number;
  quantity: number;
  stock: { size: string; quantity: number }[];
  imageCover: string;
  images: string[];
  availability: boolean;
}

/** The products whose search text holds `keyword`, read from the public API. */
export async function findProducts(request: APIRequestContext, keyword: string): Promise<ApiProduct[]> {
  const response = await request.get(`/api/v1/products?keyword=${encodeURIComponent(keyword)}`);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { data: ApiProduct[] }).data;
}

/**
 * Adds a product straight through the API (the page is signed in as the admin): `quantity`
 * pieces of size m, or the pieces of each size of `stock` (`{m: 3, l: 2}`).
 */
export async function createProductThroughApi(
  page: Page,
  fields: { title: string; barcode: string; price: number; availability?: boolean } & ({ quantity: number } | { stock: Record<string, number> }),
): Promise<ApiProduct> {
  const categories = await page.request.get('/api/v1/categories');
  const [category] = ((await categories.json()) as { data: { _id: string }[] }).data;
  const cover = await imageFile('cover.png', '#556677');
  const form = new FormData();
  for (const [name, value] of Object.entries({
    title: fields.title,
    description: 'منتج للاختبار',
    category: category!._id,
    price: String(fields.price),
    ...('stock' in fields ? { stock: JSON.stringify(fields.stock) } : { quantity: String(fields.quantity), availableSizes: 'm' }),
    age: 'رجال',
    season: 'صيف',
    barcode: fields.barcode,
    availability: String(fields.availability ?? true),
  })) {
    form.append(name, value);
  }
  if ('stock' in fields) for (const size of Object.keys(fields.stock)) form.append('availableSizes', size);
  form.append('imageCover', new Blob([new Uint8Array(cover.buffer)], { type: cover.mimeType }), cover.name);
  const response = await page.request.post('/api/v1/products', { multipart: form });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: ApiProduct }).data;
}

export class ManageProductsPage {
  constructor(private readonly page: Page) {}

  async goto(keyword?: string) {
    await this.page.goto(keyword ? `/admin/manage-products?keyword=${encodeURIComponent(keyword)}` : '/admin/manage-products');
    await this.expectOpen();
  }

  async expectOpen() {
    await expect(this.page.getByRole('heading', { level: 1, name: 'المنتجات' })).toBeVisible();
  }

  async search(keyword: string) {
    await this.page.getByRole('searchbox', { name: 'ابحث في المنتجات' }).fill(keyword);
    await this.page.getByRole('search').getByRole('button', { name: 'بحث' }).click();
    await expect(this.page).toHaveURL(/keyword=/);
  }

  card(title: string): Locator {
    return this.page.getByRole('article', { name: title, exact: true });
  }

  async edit(title: string) {
    await this.card(title).getByRole('link', { name: `تعديل ${title}` }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'تعديل منتج' })).toBeVisible();
  }

  /** Opens the delete disclosure: the confirm button appears under it. */
  async askToDelete(title: string) {
    await this.card(title).locator('summary').click();
  }

  confirmButton(title: string): Locator {
    return this.card(title).getByRole('button', { name: `تأكيد الحذف: ${title}` });
  }

  async cancelDelete(title: string) {
    await this.card(title).locator('summary').click();
  }
}

export interface ProductInput {
  title?: string;
  description?: string;
  /** Picks the first category when true; the chosen name is returned by fill. */
  category?: boolean;
  age?: string;
  season?: string;
  price?: string;
  priceAfterDiscount?: string;
  /** Sizes to tick (or untick), in the sizes group. */
  sizes?: string[];
  /** Pieces to type in each size's stock row: `{m: '5'}`. */
  stock?: Record<string, string>;
  barcode?: string;
  sale?: string;
}

export class ProductFormPage {
  constructor(private readonly page: Page) {}

  async gotoAdd() {
    await this.page.goto('/admin/add-product');
    await expect(this.page.getByRole('heading', { level: 1, name: 'إضافة منتج' })).toBeVisible();
  }

  async gotoEdit(id: string) {
    await this.page.goto(`/admin/edit-product/${id}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'تعديل منتج' })).toBeVisible();
  }

  imagesInput(): Locator {
    return this.page.getByLabel('اختر صور المنتج', { exact: true });
  }

  async chooseImages(files: Awaited<ReturnType<typeof imageFile>>[]) {
    await this.imagesInput().setInputFiles(files);
  }

  /** The chosen images' previews, in order: the first is the cover. */
  previews(): Locator {
    return this.page.getByRole('list', { name: 'الصور المختارة' }).getByRole('listitem');
  }

  async makeCover(position: number) {
    await this.page.getByRole('button', { name: `اجعل الصورة ${position} الغلاف` }).click();
  }

  async remove(position: number) {
    await this.page.getByRole('button', { name: `إزالة الصورة ${position}` }).click();
  }

  async fill(input: ProductInput): Promise<{ category?: string }> {
    const { page } = this;
    if (input.title !== undefined) await page.getByLabel('اسم المنتج', { exact: true }).fill(input.title);
    if (input.description !== undefined) await page.getByLabel('وصف المنتج', { exact: true }).fill(input.description);
    let category: string | undefined;
    if (input.category) {
      const select = page.getByLabel('التصنيف', { exact: true });
      await select.selectOption({ index: 1 });
      category = (await select.locator('option:checked').textContent()) ?? undefined;
    }
    if (input.age) await page.getByLabel('الفئة العمرية', { exact: true }).selectOption(input.age);
    if (input.season) await page.getByLabel('الموسم', { exact: true }).selectOption(input.season);
    if (input.price !== undefined) await page.getByLabel('السعر (جنيه)', { exact: true }).fill(input.price);
    if (input.priceAfterDiscount !== undefined) await page.getByLabel('السعر بعد الخصم (جنيه)', { exact: true }).fill(input.priceAfterDiscount);
    for (const size of input.sizes ?? []) {
      await page.getByRole('group', { name: 'المقاسات المتاحة' }).getByText(sizeName(size), { exact: true }).click();
    }
    for (const [size, pieces] of Object.entries(input.stock ?? {})) await this.stockRow(size).fill(pieces);
    if (input.barcode !== undefined) await page.getByLabel('الباركود', { exact: true }).fill(input.barcode);
    if (input.sale !== undefined) await page.getByLabel('نص العرض', { exact: true }).fill(input.sale);
    return { category };
  }

  /** A size's stock row: its pieces, labelled "مقاس M". */
  stockRow(size: string): Locator {
    return this.page.getByRole('group', { name: 'المخزون لكل مقاس' }).getByRole('spinbutton', { name: `مقاس ${sizeName(size)}`, exact: true });
  }

  /** The read-only total of the ticked sizes' rows. */
  stockTotal(): Locator {
    return this.page.getByRole('status', { name: 'إجمالي القطع:' });
  }

  /** The stock history under the edit form, newest first. */
  stockHistory(): Locator {
    return this.page.getByRole('region', { name: 'سجل المخزون' });
  }

  /** The history's rows whose size and text match: `historyRows('m', 'تعديل من الإدارة')`. */
  historyRows(size: string, text: string | RegExp): Locator {
    return this.stockHistory()
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: sizeName(size), exact: true }) })
      .filter({ hasText: text });
  }

  async submit(name: 'إضافة المنتج' | 'حفظ التعديلات') {
    await this.page.getByRole('button', { name }).click();
  }

  /** The description counter under the field: "n / 200". */
  async expectDescriptionCount(count: number) {
    await expect(this.page.getByText(`${count} / 200`, { exact: true })).toBeVisible();
  }
}
