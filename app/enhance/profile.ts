/**
 * The profile's behaviours (it does not hydrate, docs/decisions/010). Its forms post pages and
 * come back to the profile saying what happened; these only spare the shopper a wait or a scroll.
 *
 * `data-enhance="size-first"` on a form that posts a size (its `color` radios) with a product:
 * sent with none chosen, it is answered at once with SPEC.md §8's "please pick a size first" and
 * the first size that can be chosen takes focus; the server would say the same after a round trip.
 *
 * `data-enhance="into-view"` on a message the page came back with, inside a part of the page the
 * address has no fragment for (Paymob's return to an order): it is scrolled into view.
 */
import { msg } from './messages.ts';
import { toast } from './toast.ts';

export function sizeFirst(element: HTMLElement) {
  const form = element as HTMLFormElement;
  form.addEventListener('submit', (event) => {
    if (!form.querySelector('input[name="color"]') || new FormData(form).get('color')) return;
    event.preventDefault();
    toast.error(msg().sizeFirst);
    form.querySelector<HTMLInputElement>('input[name="color"]:enabled')?.focus();
  });
}

export function intoView(element: HTMLElement) {
  element.scrollIntoView({ block: 'nearest' });
}
