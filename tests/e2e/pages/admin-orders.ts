/**
 * The orders side of the dashboard as staff use it: a fresh customer's order placed through
 * the API, the orders list and an order's details with their delivered and paid dropdowns.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { productsOnSale, type CatalogueProduct } from './account.ts';
import { expectNewToast, uniquePhone } from './admin.ts';

export * from './common.ts';

export const ADDRESS = { details: 'شارع جامعة الدول العربية، عمارة 12، الدور الرابع', phone: '01098765432', shippingCity: 'الإسكندرية' };

/** A customer made for the test, the product and size they bought, and the order as the API returned it. */
export interface PlacedOrder {
  customer: { name: string; phone: string; password: string };
  product: CatalogueProduct & { barcode: string };
  size: string;
  order: { _id: string; id: number; totalOrderPrice: number };
}

/**
 * Signs a new customer up and places a two-piece order through the API (API.md), in its own
 * request context so the browser's session stays the admin's.
 */
export async function placeOrderAsNewCustomer(request: APIRequestContext): Promise<PlacedOrder> {
  const customer = { name: 'عميل الطلبات', phone: uniquePhone(), password: 'secret-123' };
  const signup = await request.post('/api/v1/auth/signup', { data: { ...customer, passwordConfirm: customer.password } });
  expect(signup.status()).toBe(201);
  const headers = { Authorization: `Bearer ${((await signup.json()) as { token: string }).token}` };

  const [product] = await productsOnSale(request);
  expect(product).toBeDefined();
  const size = product!.availableSizes[0]!;
  let cartId = '';
  for (let i = 0; i < 2; i++) {
    const added = await request.post('/api/v1/cart', { headers, data: { productId: product!._id, color: size } });
    expect(added.ok()).toBeTruthy();
    cartId = ((await added.json()) as { data: { _id: string } }).data._id;
  }
  const placed = await request.post(`/api/v1/orders/${cartId}`, { headers, data: { shippingAddress: ADDRESS } });
  expect(placed.status()).toBe(201);
  const order = ((await placed.json()) as { data: PlacedOrder['order'] & { cartItems: { product: { _id: string } }[] } }).data;
  const details = await request.get(`/api/v1/products/${product!._id}`);
  const { barcode } = ((await details.json()) as { data: { barcode: string } }).data;
  return { customer, product: { ...product!, barcode }, size, order };
}

/** The shop's displayed order total: the items rounded up, then 70 for shipping (SPEC.md §9). */
export const orderTotalOf = (itemsTotal: number) => Math.ceil(itemsTotal) + 70;

export type Flag = 'delivered' | 'paid';
const FLAG_TITLE: Record<Flag, string> = { delivered: 'حالة الشحن', paid: 'حالة الدفع' };
const FLAG_TOAST: Record<Flag, string> = { delivered: 'تم تحديث حالة الشحن', paid: 'تم تحديث حالة الدفع' };
export const FLAG_LABELS: Record<Flag, { on: string; off: string }> = {
  delivered: { on: 'تم الشحن', off: 'لم يتم الشحن' },
  paid: { on: 'تم الدفع', off: 'لم يتم الدفع' },
};

/** The delivered and paid dropdowns inside a card or panel. */
export class OrderFlags {
  constructor(
    private readonly page: Page,
    private readonly scope: Locator,
  ) {}

  select(flag: Flag): Locator {
    return this.scope.getByRole('combobox', { name: new RegExp(FLAG_TITLE[flag]) });
  }

  /** The dropdown shows `current` and offers only the other value. */
  async expectState(flag: Flag, on: boolean) {
    const select = this.select(flag);
    const labels = FLAG_LABELS[flag];
    await expect(select).toHaveValue(String(on));
    await expect(select.locator('option:checked')).toHaveText(on ? labels.on : labels.off);
    await expect(select.locator('option')).toHaveText(on ? [labels.on, labels.off] : [labels.off, labels.on]);
  }

  /** Chooses the other value, waits for the success toast and for the reloaded page to show it. */
  async set(flag: Flag, on: boolean) {
    await expectNewToast(this.page, FLAG_TOAST[flag], () =>
      this.select(flag).selectOption({ label: on ? FLAG_LABELS[flag].on : FLAG_LABELS[flag].off }),
    );
    await expect(this.scope.getByRole('status')).toHaveCount(0);
    await this.expectState(flag, on);
  }
}

export class ManageOrdersPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/admin/manage-orders');
    await expect(this.page.getByRole('heading', { level: 1, name: 'الطلبات' })).toBeVisible();
  }

  card(number: number): Locator {
    return this.page.getByRole('article', { name: `طلب رقم #${number}` });
  }

  flags(number: number): OrderFlags {
    return new OrderFlags(this.page, this.card(number));
  }

  async openDetails(number: number) {
    await this.card(number).getByRole('link', { name: `تفاصيل الطلب رقم ${number}` }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'تفاصيل الطلب' })).toBeVisible();
  }
}

export class OrderDetailsPage {
  constructor(private readonly page: Page) {}

  async goto(id: string) {
    await this.page.goto(`/admin/order-details/${id}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'تفاصيل الطلب' })).toBeVisible();
  }

  panel(title: 'المنتجات' | 'الحساب' | 'الحالة' | 'العميل' | 'بيانات الشحن'): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  flags(): OrderFlags {
    return new OrderFlags(this.page, this.panel('الحالة'));
  }

  /** The value printed beside a label inside a panel. */
  value(panel: Locator, term: string): Locator {
    return panel.getByRole('term').filter({ hasText: new RegExp(`^${term}`) }).locator('xpath=following-sibling::dd[1]');
  }
}
