/**
 * The half-star rating of the review form (SPEC.md §5): ten native radios, 0.5 to 5, so the
 * arrow keys work and the form posts `rating` without JavaScript. Each radio's label is half a
 * star; radios come highest first in the markup so `input:checked ~ label` lights the chosen
 * half and every lower one with CSS alone, and the row is reversed so 0.5 sits at the start.
 * The chosen value beside the stars ("4.5 / 5") is kept up by app/enhance/reviews.ts.
 */
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
                aria-label={`${v} من 5`}
                defaultChecked={defaultValue === v}
                aria-invalid={error ? true : undefined}
                className="sr-only"
              />,
              // Half a star, the start half for x.5 and the end half for the whole number: a picture of the
              // stylesheet's (app/components/icons/css-plugin.ts), gold once chosen and under the pointer.
              <label
                key={`l${v}`}
                htmlFor={`${id}-${v}`}
                className={`h-12 w-6 cursor-pointer bg-(image:--rating-star-empty) bg-size-[3rem_3rem] bg-no-repeat hover:bg-(image:--rating-star-hover) [input:checked~&]:bg-(image:--rating-star-chosen) [input:focus-visible+&]:outline-2 [input:focus-visible+&]:outline-brand-500 [label:hover~&]:bg-(image:--rating-star-hover) ${half ? 'bg-right' : 'bg-left'}`}
              />,
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
