import { Minus, Plus, Trash2 } from 'lucide-react';
import { Link, useFetcher } from 'react-router';
import type { CartLine as CartLineData } from '../../../core/cart.ts';
import { Ltr, Price } from '../../lib/format.tsx';
import { productImage } from '../../lib/images.ts';
import { useActionToasts, type ActionResult } from '../../lib/toast.ts';

const STEP_BUTTON =
  'flex size-11 items-center justify-center rounded-lg border border-line bg-white text-ink hover:bg-surface disabled:cursor-not-allowed disabled:text-muted disabled:opacity-50';

/** The price of `count` pieces, summed in piastres so 0.1 + 0.2 stays exact. */
export function lineTotal(price: number, count: number) {
  return (Math.round(price * 100) * count) / 100;
}

/**
 * One cart line: image, title, size, unit price, quantity stepper and line total. Each change
 * posts to the cart's action; the count shows the new value at once while the cart reloads.
 */
export function CartLine({ line, eager }: { line: CartLineData; eager: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToasts(fetcher.data);
  const intent = fetcher.formData?.get('intent');
  const removing = intent === 'remove';
  const count = intent === 'update' ? Number(fetcher.formData?.get('count')) : line.count;
  const image = productImage(line.product.imageCover);
  const href = `/product/${line.product.id}`;

  return (
    <li className={`flex gap-3 border-b border-line py-4 last:border-b-0 sm:gap-4 ${removing ? 'pointer-events-none opacity-50' : ''}`}>
      <Link to={href} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <img
          src={image.thumb}
          srcSet={image.srcSet}
          sizes="96px"
          width={96}
          height={128}
          alt={line.product.title}
          loading={eager ? 'eager' : 'lazy'}
          className="h-32 w-24 rounded-lg bg-surface object-cover"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 text-base font-semibold leading-snug">
            <Link to={href} className="hover:text-brand-600 hover:underline">
              {line.product.title}
            </Link>
          </h2>
          <fetcher.Form method="post" action="/cart" className="-me-2 -mt-2 shrink-0">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="itemId" value={line.id} />
            <button type="submit" aria-label={`حذف ${line.product.title} من العربة`} className="flex size-11 items-center justify-center rounded-lg text-muted hover:bg-red-50 hover:text-sale">
              <Trash2 aria-hidden="true" className="size-5" />
            </button>
          </fetcher.Form>
        </div>
        <p className="text-sm text-muted">
          المقاس: <Ltr className="font-semibold text-ink">{line.size}</Ltr>
        </p>
        <p className="text-sm text-muted">
          سعر القطعة: <Price value={line.price} className="whitespace-nowrap font-semibold text-ink" />
        </p>
        {!line.product.availability && <p className="text-sm font-semibold text-sale">المنتج غير متوفر حالياً</p>}
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <fetcher.Form method="post" action="/cart" className="flex items-center gap-1">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="itemId" value={line.id} />
            <button type="submit" name="count" value={count + 1} aria-label={`زيادة كمية ${line.product.title}`} className={STEP_BUTTON}>
              <Plus aria-hidden="true" className="size-4" />
            </button>
            <output aria-live="polite" aria-label="الكمية" className="min-w-10 text-center text-lg font-bold">
              <Ltr>{count}</Ltr>
            </output>
            <button type="submit" name="count" value={count - 1} disabled={count <= 1} aria-label={`تقليل كمية ${line.product.title}`} className={STEP_BUTTON}>
              <Minus aria-hidden="true" className="size-4" />
            </button>
          </fetcher.Form>
          <p className="text-sm">
            <span className="text-muted">الإجمالي: </span>
            <Price value={lineTotal(line.price, count)} className="whitespace-nowrap text-base font-bold text-brand-700" />
          </p>
        </div>
      </div>
    </li>
  );
}
