import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { getCart } from '../../core/checkout/cart.ts';
import { addToWishlist, listWishlistIds, moveWishlistItemToCart } from '../../core/checkout/wishlist.ts';
import { createAccount, createProductFixture } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('moving a wishlist product to the cart', () => {
  it('puts one piece of a single-size product in the cart and takes it off the wishlist', async () => {
    const { user } = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { availableSizes: ['l'] });
    await addToWishlist(t.db, user.id, product.id);
    const cart = await moveWishlistItemToCart(t.db, user.id, { productId: product.id });
    expect(cart.lines.map((l) => [l.product.id, l.size, l.count])).toEqual([[product.id, 'l', 1]]);
    expect(await listWishlistIds(t.db, user.id)).toEqual([]);
  });

  it('asks for a size when the product has several, and keeps it on the wishlist', async () => {
    const { user } = await createAccount(t.db);
    const product = await createProductFixture(t.db, t.images, { availableSizes: ['m', 'l'] });
    await addToWishlist(t.db, user.id, product.id);
    await expect(moveWishlistItemToCart(t.db, user.id, { productId: product.id })).rejects.toMatchObject({ message: MSG.sizeFirst });
    expect(await listWishlistIds(t.db, user.id)).toEqual([product.id]);
    expect((await getCart(t.db, user.id)).lines).toEqual([]);
  });
});
