/**
 * Card payments as the shopper meets them: the Paymob stand-in's hosted checkout page
 * (scripts/paymob-standin.ts, where the e2e servers send card orders), and what the shop
 * recorded, read through the API: an order's status and payment, a size's pieces and the
 * stock ledger's newest entries.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN } from './demo-accounts.ts';

/** The stand-in's checkout page, in English as Paymob's own page would not be in Arabic either. */
export class PaymobCheckout {
  constructor(private readonly page: Page) {}

  /** The shopper has landed on the page, which asks for `amount` pounds. */
  async expectOpen(amount: number) {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Paymob stand-in checkout' })).toBeVisible();
    await expect(this.page.locator('[data-amount]')).toHaveText(`${amount.toFixed(2)} EGP`);
  }

  async pay() {
    await this.page.getByRole('button', { name: 'Pay', exact: true }).click();
  }

  async decline() {
    await this.page.getByRole('button', { name: 'Decline', exact: true }).click();
  }
}

export interface OrderJson {
  _id: string;
  id: number;
  status: string;
  isPaid: boolean;
  paymentMethodType: string;
  paymentDueAt: string | null;
  refunds: { amount: number; status: string }[];
  couponCode?: string | null;
  discount?: number;
}

/** The shopper's orders as the API returns them to the shopper (the page's cookie), newest first. */
export async function ordersOf(page: Page): Promise<OrderJson[]> {
  const response = await page.request.get('/api/v1/orders');
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { data: OrderJson[] }).data;
}

/** One of the shopper's orders, by its number. */
export async function orderOf(page: Page, number: number): Promise<OrderJson> {
  const order = (await ordersOf(page)).find((o) => o.id === number);
  expect(order, `order #${number}`).toBeDefined();
  return order!;
}

/** The pieces left of each size of a product, from its public page in the API. */
export async function stockOf(request: APIRequestContext, productId: string): Promise<Record<string, number>> {
  const response = await request.get(`/api/v1/products/${productId}`);
  expect(response.ok()).toBeTruthy();
  const { stock } = ((await response.json()) as { data: { stock: { size: string; quantity: number }[] } }).data;
  return Object.fromEntries(stock.map((s) => [s.size, s.quantity]));
}

export interface StockMovement {
  size: string;
  reason: string;
  quantityBefore: number;
  quantityAfter: number;
  order: { id: number } | null;
}

/** A product's stock ledger, newest first, as the admin reads it. */
export async function stockHistoryOf(request: APIRequestContext, productId: string): Promise<StockMovement[]> {
  const login = await request.post('/api/v1/auth/login', { data: { email: ADMIN.phone, password: ADMIN.password } });
  expect(login.ok()).toBeTruthy();
  const { token } = (await login.json()) as { token: string };
  const response = await request.get(`/api/v1/products/${productId}/stock-history`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { data: StockMovement[] }).data;
}
