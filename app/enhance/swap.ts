/**
 * `data-enhance="swap"` with `data-swap="<id>"` on a small form that posts its own page (the
 * discount code on the cart and the checkout): with JavaScript the post goes in the background
 * and only the part of the page with that id is replaced by the same part of the page that comes
 * back, so the rest of the page stays as it is. Without JavaScript, or when the server cannot be
 * reached, the form posts as a plain form; an answer without that part is opened as a page.
 */
import { whileBusy } from './api.ts';

export function swap(element: HTMLElement) {
  const form = element as HTMLFormElement;
  form.addEventListener('submit', (event) => {
    const target = document.getElementById(form.dataset.swap ?? '');
    if (!target || event.defaultPrevented) return;
    event.preventDefault();
    // Read now, after the behaviours listening before this one added their fields (carry-fields).
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') body.append(name, value);
    void whileBusy(form, async () => {
      let response: Response;
      try {
        response = await fetch(form.action, { method: 'POST', body, headers: { Accept: 'text/html' }, credentials: 'same-origin' });
      } catch {
        // The post never reached the server: sent again as a plain form.
        return form.submit();
      }
      const fresh = new DOMParser().parseFromString(await response.text(), 'text/html').getElementById(target.id);
      // It did reach it (the code is on, or refused), but the answer is another page (signed out,
      // too many tries): that page is opened, rather than the post sent a second time.
      if (!fresh) return window.location.assign(response.url);
      target.replaceWith(document.adoptNode(fresh));
      // Where the shopper reads on: a refused code's field, else the code's box.
      const box = document.getElementById(target.id);
      const focus = box?.querySelector<HTMLElement>('[name=code][aria-invalid=true]') ?? box?.querySelector<HTMLElement>('[data-coupon]');
      focus?.focus();
    });
  });
}
