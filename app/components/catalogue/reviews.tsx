/**
 * A product's reviews and the form to write one (SPEC.md §2 "Product detail", §5). Review text
 * is rendered as text, never as HTML. The form posts to the product route's action and works
 * without JavaScript; `<details>` opens it with or without JavaScript.
 */
import { BadgeCheck, ChevronDown, Loader2, PenLine } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Form, useNavigation } from 'react-router';
import { toast } from 'react-toastify';
import { REVIEW_MAX } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import { formatDate } from '../../lib/format.tsx';
import type { ActionResult } from '../../lib/toast.ts';
import { useRootData } from '../../root.tsx';
import { RatingInput } from './rating-input.tsx';
import { RatingStars } from './rating-stars.tsx';

export interface ReviewItem {
  id: string;
  userName: string;
  rating: number;
  review: string;
  /** The author received the product (a delivered order held it). */
  verifiedPurchase: boolean;
  createdAt: string;
}

export function ReviewsList({ reviews }: { reviews: ReviewItem[] }) {
  if (reviews.length === 0) {
    return <p className="text-muted">لا توجد تقييمات لهذا المنتج بعد، كن أول من يكتب تقييمه.</p>;
  }
  return (
    <ul className="divide-y divide-line">
      {reviews.map((review) => (
        <li key={review.id} className="py-4">
          <article aria-label={`تقييم ${review.userName}`} className="flex flex-col gap-1">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h3 className="font-bold">{review.userName}</h3>
              {review.verifiedPurchase && (
                <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-sm font-semibold text-green-800">
                  <BadgeCheck aria-hidden="true" className="size-4" />
                  {MSG.verifiedBuyer}
                </span>
              )}
              <RatingStars value={review.rating} />
              <time dateTime={review.createdAt} className="text-sm text-muted">
                {formatDate(review.createdAt)}
              </time>
            </div>
            <p className="break-words whitespace-pre-line text-ink">{review.review}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}

export type ReviewActionData = ActionResult & { values?: { review?: unknown; rating?: unknown } };

export function ReviewForm({ result }: { result: ReviewActionData | undefined }) {
  const id = useId();
  const root = useRootData();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useState(result?.ok === false);
  const [length, setLength] = useState(typeof result?.values?.review === 'string' ? result.values.review.length : 0);
  const pending = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'review';
  const errors = result?.errors ?? {};

  useEffect(() => {
    if (!result?.ok) return;
    form.current?.reset();
    setLength(0);
    setOpen(false);
  }, [result]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!root?.user) {
      event.preventDefault();
      toast.error(MSG.loginFirst);
    }
  }

  const defaultRating = Number(result?.values?.rating);
  return (
    <div className="flex flex-col gap-3">
      {/* Without JavaScript there is no toast: the page says it. */}
      {result?.ok && (
        <p role="status" className="font-semibold text-green-800">
          {MSG.reviewAdded}
        </p>
      )}
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className="group rounded-xl border border-line">
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-4 font-bold text-brand-700">
          <PenLine aria-hidden className="size-5" />
          اكتب تقييمك
          <ChevronDown aria-hidden className="ms-auto size-5 transition-transform group-open:rotate-180" />
        </summary>
        <Form ref={form} method="post" preventScrollReset onSubmit={onSubmit} className="flex flex-col gap-4 border-t border-line p-4">
          <input type="hidden" name="intent" value="review" />
          <RatingInput
            key={result?.ok ? 'sent' : 'editing'}
            defaultValue={Number.isFinite(defaultRating) && defaultRating > 0 ? defaultRating : undefined}
            error={errors.rating}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-text`} className="font-semibold">
              تقييمك
            </label>
            <textarea
              id={`${id}-text`}
              name="review"
              rows={4}
              maxLength={REVIEW_MAX}
              defaultValue={typeof result?.values?.review === 'string' && !result.ok ? result.values.review : undefined}
              onChange={(event) => setLength(event.currentTarget.value.length)}
              aria-invalid={errors.review ? true : undefined}
              aria-describedby={`${id}-count${errors.review ? ` ${id}-error` : ''}`}
              className="w-full rounded-lg border border-line p-3 focus:border-brand-500"
            />
            <div className="flex justify-between gap-2 text-sm">
              <span id={`${id}-error`} className="text-sale">
                {errors.review}
              </span>
              <span id={`${id}-count`} className="text-muted">
                <span className="sr-only">عدد الحروف</span>
                <bdi dir="ltr">
                  {length} / {REVIEW_MAX}
                </bdi>
              </span>
            </div>
          </div>
          {result?.toast?.type === 'error' && <p className="font-semibold text-sale">{result.toast.message}</p>}
          <button
            type="submit"
            disabled={pending}
            className="inline-flex min-h-11 items-center justify-center gap-2 self-start rounded-lg bg-brand-600 px-6 font-bold text-white hover:bg-brand-700 disabled:opacity-70"
          >
            {pending && <Loader2 aria-hidden className="size-4 animate-spin" />}
            إرسال التقييم
          </button>
        </Form>
      </details>
    </div>
  );
}
