/**
 * `data-enhance="swatches"` on the product page's colour links, with `data-swap` naming the ids
 * of the parts that follow the colour (the gallery, the pieces, the sizes and cart form): a
 * click fetches the colour's page and puts those parts of it in place of the page's, and the
 * address becomes the colour's, so the shopper keeps their place. Without JavaScript, or when
 * the answer lacks a part, the link opens the colour's page as it is.
 */
export function swatches(element: HTMLElement) {
  element.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[href]');
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const ids = (element.dataset.swap ?? '').split(' ').filter(Boolean);
    const href = link.href;
    link.setAttribute('aria-busy', 'true');
    void (async () => {
      let html: string;
      try {
        const response = await fetch(href, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
        if (!response.ok) return window.location.assign(href);
        html = await response.text();
      } catch {
        return window.location.assign(href);
      }
      const fresh = new DOMParser().parseFromString(html, 'text/html');
      const parts = ids.map((id) => [document.getElementById(id), fresh.getElementById(id)] as const);
      if (parts.some(([now, next]) => !now || !next)) return window.location.assign(href);
      for (const [now, next] of parts) now!.replaceWith(document.adoptNode(next!));
      window.history.replaceState(window.history.state, '', href);
      // The same colour's link in the new swatches keeps the focus a keyboard gave the old one.
      [...document.querySelectorAll<HTMLAnchorElement>('[data-enhance~="swatches"] a[href]')].find((a) => a.href === href)?.focus();
    })();
  });
}
