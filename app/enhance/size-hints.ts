/**
 * `data-enhance="size-hints"` on the product page's size picker: the hint of the chosen size
 * (its last pieces) stands out. Each hint is an element with `data-size`.
 */
export const HINT = 'w-fit rounded px-1.5 font-semibold text-amber-800';
export const HINT_CHOSEN = 'w-fit rounded px-1.5 bg-amber-100 font-bold text-amber-900';

export function sizeHints(element: HTMLElement) {
  // The radios may sit outside the form they post with, but they are inside this fieldset.
  element.addEventListener('change', (event) => {
    const chosen = (event.target as HTMLInputElement).value;
    element.querySelectorAll<HTMLElement>('[data-size]').forEach((hint) => (hint.className = hint.dataset.size === chosen ? HINT_CHOSEN : HINT));
  });
}
