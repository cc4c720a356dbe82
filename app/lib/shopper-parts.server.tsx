/**
 * The shopper parts of a catalogue page (app/lib/shopper-parts.ts), rendered with the components
 * the page renders them with, for a guest (where a kept page is cut) or for a request's shopper
 * (what is put in). app/entry.server.tsx hands these to the server.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter, type AppLoadContext } from 'react-router';
import { sql } from 'drizzle-orm';
import { cartLinesOf } from '../../core/checkout/cart.ts';
import { inWishlistOf } from '../../core/checkout/wishlist.ts';
import { WishlistToggle } from '../components/catalogue/wishlist-toggle.tsx';
import { BottomBarAccount } from '../components/shell/bottom-bar.tsx';
import { MobileAccount } from '../components/shell/mobile-menu.tsx';
import { HeaderAccount } from '../components/shell/site-header.tsx';
import { PRODUCT_PAGE } from './catalogue-pages.ts';
import type { Shopper } from './root-data.server.ts';
import { getSessionUserWith } from './session.server.ts';
import { roleAttribute, type ShopperParts } from './shopper-parts.ts';

const GUEST: Shopper = { user: null, cartCount: 0 };

const PRODUCT_PATH = new RegExp(`^/${PRODUCT_PAGE.replace(':id', '([^/]+)')}$`);

/** The product a product page's path names, or undefined on any other page. */
function productOf(path: string): string | undefined {
  const id = PRODUCT_PATH.exec(path)?.[1];
  if (id === undefined) return undefined;
  try {
    return decodeURIComponent(id);
  } catch {
    return undefined;
  }
}

/** Stands between the parts in their one render: a character no part's markup holds. */
const BETWEEN = '\u0000';

/**
 * The parts of the page at `path` for `shopper`. Rendered as the page is (renderToString writes
 * the same markup as the page's stream), in one pass within a router at the same path, so a link
 * marks itself current as it does in the page. Throws if a part's text held the separator.
 */
export function renderShopperParts(path: string, shopper: Shopper, inWishlist = false): ShopperParts {
  const productId = productOf(path);
  const html = renderToString(
    <StaticRouter location={path}>
      <HeaderAccount user={shopper.user} cartCount={shopper.cartCount} />
      {BETWEEN}
      <MobileAccount user={shopper.user} />
      {BETWEEN}
      <BottomBarAccount user={shopper.user} count={shopper.cartCount} />
      {productId !== undefined && (
        <>
          {BETWEEN}
          <WishlistToggle productId={productId} inWishlist={inWishlist} />
        </>
      )}
    </StaticRouter>,
  );
  const [header, menu, bar, wishlist, ...more] = html.split(BETWEEN);
  if (header === undefined || menu === undefined || bar === undefined || more.length > 0 || (wishlist === undefined) !== (productId === undefined)) {
    throw new Error('A shopper part holds the character that separates them.');
  }
  return { role: roleAttribute(shopper.user), header, menu, bar, ...(wishlist !== undefined && { wishlist }) };
}

/** A guest's parts of the page at `path`: where its kept copy is cut. */
export function guestParts(path: string): ShopperParts {
  return renderShopperParts(path, GUEST);
}

/**
 * The parts of the page `request` asks for, for its shopper (a guest's for an expired session):
 * who they are, their cart's lines and, on a product page, whether it is in their wishlist, read
 * in one statement, as the page's loaders read them in several.
 */
export async function shopperPartsOf(request: Request, context: AppLoadContext): Promise<ShopperParts> {
  const path = new URL(request.url).pathname;
  const productId = productOf(path);
  const found = await getSessionUserWith(request, context, (userId) => ({
    cartCount: cartLinesOf(userId),
    inWishlist: productId === undefined ? sql<boolean>`false` : inWishlistOf(userId, productId),
  }));
  if (!found) return renderShopperParts(path, GUEST);
  const { user, read } = found;
  return renderShopperParts(path, { user: { id: user.id, name: user.name, role: user.role }, cartCount: read.cartCount }, read.inWishlist);
}
