/**
 * Where the shopper is on a long page: how far down the window is scrolled, and when the page
 * has hydrated, the moment a scroll made by the app's own scripts would land.
 */
import { expect, type Page } from '@playwright/test';

export * from './catalogue.ts';

/** How far down the page the window is scrolled, in whole CSS pixels. */
export function scrollPosition(page: Page): Promise<number> {
  return page.evaluate(() => Math.round(window.scrollY));
}

/** The window stands `y` pixels down, give or take the pixel rounding leaves. */
export async function expectScrolledTo(page: Page, y: number) {
  await expect.poll(async () => Math.abs((await scrollPosition(page)) - y)).toBeLessThanOrEqual(1);
}

/**
 * Waits until React Router has hydrated the page and its effects have run: its
 * <ScrollRestoration> then takes scrolling over from the browser ("manual"). Two animation
 * frames more let anything those effects scheduled happen before the caller looks.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => window.history.scrollRestoration === 'manual');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
