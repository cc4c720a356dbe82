/**
 * `data-enhance="submit-once"` on a form that posts a page (login, signup, password change):
 * while the post runs its button says so (aria-busy, which the spinner in the button follows,
 * SPEC.md §4 "Forms") and a second press sends nothing. A post another behaviour stops (a
 * check in the browser) leaves the button idle.
 */
const SUBMIT_BUTTONS = 'button[type=submit], button:not([type])';

export function submitOnce(element: HTMLElement) {
  const form = element as HTMLFormElement;
  let busy = false;

  function idle() {
    busy = false;
    form.querySelectorAll<HTMLButtonElement>(SUBMIT_BUTTONS).forEach((button) => {
      button.removeAttribute('aria-busy');
      button.disabled = false;
    });
  }

  form.addEventListener('submit', (event) => {
    if (busy) return event.preventDefault();
    const pressed = event.submitter instanceof HTMLButtonElement ? event.submitter : form.querySelector<HTMLButtonElement>(SUBMIT_BUTTONS);
    // Looked at once every listener has run, so a check that stops the post is seen; and the
    // buttons are disabled only then, as a disabled button's name and value are not posted.
    setTimeout(() => {
      if (event.defaultPrevented) return;
      busy = true;
      pressed?.setAttribute('aria-busy', 'true');
      form.querySelectorAll<HTMLButtonElement>(SUBMIT_BUTTONS).forEach((button) => (button.disabled = true));
    });
  });
  // Back to this page from the browser's cache: the form is idle again.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) idle();
  });
}
