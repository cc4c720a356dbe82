/**
 * The product page's description and reviews tabs. The server renders every section one after
 * the other under its own heading, so the page reads whole without JavaScript. The tab buttons
 * come hidden; the enhancement script (app/enhance/tabs.ts) shows them and turns the sections
 * into ARIA tabs: arrow keys, Home and End move between them, a link to a section's id opens
 * it. `initial` names the tab to open first (after a failed review post, the reviews). Tab keys
 * are element ids: one set of tabs per page.
 */
import { useId } from 'react';

export interface Tab {
  key: string;
  label: string;
  content: React.ReactNode;
}

export function ProductTabs({ tabs, initial }: { tabs: Tab[]; initial?: string }) {
  const id = useId();
  return (
    <div data-enhance="tabs" data-initial-tab={initial} className="mt-10">
      <div role="tablist" aria-label="تفاصيل المنتج" hidden className="flex gap-1 border-b border-line">
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-controls={tab.key}
            aria-selected="false"
            tabIndex={-1}
            className="-mb-px min-h-11 border-b-2 border-transparent px-4 font-bold text-muted not-aria-selected:hover:text-ink aria-selected:border-brand-600 aria-selected:text-brand-700"
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        // The key is the section's id, so links to #reviews work with and without JavaScript. Scrolled
        // to, it stops below the sticky header and the tab buttons above it.
        <section key={tab.key} id={tab.key} aria-labelledby={`${id}-heading-${tab.key}`} className="scroll-mt-32 py-6 focus-visible:outline-offset-4">
          {/* Once the tabs show, the enhancement makes the heading sr-only: the tab names the section. */}
          <h2 id={`${id}-heading-${tab.key}`} className="mb-3 text-xl font-bold">
            {tab.label}
          </h2>
          {tab.content}
        </section>
      ))}
    </div>
  );
}
