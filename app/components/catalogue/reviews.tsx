/**
 * A product's reviews and the form to write one (SPEC.md §2 "Product detail", §5). Review text
 * is rendered as text, never as HTML. The form posts to the product route's action as a plain
 * form and the page comes back with the result: its messages are also toasts (SPEC.md §8)
 * through app/enhance/flash.ts. `<details>` opens the form with or without JavaScript.
 */
import { Icon } from '../icons/icon.tsx';
import { useId } from 'react';
import { REVIEW_MAX } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import { formatDate } from '../../lib/format.tsx';
import type { ActionResult } from '../../lib/toast.ts';
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

/** A page of reviews: `?reviews=<page>` on the product's address, its colour kept, opening on the reviews. */
function reviewsHref(productId: string, color: string | null, page: number): string {
  const query = new URLSearchParams();
  if (color) query.set('color', color);
  if (page > 1) query.set('reviews', String(page));
  const search = query.toString();
  return `/product/${productId}${search ? `?${search}` : ''}#reviews`;
}

/**
 * One page of a product's reviews, newest first, and links to the newer and older pages. A review
 * is one list item named after its author: the name, the verified-buyer tag, the stars and the date
 * on one line, the text under them.
 */
export function ReviewsList({ reviews, page = 1, pages = 1, productId, color = null }: { reviews: ReviewItem[]; page?: number; pages?: number; productId: string; color?: string | null }) {
  if (reviews.length === 0) {
    return <p className="text-muted">لا توجد تقييمات لهذا المنتج بعد، كن أول من يكتب تقييمه.</p>;
  }
  const link = 'inline-flex min-h-11 items-center rounded-lg border border-line px-4 font-semibold text-brand-700 hover:bg-brand-50';
  return (
    <>
      <ul className="divide-y divide-line">
        {reviews.map((review) => (
          <li key={review.id} aria-label={`تقييم ${review.userName}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-4">
            <h3 className="font-bold">{review.userName}</h3>
            {review.verifiedPurchase && (
              <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-sm font-semibold text-green-800">
                <Icon name="badge-check" className="size-4" />
                {MSG.verifiedBuyer}
              </span>
            )}
            <RatingStars value={review.rating} />
            <time dateTime={review.createdAt} className="text-sm text-muted">
              {formatDate(review.createdAt)}
            </time>
            <p className="w-full break-words whitespace-pre-line text-ink">{review.review}</p>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav aria-label="صفحات التقييمات" className="flex flex-wrap items-center gap-2">
          {page > 1 && (
            <a href={reviewsHref(productId, color, page - 1)} className={link}>
              تقييمات أحدث
            </a>
          )}
          {page < pages && (
            <a href={reviewsHref(productId, color, page + 1)} className={link}>
              تقييمات أقدم
            </a>
          )}
        </nav>
      )}
    </>
  );
}

export type ReviewActionData = ActionResult & { values?: { review?: unknown; rating?: unknown } };

/** A message the server rendered after the post; the enhancement script also shows it as a toast. */
function Flash({ type, id, className, children }: { type: 'success' | 'error'; id?: string; className: string; children: string }) {
  return (
    <p id={id} role={type === 'success' ? 'status' : undefined} data-enhance="toast" data-toast-type={type} className={className}>
      {children}
    </p>
  );
}

/**
 * The review form. `action` is the product page's address with `#reviews`, so the page the
 * post comes back as opens on the reviews. After a failed post the form stays open with what
 * was written; after a successful one it comes back closed and empty.
 */
export function ReviewForm({ result, action }: { result: ReviewActionData | undefined; action: string }) {
  const id = useId();
  const failed = result?.ok === false;
  const errors = result?.errors ?? {};
  const { rating: ratingError, review: reviewError, ...otherErrors } = errors;
  const text = failed && typeof result.values?.review === 'string' ? result.values.review : '';
  const rating = failed ? Number(result.values?.rating) : NaN;
  return (
    <div className="flex flex-col gap-3">
      {result?.ok && result.toast && (
        <Flash type="success" className="font-semibold text-green-800">
          {result.toast.message}
        </Flash>
      )}
      <details open={failed} className="group rounded-xl border border-line">
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-4 font-bold text-brand-700">
          <Icon name="pen-line" className="size-5" />
          اكتب تقييمك
          <Icon name="chevron-down" className="ms-auto size-5 transition-transform group-open:rotate-180" />
        </summary>
        {/* app/enhance/reviews.ts: a guest is asked to log in instead of posting, and the count follows the typing;
            submit-once marks the button busy while the post runs. */}
        <form method="post" action={action} data-enhance="review-form submit-once" className="flex flex-col gap-4 border-t border-line p-4">
          <input type="hidden" name="intent" value="review" />
          <RatingInput defaultValue={Number.isFinite(rating) && rating > 0 ? rating : undefined} error={ratingError} />
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-text`} className="font-semibold">
              تقييمك
            </label>
            <textarea
              id={`${id}-text`}
              name="review"
              rows={4}
              maxLength={REVIEW_MAX}
              defaultValue={text}
              data-counted={`${id}-count`}
              aria-invalid={reviewError ? true : undefined}
              aria-describedby={`${id}-count${reviewError ? ` ${id}-error` : ''}`}
              className="w-full rounded-lg border border-line p-3 focus:border-brand-500"
            />
            <div className="flex justify-between gap-2 text-sm">
              {reviewError ? (
                <Flash type="error" id={`${id}-error`} className="text-sale">
                  {reviewError}
                </Flash>
              ) : (
                <span />
              )}
              <span className="text-muted">
                <span className="sr-only">عدد الحروف</span>
                <bdi id={`${id}-count`} dir="ltr">
                  {text.length} / {REVIEW_MAX}
                </bdi>
              </span>
            </div>
          </div>
          {Object.entries(otherErrors).map(([field, message]) => (
            <Flash key={field} type="error" className="font-semibold text-sale">
              {message}
            </Flash>
          ))}
          {failed && result.toast && (
            <Flash type="error" className="font-semibold text-sale">
              {result.toast.message}
            </Flash>
          )}
          <button
            type="submit"
            className="group/send inline-flex min-h-11 items-center justify-center gap-2 self-start rounded-lg bg-brand-600 px-6 font-bold text-white hover:bg-brand-700 disabled:opacity-70"
          >
            {/* Shown while the post runs (aria-busy, set by submit-once). */}
            <Icon name="loader-circle" className="hidden size-4 group-aria-busy/send:inline motion-safe:animate-spin" />
            إرسال التقييم
          </button>
        </form>
      </details>
    </div>
  );
}
