/**
 * The product page's images (SPEC.md §2 "Product detail", §9 "Image zoom"): the cover and the
 * other images in a list that scrolls and snaps by itself, so a finger swipes it with or without
 * JavaScript, and each image is a link to its 1200x1800 size. The enhancement script's carousel
 * (app/enhance/carousel.ts) adds the arrows, disabled at the ends, and makes the thumbnails
 * (links to their slides) choose in place; its zoom (app/enhance/zoom.ts) shows the large size
 * inside the image under a resting mouse and full screen in the <dialog> on a click, a tap, a
 * long press or the zoom button. Zooming is never needed to buy.
 */
import { Icon } from '../icons/icon.tsx';
import { IMAGE_VARIANTS } from '../../../contracts/constants.ts';
import { productImage } from '../../lib/images.ts';
import { useImagesUrl } from '../../lib/root-data.ts';

/** The slider is the page's width less its padding (2rem), up to 448 px. */
const SLIDE_SIZES = '(min-width: 480px) 448px, calc(100vw - 2rem)';
/**
 * Screens this dense (a 390 px phone at 3x wants about 1100 px) are offered the 1200 px size
 * as well. The others keep the card size (417 px) for the page's largest paint, as a phone at
 * 2x would otherwise fetch the 1200 px one too for its 716 px: the large size is what the zoom is for.
 */
const DENSE_SCREEN = '(-webkit-min-device-pixel-ratio: 2.5), (min-resolution: 2.5dppx)';

const slideId = (index: number) => `product-image-${index + 1}`;

interface ImageSliderProps {
  /** Stored image names, the cover first. */
  images: string[];
  title: string;
}

export function ImageSlider({ images, title }: ImageSliderProps) {
  const imagesUrl = useImagesUrl();
  const many = images.length > 1;
  const { width, height } = IMAGE_VARIANTS.card;

  return (
    <div data-enhance="carousel zoom" className="mx-auto w-full max-w-md">
      <div className="relative">
        {/* No scrollbar under the images, unless there is no script to bring the arrows. */}
        <div
          data-track
          className="flex snap-x snap-mandatory overflow-x-auto overflow-y-hidden overscroll-x-contain rounded-xl bg-surface [scrollbar-width:none] [@media(scripting:none)]:[scrollbar-width:thin]"
        >
          {images.map((name, index) => {
            const image = productImage(name, imagesUrl);
            return (
              <div
                key={name}
                id={slideId(index)}
                role="group"
                aria-roledescription="شريحة"
                aria-label={`الصورة ${index + 1} من ${images.length}`}
                className="w-full shrink-0 snap-start snap-always"
              >
                <a
                  href={image.zoom}
                  data-zoom
                  draggable={false}
                  className="relative block cursor-zoom-in overflow-hidden select-none [-webkit-touch-callout:none]"
                >
                  <picture>
                    <source media={DENSE_SCREEN} srcSet={image.srcSet} sizes={SLIDE_SIZES} />
                    <img
                      src={image.src}
                      srcSet={`${image.thumb} ${IMAGE_VARIANTS.thumb.width}w, ${image.src} ${width}w`}
                      sizes={SLIDE_SIZES}
                      width={width}
                      height={height}
                      alt={title}
                      // The cover is the page's largest paint.
                      loading={index === 0 ? 'eager' : 'lazy'}
                      fetchPriority={index === 0 ? 'high' : undefined}
                      draggable={false}
                      className="aspect-[417/555] h-auto w-full object-cover"
                    />
                  </picture>
                </a>
              </div>
            );
          })}
        </div>
        {many && (
          <>
            <button
              type="button"
              data-prev
              data-controls
              hidden
              disabled
              aria-label="الصورة السابقة"
              className="absolute start-2 top-1/2 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-ink shadow disabled:opacity-40"
            >
              <Icon name="chevron-right" className="size-5" />
            </button>
            <button
              type="button"
              data-next
              data-controls
              hidden
              aria-label="الصورة التالية"
              className="absolute end-2 top-1/2 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-ink shadow disabled:opacity-40"
            >
              <Icon name="chevron-left" className="size-5" />
            </button>
          </>
        )}
        <button
          type="button"
          data-zoom-button
          hidden
          aria-label="تكبير الصورة"
          className="absolute end-2 bottom-2 grid size-11 place-items-center rounded-full bg-white/90 text-ink shadow"
        >
          <Icon name="zoom-in" className="size-5" />
        </button>
      </div>
      {many && (
        <div className="mt-3 flex justify-center gap-2">
          {images.map((name, index) => (
            <a
              key={name}
              href={`#${slideId(index)}`}
              data-dot
              aria-label={`عرض الصورة ${index + 1}`}
              aria-current={index === 0 ? 'true' : undefined}
              className="overflow-hidden rounded-lg border-2 border-transparent opacity-70 hover:opacity-100 aria-[current=true]:border-brand-600 aria-[current=true]:opacity-100"
            >
              <img
                src={productImage(name, imagesUrl).thumb}
                width={IMAGE_VARIANTS.thumb.width}
                height={IMAGE_VARIANTS.thumb.height}
                alt=""
                loading="lazy"
                className="h-auto w-14 sm:w-16"
              />
            </a>
          ))}
        </div>
      )}
      {/* The large size full screen (app/enhance/zoom.ts puts the image in): Escape and the button close it. */}
      <dialog aria-label={title} className="m-0 h-dvh max-h-none w-screen max-w-none bg-black/95 p-0 backdrop:bg-black/80">
        <div data-scroller className="h-full w-full overflow-auto" />
        <button type="button" data-close aria-label="إغلاق" className="fixed end-3 top-3 grid size-11 place-items-center rounded-full bg-white text-ink shadow">
          <Icon name="x" className="size-6" />
        </button>
      </dialog>
    </div>
  );
}
