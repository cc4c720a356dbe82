/**
 * What every spec needs whatever screen it drives: signing in, a fresh phone number, prices as
 * the pages print them, toasts, field errors, and the accessibility and overflow checks.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { sizeName } from '../../../contracts/constants.ts';

/** Amounts as <Price> prints them: "180.00 L.E". */
export const price = (value: number) => `${value.toFixed(2)} L.E`;

/**
 * A size's chip in a group of sizes, by the size as stored ('m'): its label, which reads 'M' (the
 * last-pieces hint under the chips names the size too).
 */
export function sizeChip(group: Locator, size: string): Locator {
  return group.locator('label').filter({ hasText: new RegExp(`^${sizeName(size)}$`) });
}

/** A phone no earlier run has used: 01[0125] and 8 digits (SPEC.md §5). */
export function uniquePhone(): string {
  const network = '0125'[Math.floor(Math.random() * 4)];
  const digits = `${Date.now() % 1e5}`.padStart(5, '0') + `${Math.floor(Math.random() * 1e3)}`.padStart(3, '0');
  return `01${network}${digits}`;
}

/** Signs the browser in through the API, which sets the same cookie as the login page. */
export async function signIn(page: Page, account: { phone: string; password: string }) {
  const response = await page.request.post('/api/v1/auth/login', { data: { email: account.phone, password: account.password } });
  expect(response.ok()).toBeTruthy();
}

/** The toast for a message (react-toastify's alert), not a form's own alert box. */
export function toast(page: Page, message: string): Locator {
  return page.locator('.Toastify').getByRole('alert').filter({ hasText: message });
}

/**
 * Runs `act` and expects a toast for `message` that was not on screen before it: the same
 * message twice in a row (a flag set and set back) must not pass on the first toast.
 */
export async function expectNewToast(page: Page, message: string, act: () => Promise<unknown>) {
  const shown = await page.locator('.Toastify [role="alert"]').evaluateAll((alerts) => alerts.map((alert) => alert.id));
  await act();
  const fresh = shown.map((id) => `:not([id="${id}"])`).join('');
  await expect(page.locator(`.Toastify [role="alert"]${fresh}`).filter({ hasText: message })).toBeVisible();
}

/** A field's message, read through the field itself (aria-describedby), so it is the one beside it. */
export async function expectFieldError(page: Page, label: string, message: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

/** Nothing may stick out sideways, least of all on a 390 px phone. */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** axe finds nothing serious or critical on the page as it stands. */
export async function expectNoSeriousViolations(page: Page) {
  // Toasts slide in half transparent: contrast means something once they have landed. An
  // animation cancelled on the way (a toast closed early) rejects `finished`; it is over as well.
  // Several toasts of one answer can mount a frame apart, so wait until a pause finds none moving.
  for (let round = 0; round < 10; round++) {
    const moving = await page.evaluate(async () => {
      const finite = document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity && animation.playState === 'running');
      await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
      await new Promise((resolve) => setTimeout(resolve, 100));
      return finite.length + document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity && animation.playState === 'running').length;
    });
    if (moving === 0) break;
  }
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
