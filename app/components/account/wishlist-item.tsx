import { ShoppingCart, Trash2 } from 'lucide-react';
import { Link, useFetcher } from 'react-router';
import { toast } from '../../enhance/toast.ts';
import { MSG } from '../../../contracts/messages.ts';
import type { SizeStock } from '../../../core/stock.ts';
import { Price } from '../../lib/format.tsx';
import { productImage } from '../../lib/images.ts';
import { useActionToasts, type ActionResult } from '../../lib/toast.ts';
import { SizeChips } from '../catalogue/size-chips.tsx';
import { SpinnerButton } from './spinner-button.tsx';

export interface WishlistProduct {
  id: string;
  title: string;
  imageCover: string;
  price: number;
  priceAfterDiscount: number;
  availableSizes: string[];
  /** Pieces left per size: a sold-out size cannot be chosen. */
  stock: SizeStock[];
  availability: boolean;
}

/**
 * The one fetcher that moves wishlist products to the cart. The moved item leaves the list in
 * the same render that brings the answer, so the page, not the item, shows the answer's toast.
 */
export const MOVE_TO_CART_FETCHER = 'wishlist-to-cart';

/**
 * A kept product on the profile: remove it, or move it to the cart. A product with several
 * sizes asks for one first (DESIGN.md decision 7); with one size it goes straight in.
 */
export function WishlistItem({ product }: { product: WishlistProduct }) {
  const remover = useFetcher<ActionResult>();
  const mover = useFetcher<ActionResult>({ key: MOVE_TO_CART_FETCHER });
  useActionToasts(remover.data);
  const image = productImage(product.imageCover);
  const href = `/product/${product.id}`;
  const chooseSize = product.availableSizes.length > 1;
  const leaving = remover.state !== 'idle';
  const moving = mover.state !== 'idle';
  const movingThis = moving && mover.formData?.get('productId') === product.id;

  function requireSize(event: React.FormEvent<HTMLFormElement>) {
    if (!chooseSize || new FormData(event.currentTarget).get('color')) return;
    event.preventDefault();
    toast.error(MSG.sizeFirst);
    event.currentTarget.querySelector<HTMLInputElement>('input[name="color"]:enabled')?.focus();
  }

  return (
    <li className={`flex gap-3 rounded-xl border border-line bg-white p-3 ${leaving ? 'pointer-events-none opacity-50' : ''}`}>
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
          <remover.Form method="post" action="/wishlist" className="-me-2 -mt-2 shrink-0">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="productId" value={product.id} />
            <button type="submit" aria-label={`حذف ${product.title} من المفضلة`} className="flex size-11 items-center justify-center rounded-lg text-muted hover:bg-red-50 hover:text-sale">
              <Trash2 aria-hidden="true" className="size-5" />
            </button>
          </remover.Form>
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
        {product.availability ? (
          <mover.Form method="post" action="/wishlist" onSubmit={requireSize} className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="add-to-cart" />
            <input type="hidden" name="productId" value={product.id} />
            {chooseSize && <SizeChips stock={product.stock} legend="اختر المقاس" />}
            <SpinnerButton pending={movingThis} disabled={moving} className="w-full sm:w-auto sm:self-start">
              {!movingThis && <ShoppingCart aria-hidden="true" className="size-5" />}
              أضف لعربة التسوق
            </SpinnerButton>
          </mover.Form>
        ) : (
          <button type="button" disabled className="min-h-11 rounded-lg bg-surface px-4 font-semibold text-muted">
            المنتج غير متوفر
          </button>
        )}
      </div>
    </li>
  );
}
