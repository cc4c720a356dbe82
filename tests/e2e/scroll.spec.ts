/**
 * Where a page opens (SPEC.md §2 "the page scrolls to the top on every path change"): a link
 * to another page starts at its top, while a reload and the back button leave the shopper where
 * they were, also once the page's scripts have run, so a tap aimed at a size chip still lands on it.
 */
import { expect, test } from './pages/test.ts';
import { expectScrolledTo, fetchProducts, Listing, pageHeight, ProductDetail, scrollPosition, waitForPageScripts } from './pages/scroll.ts';

test('a reload keeps the shopper where they were on a product page', async ({ page }) => {
  const [product] = await fetchProducts(page.request, 'availability=true&limit=1');
  await new ProductDetail(page).goto(product!);
  await waitForPageScripts(page);

  const related = page.getByRole('heading', { level: 2, name: 'منتجات مشابهة' });
  await related.scrollIntoViewIfNeeded();
  await expect(related).toBeInViewport();
  const y = await scrollPosition(page);
  expect(y).toBeGreaterThan(0);
  const height = await pageHeight(page);

  await page.reload();
  // The browser puts the window back at the same offset. A first visit may have drawn in the
  // system font while Cairo loaded (font-display: optional) and the reload draws in Cairo, so
  // the offset may move by as much as the page's height did, and no more.
  const slack = async () => Math.abs((await pageHeight(page)) - height);
  await expect.poll(async () => Math.abs((await scrollPosition(page)) - y) - (await slack())).toBeLessThanOrEqual(1);
  // And still there once the page's scripts have run, when a scroll to the top on load would strike.
  await waitForPageScripts(page);
  await expect.poll(async () => Math.abs((await scrollPosition(page)) - y) - (await slack())).toBeLessThanOrEqual(1);
  await expect(related).toBeInViewport();
});

test('back after following a link returns to where the shopper was in the listing', async ({ page }) => {
  const listing = new Listing(page);
  await listing.goto('/new-arrived', 'وصل حديثاً');
  await waitForPageScripts(page);

  const card = listing.cards().filter({ has: page.getByRole('link') }).last();
  await card.scrollIntoViewIfNeeded();
  await expect(card).toBeInViewport();
  expect(await scrollPosition(page)).toBeGreaterThan(0);
  const top = (await card.boundingBox())!.y;
  const title = (await card.getByRole('heading', { level: 3 }).textContent())!;

  await card.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectScrolledTo(page, 0);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'وصل حديثاً' })).toBeVisible();
  // The card is where it was on the screen. The page's own offset may differ by what its text
  // measures: a first visit can draw in the system font while Cairo loads (font-display:
  // optional), the visit back in Cairo, and the browser restores the place by the content.
  await expect.poll(async () => Math.abs((await listing.card(title).boundingBox())!.y - top)).toBeLessThanOrEqual(2);
  await expect(listing.card(title)).toBeInViewport();
});

test('following a link to another product starts at the top of its page', async ({ page }) => {
  const [product] = await fetchProducts(page.request, 'availability=true&limit=1');
  await new ProductDetail(page).goto(product!);
  await waitForPageScripts(page);

  const related = page.getByRole('region', { name: 'منتجات مشابهة' });
  const link = related.getByRole('listitem').getByRole('link').first();
  await link.scrollIntoViewIfNeeded();
  expect(await scrollPosition(page)).toBeGreaterThan(0);
  const title = (await link.textContent())!;

  await link.click();
  await expect(page).not.toHaveURL(new RegExp(`/product/${product!._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectScrolledTo(page, 0);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeInViewport();
});
