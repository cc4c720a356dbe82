/**
 * The orders side of the dashboard as staff use it: a fresh customer's order placed through
 * the API (cash, or card with the Paymob checkout address), the orders list with its status
 * filter and its delivered and paid dropdowns, and an order's details with the steps of its
 * life, their history, and its payment (Paymob's callbacks, refunds, the decisions they need).
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN, expectNewToast, uniquePhone } from './admin.ts';

export * from './common.ts';

export const ADDRESS = { details: 'شارع جامعة الدول العربية، عمارة 12، الدور الرابع', phone: '01098765432', shippingCity: 'الإسكندرية', district: 'سموحة' };

/** A product as the public API returns it, with what these specs read of it. */
export interface OrderedProduct {
  _id: string;
  title: string;
  barcode: string;
  priceAfterDiscount: number;
  availableSizes: string[];
  stock: { size: string; quantity: number }[];
}

/** A customer made for the test, the product and size they bought, and the order as the API returned it. */
export interface PlacedOrder {
  customer: { name: string; phone: string; password: string; headers: Record<string, string> };
  product: OrderedProduct;
  size: string;
  order: { _id: string; id: number; totalOrderPrice: number };
  /** A card order's Paymob checkout (the stand-in's page in these tests). */
  redirectUrl?: string;
}

/** A product on sale with a size holding at least `count` pieces, and that size. */
async function productWithPieces(request: APIRequestContext, count: number): Promise<{ product: OrderedProduct; size: string }> {
  const response = await request.get('/api/v1/products?limit=100&availability=true');
  expect(response.ok()).toBeTruthy();
  for (const product of ((await response.json()) as { data: OrderedProduct[] }).data) {
    const size = product.stock.find((s) => s.quantity >= count + 2)?.size;
    if (size) return { product, size };
  }
  throw new Error(`no product on sale has a size with ${count + 2} pieces`);
}

/**
 * Signs a new customer up and places an order of `count` pieces through the API (API.md), in
 * its own request context so the browser's session stays the admin's. Without a product, one
 * on sale with a size that has the pieces is chosen.
 */
export async function placeOrderAsNewCustomer(
  request: APIRequestContext,
  { productId, size: chosen, count = 2, paymentMethodType = 'cash' }: { productId?: string; size?: string; count?: number; paymentMethodType?: 'cash' | 'card' } = {},
): Promise<PlacedOrder> {
  const customer = { name: 'عميل الطلبات', phone: uniquePhone(), password: 'secret-123' };
  const signup = await request.post('/api/v1/auth/signup', { data: { ...customer, passwordConfirm: customer.password } });
  expect(signup.status()).toBe(201);
  const headers = { Authorization: `Bearer ${((await signup.json()) as { token: string }).token}` };

  const { product, size } = productId
    ? { product: ((await (await request.get(`/api/v1/products/${productId}`)).json()) as { data: OrderedProduct }).data, size: chosen! }
    : await productWithPieces(request, count);
  let cartId = '';
  for (let i = 0; i < count; i++) {
    const added = await request.post('/api/v1/cart', { headers, data: { productId: product._id, color: size } });
    expect(added.ok()).toBeTruthy();
    cartId = ((await added.json()) as { data: { _id: string } }).data._id;
  }
  const placed = await request.post(`/api/v1/orders/${cartId}`, { headers, data: { shippingAddress: ADDRESS, paymentMethodType } });
  expect(placed.status()).toBe(201);
  const body = (await placed.json()) as { data: PlacedOrder['order']; payment?: { redirectUrl: string } };
  if (paymentMethodType === 'card') expect(body.payment?.redirectUrl).toMatch(/\/unifiedcheckout\/\?/);
  return { customer: { ...customer, headers }, product, size, order: body.data, redirectUrl: body.payment?.redirectUrl };
}

/** The stand-in checkout's buttons: the full amount, a declined card, or a payment of a pound less. */
export type StandInChoice = 'Pay' | 'Decline' | 'Pay a wrong amount';

/**
 * Pays a card order in the browser on the Paymob stand-in's checkout page, which sends the
 * signed callback to the shop and brings the browser back to the order on /profile.
 */
export async function payOnStandIn(page: Page, placed: PlacedOrder, choice: StandInChoice = 'Pay') {
  await page.goto(placed.redirectUrl!);
  await expect(page.getByRole('heading', { name: 'Paymob stand-in checkout' })).toBeVisible();
  await page.getByRole('button', { name: choice, exact: true }).click();
  await page.waitForURL(new RegExp(`/profile\\?order=${placed.order.id}&payment=(paid|failed)$`));
}

/** The order as its customer reads it through the API. */
export async function orderAsCustomer(request: APIRequestContext, placed: PlacedOrder) {
  const response = await request.get(`/api/v1/orders/${placed.order._id}`, { headers: placed.customer.headers });
  expect(response.ok()).toBeTruthy();
  return (
    (await response.json()) as {
      data: {
        status: string;
        isDelivered: boolean;
        isPaid: boolean;
        trnxId: string | null;
        orderPaymobId: string | null;
        refunds: { amount: number; status: 'succeeded' | 'failed' }[];
      };
    }
  ).data;
}

/** The shop's displayed order total: the items rounded up, then 70 for shipping (SPEC.md §9). */
export const orderTotalOf = (itemsTotal: number) => Math.ceil(itemsTotal) + 70;

export type Flag = 'delivered' | 'paid';
const FLAG_TITLE: Record<Flag, string> = { delivered: 'حالة التوصيل', paid: 'حالة الدفع' };
const FLAG_TOAST: Record<Flag, string> = { delivered: 'تم تحديث حالة الطلب', paid: 'تم تحديث حالة الدفع' };
export const FLAG_LABELS: Record<Flag, { on: string; off: string }> = {
  delivered: { on: 'تم التوصيل', off: 'لم يتم التوصيل' },
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
    await expectNewToast(this.page, FLAG_TOAST[flag], () => this.choose(flag, on));
    await expect(this.scope.getByRole('status')).toHaveCount(0);
    await this.expectState(flag, on);
  }

  /** The dropdown shows `current`, offers nothing else and cannot be changed: the order's status does not allow it. */
  async expectFixed(flag: Flag, on: boolean) {
    const select = this.select(flag);
    const labels = FLAG_LABELS[flag];
    await expect(select).toBeDisabled();
    await expect(select).toHaveValue(String(on));
    await expect(select.locator('option')).toHaveText([on ? labels.on : labels.off]);
  }

  /** Chooses a value and leaves the answer to the caller (a refusal, say). */
  async choose(flag: Flag, on: boolean) {
    await this.select(flag).selectOption({ label: on ? FLAG_LABELS[flag].on : FLAG_LABELS[flag].off });
  }
}

/** What the status filter and the cards call each status. */
export const STATUS_LABELS = {
  awaiting_payment: 'بانتظار الدفع',
  pending: 'قيد المراجعة',
  confirmed: 'تم التأكيد',
  shipped: 'تم الشحن',
  delivered: 'تم التوصيل',
  cancelled: 'ملغي',
  refused: 'مرفوض عند الاستلام',
} as const;
export type Status = keyof typeof STATUS_LABELS;

export class ManageOrdersPage {
  constructor(private readonly page: Page) {}

  async goto(status?: Status) {
    await this.page.goto(status ? `/admin/manage-orders?status=${status}` : '/admin/manage-orders');
    await expect(this.page.getByRole('heading', { level: 1, name: 'الطلبات' })).toBeVisible();
  }

  card(number: number): Locator {
    return this.page.getByRole('article', { name: `طلب رقم #${number}` });
  }

  /** Every order card on the page. */
  cards(): Locator {
    return this.page.getByRole('list', { name: 'قائمة الطلبات' }).getByRole('article');
  }

  /** The filter's link for a status, or for every order. */
  filterLink(status: Status | 'all'): Locator {
    const label = status === 'all' ? 'الكل' : STATUS_LABELS[status];
    return this.page.getByRole('navigation', { name: 'تصفية الطلبات حسب الحالة' }).getByRole('link', { name: new RegExp(`^${label} \\d+$`) });
  }

  /** The count the filter shows beside a status. */
  async count(status: Status | 'all'): Promise<number> {
    const name = await this.filterLink(status).textContent();
    return Number(name?.match(/(\d+)\s*$/)?.[1]);
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

  panel(title: 'المنتجات' | 'الحساب' | 'الدفع' | 'الحالة' | 'سجل الحالة' | 'العميل' | 'بيانات الشحن'): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  flags(): OrderFlags {
    return new OrderFlags(this.page, this.panel('الحالة'));
  }

  /** The status the order is in now. */
  async expectStatus(status: Status) {
    await expect(this.panel('الحالة').getByText('الحالة الآن:').locator('..')).toContainText(STATUS_LABELS[status]);
  }

  /** The step buttons offered, by their names, in order (cancel and refusal are disclosures). */
  stepButtons(): Locator {
    return this.panel('الحالة').getByRole('button');
  }

  /** The closing steps offered as disclosures, as their closed summaries read ('إلغاء الطلب', 'رفض الاستلام'). */
  async closingSteps(): Promise<string[]> {
    return (await this.panel('الحالة').locator('details:not([open]) > summary').allInnerTexts()).map((text) => text.trim());
  }

  /** Takes a step that needs no confirmation: 'تأكيد الطلب', 'تم الشحن', 'تم التوصيل'. */
  async step(label: 'تأكيد الطلب' | 'تم الشحن' | 'تم التوصيل', next: Status) {
    await this.panel('الحالة').getByRole('button', { name: label, exact: true }).click();
    await this.expectStatus(next);
  }

  /** Opens a closing step's disclosure ('إلغاء الطلب', 'رفض الاستلام'), unless it is open already, and confirms it. */
  async closeWith(summary: 'إلغاء الطلب' | 'رفض الاستلام', confirm: 'تأكيد الإلغاء' | 'تأكيد رفض الاستلام') {
    const disclosure = this.panel('الحالة').locator('details', { has: this.page.locator('summary', { hasText: summary }) });
    if (!(await disclosure.evaluate((details: HTMLDetailsElement) => details.open))) await disclosure.locator('summary').click();
    await disclosure.getByRole('button', { name: confirm }).click();
  }

  /** The status history, oldest first: each entry's text holds its label, date and who. */
  history(): Locator {
    return this.panel('سجل الحالة').getByRole('list', { name: 'سجل الحالة' }).getByRole('listitem');
  }

  /** The value printed beside a label inside a panel. */
  value(panel: Locator, term: string): Locator {
    return panel.getByRole('term').filter({ hasText: new RegExp(`^${term}`) }).locator('xpath=following-sibling::dd[1]');
  }

  /** Paymob's callbacks about the order, newest first; each item reads its outcome, time, transaction, amount and card. */
  callbacks(): Locator {
    return this.panel('الدفع').getByRole('list', { name: 'إشعارات بوابة الدفع' }).getByRole('listitem');
  }

  /** The refunds made, oldest first; each reads whether it went through, its amount, time and admin. */
  refunds(): Locator {
    return this.panel('الدفع').getByRole('list', { name: 'عمليات الاسترداد' }).getByRole('listitem');
  }

  /** Refunds or keeps the money of a callback waiting for a decision. */
  async decide(callback: Locator, choice: 'استرداد المبلغ' | 'الاحتفاظ بالمبلغ') {
    await callback.getByRole('button', { name: new RegExp(`^${choice}`) }).click();
  }
}

/** Moves an order to `status` through the API as the admin (bearer token, so no cookie changes hands). */
export async function advanceAsAdmin(request: APIRequestContext, orderId: string, status: string) {
  const login = await request.post('/api/v1/auth/login', { data: { email: ADMIN.phone, password: ADMIN.password } });
  expect(login.ok()).toBeTruthy();
  const { token } = (await login.json()) as { token: string };
  const moved = await request.put(`/api/v1/orders/${orderId}/status`, { headers: { authorization: `Bearer ${token}` }, data: { status } });
  expect(moved.ok()).toBeTruthy();
}
