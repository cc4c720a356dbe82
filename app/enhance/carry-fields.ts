/**
 * `data-enhance="carry-fields"` on a small form that posts the same page as a larger one (the
 * discount code beside the checkout's address): when it is sent, the fields named in
 * `data-carry-fields` are copied from the form `data-carry-from` names, so what the shopper typed
 * there comes back on the page instead of being lost. Without JavaScript the small form posts alone.
 */
export function carryFields(element: HTMLElement) {
  const form = element as HTMLFormElement;
  const names = (form.dataset.carryFields ?? '').split(' ').filter(Boolean);
  form.addEventListener('submit', () => {
    const from = document.getElementById(form.dataset.carryFrom ?? '');
    if (!(from instanceof HTMLFormElement)) return;
    form.querySelectorAll('input[data-carried]').forEach((input) => input.remove());
    const values = new FormData(from);
    for (const name of names) {
      const value = values.get(name);
      if (typeof value !== 'string') continue;
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      input.dataset.carried = '';
      form.append(input);
    }
  });
}
