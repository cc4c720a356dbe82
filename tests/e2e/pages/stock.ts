/**
 * The shop's side of stock per size, as the specs need it: a product of their own with a
 * known number of pieces in each size, and the admin changing those pieces through the API
 * while a shopper has the page open. A product of its own keeps a spec from changing what the
 * other specs read from the demo catalogue; it is deleted after the test, so the specs that
 * take the newest products never get one with a sold-out size.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN } from './demo-accounts.ts';

export interface StockedProduct {
  _id: string;
  title: string;
  availableSizes: string[];
}

/** The products this worker made and has not deleted yet. */
const made: string[] = [];

/** A word no other product has, for titles and searches. */
export function uniqueMark(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
}

/** The admin's bearer header, from a login through the API. */
export async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/v1/auth/login', { data: { email: ADMIN.phone, password: ADMIN.password } });
  expect(response.ok()).toBeTruthy();
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/**
 * Adds a product on sale whose sizes hold exactly `stock` (`{s: 3, m: 2, l: 0}`), in that order
 * of sizes. `request` is a context of its own, not a shopper's page: the admin signs in on it.
 */
export async function createStockedProduct(request: APIRequestContext, title: string, stock: Record<string, number>): Promise<StockedProduct> {
  const headers = await adminHeaders(request);
  const categories = await request.get('/api/v1/categories');
  const [category] = ((await categories.json()) as { data: { _id: string }[] }).data;
  const cover = await sharp({ create: { width: 420, height: 560, channels: 3, background: '#3f6f8f' } })
    .png()
    .toBuffer();
  const form = new FormData();
  for (const [name, value] of Object.entries({
    title,
    description: 'منتج لاختبار المخزون لكل مقاس',
    category: category!._id,
    price: '250',
    priceAfterDiscount: '199',
    age: 'رجال',
    season: 'جميعاً',
    stock: JSON.stringify(stock),
  })) {
    form.append(name, value);
  }
  for (const size of Object.keys(stock)) form.append('availableSizes', size);
  form.append('imageCover', new Blob([new Uint8Array(cover)], { type: 'image/png' }), 'cover.png');
  const response = await request.post('/api/v1/products', { headers, multipart: form });
  expect(response.status()).toBe(201);
  const product = ((await response.json()) as { data: StockedProduct }).data;
  made.push(product._id);
  return product;
}

/** Deletes the products made since the last call (orders keep their copy of the lines). */
export async function deleteStockedProducts(request: APIRequestContext) {
  if (made.length === 0) return;
  const headers = await adminHeaders(request);
  for (const id of made.splice(0)) {
    const response = await request.delete(`/api/v1/products/${id}`, { headers });
    expect(response.status()).toBe(204);
  }
}

/** The admin sets every size's pieces of a product (a size left out has none). */
export async function setStock(request: APIRequestContext, productId: string, stock: Record<string, number>) {
  const headers = await adminHeaders(request);
  const response = await request.put(`/api/v1/products/${productId}`, { headers, data: { stock } });
  expect(response.ok()).toBeTruthy();
}
