/**
 * The size picker: one native radio per size, drawn as a chip. Radios give the group
 * semantics and the arrow keys for free, and post `color` (the API's name for the size)
 * with the form, with or without JavaScript. A size with no pieces left is a disabled radio,
 * struck through and named as unavailable; the product page also lists the sizes with their
 * last pieces, which the server renders, so they read without JavaScript.
 */
import { useId } from 'react';
import { sizeName } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import type { SizeStock } from '../../../core/catalogue/stock.ts';
import { HINT } from '../../enhance/size-hints.ts';
import { CHIP, IN_STOCK, SOLD_OUT } from './chip-classes.ts';
import { Ltr } from '../../lib/format.tsx';
import { isLastPieces, lastPiecesText, soldOutSizeLabel } from './stock-text.ts';

interface SizeChipsProps {
  /** Every size of the product with its pieces left, in the product's order of sizes. */
  stock: readonly SizeStock[];
  /** The form the radios belong to, when they sit outside it. */
  form?: string;
  disabled?: boolean;
  /** The group's visible legend. */
  legend?: string;
  /** Lists the sizes with their last pieces under the chips (the product page). */
  showHints?: boolean;
}

export function SizeChips({ stock, form, disabled, legend = 'المقاس', showHints = false }: SizeChipsProps) {
  const id = useId();
  if (stock.length === 0) return null;
  const single = stock.length === 1;
  const hints = showHints ? stock.filter((s) => isLastPieces(s.quantity)) : [];
  const hintId = (index: number) => `${id}-hint-${index}`;

  return (
    // With JavaScript the chosen size's hint stands out (app/enhance/size-hints.ts); without it every hint reads the same.
    <fieldset disabled={disabled} className="min-w-0" data-enhance={hints.length > 0 ? 'size-hints' : undefined}>
      <legend className="mb-2 font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-1.5">
        {stock.map(({ size, quantity }, i) => {
          const soldOut = quantity === 0;
          const hinted = hints.some((h) => h.size === size);
          return (
            <span key={size} className="relative">
              <input
                type="radio"
                id={`${id}-${i}`}
                name="color"
                value={size}
                form={form}
                disabled={soldOut}
                // A product of one size needs no choice.
                defaultChecked={single && !soldOut}
                aria-label={soldOut ? soldOutSizeLabel(size) : undefined}
                aria-describedby={hinted ? hintId(i) : undefined}
                className="peer sr-only"
              />
              <label htmlFor={`${id}-${i}`} className={`${CHIP} ${soldOut ? SOLD_OUT : IN_STOCK}`}>
                {sizeName(size)}
              </label>
            </span>
          );
        })}
      </div>
      {hints.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {stock.map(({ size, quantity }, i) =>
            isLastPieces(quantity) ? (
              <li key={size} id={hintId(i)} data-size={size} className={HINT}>
                {single ? (
                  lastPiecesText(quantity)
                ) : (
                  <>
                    {MSG.sizeLabel} <Ltr>{sizeName(size)}</Ltr>: {lastPiecesText(quantity)}
                  </>
                )}
              </li>
            ) : null,
          )}
        </ul>
      )}
    </fieldset>
  );
}
