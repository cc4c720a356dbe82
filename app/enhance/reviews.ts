/**
 * `data-enhance="review-form"` on the product page's review form (app/components/catalogue/reviews.tsx):
 * the form still posts to the page as a plain form; this asks a guest to log in instead of
 * posting (SPEC.md §8) and keeps the character count ("12 / 200") and the chosen rating
 * ("4.5 / 5") up to date. The form's submit-once behaviour marks the button busy while the post
 * runs; the page that comes back shows the result, and app/enhance/flash.ts makes its messages toasts.
 */
import { msg } from './messages.ts';
import { signedInRole } from './api.ts';
import { toast } from './toast.ts';

export function reviewForm(element: HTMLElement) {
  const form = element as HTMLFormElement;
  const text = form.querySelector<HTMLTextAreaElement>('textarea[data-counted]');
  const count = text ? document.getElementById(text.dataset.counted!) : null;
  const rating = form.querySelector<HTMLElement>('[data-rating-value]');
  const max = text?.maxLength;

  function showCount() {
    if (text && count) count.textContent = `${text.value.length} / ${max}`;
  }
  function showRating() {
    const chosen = form.querySelector<HTMLInputElement>('input[name=rating]:checked');
    if (!rating) return;
    rating.hidden = !chosen;
    if (chosen) rating.firstElementChild!.textContent = `${chosen.value} / 5`;
  }

  // The browser may have filled the form back in (going back to the page): show what it holds.
  showCount();
  showRating();
  text?.addEventListener('input', showCount);
  form.addEventListener('change', (event) => {
    if ((event.target as HTMLInputElement).name === 'rating') showRating();
  });
  form.addEventListener('submit', (event) => {
    if (signedInRole() !== 'guest') return;
    event.preventDefault();
    toast.error(msg().loginFirst);
  });
}
