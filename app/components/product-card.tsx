/**
 * A product in a listing, on the home page and in the related-products carousel (SPEC.md §2
 * "Product listings"), as an item of the list of products it sits in: one link holding the image
 * and the title, the prices, badges, its colours as one picture of dots, the sizes it has left as
 * one line of text, and the add-to-cart bar. A card
 * carries no form: the size is chosen in the page's one size sheet (app/enhance/size-sheet.ts),
 * whose chips come from the bar's data, and without JavaScript the bar leads to the product's
 * page, where the size is chosen. A product in several colours has its colour chosen on its page:
 * its bar links there instead of guessing one. A page of cards stays small (docs/decisions/028).
 */
import { Link } from 'react-router';
import { IMAGE_VARIANTS, sizeName } from '../../contracts/constants.ts';
import type { Product } from '../../core/catalogue/products.ts';
import { productImage } from '../lib/images.ts';
import { useImagesUrl } from '../lib/root-data.ts';
import { SaleBadge, SoldOutBadge } from './catalogue/badges.tsx';
import { CardSwatches } from './catalogue/color-swatches.tsx';
import { ProductPrices } from './catalogue/product-prices.tsx';

/**
 * What a card shows: no dates, so it is the same on the server and after serialisation. `stock`
 * is pieces per size over all colours, and `colors` the colours' names and swatches alone.
 */
export type CardProduct = Pick<Product, 'id' | 'title' | 'imageCover' | 'price' | 'priceAfterDiscount' | 'availableSizes' | 'availability' | 'sale'> & {
  stock: { size: string; quantity: number }[];
  colors: { name: string; hex: string }[];
};

/** Pieces per size, in the order of the sizes, whatever their colour. */
function piecesPerSize(stock: Product['stock']): CardProduct['stock'] {
  const sizes = new Map<string, number>();
  for (const { size, quantity } of stock) sizes.set(size, (sizes.get(size) ?? 0) + quantity);
  return [...sizes].map(([size, quantity]) => ({ size, quantity }));
}

/** Keeps only the card's fields, so loaders send no more than the cards need. */
export function toCardProduct(product: Pick<Product, keyof CardProduct | 'stock' | 'colors'>): CardProduct {
  const { id, title, imageCover, price, priceAfterDiscount, availableSizes, stock, availability, sale, colors } = product;
  return { id, title, imageCover, price, priceAfterDiscount, availableSizes, stock: piecesPerSize(stock), availability, sale, colors: colors.map(({ name, hex }) => ({ name, hex })) };
}

/** The card's bar: the size sheet's opener, the link to choose a colour, or the disabled bar of a sold-out product. */
const CART_BAR = 'mt-auto inline-flex min-h-11 w-full items-center justify-center rounded-lg px-3 text-sm font-bold transition-colors';
const ADD_TO_CART = 'أضف للعربة';

/** The title under the picture, two lines tall whatever it holds. */
const TITLE = 'line-clamp-2 min-h-[2lh] px-2 pt-2 text-sm leading-6 font-semibold text-ink sm:px-3 sm:text-base';
/** The picture and its title reach the card's edges, through the card's side margins. */
const BLEED = 'block -mx-2 sm:-mx-3';
/** A badge over the picture's corner. */
const OVER_PICTURE = 'pointer-events-none absolute start-2 top-2';

/** Two columns on a phone, three on a tablet, four on a desktop (six in a home section: a little smaller). */
const CARD_SIZES = '(min-width: 1280px) 260px, (min-width: 768px) 30vw, 50vw';

/**
 * `priority`: the page's likely largest paint, fetched first (eager, fetchpriority high); `eager`:
 * another card of the first screen, fetched at once without jumping the queue. Other cards load
 * as they near the viewport.
 */
export function ProductCard({ product, priority = false, eager = false, className = '' }: { product: CardProduct; priority?: boolean; eager?: boolean; className?: string }) {
  const image = productImage(product.imageCover, useImagesUrl());
  const { width, height } = IMAGE_VARIANTS.card;

  const picture = (
    <img
      src={image.src}
      // The zoom size is left out: a phone never needs it for a card.
      srcSet={`${image.thumb} ${IMAGE_VARIANTS.thumb.width}w, ${image.src} ${width}w`}
      sizes={CARD_SIZES}
      width={width}
      height={height}
      // Inside the card's link the title names it; a sold-out card's picture is named by its own text.
      alt={product.availability ? '' : product.title}
      loading={priority || eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className="aspect-[417/555] h-auto w-full bg-surface object-cover"
    />
  );
  const sizes = product.stock.filter((s) => s.quantity > 0).map((s) => s.size);
  const soldOutSizes = product.stock.filter((s) => s.quantity === 0).map((s) => s.size);
  const oneColour = product.colors.length <= 1;

  const soldOut = !product.availability;
  const sale = product.sale.trim() !== '';

  // The card is the list's item itself, one element less a card; it holds the side margins, and the picture and its
  // title bleed to the edges.
  return (
    <li className={`relative flex flex-col gap-2 overflow-hidden rounded-xl border border-line bg-white px-2 pb-2 sm:px-3 sm:pb-3 ${className}`}>
      {product.availability ? (
        // One link for the picture and the title: a keyboard or a screen reader meets the product once.
        <Link to={`/product/${product.id}`} className={`group ${BLEED}`}>
          {picture}
          <h3 className={`${TITLE} group-hover:text-brand-700 group-hover:underline`}>{product.title}</h3>
        </Link>
      ) : (
        <div className={BLEED}>
          {picture}
          <h3 className={TITLE}>{product.title}</h3>
        </div>
      )}
      {/* One badge sits over the picture by itself; two share a column. */}
      {soldOut && sale ? (
        <div className={`${OVER_PICTURE} flex flex-col items-start gap-1`}>
          <SoldOutBadge />
          <SaleBadge text={product.sale} />
        </div>
      ) : soldOut ? (
        <SoldOutBadge className={OVER_PICTURE} />
      ) : (
        <SaleBadge text={product.sale} className={OVER_PICTURE} />
      )}
      <ProductPrices price={product.price} priceAfterDiscount={product.priceAfterDiscount} stacked />
      <CardSwatches title={product.title} colors={product.colors} />
      {product.availability && sizes.length > 0 && (
        // Two lines whatever the font draws, so a card is as tall before the web font arrives as after.
        <p className="line-clamp-2 min-h-[2lh] text-xs leading-4 text-muted">
          {/* A right-to-left mark after each size keeps them in the sheet's order, right to left, digits or letters. */}
          المقاسات: {sizes.map(sizeName).join('\u200F · ')}
        </p>
      )}
      {!product.availability ? (
        <button type="button" disabled className={`${CART_BAR} cursor-not-allowed bg-muted text-white`}>
          {ADD_TO_CART}
        </button>
      ) : oneColour ? (
        // Without JavaScript the product's page, where the size is chosen; with it the page's one size sheet
        // (app/enhance/size-sheet.ts), which adds to the cart in place.
        <a
          href={`/product/${product.id}`}
          data-enhance="size-sheet"
          data-product={product.id}
          data-title={product.title}
          data-sizes={product.stock.map((s) => s.size).join(' ')}
          data-sold-out={soldOutSizes.join(' ')}
          className={`${CART_BAR} bg-brand-600 text-white hover:bg-brand-700`}
        >
          {ADD_TO_CART}
        </a>
      ) : (
        <Link aria-label={`اختر اللون والمقاس: ${product.title}`} to={`/product/${product.id}`} className={`${CART_BAR} border border-brand-600 text-brand-700 hover:bg-brand-50`}>
          اختر اللون والمقاس
        </Link>
      )}
    </li>
  );
}
