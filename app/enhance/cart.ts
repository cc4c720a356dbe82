/**
 * `data-enhance="add-to-cart"` on the product page's cart form and the listings' size sheet: adds in
 * place through POST /api/v1/cart and says so in a toast, and the cart icons count the new line.
 * A guest, staff or a missing size is answered on the spot, as the page would answer. Without JavaScript the form posts to /cart.
 */
import { msg } from './messages.ts';
import { callApi, failureMessages, shopperRefusal, whileBusy } from './api.ts';
import { toast } from './toast.ts';

/** Sent on an add-to-cart form once the server answered, or could not be reached. */
export const CART_ANSWERED = 'cart-answered';

/** A cart icon's accessible name (`name` is the link's own, e.g. "العربة"): it says how many lines the cart holds. */
export function cartLinkLabel(name: string, count: number): string {
  return count > 0 ? `${name}: ${count} منتجات` : name;
}

/** What a count bubble shows. */
export function countText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * Shows a new line count on every cart icon of the page: the bubbles (`data-cart-count`) and
 * the links' names (`data-cart-link` holds the link's own name).
 */
export function showCartCount(count: number) {
  document.querySelectorAll<HTMLElement>('[data-cart-count]').forEach((badge) => {
    badge.textContent = countText(count);
    badge.hidden = count <= 0;
  });
  document.querySelectorAll<HTMLElement>('[data-cart-link]').forEach((link) => link.setAttribute('aria-label', cartLinkLabel(link.dataset.cartLink!, count)));
}

export function addToCart(element: HTMLElement) {
  const form = element as HTMLFormElement;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const refusal = shopperRefusal();
    if (refusal) return toast.error(refusal);
    const data = new FormData(form);
    const color = data.get('color');
    if (!color) return toast.error(msg().sizeFirst);
    void whileBusy(form, async () => {
      try {
        // The product page names its chosen colour; a card's product has one colour or none.
        const colorName = data.get('colorName');
        const answer = await callApi('POST', '/cart', { productId: data.get('productId'), color, ...(colorName && { colorName }) });
        // The size sheet closes on an answer, so the toast that follows is seen.
        form.dispatchEvent(new CustomEvent(CART_ANSWERED));
        if (!answer.ok) return failureMessages(answer).forEach((message) => toast.error(message));
        toast.success(msg().addedToCart);
        const cart = answer.body?.data as { products?: unknown[] } | undefined;
        if (Array.isArray(cart?.products)) showCartCount(cart.products.length);
      } catch {
        form.dispatchEvent(new CustomEvent(CART_ANSWERED));
        toast.error(msg().serverError);
      }
    });
  });
}
