/**
 * `data-enhance="tabs"` on the product page's sections (app/components/catalogue/product-tabs.tsx):
 * the server renders each section under its heading and the tab buttons hidden; this shows the
 * buttons and makes the sections ARIA tab panels, one shown at a time. Right to left, the left
 * arrow goes to the next tab; Home and End go to the first and last. A link to a section's id
 * (`#reviews`), or the address arriving with it, opens that tab and scrolls to it;
 * `data-initial-tab` names the tab to open otherwise.
 */

export function tabs(element: HTMLElement) {
  const list = element.querySelector<HTMLElement>('[role=tablist]');
  const buttons = [...(list?.querySelectorAll<HTMLButtonElement>('[role=tab]') ?? [])];
  const panels = buttons.map((button) => document.getElementById(button.getAttribute('aria-controls') ?? ''));
  if (!list || buttons.length === 0 || panels.some((panel) => !panel)) return;
  const keys = panels.map((panel) => panel!.id);

  function select(index: number) {
    buttons.forEach((button, i) => {
      const on = i === index;
      button.setAttribute('aria-selected', String(on));
      button.tabIndex = on ? 0 : -1;
      panels[i]!.hidden = !on;
    });
  }

  /**
   * Opens the tab a hash names and scrolls to it as the browser does to an id (the panel's
   * scroll margin leaves the tab buttons in view); false when the hash names none.
   */
  function openFromHash(hash: string): boolean {
    const index = keys.indexOf(decodeURIComponent(hash.slice(1)));
    if (index < 0) return false;
    select(index);
    panels[index]!.scrollIntoView({ block: 'start' });
    return true;
  }

  panels.forEach((panel, i) => {
    panel!.setAttribute('role', 'tabpanel');
    panel!.setAttribute('aria-labelledby', buttons[i]!.id);
    // A panel of text only takes the focus itself (ARIA's tabs pattern); one with controls leaves it to them.
    if (!panel!.querySelector('a[href], button, input, select, textarea, summary, [tabindex]')) panel!.tabIndex = 0;
    const heading = panel!.querySelector(':scope > h2, :scope > h3');
    if (heading) heading.className = 'sr-only';
  });
  buttons.forEach((button, i) => button.addEventListener('click', () => select(i)));
  list.addEventListener('keydown', (event) => {
    const index = buttons.findIndex((button) => button.getAttribute('aria-selected') === 'true');
    // Right to left: the left arrow goes to the next tab.
    const moves: Record<string, number> = { ArrowLeft: index + 1, ArrowRight: index - 1, Home: 0, End: buttons.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + buttons.length) % buttons.length;
    select(next);
    buttons[next]!.focus();
  });

  const initial = keys.indexOf(element.dataset.initialTab ?? '');
  select(initial < 0 ? 0 : initial);
  list.hidden = false;
  // The browser scrolled to the section before the tabs existed: scroll again now they do.
  openFromHash(window.location.hash);

  window.addEventListener('hashchange', () => openFromHash(window.location.hash));
  // A link to a panel opens it before the browser follows the link, so the browser can scroll to it
  // (the hash may not even change, when the address already has it).
  document.addEventListener('click', (event) => {
    const href = (event.target as Element).closest?.('a[href^="#"]')?.getAttribute('href');
    const index = href ? keys.indexOf(decodeURIComponent(href.slice(1))) : -1;
    if (index >= 0) select(index);
  });
}
