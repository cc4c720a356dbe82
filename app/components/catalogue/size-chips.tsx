/**
 * The size picker: one native radio per size, drawn as a chip. Radios give the group
 * semantics and the arrow keys for free, and post `color` (the API's name for the size)
 * with the form, with or without JavaScript.
 */
import { useId } from 'react';

interface SizeChipsProps {
  sizes: readonly string[];
  /** The form the radios belong to, when they sit outside it. */
  form?: string;
  disabled?: boolean;
  /**
   * Screen-reader name of a card's group ("مقاس <title>"), so the cards of a page are told apart;
   * without it the group shows the visible legend "المقاس".
   */
  label?: string;
}

export function SizeChips({ sizes, form, disabled, label }: SizeChipsProps) {
  const id = useId();
  if (sizes.length === 0) return null;
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className={label ? 'sr-only' : 'mb-2 font-semibold'}>{label ?? 'المقاس'}</legend>
      <div className="flex flex-wrap gap-1.5">
        {sizes.map((size, i) => (
          <span key={size} className="relative">
            <input
              type="radio"
              id={`${id}-${i}`}
              name="color"
              value={size}
              form={form}
              // A product of one size needs no choice.
              defaultChecked={sizes.length === 1}
              className="peer sr-only"
            />
            <label
              htmlFor={`${id}-${i}`}
              className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-lg border border-line bg-white px-2 text-sm font-semibold uppercase text-ink transition-colors peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 peer-disabled:cursor-not-allowed peer-disabled:opacity-50"
            >
              {size}
            </label>
          </span>
        ))}
      </div>
    </fieldset>
  );
}
