/**
 * `data-enhance="size-sheet"` on a product card's add-to-cart bar, a link to the product's page
 * (where the size is chosen without JavaScript). With JavaScript the bar becomes a button that
 * opens the page's one size sheet: a dialog built here on first use, whose chips come from the
 * bar's data (`data-sizes`, `data-sold-out`), and whose form is the product page's cart form
 * (posts to /cart; app/enhance/cart.ts adds in place). The cards themselves carry no form, which
 * keeps a page of them small (docs/decisions/028).
 */
import { sizeName } from '../../contracts/constants.ts';
import { CHIP, IN_STOCK, SOLD_OUT } from '../components/catalogue/chip-classes.ts';
import { shopperRefusal } from './api.ts';
import { CART_ANSWERED } from './cart.ts';
import { msg } from './messages.ts';
import { toast } from './toast.ts';

const SHEET =
  'm-0 mt-auto w-full max-w-none rounded-t-2xl bg-white p-4 text-ink shadow-xl backdrop:bg-ink/50 sm:m-auto sm:max-w-md sm:rounded-2xl';
const BUTTON = 'inline-flex min-h-11 flex-1 items-center justify-center rounded-lg px-3 text-sm font-bold transition-colors';

interface Sheet {
  dialog: HTMLDialogElement;
  form: HTMLFormElement;
  title: HTMLElement;
  productId: HTMLInputElement;
  chips: HTMLElement;
  problem: HTMLElement;
}

let sheet: Sheet | undefined;

function make<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, attributes: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** The page's size sheet, built the first time a card asks for it. */
function theSheet(): Sheet {
  if (sheet) return sheet;
  const dialog = make('dialog', SHEET, { 'aria-labelledby': 'size-sheet-title' });
  const form = make('form', 'flex flex-col gap-4', { method: 'post', action: '/cart', 'data-enhance': 'add-to-cart' });
  const title = make('h2', 'text-base font-bold', { id: 'size-sheet-title' });
  const intent = make('input', '', { type: 'hidden', name: 'intent', value: 'add' });
  const productId = make('input', '', { type: 'hidden', name: 'productId' });
  const group = make('fieldset', 'min-w-0');
  const legend = make('legend', 'mb-2 font-semibold');
  legend.textContent = 'المقاس';
  const chips = make('div', 'flex flex-wrap gap-1.5');
  group.append(legend, chips);
  const problem = make('p', 'text-sm font-semibold text-sale', { role: 'alert' });
  const buttons = make('div', 'flex gap-2');
  const add = make('button', `${BUTTON} bg-brand-600 text-white hover:bg-brand-700`, { type: 'submit' });
  add.textContent = 'أضف للعربة';
  const close = make('button', `${BUTTON} border border-line text-ink hover:bg-surface`, { type: 'button' });
  close.textContent = 'إغلاق';
  buttons.append(add, close);
  form.append(title, intent, productId, group, problem, buttons);
  dialog.append(form);

  close.addEventListener('click', () => dialog.close());
  // A tap on the backdrop (the dialog itself, outside its form) closes it.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  // Registered before the cart behaviour is attached, so a missing size is said inside the sheet, where it is seen.
  form.addEventListener('submit', (event) => {
    if (new FormData(form).get('color')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    problem.textContent = msg().sizeFirst;
  });
  form.addEventListener(CART_ANSWERED, () => dialog.close());
  document.body.append(dialog);
  sheet = { dialog, form, title, productId, chips, problem };
  return sheet;
}

/** Fills the sheet with a card's product and opens it. */
function open(bar: HTMLElement) {
  const { dialog, title, productId, chips, problem } = theSheet();
  const sizes = (bar.dataset.sizes ?? '').split(' ').filter(Boolean);
  const soldOut = new Set((bar.dataset.soldOut ?? '').split(' ').filter(Boolean));
  title.textContent = bar.dataset.title ?? '';
  productId.value = bar.dataset.product ?? '';
  problem.textContent = '';
  const inStock = sizes.filter((size) => !soldOut.has(size));
  chips.replaceChildren(
    ...sizes.map((size, index) => {
      const id = `size-sheet-${index}`;
      const holder = make('span', 'relative');
      const radio = make('input', 'peer sr-only', { type: 'radio', id, name: 'color', value: size });
      const label = make('label', `${CHIP} ${soldOut.has(size) ? SOLD_OUT : IN_STOCK}`, { for: id });
      label.textContent = sizeName(size);
      if (soldOut.has(size)) {
        radio.disabled = true;
        radio.setAttribute('aria-label', `مقاس ${sizeName(size)} غير متوفر حالياً`);
      }
      // A product with one size left to choose needs no choice.
      radio.checked = inStock.length === 1 && inStock[0] === size;
      holder.append(radio, label);
      return holder;
    }),
  );
  dialog.showModal();
  (chips.querySelector<HTMLInputElement>('input:checked') ?? chips.querySelector<HTMLInputElement>('input:not(:disabled)'))?.focus();
}

export function sizeSheet(bar: HTMLElement) {
  // With JavaScript the link opens the sheet: it is a button now.
  bar.setAttribute('role', 'button');
  bar.setAttribute('aria-haspopup', 'dialog');
  bar.addEventListener('click', (event) => {
    event.preventDefault();
    // A guest or staff is answered on the spot, as the cart form would answer them.
    const refusal = shopperRefusal();
    if (refusal) return toast.error(refusal);
    open(bar);
  });
  // A button is pressed with the space bar too.
  bar.addEventListener('keydown', (event) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    bar.click();
  });
}
