import { Icon } from '../icons/icon.tsx';

/**
 * The search toggle and its full-width overlay: a plain GET form to /search with `keyword`
 * (SPEC.md §2), so it searches with JavaScript off too. The overlay spans the header, which is
 * its positioned ancestor. The search box takes focus when it opens (app/enhance/menus.ts).
 */
export function SearchOverlay() {
  return (
    <details data-enhance="menu" className="group">
      <summary
        aria-label="البحث"
        className="flex size-11 cursor-pointer list-none items-center justify-center rounded-full hover:bg-brand-50 [&::-webkit-details-marker]:hidden"
      >
        {/* A cross once the box is open. */}
        <Icon name="search" className="size-6 group-open:[--icon:var(--icon-x-image)]" />
      </summary>
      <div className="absolute inset-x-0 top-full z-40 border-b border-line bg-white shadow-md">
        <form method="get" action="/search" role="search" className="mx-auto flex max-w-3xl items-center gap-2 px-4 py-4">
          <input
            type="search"
            name="keyword"
            aria-label="ابحث عن منتج"
            placeholder="ابحث عن تيشيرت، قميص، بولو..."
            maxLength={100}
            enterKeyHint="search"
            data-autofocus
            className="h-12 min-w-0 flex-1 rounded-lg border border-line bg-surface px-4 text-base outline-none focus:border-brand-500 focus:bg-white"
          />
          <button type="submit" className="inline-flex h-12 items-center gap-2 rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700">
            <Icon name="search" className="size-5" />
            بحث
          </button>
        </form>
      </div>
    </details>
  );
}
