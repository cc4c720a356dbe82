/**
 * The product form's colours (API.md "Additions: colours beside sizes"): a card per colour with
 * its name, its swatch and the product's pictures that show it, and the stock grid of colour ×
 * size that replaces the stock per size once the product has a colour.
 *
 * Colours are matched to the stored ones by their place, so the form never moves one: a new
 * colour goes at the end, and only the last colour can be removed (a colour in the middle would
 * pass its place, and with it its stock and history, to the next one). A removed stored colour
 * stays drawn, struck through, until the form is saved, so a refusal (an unshipped order holds
 * it) is undone with one button.
 *
 * Without JavaScript the form holds the stored colours and one empty row for a new one; the
 * pictures are typed as their numbers, the last colour is removed by clearing its name, and a
 * stylesheet shows the grid (or the stock per size) as names are typed. The grid then has the
 * columns of the sizes the product had when the page was drawn: a newly ticked size gets its
 * column once saved. Every part posts as a named field that upload.ts reads into `colors` and `stock`.
 */
import { Plus, RotateCcw, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { IMAGE_VARIANTS, SIZES, sizeName } from '../../../contracts/constants.ts';
import { MAX_COLOR_IMAGES, MAX_COLORS } from '../../../contracts/schemas.ts';
import { ColorDot } from '../catalogue/color-swatches.tsx';
import { FieldMessage } from '../account/form-field.tsx';
import { Ltr } from '../../lib/format.tsx';
import { productImage } from '../../lib/images.ts';
import { useImagesUrl } from '../../lib/root-data.ts';
import { usePreview } from './image-picker.tsx';
import { PiecesTotal, piecesOf } from './stock-field.tsx';
import { colorField, colorSeenField, colorStockField, type ColorRowValues } from './upload.ts';

/** A colour of the form as it is being edited. */
export interface ColorRow {
  /** Stable while the rows change, for React. */
  key: string;
  name: string;
  hex: string;
  /** Without JavaScript: the picture numbers as typed ("2 3"). */
  pictureText: string;
  /** With JavaScript: the ticked pictures, by PictureChoice key. */
  pictures: string[];
  /** Pieces per size, as typed. */
  stock: Record<string, string>;
  /** Pieces per size the edit form showed (a stored colour), sent back hidden. */
  seen: Record<string, string>;
  /** A colour the product has now: the stored one at this place. */
  stored: boolean;
  /** A stored colour the admin removed: drawn struck through and not sent. */
  removed: boolean;
}

/** A picture a colour may show: one of the product's pictures after the cover. */
export interface PictureChoice {
  key: string;
  /** Its number in the form, the cover being 1. */
  number: number;
  /** A picture chosen in this form, or a stored one by its file name. */
  source: { file: File } | { name: string };
}

const NEW_COLOR_HEX = '#000000';
let nextKey = 0;

/** The key of a stored picture among the choices. */
export const storedPictureKey = (name: string) => `stored:${name}`;

/**
 * The form's first colour rows, from the values it draws (as stored, or as a refused post sent
 * them): the first `storedCount` are the product's colours. Ticked pictures are found among
 * `choices` by their numbers; blank rows at the end are left out (the empty row the form adds
 * without JavaScript is drawn apart).
 */
export function initialColorRows(values: ColorRowValues[], storedCount: number, choices: PictureChoice[]): ColorRow[] {
  let end = values.length;
  while (end > storedCount && values[end - 1]!.name.trim() === '') end--;
  return values.slice(0, end).map((row, i) => ({
    key: `color-${i}`,
    name: row.name,
    hex: /^#[0-9a-f]{6}$/i.test(row.hex) ? row.hex.toLowerCase() : NEW_COLOR_HEX,
    pictureText: row.pictures,
    pictures: row.pictures
      .split(/\s+/)
      .map((word) => choices.find((choice) => String(choice.number) === word)?.key)
      .filter((key): key is string => key !== undefined),
    stock: row.stock,
    seen: row.seen,
    stored: i < storedCount,
    removed: false,
  }));
}

/** A new colour at the end of the form: its stock starts from `stock` (the pieces per size of a product getting its first colour). */
export function newColorRow(stock: Record<string, string> = {}): ColorRow {
  return { key: `color-new-${nextKey++}`, name: '', hex: NEW_COLOR_HEX, pictureText: '', pictures: [], stock, seen: {}, stored: false, removed: false };
}

/** The rows the form sends: removed colours are all at the end, so the others keep their places. */
export const sentRows = (rows: ColorRow[]) => rows.filter((row) => !row.removed);

/** Only the last colour goes: a new one, or the last stored one once no new one follows it. */
function canRemove(rows: ColorRow[], index: number): boolean {
  const row = rows[index]!;
  if (row.removed) return false;
  if (!row.stored) return true;
  return rows.slice(index + 1).every((next) => next.removed);
}

/** A removed colour comes back only in order, the first removed first, so the places stay as stored. */
const canRestore = (rows: ColorRow[], index: number) => rows[index]!.removed && (index === 0 || !rows[index - 1]!.removed);

const label = (row: ColorRow, index: number) => row.name.trim() || `اللون ${index + 1}`;

const CONTROL = 'min-h-11 w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base text-ink placeholder:text-muted focus:border-brand-500';

/** A stored picture's thumbnail. */
function StoredThumb({ name }: { name: string }) {
  const src = productImage(name, useImagesUrl()).thumb;
  return <img src={src} width={IMAGE_VARIANTS.thumb.width} height={IMAGE_VARIANTS.thumb.height} alt="" className="size-full object-cover" />;
}

/** A picture chosen in this form: the picker's preview. */
function PickedThumb({ file }: { file: File }) {
  const { src } = usePreview(file);
  return src ? <img src={src} alt="" className="size-full object-cover" /> : null;
}

function PictureTile({ choice, checked, name, onChange }: { choice: PictureChoice; checked: boolean; name: string; onChange: (checked: boolean) => void }) {
  return (
    <li className="relative">
      <label className="block cursor-pointer">
        <input type="checkbox" name={name} value={choice.number} checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} className="peer sr-only" />
        <span className="relative block aspect-[417/555] w-full overflow-hidden rounded-lg border-2 border-line bg-surface peer-checked:border-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500">
          {'file' in choice.source ? <PickedThumb file={choice.source.file} /> : <StoredThumb name={choice.source.name} />}
        </span>
        <span className="absolute inset-x-1 bottom-1 flex items-center justify-between gap-1 rounded-md bg-white/90 px-1 text-xs font-bold text-ink">
          <span className="sr-only">الصورة </span>
          <Ltr>{choice.number}</Ltr>
          <span aria-hidden className={`inline-block size-3.5 rounded-sm border ${checked ? 'border-brand-600 bg-brand-600' : 'border-muted bg-white'}`} />
        </span>
      </label>
    </li>
  );
}

interface ColorCardProps {
  row: ColorRow;
  index: number;
  rows: ColorRow[];
  choices: PictureChoice[];
  enhanced: boolean;
  error?: string;
  disabled?: boolean;
  onChange: (row: ColorRow) => void;
  onRemove: () => void;
  onRestore: () => void;
  nameRef?: React.Ref<HTMLInputElement>;
}

function ColorCard({ row, index, rows, choices, enhanced, error, disabled, onChange, onRemove, onRestore, nameRef }: ColorCardProps) {
  const number = index + 1;
  const id = `field-color-${index}`;
  const errorId = `${id}-error`;
  const button = 'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg border px-3 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50';
  if (row.removed) {
    return (
      <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed border-sale/50 bg-red-50 px-3 py-2">
        <p className="flex min-w-0 items-center gap-2">
          <ColorDot hex={row.hex} />
          <s className="font-semibold">{label(row, index)}</s>
          <span className="text-sm text-sale">يُحذف عند الحفظ</span>
        </p>
        {canRestore(rows, index) && (
          <button type="button" onClick={onRestore} disabled={disabled} className={`${button} border-line bg-white text-ink hover:bg-surface`}>
            <RotateCcw aria-hidden className="size-4" />
            تراجع<span className="sr-only"> عن حذف {label(row, index)}</span>
          </button>
        )}
      </li>
    );
  }
  const ticked = (key: string, checked: boolean) =>
    onChange({ ...row, pictures: checked ? [...row.pictures, key] : row.pictures.filter((k) => k !== key) });
  return (
    <li data-color-card={index} className="flex min-w-0 flex-col gap-3 rounded-lg border border-line p-3" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="flex min-w-0 items-center gap-2 font-semibold">
          <ColorDot hex={row.hex} className="size-5" />
          <span className="break-words">{enhanced ? label(row, index) : row.name.trim() || (row.stored ? label(row, index) : 'لون جديد')}</span>
        </h3>
        {enhanced && canRemove(rows, index) && (
          <button type="button" onClick={onRemove} disabled={disabled} className={`${button} border-sale/50 bg-white text-sale hover:bg-red-50`}>
            <Trash2 aria-hidden className="size-4" />
            حذف اللون<span className="sr-only"> {label(row, index)}</span>
          </button>
        )}
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_auto]">
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-name`} className="text-sm font-semibold">
            اسم اللون<span className="sr-only"> {number}</span>
          </label>
          <input
            ref={nameRef}
            id={`${id}-name`}
            name={colorField(index, 'name')}
            data-color-name={index}
            value={row.name}
            onChange={(event) => onChange({ ...row, name: event.currentTarget.value })}
            maxLength={20}
            autoComplete="off"
            placeholder="مثل: كحلي"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={`${CONTROL} ${error ? 'border-sale' : 'border-line'}`}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-hex`} className="text-sm font-semibold">
            العينة<span className="sr-only"> للون {number}</span>
          </label>
          <span className="flex min-h-11 items-center gap-2">
            <input
              id={`${id}-hex`}
              type="color"
              name={colorField(index, 'hex')}
              value={row.hex}
              onChange={(event) => onChange({ ...row, hex: event.currentTarget.value })}
              className="h-11 w-14 cursor-pointer rounded-lg border border-line bg-white p-1"
            />
            <Ltr className="font-mono text-sm text-muted">{row.hex}</Ltr>
          </span>
        </div>
      </div>
      {enhanced ? (
        <fieldset className="min-w-0">
          <legend className="mb-1.5 text-sm font-semibold">
            صور اللون<span className="sr-only"> {label(row, index)}</span>
          </legend>
          {choices.length === 0 ? (
            <p className="text-sm text-muted">اختر صور المنتج أولاً: الصور بعد الغلاف تُنسب إلى الألوان.</p>
          ) : (
            <ul className="grid grid-cols-4 gap-2 sm:grid-cols-6 lg:grid-cols-8">
              {choices.map((choice) => (
                <PictureTile
                  key={choice.key}
                  choice={choice}
                  name={colorField(index, 'images')}
                  checked={row.pictures.includes(choice.key)}
                  onChange={(checked) => ticked(choice.key, checked)}
                />
              ))}
            </ul>
          )}
        </fieldset>
      ) : (
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-images`} className="text-sm font-semibold">
            أرقام صور اللون<span className="sr-only"> {number}</span>
          </label>
          <input
            id={`${id}-images`}
            name={colorField(index, 'images')}
            defaultValue={row.pictureText}
            dir="ltr"
            inputMode="numeric"
            autoComplete="off"
            aria-describedby={`${id}-images-hint`}
            className={`${CONTROL} border-line`}
          />
          <p id={`${id}-images-hint`} className="text-xs text-muted">
            أرقام الصور بترتيب اختيارها، والأولى هي الغلاف: مثل <Ltr>2 3</Ltr>.
          </p>
        </div>
      )}
      <FieldMessage id={errorId} message={error} />
    </li>
  );
}

interface ColorsSectionProps {
  rows: ColorRow[];
  onChange: (rows: ColorRow[]) => void;
  /** Adds a colour at the end (the form knows the stock to start it from). */
  onAdd: () => void;
  choices: PictureChoice[];
  /** The form's script runs: the list is edited in place. */
  enhanced: boolean;
  /** Messages by field: `colors` for the section, `colors.<row>` for one colour. */
  errors: Record<string, string>;
  disabled?: boolean;
  /** Bumped when a colour is added: its name field takes the focus. */
  added: number;
}

export function ColorsSection({ rows, onChange, onAdd, choices, enhanced, errors, disabled, added }: ColorsSectionProps) {
  const lastName = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (added) lastName.current?.focus();
  }, [added]);
  // Without JavaScript an empty row waits at the end for a new colour.
  const drawn = enhanced || rows.length >= MAX_COLORS ? rows : [...rows, newColorRowAt(rows.length)];
  const sent = sentRows(rows).length;
  const removing = rows.some((row) => row.removed);
  const error = errors.colors;
  const update = (index: number, row: ColorRow) => onChange(rows.map((r, i) => (i === index ? row : r)));
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-3"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? 'field-colors-error field-colors-hint' : 'field-colors-hint'}
    >
      <legend className="mb-1 font-semibold">الألوان</legend>
      <p id="field-colors-hint" className="text-sm text-muted">
        اختياري، لمنتج يأتي بعدة ألوان: لكل لون اسمه وعينته وصوره ومخزونه من كل مقاس. حتى <Ltr>{MAX_COLORS}</Ltr> لوناً و<Ltr>{MAX_COLOR_IMAGES}</Ltr> صور
        لكل لون. يُحذف اللون الأخير فقط.
        <span className="hidden [@media(scripting:none)]:inline"> لحذفه امسح اسمه.</span>
      </p>
      <FieldMessage id="field-colors-error" message={error} />
      {drawn.length > 0 && (
        <ol className="flex flex-col gap-3">
          {drawn.map((row, index) => (
            <ColorCard
              key={row.key}
              row={row}
              index={index}
              rows={drawn}
              choices={choices}
              enhanced={enhanced}
              error={errors[`colors.${index}`]}
              disabled={disabled}
              onChange={(next) => update(index, next)}
              onRemove={() => onChange(row.stored ? rows.map((r, i) => (i === index ? { ...r, removed: true } : r)) : rows.filter((_, i) => i !== index))}
              onRestore={() => update(index, { ...row, removed: false })}
              nameRef={index === sent - 1 ? lastName : undefined}
            />
          ))}
        </ol>
      )}
      {enhanced && (
        <div className="flex flex-col gap-1">
          <button
            type="button"
            onClick={onAdd}
            disabled={disabled || removing || sent >= MAX_COLORS}
            className="inline-flex min-h-11 w-fit items-center gap-2 rounded-lg border border-dashed border-brand-500 bg-brand-50 px-4 font-semibold text-brand-700 hover:bg-brand-100 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <Plus aria-hidden className="size-5" />
            إضافة لون
          </button>
          {removing && <p className="text-sm text-muted">احفظ حذف الألوان أو تراجع عنه قبل إضافة لون جديد.</p>}
        </div>
      )}
    </fieldset>
  );
}

/** The empty row drawn without JavaScript; its key is its place, the same on the server and in the browser. */
function newColorRowAt(index: number): ColorRow {
  return { ...newColorRow(), key: `color-empty-${index}` };
}

// Unlayered, so it wins over the utility classes; sizes are letters and digits only.
const COLUMNS_FOLLOW_TICKS = `@supports selector(:has(*)) {
[data-grid-size] { display: none; }
[data-grid-empty] { display: block; }
${SIZES.map((size) => `form:has(input[name="availableSizes"][value="${size}"]:checked) [data-grid-size="${size}"] { display: table-cell; }`).join('\n')}
form:has(input[name="availableSizes"]:checked) [data-grid-empty] { display: none; }
}`;

/**
 * Without JavaScript the page holds the stock per size and the grid both: the grid shows once a
 * colour has a name, and a row of it once its colour has one.
 */
function gridFollowsNames(rowCount: number): string {
  const rows = Array.from({ length: rowCount }, (_, i) => `form:has(input[name="${colorField(i, 'name')}"]:placeholder-shown) [data-color-row="${i}"] { display: none; }`);
  return `@supports selector(:has(*)) {
form:has([data-color-name]:not(:placeholder-shown)) [data-flat-stock] { display: none; }
form:not(:has([data-color-name]:not(:placeholder-shown))) [data-color-stock] { display: none; }
${rows.join('\n')}
}`;
}

interface ColorStockGridProps {
  rows: ColorRow[];
  onChange: (rows: ColorRow[]) => void;
  /** The columns: the ticked sizes (without JavaScript, the ones ticked when the page was drawn). */
  sizes: readonly string[];
  enhanced: boolean;
  /** Messages by field: `stock`, `stock.<colour>` and `stock.<colour>.<size>`. */
  errors: Record<string, string>;
}

export function ColorStockGrid({ rows, onChange, sizes, enhanced, errors }: ColorStockGridProps) {
  const drawn = enhanced || rows.length >= MAX_COLORS ? sentRows(rows) : [...rows, newColorRowAt(rows.length)];
  const columns = SIZES.filter((size) => sizes.includes(size));
  const cellErrors = drawn.flatMap((row, index) => [
    ...(errors[`stock.${row.name.trim()}`] ? [{ id: `color-stock-${index}-error`, label: label(row, index), message: errors[`stock.${row.name.trim()}`]! }] : []),
    ...columns
      .filter((size) => errors[`stock.${row.name.trim()}.${size}`])
      .map((size) => ({ id: `color-stock-${index}-${size}-error`, label: `${label(row, index)} · ${sizeName(size)}`, message: errors[`stock.${row.name.trim()}.${size}`]! })),
  ]);
  const invalid = Boolean(errors.stock) || cellErrors.length > 0;
  const total = piecesOf(drawn.flatMap((row) => columns.map((size) => row.stock[size] ?? '0')));
  const setPieces = (index: number, size: string, text: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, stock: { ...row.stock, [size]: text } } : row)));
  return (
    <fieldset data-color-stock className="min-w-0" aria-invalid={invalid || undefined} aria-describedby={errors.stock ? 'field-color-stock-error' : undefined}>
      <style>{COLUMNS_FOLLOW_TICKS}</style>
      {!enhanced && <style>{gridFollowsNames(drawn.length)}</style>}
      <legend className="mb-1 font-semibold">المخزون لكل لون ومقاس</legend>
      <p className="mb-3 text-sm text-muted">
        عدد القطع المتوفرة من كل لون في كل مقاس مختار.
        <span className="hidden [@media(scripting:none)]:inline"> المقاس الذي تختاره الآن يظهر هنا بعد الحفظ.</span>
      </p>
      <p data-grid-empty className="mb-3 hidden rounded-lg bg-surface px-3 py-2 text-sm text-muted">
        اختر المقاسات أولاً لتكتب مخزون كل لون.
      </p>
      {/* A phone scrolls the grid sideways within its frame rather than the whole page; the keyboard can scroll it too. */}
      <div tabIndex={0} className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <table className="border-collapse text-sm">
          <thead>
            <tr>
              <th scope="col" className="sticky start-0 z-10 bg-white px-2 py-2 text-start font-semibold text-muted">
                اللون
              </th>
              {columns.map((size) => (
                <th key={size} id={`color-stock-col-${size}`} scope="col" data-grid-size={size} className="px-1 py-2 text-center font-semibold">
                  <span className="sr-only">مقاس </span>
                  <Ltr>{sizeName(size)}</Ltr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {drawn.map((row, index) => (
              <tr key={row.key} data-color-row={index} className="border-t border-line">
                <th
                  id={`color-stock-row-${index}`}
                  scope="row"
                  className="sticky start-0 z-10 max-w-32 bg-white px-2 py-2 text-start font-semibold break-words"
                >
                  <span className="flex items-center gap-1.5">
                    <ColorDot hex={row.hex} />
                    <span className="min-w-0">{enhanced ? label(row, index) : row.name.trim() || 'اللون الجديد'}</span>
                  </span>
                </th>
                {columns.map((size) => {
                  const error = errors[`stock.${row.name.trim()}.${size}`];
                  return (
                    <td key={size} data-grid-size={size} className="px-1 py-1.5">
                      <input
                        name={colorStockField(index, size)}
                        type="number"
                        min={0}
                        step={1}
                        inputMode="numeric"
                        dir="ltr"
                        autoComplete="off"
                        value={row.stock[size] ?? '0'}
                        onChange={(event) => setPieces(index, size, event.currentTarget.value)}
                        aria-labelledby={`color-stock-row-${index} color-stock-col-${size}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `color-stock-${index}-${size}-error` : errors[`stock.${row.name.trim()}`] ? `color-stock-${index}-error` : undefined}
                        className={`min-h-11 w-16 rounded-lg border px-1 text-center text-base font-semibold focus:border-brand-500 ${error ? 'border-sale bg-red-50' : 'border-line'}`}
                      />
                      {row.seen[size] !== undefined && <input type="hidden" name={colorSeenField(index, size)} value={row.seen[size]} />}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {cellErrors.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1">
          {cellErrors.map((e) => (
            <li key={e.id}>
              <FieldMessage id={e.id} message={`${e.label}: ${e.message}`} />
            </li>
          ))}
        </ul>
      )}
      <FieldMessage id="field-color-stock-error" message={errors.stock} className="mt-2" />
      <PiecesTotal id="color-stock-total-label" total={total} />
    </fieldset>
  );
}
