/**
 * Where the shopper is on a long page: how far down the window is scrolled, and when the page
 * has run its scripts, the moment a scroll made by them would land.
 */
import { expect, type Page } from '@playwright/test';

export * from './catalogue.ts';

/** How far down the page the window is scrolled, in whole CSS pixels. */
export function scrollPosition(page: Page): Promise<number> {
  return page.evaluate(() => Math.round(window.scrollY));
}

/** How tall the page is, in whole CSS pixels. */
export function pageHeight(page: Page): Promise<number> {
  return page.evaluate(() => Math.round(document.documentElement.scrollHeight));
}

/** The window stands `y` pixels down, give or take the pixel rounding leaves. */
export async function expectScrolledTo(page: Page, y: number) {
  await expect.poll(async () => Math.abs((await scrollPosition(page)) - y)).toBeLessThanOrEqual(1);
}

/**
 * Waits until the page's scripts have run: the enhancement script has attached its behaviours
 * (it marks <html data-enhanced>), and on a page that hydrates React Router's
 * <ScrollRestoration> has taken scrolling over from the browser ("manual"). Two animation frames
 * more let anything those scripts scheduled happen before the caller looks.
 */
export async function waitForPageScripts(page: Page) {
  await page.waitForFunction(
    () => document.documentElement.dataset.enhanced === 'true' && (!('__reactRouterContext' in window) || window.history.scrollRestoration === 'manual'),
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
