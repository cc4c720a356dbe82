/**
 * `data-enhance="zoom"` on the product page's images (SPEC.md §9 "Image zoom"). Each image is a
 * link to its large size (`a[data-zoom]`, 1200x1800), which is how a page read without
 * JavaScript zooms. With it, a mouse resting on an image for 250 ms shows the large size inside
 * it, following the pointer, until 150 ms after it leaves; a click, a tap, a long press (500 ms
 * without moving more than 5 px) or the zoom button (`[data-zoom-button]`, rendered hidden)
 * opens the large size full screen in the carousel's native <dialog>, which Escape and its
 * `[data-close]` button shut. A swipe scrolls the list and never ends in a click. Zooming is
 * never needed to buy.
 */
import { IMAGE_VARIANTS } from '../../contracts/constants.ts';

const HOVER_DELAY_MS = 250;
const HOVER_OFF_MS = 150;
const LONG_PRESS_MS = 500;
const MOVE_THRESHOLD_PX = 5;

/** The large size over the image, magnified around the pointer; its opacity says whether it shows. */
const HOVER_IMAGE = 'pointer-events-none absolute inset-0 h-full w-full scale-[2.5] object-cover opacity-0 transition-opacity duration-300';
/** The large size in the dialog: wider than a phone's screen, so it scrolls both ways. */
const LARGE_IMAGE = 'mx-auto h-auto w-[min(1200px,200vw)] max-w-none';

export function zoom(element: HTMLElement) {
  const dialog = element.querySelector('dialog');
  if (!dialog) return;
  const scroller = dialog.querySelector<HTMLElement>('[data-scroller]') ?? dialog;
  const links = [...element.querySelectorAll<HTMLAnchorElement>('a[data-zoom]')];

  const large = new Image(IMAGE_VARIANTS.zoom.width, IMAGE_VARIANTS.zoom.height);
  large.alt = dialog.getAttribute('aria-label') ?? '';
  large.className = LARGE_IMAGE;
  // The middle of the picture first, where a garment's detail usually is.
  const centre = () => {
    const sideways = (scroller.scrollWidth - scroller.clientWidth) / 2;
    scroller.scrollTo({ left: getComputedStyle(scroller).direction === 'rtl' ? -sideways : sideways, top: (scroller.scrollHeight - scroller.clientHeight) / 2 });
  };
  large.addEventListener('load', centre);
  scroller.append(large);

  const open = (link: HTMLAnchorElement) => {
    if (dialog.open) return;
    large.src = link.href;
    dialog.showModal();
    if (large.complete) centre();
  };

  dialog.querySelector('[data-close]')?.addEventListener('click', () => dialog.close());
  const button = element.querySelector<HTMLButtonElement>('[data-zoom-button]');
  if (button) {
    button.hidden = false;
    // The image shown: the carousel marks its slide.
    button.addEventListener('click', () => {
      const link = element.querySelector<HTMLAnchorElement>('[data-current] a[data-zoom]') ?? links[0];
      if (link) open(link);
    });
  }
  for (const link of links) zoomable(link, () => open(link));
}

/** The hover zoom, the long press and the click of one image's link. */
function zoomable(link: HTMLAnchorElement, open: () => void) {
  let hover: HTMLImageElement | null = null;
  let origin = '50% 50%';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let press: { x: number; y: number } | null = null;
  let lastPointer = 'mouse';

  const follow = (event: PointerEvent) => {
    const box = link.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    origin = `${x.toFixed(1)}% ${y.toFixed(1)}%`;
    if (hover) hover.style.transformOrigin = origin;
  };

  const showLarge = (shown: boolean) => {
    // The large size is only fetched once a mouse has rested on the image.
    if (shown && !hover) {
      hover = document.createElement('img');
      hover.src = link.href;
      hover.alt = '';
      hover.setAttribute('aria-hidden', 'true');
      hover.draggable = false;
      hover.className = HOVER_IMAGE;
      link.append(hover);
    }
    if (!hover) return;
    hover.style.transformOrigin = origin;
    hover.style.opacity = shown ? '1' : '0';
  };

  link.addEventListener('pointerenter', (event) => {
    if (event.pointerType !== 'mouse') return;
    follow(event);
    clearTimeout(timer);
    timer = setTimeout(() => showLarge(true), HOVER_DELAY_MS);
  });
  link.addEventListener('pointerleave', (event) => {
    press = null;
    if (event.pointerType !== 'mouse') return;
    clearTimeout(timer);
    timer = setTimeout(() => showLarge(false), HOVER_OFF_MS);
  });
  link.addEventListener('pointerdown', (event) => {
    lastPointer = event.pointerType;
    if (event.pointerType === 'mouse') return;
    press = { x: event.clientX, y: event.clientY };
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (press) open();
    }, LONG_PRESS_MS);
  });
  link.addEventListener('pointermove', (event) => {
    if (event.pointerType === 'mouse') return follow(event);
    if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > MOVE_THRESHOLD_PX) {
      press = null;
      clearTimeout(timer);
    }
  });
  const release = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') return;
    press = null;
    clearTimeout(timer);
  };
  // A swipe cancels the pointer when the list starts to scroll.
  link.addEventListener('pointerup', release);
  link.addEventListener('pointercancel', release);
  link.addEventListener('click', (event) => {
    event.preventDefault();
    open();
  });
  link.addEventListener('contextmenu', (event) => {
    // A long press opens the zoom instead of the browser's menu for the link.
    if (lastPointer !== 'mouse') event.preventDefault();
  });
}
