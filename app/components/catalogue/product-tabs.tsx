/**
 * The product page's description and reviews tabs. The server renders every section one after
 * the other under its own heading, so the page reads whole without JavaScript; once hydrated
 * they become ARIA tabs (arrow keys, Home and End move between them). Tab keys are element
 * ids: one set of tabs per page.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface Tab {
  key: string;
  label: string;
  content: React.ReactNode;
}

export function ProductTabs({ tabs, initial }: { tabs: Tab[]; initial?: string }) {
  const id = useId();
  const [hydrated, setHydrated] = useState(false);
  const [active, setActive] = useState(initial ?? tabs[0]?.key);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const keys = tabs.map((tab) => tab.key).join(' ');
  useEffect(() => {
    setHydrated(true);
    // A link to #reviews (the rating under the title) opens that tab.
    const openFromHash = () => {
      const key = window.location.hash.slice(1);
      if (!keys.split(' ').includes(key)) return false;
      setActive(key);
      return true;
    };
    // The browser could not scroll to a hidden panel: scroll once it is shown.
    const onHashChange = () => {
      if (openFromHash()) requestAnimationFrame(() => document.getElementById(window.location.hash.slice(1))?.scrollIntoView());
    };
    openFromHash();
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [keys]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === active);
    // Right to left: the left arrow goes to the next tab.
    const moves: Record<string, number> = { ArrowLeft: index + 1, ArrowRight: index - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + tabs.length) % tabs.length;
    setActive(tabs[next]!.key);
    buttons.current[next]?.focus();
  }

  return (
    <div className="mt-10">
      {hydrated && (
        <div role="tablist" aria-label="تفاصيل المنتج" onKeyDown={onKeyDown} className="flex gap-1 border-b border-line">
          {tabs.map((tab, index) => (
            <button
              key={tab.key}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.key}`}
              aria-controls={tab.key}
              aria-selected={tab.key === active}
              tabIndex={tab.key === active ? 0 : -1}
              onClick={() => setActive(tab.key)}
              className={`-mb-px min-h-11 border-b-2 px-4 font-bold ${tab.key === active ? 'border-brand-600 text-brand-700' : 'border-transparent text-muted hover:text-ink'}`}
            >
              {tab.label}
            </button>
          ))}
        </div>
      )}
      {tabs.map((tab) => (
        <section
          key={tab.key}
          // The key is the section's id, so links to #reviews work with and without JavaScript.
          id={tab.key}
          {...(hydrated
            ? { role: 'tabpanel', 'aria-labelledby': `${id}-tab-${tab.key}`, hidden: tab.key !== active, tabIndex: 0 }
            : { 'aria-labelledby': `${id}-heading-${tab.key}` })}
          className="py-6 focus-visible:outline-offset-4"
        >
          <h2 id={`${id}-heading-${tab.key}`} className={hydrated ? 'sr-only' : 'mb-3 text-xl font-bold'}>
            {tab.label}
          </h2>
          {tab.content}
        </section>
      ))}
    </div>
  );
}
