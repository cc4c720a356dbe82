/**
 * The staff's user screens as an admin uses them (search the list, open a user, change the
 * role), and the API calls the specs use to make their own data: a customer with an order,
 * the admin's token, and real ids for the admin paths.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN, ADMIN_PATHS } from './admin.ts';

export const PASSWORD = 'secret-123';

export interface Account {
  id: string;
  name: string;
  phone: string;
  password: string;
  token: string;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The demo admin's bearer token, for checking through the API what a page did. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { email: ADMIN.phone, password: ADMIN.password } });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { token: string }).token;
}

/** A new customer, signed up through the API as a shopper would. */
export async function signUpCustomer(request: APIRequestContext, name: string, phone: string): Promise<Account> {
  const response = await request.post('/api/v1/auth/signup', { data: { name, phone, password: PASSWORD, passwordConfirm: PASSWORD } });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { data: { _id: string }; token: string };
  return { id: body.data._id, name, phone, password: PASSWORD, token: body.token };
}

export interface PlacedOrder {
  _id: string;
  id: number;
  totalOrderPrice: number;
  shippingPrice: number;
}

/** One piece of a product on sale, ordered by the customer through the API. */
export async function placeOrderAs(request: APIRequestContext, account: Account): Promise<PlacedOrder> {
  const products = await request.get('/api/v1/products?limit=100');
  const { data } = (await products.json()) as { data: { _id: string; availability: boolean; quantity: number; availableSizes: string[] }[] };
  const product = data.find((p) => p.availability && p.quantity >= 10 && p.availableSizes.length > 0);
  expect(product, 'a product with stock to spare').toBeDefined();
  const added = await request.post('/api/v1/cart', { headers: bearer(account.token), data: { productId: product!._id, color: product!.availableSizes[0] } });
  expect(added.ok()).toBeTruthy();
  const cart = ((await added.json()) as { data: { _id: string } }).data;
  const placed = await request.post(`/api/v1/orders/${cart._id}`, {
    headers: bearer(account.token),
    data: { shippingAddress: { details: 'شارع التحرير، عمارة 5', phone: account.phone, shippingCity: 'القاهرة', district: 'مدينة نصر' } },
  });
  expect(placed.status()).toBe(201);
  return ((await placed.json()) as { data: PlacedOrder }).data;
}

/** A user's role, read by the admin through the API. */
export async function roleOf(request: APIRequestContext, token: string, userId: string): Promise<string> {
  const response = await request.get(`/api/v1/users/${userId}`, { headers: bearer(token) });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { data: { role: string } }).data.role;
}

/** Gives a user a role through the API, as another admin would. */
export async function setRole(request: APIRequestContext, token: string, userId: string, role: 'user' | 'admin') {
  const response = await request.put(`/api/v1/users/${userId}`, { headers: bearer(token), data: { role } });
  expect(response.ok()).toBeTruthy();
}

/** Every admin path with real ids in place of {product}, {order}, {category} and {user}. */
export async function filledAdminPaths(request: APIRequestContext, token: string, userId: string): Promise<string[]> {
  const first = async (path: string) => {
    const response = await request.get(path, { headers: bearer(token) });
    expect(response.ok()).toBeTruthy();
    const { data } = (await response.json()) as { data: { _id: string }[] };
    expect(data.length, `${path} has something to open`).toBeGreaterThan(0);
    return data[0]!._id;
  };
  const ids: Record<string, string> = {
    product: await first('/api/v1/products?limit=1'),
    order: await first('/api/v1/orders?limit=1'),
    category: await first('/api/v1/categories'),
    user: userId,
  };
  return ADMIN_PATHS.map((path) => path.replace(/\{(\w+)\}/, (_, key: string) => ids[key]!));
}

/** Western digits as Arabic-Indic ones (٠١٢…), the way an Arabic keyboard types them. */
export function arabicIndic(digits: string): string {
  return digits.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
}

export class ManageUsersPage {
  constructor(private readonly page: Page) {}

  async goto(query = '') {
    await this.page.goto(`/admin/manage-users${query}`);
    await this.expectOpen();
  }

  async expectOpen() {
    await expect(this.page).toHaveURL(/\/admin\/manage-users/);
    await expect(this.page.getByRole('heading', { level: 1, name: 'المستخدمين' })).toBeVisible();
  }

  get searchBox(): Locator {
    return this.page.getByRole('searchbox', { name: 'البحث برقم الهاتف' });
  }

  async search(phone: string) {
    await this.searchBox.fill(phone);
    await this.page.getByRole('search').getByRole('button', { name: 'بحث' }).click();
    await expect(this.page).toHaveURL(/[?&]phone=/);
  }

  get cards(): Locator {
    return this.page.getByRole('list', { name: 'المستخدمين' }).getByRole('article');
  }

  card(name: string): Locator {
    return this.page.getByRole('article', { name });
  }

  async openDetails(name: string) {
    await this.card(name).getByRole('link', { name, exact: true }).click();
    await expect(this.page.getByRole('heading', { level: 1, name })).toBeVisible();
  }
}

export class UserDetailsPage {
  constructor(private readonly page: Page) {}

  async goto(userId: string) {
    await this.page.goto(`/admin/user-details/${userId}`);
  }

  /** The value beside a label of the summary ("عدد الطلبات", "إجمالي المشتريات"...). */
  stat(label: string): Locator {
    return this.page
      .getByLabel('ملخص المستخدم')
      .locator('div')
      .filter({ has: this.page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
      .getByRole('definition');
  }

  get roleSection(): Locator {
    return this.page.getByRole('region', { name: 'الصلاحية' });
  }

  async expectRole(label: 'مدير' | 'عميل') {
    await expect(this.roleSection.getByText(label, { exact: true })).toBeVisible();
  }

  async makeAdmin() {
    await this.roleSection.getByRole('button', { name: 'تعيين كمدير' }).click();
  }

  async removeAdmin() {
    await this.roleSection.getByRole('button', { name: 'إزالة صلاحية المدير' }).click();
  }

  order(number: number): Locator {
    return this.page.getByRole('link', { name: `طلب رقم #${number}` });
  }
}
