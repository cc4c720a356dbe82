/**
 * The product form's stock: a row per size with its pieces, and their total. Every size of the
 * form has its row in the page, so the rows work without JavaScript; a stylesheet shows only the
 * rows of the ticked sizes (CSS :has, so the rows follow the ticks with or without JavaScript,
 * and a browser without :has shows them all; rows of unticked sizes are not sent). The edit form
 * also carries, hidden, the pieces it showed (`stockSeen.<size>`): a size left as shown keeps
 * the pieces it has when saved, so an order placed while the form was open is not undone.
 * A product with colours has the grid of colour × size instead (color-fields.tsx).
 */
import { SIZES, sizeName } from '../../../contracts/constants.ts';
import { FieldMessage } from '../account/form-field.tsx';
import { Ltr } from '../../lib/format.tsx';

/** The field name of a size's stock row, as readProductFields reads it. */
export const stockFieldName = (size: string) => `stock.${size}`;

// Unlayered, so it wins over the utility classes; sizes are letters and digits only.
const ROWS_FOLLOW_TICKS = `@supports selector(:has(*)) {
[data-stock-size] { display: none; }
[data-stock-empty] { display: block; }
${SIZES.map((size) => `form:has(input[name="availableSizes"][value="${size}"]:checked) [data-stock-size="${size}"] { display: flex; }`).join('\n')}
form:has(input[name="availableSizes"]:checked) [data-stock-empty] { display: none; }
}`;

interface StockFieldProps {
  /** The text of each size's row, as stored or as last sent. */
  values: Record<string, string>;
  /** The pieces the edit form showed per size, sent back hidden; empty when adding. */
  seen: Record<string, string>;
  /** Messages by field: `stock` for the whole stock, `stock.<size>` for one row. */
  errors: Record<string, string>;
  /** The pieces of the ticked sizes, as the form holds them now; null while a row is not a whole number. */
  total: number | null;
}

export function StockField({ values, seen, errors, total }: StockFieldProps) {
  const rowErrors = SIZES.filter((size) => errors[stockFieldName(size)]);
  const invalid = Boolean(errors.stock) || rowErrors.length > 0;
  return (
    <fieldset data-flat-stock className="min-w-0" aria-invalid={invalid || undefined} aria-describedby={errors.stock ? 'field-stock-error' : undefined}>
      <style>{ROWS_FOLLOW_TICKS}</style>
      <legend className="mb-1 font-semibold">المخزون لكل مقاس</legend>
      <p className="mb-3 text-sm text-muted">عدد القطع المتوفرة من كل مقاس مختار.</p>
      <p data-stock-empty className="mb-3 hidden rounded-lg bg-surface px-3 py-2 text-sm text-muted">
        اختر المقاسات أولاً لتكتب مخزون كل مقاس.
      </p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {SIZES.map((size) => {
          const name = stockFieldName(size);
          const error = errors[name];
          const id = `field-stock-${size}`;
          return (
            <li key={size} data-stock-size={size} className="min-w-0 flex-col gap-1">
              <div className="flex items-center gap-2 rounded-lg border border-line bg-white ps-3">
                <label htmlFor={id} className="shrink-0 text-sm font-semibold">
                  مقاس <Ltr>{sizeName(size)}</Ltr>
                </label>
                <input
                  id={id}
                  name={name}
                  type="number"
                  min={0}
                  step={1}
                  inputMode="numeric"
                  dir="ltr"
                  autoComplete="off"
                  defaultValue={values[size] ?? '0'}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  className={`min-h-11 w-full min-w-0 rounded-e-lg border-s px-3 text-center text-base font-semibold focus:border-brand-500 ${error ? 'border-sale bg-red-50' : 'border-line'}`}
                />
              </div>
              {seen[size] !== undefined && <input type="hidden" name={`stockSeen.${size}`} value={seen[size]} />}
              <FieldMessage id={`${id}-error`} message={error} />
            </li>
          );
        })}
      </ul>
      <FieldMessage id="field-stock-error" message={errors.stock} className="mt-2" />
      <PiecesTotal id="stock-total-label" total={total} />
    </fieldset>
  );
}

/** The form's sum of pieces under a stock field ('—' while a cell is not a whole number). */
export function PiecesTotal({ id, total }: { id: string; total: number | null }) {
  return (
    <p className="mt-3 flex items-center gap-2">
      <span id={id} className="text-sm text-muted">
        إجمالي القطع:
      </span>
      <output aria-labelledby={id} className="font-bold">
        <Ltr>{total ?? '—'}</Ltr>
      </output>
    </p>
  );
}

/** The pieces of the rows' texts (a blank row counts 0), or null when one is not a whole number of pieces. */
export function piecesOf(texts: string[]): number | null {
  let total = 0;
  for (const text of texts) {
    const pieces = text.trim() === '' ? 0 : Number(text);
    if (!Number.isSafeInteger(pieces) || pieces < 0) return null;
    total += pieces;
  }
  return total;
}

/** The pieces of the ticked sizes in a form, as piecesOf counts them. */
export function totalOf(form: HTMLFormElement): number | null {
  const data = new FormData(form);
  return piecesOf(data.getAll('availableSizes').map((size) => String(data.get(stockFieldName(String(size))) ?? '')));
}
