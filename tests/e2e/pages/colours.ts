/**
 * Colours as a shopper meets them (API.md "Additions: colours beside sizes"): a product of the
 * spec's own in colours, each with its own pictures and pieces per size, made by the admin
 * through the API; the product page's colour links, gallery and sizes; a card's dots; the
 * listing's colour filter.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { sizeName } from '../../../contracts/constants.ts';
import { adminHeaders } from './stock.ts';

export interface ColouredProduct {
  _id: string;
  title: string;
  category: string;
  /** File names of the product's images, in the order they were sent. */
  images: string[];
}

export interface ColourSpec {
  name: string;
  hex: string;
  /** Pieces per size ('m' as stored). */
  stock: Record<string, number>;
  /** How many pictures of its own it has (each drawn in its swatch). */
  pictures: number;
}

/** A picture of one colour, big enough for the shop to draw its sizes. */
const picture = (hex: string) => sharp({ create: { width: 420, height: 560, channels: 3, background: hex } }).png().toBuffer();

/**
 * Adds a product on sale in `colours`, in that order, over the sizes of their stock: a grey cover
 * and each colour's own pictures. `request` is a context of its own; the admin signs in on it.
 */
export async function createColouredProduct(request: APIRequestContext, title: string, colours: ColourSpec[]): Promise<ColouredProduct> {
  const headers = await adminHeaders(request);
  const [category] = ((await (await request.get('/api/v1/categories')).json()) as { data: { _id: string }[] }).data;
  const sizes = [...new Set(colours.flatMap((c) => Object.keys(c.stock)))];
  const form = new FormData();
  let next = 0;
  const colors = colours.map((c) => ({ name: c.name, hex: c.hex, images: Array.from({ length: c.pictures }, () => next++) }));
  for (const [name, value] of Object.entries({
    title,
    description: 'منتج بألوان لاختبار الألوان بجانب المقاسات',
    category: category!._id,
    price: '320',
    priceAfterDiscount: '280',
    age: 'رجال',
    season: 'جميعاً',
    colors: JSON.stringify(colors),
    stock: JSON.stringify(Object.fromEntries(colours.map((c) => [c.name, c.stock]))),
  })) {
    form.append(name, value);
  }
  for (const size of sizes) form.append('availableSizes', size);
  form.append('imageCover', new Blob([new Uint8Array(await picture('#9a9a9a'))], { type: 'image/png' }), 'cover.png');
  for (const colour of colours) {
    for (let i = 0; i < colour.pictures; i++) form.append('images', new Blob([new Uint8Array(await picture(colour.hex))], { type: 'image/png' }), `${i}.png`);
  }
  const response = await request.post('/api/v1/products', { headers, multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as { data: { _id: string; title: string; images: string[] } };
  return { _id: data._id, title: data.title, category: category!._id, images: data.images };
}

export async function deleteProduct(request: APIRequestContext, productId: string) {
  const response = await request.delete(`/api/v1/products/${productId}`, { headers: await adminHeaders(request) });
  expect(response.status()).toBe(204);
}

/** The stored name of a picture without its extension, as its drawn sizes' addresses start. */
const stem = (file: string) => file.replace(/\.\w+$/, '');

export class ColouredProductPage {
  constructor(private readonly page: Page) {}

  async goto(product: ColouredProduct, colour?: string) {
    await this.page.goto(`/product/${product._id}${colour ? `?color=${encodeURIComponent(colour)}` : ''}`);
    await expect(this.page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  }

  colours(): Locator {
    return this.page.getByRole('group', { name: /^اللون/ });
  }

  swatch(colour: string): Locator {
    return this.colours().getByRole('link', { name: colour });
  }

  async chooseColour(colour: string) {
    await this.swatch(colour).click();
    await this.expectColour(colour);
  }

  /** The chosen colour: its link current, its name beside "اللون", the address naming it. */
  async expectColour(colour: string) {
    await expect(this.swatch(colour)).toHaveAttribute('aria-current', 'true');
    await expect(this.colours()).toHaveAccessibleName(`اللون: ${colour}`);
    await expect(this.page).toHaveURL(new RegExp(`[?&]color=${encodeURIComponent(colour)}$`));
  }

  /** The gallery shows exactly these pictures of the product (file names), in order. */
  async expectPictures(files: string[]) {
    const slides = this.page.getByRole('group', { name: /^الصورة \d+ من \d+$/ });
    await expect(slides).toHaveCount(files.length);
    for (const [i, file] of files.entries()) {
      await expect(slides.nth(i).getByRole('img')).toHaveAttribute('src', new RegExp(`/products/${stem(file)}`));
    }
  }

  sizes(): Locator {
    return this.page.getByRole('group', { name: 'المقاس', exact: true });
  }

  size(size: string): Locator {
    return this.sizes().getByRole('radio', { name: sizeName(size), exact: true });
  }

  soldOutSize(size: string): Locator {
    return this.sizes().getByRole('radio', { name: `مقاس ${sizeName(size)} غير متوفر حالياً`, exact: true });
  }

  async chooseSize(size: string) {
    await this.sizes().locator('label').filter({ hasText: new RegExp(`^${sizeName(size)}$`) }).click();
    await expect(this.size(size)).toBeChecked();
  }

  async addToCart() {
    await this.page.getByRole('button', { name: 'أضف لعربة التسوق' }).click();
  }
}

/** The form's colours: each colour's card, its stock row in the grid, and the section's message. */
export class ColourFields {
  constructor(private readonly page: Page) {}

  section(): Locator {
    return this.page.getByRole('group', { name: 'الألوان', exact: true });
  }

  async add(name: string, hex: string, pictures: number[]) {
    await this.page.getByRole('button', { name: 'إضافة لون' }).click();
    const number = await this.section().getByRole('listitem').filter({ has: this.page.getByRole('textbox') }).count();
    await expect(this.name(number)).toBeFocused();
    await this.name(number).fill(name);
    await this.page.getByLabel(`العينة للون ${number}`, { exact: true }).fill(hex);
    for (const picture of pictures) {
      // The checkbox is drawn by its picture: the admin taps the picture.
      await this.pictures(name)
        .locator('label')
        .filter({ has: this.page.getByRole('checkbox', { name: `الصورة ${picture}`, exact: true }) })
        .click();
      await expect(this.picture(name, picture)).toBeChecked();
    }
  }

  pictures(colour: string): Locator {
    return this.page.getByRole('group', { name: `صور اللون ${colour}`, exact: true });
  }

  /** The name field of the colour at `number` (from 1). */
  name(number: number): Locator {
    return this.page.getByLabel(`اسم اللون ${number}`, { exact: true });
  }

  /** A picture's checkbox among a colour's pictures, by its number (the cover is 1). */
  picture(colour: string, number: number): Locator {
    return this.pictures(colour).getByRole('checkbox', { name: `الصورة ${number}`, exact: true });
  }

  /** A colour and size's pieces in the stock grid. */
  pieces(colour: string, size: string): Locator {
    return this.page.getByRole('group', { name: 'المخزون لكل لون ومقاس' }).getByRole('spinbutton', { name: `${colour} مقاس ${sizeName(size)}`, exact: true });
  }

  total(): Locator {
    return this.page.getByRole('group', { name: 'المخزون لكل لون ومقاس' }).getByRole('status');
  }

  async fillPieces(pieces: Record<string, Record<string, string>>) {
    for (const [colour, bySize] of Object.entries(pieces)) {
      for (const [size, count] of Object.entries(bySize)) await this.pieces(colour, size).fill(count);
    }
  }
}
