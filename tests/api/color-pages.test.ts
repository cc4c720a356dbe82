/**
 * Colours on the shop's pages (API.md "Additions: colours beside sizes"), as the server renders
 * them: the product page opens on the colour `?color=` names (else its first with pieces), with
 * that colour's pictures and sizes and a cart form naming it; the cart, the checkout and the
 * profile's order name the colour beside the size; cards show dots and send a product in several
 * colours to its page; a category filters by colour; a product without colours is as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../core/catalogue/product-edits.ts';
import type { Product } from '../../core/catalogue/products.ts';
import { addToCart } from '../../core/checkout/cart.ts';
import { addToWishlist } from '../../core/checkout/wishlist.ts';
import { plainPicture, productFields } from '../../seed/factories.ts';
import { createAccount, createCategoryFixture, createProductFixture, placeOrderFixture, type Account } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { buildWebApp } from '../helpers/web-build.ts';

const STORE = 'http://localhost:3000';
const host = new URL(STORE).host;
let t: TestApp;
let category: string;
/** Black (one picture, sold out in L) and navy (two pictures), then olive (none) with nothing left. */
let coloured: Product;
let plain: Product;

beforeAll(async () => {
  t = await createTestApp({ webBuildDir: await buildWebApp(), storeUrl: STORE });
  category = (await createCategoryFixture(t.db, t.images)).id;
  coloured = await createProduct(
    t.db,
    t.images,
    productFields(category, {
      title: 'قميص كتان بألوان',
      availableSizes: ['m', 'l'],
      colors: [
        { name: 'أسود', hex: '#111111', images: [0] },
        { name: 'كحلي', hex: '#1f2a44', images: [1, 2] },
        { name: 'زيتي', hex: '#556b2f', images: [] },
      ],
      stock: { أسود: { m: 2, l: 0 }, كحلي: { m: 4, l: 1 }, زيتي: { m: 0, l: 0 } },
    }),
    { imageCover: await plainPicture('#888888'), images: [await plainPicture('#111111'), await plainPicture('#1f2a44'), await plainPicture('#1f2a45')] },
  );
  plain = await createProductFixture(t.db, t.images, { category, title: 'تيشيرت بلون واحد', stock: { m: 3, l: 3 } });
});
afterAll(() => t?.close());

const get = (who: Account | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html', ...(who && { cookie: `token=${who.token}` }) } });

function post(who: Account, page: string, fields: [string, string][]) {
  return t.app.inject({
    method: 'POST',
    url: page,
    headers: { host, origin: STORE, referer: `${STORE}${page}`, cookie: `token=${who.token}`, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-mode': 'navigate', accept: 'text/html' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The page's words without its markup, as a reader gets them. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

/** The parts of the product page that follow the colour. */
const detailsOf = (html: string) => html.slice(html.indexOf('id="product-details"'), html.indexOf('</ul>', html.indexOf('id="product-details"')));
const galleryOf = (html: string) => html.slice(html.indexOf('id="product-gallery"'), html.indexOf('id="product-details"'));
const purchaseOf = (html: string) => html.slice(html.indexOf('id="product-purchase"'), html.indexOf('role="tablist"'));
const pictureName = (file: string) => file.replace(/\.\w+$/, '');

describe('the product page of a product with colours', () => {
  it('opens on the colour the address names, with its pictures, its sizes and a cart form naming it', async () => {
    const customer = await createAccount(t.db);
    const html = (await get(customer, `/product/${coloured.id}?color=${encodeURIComponent('كحلي')}`)).body;
    const navy = coloured.colors[1]!;
    const gallery = galleryOf(html);
    for (const file of navy.images) expect(gallery).toContain(pictureName(file));
    expect(gallery).not.toContain(pictureName(coloured.colors[0]!.images[0]!));
    expect(gallery).not.toContain(pictureName(coloured.imageCover));

    const purchase = purchaseOf(html);
    expect(textOf(purchase)).toContain('اللون: كحلي');
    expect(purchase).toMatch(/aria-current="true"[^>]*>[\s\S]*?كحلي/);
    expect(purchase).toContain('name="colorName" value="كحلي"');
    // Navy has both sizes; its pieces (5) are what the page counts.
    expect(purchase.match(/name="color" value="(m|l)"(?![^>]*disabled)/g)).toHaveLength(2);
    expect(textOf(detailsOf(html))).toContain('الكمية المتاحة: 5');
    // Each colour is a link that opens the page on it.
    expect(purchase).toContain(`href="/product/${coloured.id}?color=${encodeURIComponent('أسود')}"`);
  });

  it('opens on the first colour with pieces without ?color= or with an unknown one, its sold-out size marked', async () => {
    for (const query of ['', `?color=${encodeURIComponent('بنفسجي')}`]) {
      const html = (await get(null, `/product/${coloured.id}${query}`)).body;
      const purchase = purchaseOf(html);
      expect(purchase).toContain('name="colorName" value="أسود"');
      expect(purchase).toMatch(/<input[^>]*disabled=""[^>]*name="color" value="l"/);
      expect(galleryOf(html)).toContain(pictureName(coloured.colors[0]!.images[0]!));
    }
  });

  it('shows a sold-out colour with its sizes unavailable, the whole gallery (it has no pictures), and no cart form', async () => {
    const customer = await createAccount(t.db);
    const html = (await get(customer, `/product/${coloured.id}?color=${encodeURIComponent('زيتي')}`)).body;
    const purchase = purchaseOf(html);
    expect(textOf(purchase)).toContain('هذا اللون غير متوفر حالياً');
    expect(textOf(purchase)).toContain('زيتي غير متوفر حالياً');
    expect(purchase).not.toContain('name="colorName"');
    const gallery = galleryOf(html);
    for (const file of [coloured.imageCover, ...coloured.images]) expect(gallery).toContain(pictureName(file));
  });

  it('keeps the page of a product without colours as it was: no colours, no colour in its cart form', async () => {
    const html = (await get(null, `/product/${plain.id}?color=${encodeURIComponent('كحلي')}`)).body;
    expect(html).not.toContain('product-colors-title');
    expect(html).not.toContain('name="colorName"');
    expect(textOf(detailsOf(html))).toContain('الكمية المتاحة: 6');
  });
});

describe('the colour beside the size', () => {
  it('adds the chosen colour from the page form, and the cart and the checkout name it', async () => {
    const customer = await createAccount(t.db);
    const added = await post(customer, '/cart', [
      ['intent', 'add'],
      ['productId', coloured.id],
      ['colorName', 'كحلي'],
      ['color', 'm'],
    ]);
    expect(added.statusCode, added.body).toBe(302);
    expect(textOf((await get(customer, '/cart')).body)).toContain('اللون: كحلي · المقاس: M');
    expect(textOf((await get(customer, '/checkout')).body)).toContain('اللون: كحلي · المقاس: M · الكمية: 1');
  });

  it('refuses a coloured product posted without its colour with اختر اللون', async () => {
    const customer = await createAccount(t.db);
    const refused = await post(customer, '/cart', [
      ['intent', 'add'],
      ['productId', coloured.id],
      ['color', 'm'],
    ]);
    expect(refused.statusCode).toBe(400);
    expect(textOf(refused.body)).toContain('اختر اللون');
  });

  it("names the colour on the profile's order, and a line without one as before", async () => {
    const customer = await createAccount(t.db);
    await addToCart(t.db, customer.user.id, { productId: coloured.id, size: 'm', colorName: 'أسود' });
    await placeOrderFixture(t.db, customer.user.id, [{ product: plain, size: 'l' }]);
    const profile = textOf((await get(customer, '/profile')).body);
    expect(profile).toContain('اللون: أسود · المقاس: M · الكمية: 1');
    expect(profile).toMatch(/تيشيرت بلون واحد المقاس: L · الكمية: 1/);
  });

  it("counts the customer's cart lines in every page's header: one per product, colour and size", async () => {
    const customer = await createAccount(t.db);
    expect((await get(customer, '/')).body).toContain('aria-label="عربة التسوق"');
    await addToCart(t.db, customer.user.id, { productId: coloured.id, size: 'm', colorName: 'أسود' });
    await addToCart(t.db, customer.user.id, { productId: coloured.id, size: 'm', colorName: 'كحلي' });
    await addToCart(t.db, customer.user.id, { productId: coloured.id, size: 'm', colorName: 'كحلي' });
    await addToCart(t.db, customer.user.id, { productId: plain.id, size: 'l' });
    // Three lines (the second navy M adds a piece to its line), whoever else has a cart.
    await addToCart(t.db, (await createAccount(t.db)).user.id, { productId: plain.id, size: 'm' });
    for (const page of ['/', `/product/${plain.id}`, '/cart']) {
      expect((await get(customer, page)).body, page).toContain('aria-label="عربة التسوق: 3 منتجات"');
    }
  });

  it('sends a product in several colours from the wishlist to its page to choose', async () => {
    const customer = await createAccount(t.db);
    await addToWishlist(t.db, customer.user.id, coloured.id);
    const html = (await get(customer, '/profile')).body;
    expect(html).toMatch(new RegExp(`aria-label="اختر اللون والمقاس: قميص كتان بألوان"[^>]*href="/product/${coloured.id}"`));
  });
});

describe('cards and the colour filter', () => {
  it('shows dots on a card and sends a product in several colours to its page, while one without colours opens the size sheet with its sizes', async () => {
    const html = (await get(null, `/category/${category}`)).body;
    const card = html.slice(html.indexOf('قميص كتان بألوان'), html.indexOf('</li>', html.indexOf('قميص كتان بألوان')));
    // The dots are one picture, named by the colours and drawn in them.
    expect(card).toMatch(/role="img" aria-label="ألوان قميص كتان بألوان: [^"]*كحلي/);
    expect(card).toContain('radial-gradient(circle closest-side, #1f2a44');
    expect(card).toContain('اختر اللون والمقاس');
    expect(card).not.toContain('name="color"');
    const plainCard = html.slice(html.indexOf('تيشيرت بلون واحد'), html.indexOf('</li>', html.indexOf('تيشيرت بلون واحد')));
    expect(plainCard).not.toContain('ألوان تيشيرت');
    // No form on a card: its bar leads to the product's page, and with JavaScript opens the page's size sheet with these sizes.
    expect(plainCard).not.toContain('name="color"');
    expect(plainCard).toMatch(/href="\/product\/[0-9a-f-]{36}" data-enhance="size-sheet" data-product="[0-9a-f-]{36}" data-title="تيشيرت بلون واحد" data-sizes="m l" data-sold-out=""/);
    expect(textOf(plainCard)).toContain('المقاسات: M\u200F · L');
  });

  it('filters a category by colour, shows the choice with a link that takes it off, and keeps it across pages', async () => {
    const customer = await createAccount(t.db);
    const html = (await get(customer, `/category/${category}?colorName=${encodeURIComponent('كحلي')}`)).body;
    const text = textOf(html);
    expect(text).toContain('قميص كتان بألوان');
    expect(text).not.toContain('تيشيرت بلون واحد');
    expect(text).toContain('اللون: كحلي');
    expect(html).toMatch(new RegExp(`href="/category/${category}"[^>]*>[^<]*<span aria-hidden="true" class="icon icon-x[\\s\\S]*?إزالة فلتر اللون`));
    expect(text).toContain('إزالة فلتر اللون');
    expect(html).toContain(`href="/category/${category}?colorName=${encodeURIComponent('أسود')}"`);
    // Olive has no pieces left: it is not offered.
    expect(html).not.toContain(`colorName=${encodeURIComponent('زيتي')}`);

    const none = textOf((await get(customer, `/category/${category}?colorName=${encodeURIComponent('بنفسجي')}`)).body);
    expect(none).toContain('لا توجد منتجات بهذا اللون');
  });
});
