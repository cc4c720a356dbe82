/**
 * `data-enhance="wishlist"` on the product page's heart (app/components/catalogue/wishlist-toggle.tsx):
 * toggles in place through POST /api/v1/wishlist or DELETE /api/v1/wishlist/{id}. The heart
 * turns at once and turns back if the call fails, with the failure as a toast; a guest is asked
 * to log in first and staff are told they have no wishlist, as the page would say. The heart's fill follows aria-pressed in CSS. Without JavaScript the form
 * posts to /wishlist, which sends the page back to itself.
 */
import { msg } from './messages.ts';
import { callApi, failureMessages, shopperRefusal } from './api.ts';
import { toast } from './toast.ts';

export function wishlist(element: HTMLElement) {
  const form = element as HTMLFormElement;
  const button = form.querySelector<HTMLButtonElement>('button[aria-pressed]');
  const productId = String(new FormData(form).get('productId') ?? '');
  if (!button || !productId) return;

  /** The heart's state: pressed, title and the intent a plain post would send. */
  function show(on: boolean) {
    button!.setAttribute('aria-pressed', String(on));
    button!.value = on ? 'remove' : 'add';
    const title = on ? button!.dataset.titleOn : button!.dataset.titleOff;
    if (title) button!.title = title;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const refusal = shopperRefusal();
    if (refusal) return toast.error(refusal);
    // One call at a time; the button keeps its focus (a disabled one would lose it).
    if (button.getAttribute('aria-busy') === 'true') return;
    const adding = button.getAttribute('aria-pressed') !== 'true';
    show(adding);
    button.setAttribute('aria-busy', 'true');
    const call = adding ? callApi('POST', '/wishlist', { productId }) : callApi('DELETE', `/wishlist/${encodeURIComponent(productId)}`);
    call
      .then((answer) => {
        if (!answer.ok) {
          show(!adding);
          return failureMessages(answer).forEach((message) => toast.error(message));
        }
        // The answer lists the wishlist as stored: the heart shows that.
        const ids = answer.body?.data;
        if (Array.isArray(ids)) show(ids.includes(productId));
      })
      .catch(() => {
        show(!adding);
        toast.error(msg().serverError);
      })
      .finally(() => button.removeAttribute('aria-busy'));
  });
}
