/**
 * The half-star rating of the review form (SPEC.md §5): ten native radios, 0.5 to 5, so the
 * arrow keys work and the form posts `rating` without JavaScript. Each radio's label is half a
 * star; radios come highest first in the markup so `input:checked ~ label` lights the chosen
 * half and every lower one with CSS alone, and the row is reversed so 0.5 sits at the start.
 * The chosen value beside the stars ("4.5 / 5") is kept up by app/enhance/reviews.ts.
 */
import { Star } from 'lucide-react';
import { useId } from 'react';

const VALUES = [5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1, 0.5];

interface RatingInputProps {
  defaultValue?: number;
  error?: string;
}

export function RatingInput({ defaultValue, error }: RatingInputProps) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 font-semibold">تقييمك للمنتج</legend>
      <div className="flex items-center gap-3">
        <div className="flex flex-row-reverse justify-end" dir="rtl">
          {VALUES.map((v) => {
            const half = !Number.isInteger(v);
            return [
              <input
                key={`i${v}`}
                type="radio"
                id={`${id}-${v}`}
                name="rating"
                value={v}
                defaultChecked={defaultValue === v}
                aria-invalid={error ? true : undefined}
                className="sr-only"
              />,
              <label
                key={`l${v}`}
                htmlFor={`${id}-${v}`}
                className="relative h-12 w-6 cursor-pointer overflow-hidden text-line hover:text-amber-400 [input:checked~&]:text-amber-500 [input:focus-visible+&]:outline-2 [input:focus-visible+&]:outline-brand-500 [label:hover~&]:text-amber-400"
              >
                <span className="sr-only">{`${v} من 5`}</span>
                {/* The start half of a star holds x.5, the end half the whole number. */}
                <Star
                  aria-hidden
                  strokeWidth={1.5}
                  className={`absolute top-0 size-12 fill-current stroke-amber-700 ${half ? 'start-0' : 'end-0'}`}
                />
              </label>,
            ];
          })}
        </div>
        <span data-rating-value hidden={defaultValue === undefined} className="text-sm font-semibold text-muted">
          <bdi dir="ltr">{defaultValue ?? ''} / 5</bdi>
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} data-enhance="toast" data-toast-type="error" className="mt-1 text-sm text-sale">
          {error}
        </p>
      )}
    </fieldset>
  );
}
