/**
 * A product in a listing, on the home page and in the related-products carousel: image,
 * title, prices, badges, its colours as small dots, the size chips (a sold-out size cannot be
 * chosen) and the add-to-cart bar (SPEC.md §2 "Product listings"). The cart form posts to /cart;
 * with JavaScript it adds in place (app/enhance/cart.ts). A product in several colours has its
 * colour chosen on its page: its card links there instead of guessing one.
 */
import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { IMAGE_VARIANTS } from '../../contracts/constants.ts';
import type { Product } from '../../core/catalogue/products.ts';
import { productImage } from '../lib/images.ts';
import { useImagesUrl } from '../lib/root-data.ts';
import { SaleBadge, SoldOutBadge } from './catalogue/badges.tsx';
import { CardSwatches } from './catalogue/color-swatches.tsx';
import { ProductPrices } from './catalogue/product-prices.tsx';
import { SizeChips } from './catalogue/size-chips.tsx';

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

/** Two columns on a phone, three on a tablet, four on a desktop (see the listing grid). */
const CARD_SIZES = '(min-width: 1280px) 260px, (min-width: 768px) 30vw, 50vw';

/**
 * `priority`: the page's likely largest paint, fetched first (eager, fetchpriority high); `eager`:
 * another card of the first screen, fetched at once without jumping the queue. Other cards load
 * as they near the viewport.
 */
export function ProductCard({ product, priority = false, eager = false }: { product: CardProduct; priority?: boolean; eager?: boolean }) {
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
      alt={product.title}
      loading={priority || eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className="aspect-[417/555] h-auto w-full bg-surface object-cover"
    />
  );
  const title = <h3 className="line-clamp-2 min-h-[2lh] text-sm leading-6 font-semibold text-ink sm:text-base">{product.title}</h3>;

  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-line bg-white">
      <div className="relative">
        {product.availability ? (
          // The title below is the card's link for keyboards and screen readers; this one is for the thumb.
          <Link to={`/product/${product.id}`} className="block" tabIndex={-1} aria-hidden>
            {picture}
          </Link>
        ) : (
          picture
        )}
        <div className="pointer-events-none absolute start-2 top-2 flex flex-col items-start gap-1">
          {!product.availability && <SoldOutBadge />}
          <SaleBadge text={product.sale} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-2 sm:p-3">
        {product.availability ? (
          <Link to={`/product/${product.id}`} className="hover:text-brand-700 hover:underline">
            {title}
          </Link>
        ) : (
          title
        )}
        <ProductPrices price={product.price} priceAfterDiscount={product.priceAfterDiscount} />
        <CardSwatches title={product.title} colors={product.colors} />
        {product.availability && product.colors.length > 1 ? (
          <Link
            to={`/product/${product.id}`}
            aria-label={`اختر اللون والمقاس: ${product.title}`}
            className="mt-auto inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-brand-600 px-3 text-sm font-bold text-brand-700 transition-colors hover:bg-brand-50"
          >
            اختر اللون والمقاس
          </Link>
        ) : (
          <form method="post" action="/cart" data-enhance="add-to-cart" className="mt-auto flex flex-col gap-2">
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="productId" value={product.id} />
            <SizeChips stock={product.stock} disabled={!product.availability} label={`مقاس ${product.title}`} />
            <button
              type="submit"
              disabled={!product.availability}
              className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-3 text-sm font-bold text-white transition-colors hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-muted"
            >
              <ShoppingCart aria-hidden className="size-4" />
              أضف للعربة
            </button>
          </form>
        )}
      </div>
    </article>
  );
}
