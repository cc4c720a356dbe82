/**
 * Sizes are stored and sent as typed ('l'), and read in capitals wherever a person sees them: the
 * cart, the checkout, the profile's orders and the admin's order page, in the text itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createProductFixture, placeOrderFixture, type Account } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { fillCart, getCart } from '../helpers/shop.ts';
import { buildWebApp } from '../helpers/web-build.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webBuildDir: await buildWebApp() });
});
afterAll(() => t?.close());

const get = (who: Account, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { host: new URL('http://localhost:3000').host, cookie: `token=${who.token}`, accept: 'text/html' } });

/** The page's words without its markup, as a reader gets them. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('a size stored in lower case', () => {
  it('reads "L" on the cart and the checkout, while the API keeps "l"', async () => {
    const customer = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { stock: { m: 3, l: 3 } });
    await fillCart(t, customer, product.id, 'l');
    expect((await getCart(t, customer)).json().data.products[0].color).toBe('l');

    const cart = textOf((await get(customer, '/cart')).body);
    expect(cart).toContain('المقاس: L ');
    expect(cart).not.toContain('المقاس: l ');
    const checkout = textOf((await get(customer, '/checkout')).body);
    expect(checkout).toContain('المقاس: L ·');
  });

  it("reads \"L\" on the profile's order and the admin's order page", async () => {
    const customer = await createAccount(t.db);
    const admin = await createAccount(t.db, 'admin');
    const product = await createProductFixture(t.db, t.images, { stock: { m: 3, l: 3 } });
    const order = await placeOrderFixture(t.db, customer.user.id, [{ product, size: 'l' }]);

    expect(textOf((await get(customer, '/profile')).body)).toContain('المقاس: L ·');
    const details = textOf((await get(admin, `/admin/order-details/${order.id}`)).body);
    expect(details).toContain('المقاس L ');
    expect(details).not.toContain('المقاس l ');
  });
});
