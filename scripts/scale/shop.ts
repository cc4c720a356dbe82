/** The shop as the check uses it over HTTP: the demo admin, products made through the API, shoppers who sign up and order. */
import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { GOVERNORATES } from '../../contracts/index.ts';
import { demoAccountsPath } from '../../seed/demo.ts';
import { plainPicture } from '../../seed/factories.ts';
import { Client, describe, shopperAddress, type Reply } from './client.ts';
import { PASSWORD } from './settings.ts';

/** The demo admin's phone and password, from the data folder of the process that seeded the shop. */
export function demoAdmin(dataDirs: string[]): { phone: string; password: string } {
  for (const dataDir of dataDirs) {
    try {
      const kept = JSON.parse(readFileSync(demoAccountsPath(dataDir), 'utf8')) as { admin?: { phone: string; password: string } };
      if (kept.admin) return kept.admin;
    } catch {
      // not the seeding process
    }
  }
  throw new Error(`no process wrote ${demoAccountsPath('<DATA_DIR>')}`);
}

/** Logs in and returns the token; throws with the answer when refused. */
export async function loginOrThrow(client: Client, phone: string, password: string): Promise<string> {
  const { token, reply } = await client.login(phone, password);
  if (!token) throw new Error(`login of ${phone} at ${client.baseUrl}: ${describe(reply)}`);
  return token;
}

export interface NewProduct {
  title: string;
  price: number;
  sizes: string[];
  quantity: number;
}

/** A product made by the admin through the API (the multipart form), with a plain picture as its cover. */
export async function createProduct(client: Client, token: string, product: NewProduct): Promise<{ id: string; imageCover: string }> {
  const categories = await client.send('GET', '/api/v1/categories');
  const category = categories.body?.data && Array.isArray(categories.body.data) ? (categories.body.data as { _id: string }[])[0]?._id : undefined;
  if (!category) throw new Error(`no category to put a product in: ${describe(categories)}`);
  const form = new FormData();
  const fields: Record<string, string> = {
    title: product.title,
    description: `${product.title} للتجربة`,
    category,
    price: String(product.price),
    priceAfterDiscount: String(product.price),
    quantity: String(product.quantity),
    age: 'رجال',
    season: 'صيف',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const size of product.sizes) form.append('availableSizes', size);
  form.append('imageCover', new Blob([new Uint8Array(await plainPicture('#336699', 120, 160))], { type: 'image/png' }), 'cover.png');
  const reply = await client.send('POST', '/api/v1/products', { token, form });
  if (reply.status !== 201 || !reply.body?.data?.imageCover) throw new Error(`making a product: ${describe(reply)}`);
  return { id: reply.body.data._id, imageCover: reply.body.data.imageCover };
}

/** A new Egyptian mobile number, random enough not to meet another run's. */
const newPhone = () => `010${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/** A shopper at an address of its own: signs up once, then carts and orders. */
export class Shopper {
  readonly phone = newPhone();
  token = '';
  readonly client: Client;

  constructor(baseUrl: string, n: number) {
    this.client = new Client(baseUrl, shopperAddress(n));
  }

  async signUp(): Promise<void> {
    const reply = await this.client.send('POST', '/api/v1/auth/signup', {
      json: { name: 'زبون التجربة', phone: this.phone, password: PASSWORD, passwordConfirm: PASSWORD },
    });
    if (reply.status !== 201 || !reply.body?.token) throw new Error(`signup of ${this.phone}: ${describe(reply)}`);
    this.token = reply.body.token;
  }

  /** Adds one piece of `size` to the cart; the cart's id, or the refusal. */
  addToCart(productId: string, size: string, client = this.client): Promise<Reply> {
    return client.send('POST', '/api/v1/cart', { token: this.token, json: { productId, color: size } });
  }

  /** Places the cart as an order under `key` (a new one unless given). */
  placeOrder(cartId: string, options: { key?: string; card?: boolean; client?: Client } = {}): Promise<Reply> {
    const shippingAddress = { details: '12 شارع التحرير', district: 'وسط البلد', phone: this.phone, shippingCity: GOVERNORATES[randomInt(0, GOVERNORATES.length)] };
    return (options.client ?? this.client).send('POST', `/api/v1/orders/${cartId}`, {
      token: this.token,
      json: { shippingAddress, ...(options.card ? { paymentMethodType: 'card' } : {}) },
      idempotencyKey: options.key ?? randomUUID(),
    });
  }

  close(): void {
    this.client.close();
  }
}
