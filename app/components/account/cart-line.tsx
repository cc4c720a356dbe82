import { CircleAlert, Minus, Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { sizeName } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import { lineTotal } from '../../../contracts/money.ts';
import type { CartLine as CartLineData } from '../../../core/checkout/cart.ts';
import { ColorOfLine } from '../catalogue/color-swatches.tsx';
import { piecesText } from '../catalogue/stock-text.ts';
import { Ltr, Price } from '../../lib/format.tsx';
import { productImage } from '../../lib/images.ts';
import { useImagesUrl } from '../../lib/root-data.ts';

const STEP_BUTTON =
  'flex size-11 items-center justify-center rounded-lg border border-line bg-white text-ink hover:bg-surface disabled:cursor-not-allowed disabled:text-muted disabled:opacity-50';

/**
 * Why a line cannot be ordered as it is: its size ran out, the shop took the product off sale,
 * fewer pieces are left than it asks for, or it asks for more than an order line may take (a line
 * put in the cart before the shop lowered its limit).
 */
export type LineProblem = 'soldOut' | 'unavailable' | 'tooMany' | 'overLimit';

type LineCounts = Pick<CartLineData, 'count' | 'sizeQuantity'>;

/** The most pieces the line may ask for: what is left of its size, within the limit per order line. */
export function allowedCount(line: LineCounts, maxPieces: number): number {
  return Math.min(line.sizeQuantity, maxPieces);
}

export function lineProblem(line: LineCounts & Pick<CartLineData, 'product'>, maxPieces: number): LineProblem | null {
  if (line.sizeQuantity === 0) return 'soldOut';
  if (!line.product.availability) return 'unavailable';
  if (line.count > allowedCount(line, maxPieces)) return line.sizeQuantity <= maxPieces ? 'tooMany' : 'overLimit';
  return null;
}

/** What a line that cannot be ordered says, and what the shopper does about it. */
export function lineProblemText(problem: LineProblem, line: LineCounts, maxPieces: number): string {
  if (problem === 'unavailable') return 'المنتج غير متوفر حالياً، احذفه من العربة لإتمام الشراء';
  if (problem === 'soldOut') return `${MSG.sizeSoldOut}، احذفه من العربة لإتمام الشراء`;
  if (problem === 'overLimit') return `${limitText(maxPieces)}، قلّل الكمية لإتمام الشراء`;
  return `المتبقي من هذا المقاس ${piecesText(line.sizeQuantity)} فقط، قلّل الكمية لإتمام الشراء`;
}

/** "الحد الأقصى 10 قطع من المقاس الواحد في الطلب الواحد". */
export function limitText(maxPieces: number): string {
  return `الحد الأقصى ${piecesText(maxPieces)} من المقاس الواحد في الطلب الواحد`;
}

/** The element id of a line, which the cart comes back to after changing its count. */
export function cartLineId(itemId: string) {
  return `line-${itemId}`;
}

/**
 * One cart line: image, title, colour (when it has one), size, unit price, quantity stepper and
 * line total. Each change is
 * a plain form post to the cart's action, which answers with the cart reloaded (SPEC.md §4);
 * while it runs the pressed button is busy and a second press sends nothing.
 * The + button stops at the pieces left of the line's size and at the limit per order line
 * (`maxPieces`); a line whose size ran out, or that asks for more than it may, says so and how to
 * fix it.
 */
export function CartLine({ line, eager, maxPieces }: { line: CartLineData; eager: boolean; maxPieces: number }) {
  const count = line.count;
  const image = productImage(line.product.imageCover, useImagesUrl());
  const href = `/product/${line.product.id}`;
  const problem = lineProblem(line, maxPieces);
  const allowed = allowedCount(line, maxPieces);
  const problemId = `cart-line-problem-${line.id}`;

  return (
    <li id={cartLineId(line.id)} className="flex scroll-mt-20 gap-3 border-b border-line py-4 last:border-b-0 has-[[aria-busy=true]]:opacity-60 sm:gap-4">
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
          <form method="post" action="/cart" data-enhance="submit-once" className="-me-2 -mt-2 shrink-0">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="itemId" value={line.id} />
            <button
              type="submit"
              aria-label={`حذف ${line.product.title} من العربة`}
              aria-describedby={problem ? problemId : undefined}
              className="flex size-11 items-center justify-center rounded-lg text-muted hover:bg-red-50 hover:text-sale">
              <Trash2 aria-hidden="true" className="size-5" />
            </button>
          </form>
        </div>
        <p className="text-sm text-muted">
          <ColorOfLine name={line.colorName} />
          المقاس: <Ltr className="font-semibold text-ink">{sizeName(line.size)}</Ltr>
        </p>
        <p className="text-sm text-muted">
          سعر القطعة: <Price value={line.price} className="whitespace-nowrap font-semibold text-ink" />
        </p>
        {problem && (
          <div className="mt-1 flex flex-col items-start gap-2 rounded-lg border border-sale/40 bg-red-50 p-2">
            <p id={problemId} className="flex items-start gap-1.5 text-sm font-semibold text-sale">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {lineProblemText(problem, line, maxPieces)}
            </p>
            {(problem === 'tooMany' || problem === 'overLimit') && (
              <form method="post" action="/cart" data-enhance="submit-once">
                <input type="hidden" name="intent" value="update" />
                <input type="hidden" name="itemId" value={line.id} />
                <button
                  type="submit"
                  name="count"
                  value={allowed}
                  className="min-h-11 rounded-lg border border-sale/60 bg-white px-3 text-sm font-semibold text-sale hover:bg-red-100"
                >
                  قلّل الكمية إلى <Ltr>{allowed}</Ltr>
                </button>
              </form>
            )}
          </div>
        )}
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <form method="post" action="/cart" data-enhance="submit-once" className="flex items-center gap-1">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="itemId" value={line.id} />
            <button
              type="submit"
              name="count"
              value={count + 1}
              disabled={problem !== null || count >= allowed}
              aria-label={`زيادة كمية ${line.product.title}`}
              className={STEP_BUTTON}
            >
              <Plus aria-hidden="true" className="size-4" />
            </button>
            <output aria-live="polite" aria-label="الكمية" className="min-w-10 text-center text-lg font-bold">
              <Ltr>{count}</Ltr>
            </output>
            <button
              type="submit"
              name="count"
              value={count - 1}
              disabled={count <= 1}
              aria-label={`تقليل كمية ${line.product.title}`}
              aria-describedby={problem === 'tooMany' || problem === 'overLimit' ? problemId : undefined}
              className={STEP_BUTTON}
            >
              <Minus aria-hidden="true" className="size-4" />
            </button>
          </form>
          <p className="text-sm">
            <span className="text-muted">الإجمالي: </span>
            <Price value={lineTotal({ price: line.price, count })} className="whitespace-nowrap text-base font-bold text-brand-700" />
          </p>
        </div>
        {!problem && count >= line.sizeQuantity && <p className="text-xs text-muted">هذه كل القطع المتوفرة من هذا المقاس</p>}
        {!problem && count < line.sizeQuantity && count >= maxPieces && <p className="text-xs text-muted">{limitText(maxPieces)}</p>}
      </div>
    </li>
  );
}
