/**
 * The shopper parts of a catalogue page (app/lib/shopper-parts.ts), rendered with the components
 * the page renders them with, for a guest (where a kept page is cut) or for a request's shopper
 * (what is put in). app/entry.server.tsx hands these to the server.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter, type AppLoadContext } from 'react-router';
import { isInWishlist } from '../../core/checkout/wishlist.ts';
import { WishlistToggle } from '../components/catalogue/wishlist-toggle.tsx';
import { BottomBarAccount } from '../components/shell/bottom-bar.tsx';
import { MobileAccount } from '../components/shell/mobile-menu.tsx';
import { HeaderAccount } from '../components/shell/site-header.tsx';
import { PRODUCT_PAGE } from './catalogue-pages.ts';
import { loadShopper, type Shopper } from './root-data.server.ts';
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

/**
 * The parts of the page at `path` for `shopper`. Rendered as the page is (renderToString writes
 * the same markup as the page's stream), within a router at the same path, so a link marks
 * itself current as it does in the page.
 */
export function renderShopperParts(path: string, shopper: Shopper, inWishlist = false): ShopperParts {
  const within = (node: React.ReactNode) => renderToString(<StaticRouter location={path}>{node}</StaticRouter>);
  const productId = productOf(path);
  return {
    role: roleAttribute(shopper.user),
    header: within(<HeaderAccount user={shopper.user} cartCount={shopper.cartCount} />),
    menu: within(<MobileAccount user={shopper.user} />),
    bar: within(<BottomBarAccount user={shopper.user} count={shopper.cartCount} />),
    ...(productId !== undefined && { wishlist: within(<WishlistToggle productId={productId} inWishlist={inWishlist} />) }),
  };
}

/** A guest's parts of the page at `path`: where its kept copy is cut. */
export function guestParts(path: string): ShopperParts {
  return renderShopperParts(path, GUEST);
}

/** The parts of the page `request` asks for, for its shopper (a guest's for an expired session), read as the page's loaders read them. */
export async function shopperPartsOf(request: Request, context: AppLoadContext): Promise<ShopperParts> {
  const path = new URL(request.url).pathname;
  const shopper = await loadShopper(request, context);
  const productId = productOf(path);
  const inWishlist = productId !== undefined && shopper.user !== null && (await isInWishlist(context.db, shopper.user.id, productId));
  return renderShopperParts(path, shopper, inWishlist);
}
