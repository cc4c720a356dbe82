/**
 * Shipping by governorate as staff and shoppers meet it: the admin's fees screen, the rules set
 * straight through the API (and put back to the shop's defaults after a spec), and the charges
 * the cart and checkout show.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN } from './demo-accounts.ts';

/** Changes the rules through PUT /api/v1/shipping as the demo admin. */
export async function setShippingRules(request: APIRequestContext, body: Record<string, unknown>) {
  const login = await request.post('/api/v1/auth/login', { data: { email: ADMIN.phone, password: ADMIN.password } });
  expect(login.ok()).toBeTruthy();
  const { token } = (await login.json()) as { token: string };
  const response = await request.put('/api/v1/shipping', { headers: { authorization: `Bearer ${token}` }, data: body });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** Puts every governorate back at 70, free shipping off and no cash-on-delivery fee, for the specs that follow on this server. */
export async function restoreShippingRules(request: APIRequestContext) {
  const { data } = (await (await request.get('/api/v1/shipping')).json()) as { data: { fees: { governorate: string }[] } };
  await setShippingRules(request, { fees: data.fees.map(({ governorate }) => ({ governorate, fee: 70 })), freeShippingFrom: null, codFee: 0 });
}

export class ShippingFeesPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/admin/shipping');
    await expect(this.page.getByRole('heading', { level: 1, name: 'أسعار الشحن' })).toBeVisible();
  }

  fee(governorate: string): Locator {
    return this.page.getByLabel(governorate, { exact: true });
  }

  async setAll(fee: string) {
    await this.page.getByLabel('رسوم موحدة لكل المحافظات').fill(fee);
    await this.page.getByRole('button', { name: 'تطبيق على كل المحافظات' }).click();
  }

  async setGroup(group: string, fee: string) {
    await this.page.getByLabel(`رسوم موحدة لمحافظات ${group}`).fill(fee);
    await this.page.getByRole('button', { name: `تطبيق على ${group}` }).click();
  }

  async save({ fees = {}, freeShippingFrom, codFee }: { fees?: Record<string, string>; freeShippingFrom?: string; codFee?: string }) {
    for (const [governorate, fee] of Object.entries(fees)) await this.fee(governorate).fill(fee);
    if (freeShippingFrom !== undefined) await this.page.getByLabel('شحن مجاني للطلبات من').fill(freeShippingFrom);
    if (codFee !== undefined) await this.page.getByLabel('رسوم الدفع عند الاستلام').fill(codFee);
    await this.page.getByRole('button', { name: 'حفظ أسعار الشحن' }).click();
  }
}
