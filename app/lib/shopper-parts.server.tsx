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
 * Where the parts are rendered. None of their links points at a catalogue page, so none marks
 * itself current on one, and they read the same on every catalogue page; were one ever to, its
 * page would not be cut, as the guest's parts rendered here would not be found in it
 * (server/plugins/catalogue-cache/page-parts.ts).
 */
const PARTS_LOCATION = '/';

/** Renders kept, at most, least recently used first out. */
const RENDERS_KEPT = 1_000;

/**
 * Renders of the parts by what they show (the role, the name and the cart's lines; a heart's
 * product and state): a shopper browsing the catalogue gets the same parts on page after page.
 */
const renders = new Map<string, string[]>();

function rendered(key: string, render: () => string[]): string[] {
  const kept = renders.get(key);
  if (kept) {
    renders.delete(key);
    renders.set(key, kept);
    return kept;
  }
  const fresh = render();
  renders.set(key, fresh);
  if (renders.size > RENDERS_KEPT) renders.delete(renders.keys().next().value!);
  return fresh;
}

/**
 * The parts for `shopper`, and a product page's heart. Rendered as the page renders them
 * (renderToString writes the same markup as the page's stream), the shell's three in one pass.
 * Throws if a part's text held the separator.
 */
export function renderShopperParts(shopper: Shopper, heart?: { productId: string; inWishlist: boolean }): ShopperParts {
  const { user, cartCount } = shopper;
  const [header, menu, bar] = rendered(JSON.stringify(['shell', user?.role, user?.name, cartCount]), () => {
    const html = renderToString(
      <StaticRouter location={PARTS_LOCATION}>
        <HeaderAccount user={user} cartCount={cartCount} />
        {BETWEEN}
        <MobileAccount user={user} />
        {BETWEEN}
        <BottomBarAccount user={user} count={cartCount} />
      </StaticRouter>,
    );
    const parts = html.split(BETWEEN);
    if (parts.length !== 3) throw new Error('A shopper part holds the character that separates them.');
    return parts;
  });
  const parts = { role: roleAttribute(user), header: header!, menu: menu!, bar: bar! };
  if (!heart) return parts;
  const [wishlist] = rendered(JSON.stringify(['heart', heart.productId, heart.inWishlist]), () => [
    renderToString(<WishlistToggle productId={heart.productId} inWishlist={heart.inWishlist} />),
  ]);
  return { ...parts, wishlist };
}

/** A guest's parts of the page at `path`: where its kept copy is cut. */
export function guestParts(path: string): ShopperParts {
  const productId = productOf(path);
  return renderShopperParts(GUEST, productId === undefined ? undefined : { productId, inWishlist: false });
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
  if (!found) return guestParts(path);
  const { user, read } = found;
  const shopper = { user: { id: user.id, name: user.name, role: user.role }, cartCount: read.cartCount };
  return renderShopperParts(shopper, productId === undefined ? undefined : { productId, inWishlist: read.inWishlist });
}
