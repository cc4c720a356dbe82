/**
 * The product page's images (SPEC.md §2 "Product detail", §9 "Image zoom"): the cover and the
 * other images in a swipeable slider with arrows and thumbnails. A mouse resting on an image
 * for 250 ms shows the 1200x1800 size inside it, following the pointer, until 150 ms after it
 * leaves; a tap, a long press (500 ms without moving more than 5 px) or the zoom button opens
 * the large size full screen (Embla swallows the click that ends a swipe). Zooming is never
 * needed to buy.
 */
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, X, ZoomIn } from 'lucide-react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { IMAGE_VARIANTS } from '../../../contracts/constants.ts';
import { productImage } from '../../lib/images.ts';

const HOVER_DELAY_MS = 250;
const HOVER_OFF_MS = 150;
const LONG_PRESS_MS = 500;
const MOVE_THRESHOLD_PX = 5;

/** The slider never grows past 448 px, so the card size (417 px wide) is sharp enough on a phone. */
const SLIDE_SIZES = '(min-width: 1024px) 448px, 100vw';

interface ImageSliderProps {
  /** Stored image names, the cover first. */
  images: string[];
  title: string;
}

export function ImageSlider({ images, title }: ImageSliderProps) {
  const [viewportRef, embla] = useEmblaCarousel({ direction: 'rtl', duration: 20 });
  const [selected, setSelected] = useState(0);
  const [lightbox, setLightbox] = useState<number | null>(null);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  const many = images.length > 1;
  const { width, height } = IMAGE_VARIANTS.card;

  return (
    <div className="mx-auto w-full max-w-md">
      <div className="relative">
        <div ref={viewportRef} className="overflow-hidden rounded-xl bg-surface">
          <div className="flex touch-pan-y">
            {images.map((name, index) => (
              <div
                key={name}
                className="min-w-0 flex-[0_0_100%]"
                role="group"
                aria-roledescription="شريحة"
                aria-label={`الصورة ${index + 1} من ${images.length}`}
              >
                <ZoomableImage
                  name={name}
                  alt={title}
                  eager={index === 0}
                  width={width}
                  height={height}
                  onOpen={() => setLightbox(index)}
                />
              </div>
            ))}
          </div>
        </div>
        {many && (
          <>
            <button
              type="button"
              onClick={() => embla?.scrollPrev()}
              disabled={selected === 0}
              aria-label="الصورة السابقة"
              className="absolute start-2 top-1/2 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-ink shadow disabled:opacity-40"
            >
              <ChevronRight aria-hidden className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => embla?.scrollNext()}
              disabled={selected === images.length - 1}
              aria-label="الصورة التالية"
              className="absolute end-2 top-1/2 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-ink shadow disabled:opacity-40"
            >
              <ChevronLeft aria-hidden className="size-5" />
            </button>
          </>
        )}
        <button
          type="button"
          onClick={() => setLightbox(selected)}
          aria-label="تكبير الصورة"
          className="absolute end-2 bottom-2 grid size-11 place-items-center rounded-full bg-white/90 text-ink shadow"
        >
          <ZoomIn aria-hidden className="size-5" />
        </button>
      </div>
      {many && (
        <div className="mt-3 flex justify-center gap-2">
          {images.map((name, index) => (
            <button
              key={name}
              type="button"
              onClick={() => embla?.scrollTo(index)}
              aria-label={`عرض الصورة ${index + 1}`}
              aria-current={index === selected ? 'true' : undefined}
              className={`overflow-hidden rounded-lg border-2 ${index === selected ? 'border-brand-600' : 'border-transparent opacity-70 hover:opacity-100'}`}
            >
              <img
                src={productImage(name).thumb}
                width={IMAGE_VARIANTS.thumb.width}
                height={IMAGE_VARIANTS.thumb.height}
                alt=""
                loading="lazy"
                className="h-auto w-14 sm:w-16"
              />
            </button>
          ))}
        </div>
      )}
      {lightbox !== null && <Lightbox src={productImage(images[lightbox]!).zoom} alt={title} onClose={() => setLightbox(null)} />}
    </div>
  );
}

interface ZoomableImageProps {
  name: string;
  alt: string;
  eager: boolean;
  width: number;
  height: number;
  onOpen: () => void;
}

function ZoomableImage({ name, alt, eager, width, height, onOpen }: ZoomableImageProps) {
  const image = productImage(name);
  const [zoomed, setZoomed] = useState(false);
  // The large size is only fetched once a mouse has rested on the image.
  const [zoomLoaded, setZoomLoaded] = useState(false);
  const [origin, setOrigin] = useState('50% 50%');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const press = useRef<{ x: number; y: number } | null>(null);
  const lastPointer = useRef('mouse');

  useEffect(() => () => clearTimeout(timer.current), []);

  const follow = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    setOrigin(`${x.toFixed(1)}% ${y.toFixed(1)}%`);
  };

  const onPointerEnter = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'mouse') return;
    follow(event);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setZoomLoaded(true);
      setZoomed(true);
    }, HOVER_DELAY_MS);
  };

  const onPointerLeave = (event: PointerEvent<HTMLDivElement>) => {
    press.current = null;
    if (event.pointerType !== 'mouse') return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setZoomed(false), HOVER_OFF_MS);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    lastPointer.current = event.pointerType;
    if (event.pointerType === 'mouse') return;
    press.current = { x: event.clientX, y: event.clientY };
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (press.current) onOpen();
    }, LONG_PRESS_MS);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse') {
      follow(event);
      return;
    }
    const start = press.current;
    if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > MOVE_THRESHOLD_PX) {
      press.current = null;
      clearTimeout(timer.current);
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse') return;
    press.current = null;
    clearTimeout(timer.current);
  };

  return (
    <div
      className="relative cursor-zoom-in overflow-hidden select-none [-webkit-touch-callout:none]"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onClick={onOpen}
      onContextMenu={(event) => {
        // A long press opens the zoom instead of the browser's image menu.
        if (lastPointer.current !== 'mouse') event.preventDefault();
      }}
    >
      <img
        src={image.src}
        srcSet={`${image.thumb} ${IMAGE_VARIANTS.thumb.width}w, ${image.src} ${width}w`}
        sizes={SLIDE_SIZES}
        width={width}
        height={height}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        draggable={false}
        className="aspect-[417/555] h-auto w-full object-cover"
      />
      {zoomLoaded && (
        <img
          src={image.zoom}
          alt=""
          aria-hidden
          draggable={false}
          className={`pointer-events-none absolute inset-0 h-full w-full scale-[2.5] object-cover transition-opacity duration-300 ${zoomed ? 'opacity-100' : 'opacity-0'}`}
          style={{ transformOrigin: origin }}
        />
      )}
    </div>
  );
}

/** The large image full screen, in a native modal dialog: Escape and the close button shut it. */
function Lightbox({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    return () => element.close();
  }, []);

  const centre = () => {
    const box = scroller.current;
    if (box) box.scrollTo({ left: (box.scrollWidth - box.clientWidth) / -2, top: (box.scrollHeight - box.clientHeight) / 2 });
  };

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-label={alt}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-black/95 p-0 backdrop:bg-black/80"
    >
      <div ref={scroller} className="h-full w-full overflow-auto">
        <img
          src={src}
          width={IMAGE_VARIANTS.zoom.width}
          height={IMAGE_VARIANTS.zoom.height}
          alt={alt}
          onLoad={centre}
          className="mx-auto h-auto w-[min(1200px,200vw)] max-w-none"
        />
      </div>
      <button
        type="button"
        onClick={() => dialog.current?.close()}
        aria-label="إغلاق"
        className="fixed end-3 top-3 grid size-11 place-items-center rounded-full bg-white text-ink shadow"
      >
        <X aria-hidden className="size-6" />
      </button>
    </dialog>
  );
}
