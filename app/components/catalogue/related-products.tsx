/**
 * The "related items" carousel under a product (SPEC.md §2): cards of the same category in a
 * list that scrolls and snaps by itself; the enhancement script's carousel
 * (app/enhance/carousel.ts) adds the arrows, disabled at the ends.
 */
import { Icon } from '../icons/icon.tsx';
import { ProductCard, type CardProduct } from '../product-card.tsx';

export function RelatedProducts({ products }: { products: CardProduct[] }) {
  if (products.length === 0) return null;
  return (
    <section data-enhance="carousel" aria-labelledby="related-title" className="mt-12">
      <div className="mb-4 flex items-center justify-between gap-2">
        <h2 id="related-title" className="text-xl font-bold">
          منتجات مشابهة
        </h2>
        {/* They do nothing without the script: hidden until it runs. */}
        <div data-controls hidden className="flex gap-2">
          <button
            type="button"
            data-prev
            disabled
            aria-label="المنتجات السابقة"
            className="grid size-11 place-items-center rounded-full border border-line bg-white disabled:opacity-40"
          >
            <Icon name="chevron-right" className="size-5" />
          </button>
          <button
            type="button"
            data-next
            aria-label="المنتجات التالية"
            className="grid size-11 place-items-center rounded-full border border-line bg-white disabled:opacity-40"
          >
            <Icon name="chevron-left" className="size-5" />
          </button>
        </div>
      </div>
      {/*
        The list scrolls inside itself, so the cards past its edge never widen the page (a phone
        showed it zoomed out and could not scroll a reloaded page back to where the reader was).
        Relative, so the cards' visually hidden labels and radios (absolutely positioned) are
        placed in it and clipped with the cards. No scrollbar, unless there is no script to
        bring the arrows.
      */}
      <ul
        data-track
        className="relative flex snap-x snap-mandatory gap-3 overflow-x-auto overflow-y-hidden overscroll-x-contain [scrollbar-width:none] [@media(scripting:none)]:[scrollbar-width:thin]"
      >
        {products.map((product) => (
          <ProductCard
            key={product.id}
            product={product}
            className="w-[calc((100%-0.75rem)/2)] shrink-0 snap-start md:w-[calc((100%-1.5rem)/3)] lg:w-[calc((100%-2.25rem)/4)] xl:w-[calc((100%-3rem)/5)]"
          />
        ))}
      </ul>
    </section>
  );
}
