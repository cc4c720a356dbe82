/**
 * A kept product on the profile: remove it, or move it to the cart. Plain forms to /wishlist,
 * which come back to the profile's wishlist saying what happened (the profile does not hydrate,
 * docs/decisions/010). A product with several sizes asks for one first (DESIGN.md decision 7);
 * with JavaScript a missing size is answered on the spot (app/enhance/profile.ts), without it by
 * the server, beside the sizes. With one size it goes straight in. A product in several colours
 * links to its page instead, where the colour is chosen with its pictures.
 */
import { LoaderCircle, ShoppingCart, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { SizeStock } from '../../../core/catalogue/stock.ts';
import { Price } from '../../lib/format.tsx';
import { productImage } from '../../lib/images.ts';
import { useImagesUrl } from '../../lib/root-data.ts';
import { SizeChips } from '../catalogue/size-chips.tsx';
import { FormAlert } from './form-field.tsx';
import { SubmitButton } from './submit-button.tsx';

export interface WishlistProduct {
  id: string;
  title: string;
  imageCover: string;
  price: number;
  priceAfterDiscount: number;
  availableSizes: string[];
  /** Pieces left per size (of its colour, when it has one): a sold-out size cannot be chosen. */
  stock: SizeStock[];
  availability: boolean;
  /** How many colours it comes in: with several, the colour is chosen on its page. */
  colorCount: number;
}

/** The id of a kept product's item on the profile, the fragment its forms come back to. */
export function wishlistAnchor(productId: string): string {
  return `wishlist-${productId}`;
}

/**
 * One kept product. `notice` is what the shopper's last post about it came back with (a size
 * to choose, a size sold out): shown by the sizes and, with JavaScript, as a toast. While a post
 * runs its button is busy (app/enhance/submit-once.ts); while it is being removed it fades.
 */
export function WishlistItem({ product, notice }: { product: WishlistProduct; notice?: { tone: 'success' | 'error'; message: string } }) {
  const image = productImage(product.imageCover, useImagesUrl());
  const href = `/product/${product.id}`;
  const chooseSize = product.availableSizes.length > 1;

  return (
    <li id={wishlistAnchor(product.id)} className="flex scroll-mt-20 gap-3 rounded-xl border border-line bg-white p-3 has-[[data-leaving]_[aria-busy=true]]:opacity-50">
      <Link to={href} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <img src={image.thumb} srcSet={image.srcSet} sizes="96px" width={96} height={128} alt={product.title} loading="lazy" className="h-32 w-24 rounded-lg bg-surface object-cover" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 font-semibold leading-snug">
            <Link to={href} className="hover:text-brand-600 hover:underline">
              {product.title}
            </Link>
          </h3>
          <form method="post" action="/wishlist" data-enhance="submit-once" data-leaving="" className="-me-2 -mt-2 shrink-0">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="productId" value={product.id} />
            <button
              type="submit"
              aria-label={`حذف ${product.title} من المفضلة`}
              className="group/submit flex size-11 items-center justify-center rounded-lg text-muted hover:bg-red-50 hover:text-sale disabled:cursor-not-allowed"
            >
              <LoaderCircle aria-hidden="true" className="hidden size-5 group-aria-busy/submit:inline motion-safe:animate-spin" />
              <Trash2 aria-hidden="true" className="size-5 group-aria-busy/submit:hidden" />
            </button>
          </form>
        </div>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <Price value={product.priceAfterDiscount} className="whitespace-nowrap font-bold text-brand-700" />
          {product.price > product.priceAfterDiscount && (
            <del className="text-sm text-muted">
              <span className="sr-only">السعر قبل الخصم: </span>
              <Price value={product.price} className="whitespace-nowrap" />
            </del>
          )}
        </p>
        {notice && (
          <div data-enhance="toast" data-toast-type={notice.tone}>
            <FormAlert tone={notice.tone} message={notice.message} />
          </div>
        )}
        {product.availability && product.colorCount > 1 ? (
          <Link
            to={href}
            aria-label={`اختر اللون والمقاس: ${product.title}`}
            className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-brand-600 px-4 font-semibold text-brand-700 hover:bg-brand-50 sm:w-auto sm:self-start"
          >
            اختر اللون والمقاس
          </Link>
        ) : product.availability ? (
          <form method="post" action="/wishlist" data-enhance="size-first submit-once" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="add-to-cart" />
            <input type="hidden" name="productId" value={product.id} />
            {chooseSize && <SizeChips stock={product.stock} legend="اختر المقاس" />}
            <SubmitButton className="w-full sm:w-auto sm:self-start">
              <ShoppingCart aria-hidden="true" className="size-5 group-aria-busy/submit:hidden" />
              أضف لعربة التسوق
            </SubmitButton>
          </form>
        ) : (
          <button type="button" disabled className="min-h-11 rounded-lg bg-surface px-4 font-semibold text-muted">
            المنتج غير متوفر
          </button>
        )}
      </div>
    </li>
  );
}
