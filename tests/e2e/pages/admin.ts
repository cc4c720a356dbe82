/**
 * What every admin spec shares: the demo accounts, every admin path, and the dashboard's sidebar (beside
 * the page on a desktop, folded on a phone); the checks every spec uses come from common.ts.
 */
import type { Page } from '@playwright/test';

export * from './common.ts';
export { ADMIN, CUSTOMER } from './demo-accounts.ts';

/** Every admin page, for the guard and accessibility sweeps; ids are filled in by the caller. */
export const ADMIN_PATHS = [
  '/admin',
  '/admin/manage-products',
  '/admin/add-product',
  '/admin/edit-product/{product}',
  '/admin/manage-orders',
  '/admin/order-details/{order}',
  '/admin/manage-categories',
  '/admin/add-category',
  '/admin/edit-category/{category}',
  '/admin/manage-users',
  '/admin/user-details/{user}',
  '/admin/shipping',
  '/admin/coupons',
  '/admin/messages',
  '/admin/returns',
] as const;

/** True on the phone project (390 px), where the sidebar is folded. */
export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 1024;
}

/** Follows a sidebar link the way the viewport shows it: opening the fold first on a phone. */
export async function openFromSidebar(page: Page, label: string) {
  if (isPhone(page)) {
    await page.locator('summary', { hasText: 'لوحة التحكم' }).click();
    await page.getByRole('navigation', { name: 'لوحة التحكم (الجوال)' }).getByRole('link', { name: label, exact: true }).click();
  } else {
    await page.getByRole('navigation', { name: 'لوحة التحكم', exact: true }).getByRole('link', { name: label, exact: true }).click();
  }
}

