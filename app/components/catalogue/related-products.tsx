/** The "related items" carousel under a product (SPEC.md §2): cards of the same category. */
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { ProductCard, type CardProduct } from '../product-card.tsx';

export function RelatedProducts({ products }: { products: CardProduct[] }) {
  const id = useId();
  const [viewportRef, embla] = useEmblaCarousel({ direction: 'rtl', align: 'start', containScroll: 'trimSnaps' });
  const [edges, setEdges] = useState({ prev: false, next: false });

  useEffect(() => {
    if (!embla) return;
    const update = () => setEdges({ prev: embla.canScrollPrev(), next: embla.canScrollNext() });
    update();
    embla.on('select', update).on('reInit', update);
    return () => {
      embla.off('select', update).off('reInit', update);
    };
  }, [embla]);

  if (products.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-12">
      <div className="mb-4 flex items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-xl font-bold">
          منتجات مشابهة
        </h2>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => embla?.scrollPrev()}
            disabled={!edges.prev}
            aria-label="المنتجات السابقة"
            className="grid size-11 place-items-center rounded-full border border-line bg-white disabled:opacity-40"
          >
            <ChevronRight aria-hidden className="size-5" />
          </button>
          <button
            type="button"
            onClick={() => embla?.scrollNext()}
            disabled={!edges.next}
            aria-label="المنتجات التالية"
            className="grid size-11 place-items-center rounded-full border border-line bg-white disabled:opacity-40"
          >
            <ChevronLeft aria-hidden className="size-5" />
          </button>
        </div>
      </div>
      {/*
        Relative, so the cards' visually hidden labels and radios (absolutely positioned) are
        placed in it and clipped with the cards. Otherwise, until the carousel's script moves the
        list, the cards past its edge widened the page: a phone showed it zoomed out and could
        not scroll a reloaded page back to where the reader was.
      */}
      <div ref={viewportRef} className="relative overflow-hidden">
        <ul className="-ms-3 flex touch-pan-y">
          {products.map((product) => (
            <li key={product.id} className="min-w-0 flex-[0_0_50%] ps-3 md:flex-[0_0_33.333%] lg:flex-[0_0_25%] xl:flex-[0_0_20%]">
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
