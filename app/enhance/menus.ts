/**
 * The shell's menus are <details> elements, so they open and close without JavaScript. With it
 * they also close on a click outside, on Escape and on choosing a link, as a shopper expects.
 */
const DESKTOP = '(min-width: 64rem)';

/** `data-enhance="menu"` on a <details>; an input marked `data-autofocus` takes focus on opening. */
export function menu(element: HTMLElement) {
  const details = element as HTMLDetailsElement;
  document.addEventListener('pointerdown', (event) => {
    if (details.open && !details.contains(event.target as Node)) details.open = false;
  });
  details.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !details.open) return;
    details.open = false;
    details.querySelector('summary')?.focus();
  });
  details.addEventListener('click', (event) => {
    // Choosing the page already shown does not navigate, so it would not close the menu.
    if ((event.target as Element).closest('a')) details.open = false;
  });
  details.addEventListener('toggle', (event) => {
    if (event.target === details && details.open) details.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  });
  // A close button inside the menu.
  details.querySelectorAll('[data-close]').forEach((button) => button.addEventListener('click', () => (details.open = false)));
}

/**
 * `data-enhance="drawer"` on the mobile menu's <details>: its `[data-panel]` slides in from the
 * start side and the page behind it stops scrolling while it is open.
 */
export function drawer(element: HTMLElement) {
  const details = element as HTMLDetailsElement;
  details.addEventListener('toggle', (event) => {
    // The nested categories list toggles too; its event does not bubble, but be sure.
    if (event.target !== details) return;
    document.documentElement.classList.toggle('overflow-hidden', details.open);
    const panel = details.querySelector<HTMLElement>('[data-panel]');
    if (!details.open || !panel || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const from = document.dir === 'rtl' ? '100%' : '-100%';
    panel.animate([{ transform: `translateX(${from})` }, { transform: 'translateX(0)' }], { duration: 200, easing: 'ease-out' });
  });
}

/**
 * `data-enhance="footer-section"`: a footer column is an accordion on small screens and an open
 * column from the lg breakpoint (newer browsers do that in CSS with `::details-content`).
 */
export function footerSection(element: HTMLElement) {
  const details = element as HTMLDetailsElement;
  const query = window.matchMedia(DESKTOP);
  const sync = () => {
    if (query.matches) details.open = true;
  };
  sync();
  query.addEventListener('change', sync);
  details.querySelector('summary')?.addEventListener('click', (event) => {
    if (query.matches) event.preventDefault();
  });
}
