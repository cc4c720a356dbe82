/**
 * `data-enhance="newsletter"` on the footer's sign-up form: subscribes in place through
 * POST /api/v1/newsletter, answers with a toast and a line under the box (`[data-answer]`).
 * Without JavaScript the form posts to /newsletter, which shows the answer.
 */
import { msg } from './messages.ts';
import { callApi, failureMessages, whileBusy } from './api.ts';
import { toast } from './toast.ts';

export function newsletter(element: HTMLElement) {
  const form = element as HTMLFormElement;
  const input = form.querySelector<HTMLInputElement>('input[name=email]');
  const line = form.querySelector<HTMLElement>('[data-answer]');

  function answer(type: 'success' | 'error', message: string) {
    toast[type](message);
    if (line) {
      line.textContent = message;
      line.hidden = false;
      line.className = `mt-2 text-sm ${type === 'error' ? 'text-red-700' : 'text-green-800'}`;
    }
    if (input) {
      if (type === 'error') input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
      if (line) input.setAttribute('aria-describedby', line.id);
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void whileBusy(form, async () => {
      try {
        const result = await callApi('POST', '/newsletter', { email: input?.value ?? '' });
        if (result.ok) {
          answer('success', typeof result.body?.message === 'string' ? result.body.message : msg().subscribed);
          form.reset();
        } else {
          answer('error', failureMessages(result)[0]!);
        }
      } catch {
        answer('error', msg().serverError);
      }
    });
  });
}
