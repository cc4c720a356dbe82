/**
 * A product as the admin sees it in the list: the cover, what shoppers pay, the stock of each size (of each colour), whether
 * it can be bought, and the edit and delete actions. Deleting asks once more in a disclosure,
 * which opens and closes without JavaScript; its confirm button is a plain form post.
 */
import { Pencil, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { Link, useFetcher } from 'react-router';
import { IMAGE_VARIANTS } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import { SaleBadge } from '../catalogue/badges.tsx';
import { ProductPrices } from '../catalogue/product-prices.tsx';
import { Ltr } from '../../lib/format.tsx';
import { productImage } from '../../lib/images.ts';
import { useImagesUrl } from '../../lib/root-data.ts';
import { SizeStockChips } from './size-stock-chips.tsx';

export interface AdminCardProduct {
  id: string;
  title: string;
  imageCover: string;
  categoryName: string;
  price: number;
  priceAfterDiscount: number;
  quantity: number;
  /** Pieces per size, in the product's order of sizes; with colours per colour × size, each naming its colour. */
  stock: { size: string; quantity: number; color?: string }[];
  /** The colours in order (empty for a product in one colour). */
  colors: { name: string; hex: string }[];
  /** The admin's switch. */
  available: boolean;
  sale: string;
}

/** One fetcher for every card's delete, so the page can toast the answer after the card is gone. */
export const DELETE_FETCHER = 'delete-product';

function StockBadge({ product }: { product: AdminCardProduct }) {
  if (!product.available) return <span className="rounded-md bg-ink px-2 py-0.5 text-xs font-bold text-white">غير متاح للبيع</span>;
  if (product.quantity === 0) return <span className="rounded-md bg-sale px-2 py-0.5 text-xs font-bold text-white">{MSG.soldOut}</span>;
  return null;
}

const ACTION = 'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-semibold';

export function ProductAdminCard({ product }: { product: AdminCardProduct }) {
  const fetcher = useFetcher({ key: DELETE_FETCHER });
  const disclosure = useRef<HTMLDetailsElement>(null);
  const deleting = fetcher.state !== 'idle' && fetcher.formData?.get('id') === product.id;
  const image = productImage(product.imageCover, useImagesUrl());
  const titleId = `product-${product.id}-title`;

  function closeOnEscape(event: React.KeyboardEvent<HTMLDetailsElement>) {
    if (event.key !== 'Escape' || !disclosure.current?.open) return;
    disclosure.current.open = false;
    disclosure.current.querySelector('summary')?.focus();
  }

  return (
    <article aria-labelledby={titleId} className="flex min-w-0 gap-3 rounded-xl border border-line bg-white p-3">
      <img
        src={image.thumb}
        srcSet={`${image.thumb} ${IMAGE_VARIANTS.thumb.width}w, ${image.src} ${IMAGE_VARIANTS.card.width}w`}
        sizes="96px"
        width={IMAGE_VARIANTS.thumb.width}
        height={IMAGE_VARIANTS.thumb.height}
        alt=""
        loading="lazy"
        decoding="async"
        className="aspect-[3/4] h-auto w-24 shrink-0 self-start rounded-lg bg-surface object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <h2 id={titleId} className="line-clamp-2 font-semibold leading-6 break-words">
          {product.title}
        </h2>
        <p className="text-sm text-muted">{product.categoryName}</p>
        <ProductPrices price={product.price} priceAfterDiscount={product.priceAfterDiscount} />
        <p className="text-sm">
          المخزون: <Ltr className="font-semibold">{product.quantity}</Ltr>
        </p>
        <SizeStockChips stock={product.stock} colors={product.colors} label={`المخزون حسب المقاس: ${product.title}`} />
        <div className="flex flex-wrap gap-1">
          <StockBadge product={product} />
          <SaleBadge text={product.sale} />
        </div>
        <div className="mt-auto flex flex-wrap items-start gap-2 pt-1">
          <Link
            to={`/admin/edit-product/${product.id}`}
            className={`${ACTION} bg-brand-600 text-white hover:bg-brand-700`}
          >
            <Pencil aria-hidden className="size-4" />
            تعديل<span className="sr-only"> {product.title}</span>
          </Link>
          <details ref={disclosure} onKeyDown={closeOnEscape} className="group open:basis-full">
            <summary
              className={`${ACTION} cursor-pointer list-none border border-sale/50 bg-white text-sale hover:bg-red-50 group-open:border-line group-open:text-ink [&::-webkit-details-marker]:hidden`}
            >
              <Trash2 aria-hidden className="size-4 group-open:hidden" />
              <span className="group-open:hidden">
                حذف<span className="sr-only"> {product.title}</span>
              </span>
              <span className="hidden group-open:inline">
                تراجع<span className="sr-only"> عن حذف {product.title}</span>
              </span>
            </summary>
            <fetcher.Form method="post" className="mt-2 flex flex-col gap-2 rounded-lg border border-sale/40 bg-red-50 p-3">
              <p className="text-sm font-semibold text-sale">سيُحذف هذا المنتج نهائياً من المتجر. الطلبات السابقة تحتفظ بنسختها.</p>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={product.id} />
              <button
                type="submit"
                disabled={deleting}
                aria-label={`${deleting ? 'جاري الحذف…' : 'تأكيد الحذف'}: ${product.title}`}
                className={`${ACTION} bg-sale text-white hover:bg-red-700 disabled:opacity-70`}
              >
                <Trash2 aria-hidden className="size-4" />
                {deleting ? 'جاري الحذف…' : 'تأكيد الحذف'}
              </button>
            </fetcher.Form>
          </details>
        </div>
      </div>
    </article>
  );
}
