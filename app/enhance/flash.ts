/**
 * `data-enhance="toast"` on a message the server rendered into the page (after a plain form
 * post): with JavaScript it is also shown as a toast, as SPEC.md §8 asks. `data-toast-type` is
 * success (the default), error or info.
 */
import { toast, type ToastType } from './toast.ts';

export function flashToast(element: HTMLElement) {
  const type = (element.dataset.toastType ?? 'success') as ToastType;
  const message = element.textContent?.trim();
  if (message) toast[type](message);
}
