/**
 * Carousels (SPEC.md §2, §9): the home page's banner, the product page's images and the related
 * products. Each is a horizontal list that scrolls and snaps by itself (CSS scroll snap), so a
 * finger swipes it with or without JavaScript, and without it the first item shows and the
 * others are a swipe, a Tab or a scrollbar away. `data-enhance="carousel"` on the element around
 * the list adds what needs a script; it reads:
 *
 * - `[data-track]`: the scrolling list; its children are the slides. The current slide (the one
 *   at the list's start edge) carries `data-current`.
 * - `[data-prev]`, `[data-next]`: buttons one slide back and on, disabled at the ends.
 * - `[data-dot]`: a button or an in-page link per slide, in order; the current one has aria-current.
 * - `[data-controls]`: rendered hidden, as they do nothing without this script; shown here.
 * - On the carousel itself, `data-loop`: the first slide follows the last (the ends never
 *   disable a button); `data-autoplay`: a new slide every CAROUSEL_AUTOPLAY_MS until the shopper
 *   touches, focuses or scrolls it, never with reduced motion; `data-inert`: slides out of view
 *   are inert, so Tab and screen readers stay on the one shown.
 *
 * A button or dot glides to its slide in CAROUSEL_SPEED_MS (at once with reduced motion). The
 * positions are measured from the slides' boxes, so a right-to-left list, whose `scrollLeft`
 * runs from 0 down to minus its width, needs no case of its own.
 */
import { CAROUSEL_AUTOPLAY_MS, CAROUSEL_SPEED_MS } from '../../contracts/constants.ts';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** How far `slide`'s start edge lies from the track's, in the direction `scrollLeft` counts. */
function offset(track: HTMLElement, slide: Element, rtl: boolean): number {
  const outer = track.getBoundingClientRect();
  const inner = slide.getBoundingClientRect();
  return rtl ? inner.right - outer.right : inner.left - outer.left;
}

export function carousel(element: HTMLElement) {
  const track = element.querySelector<HTMLElement>('[data-track]');
  if (track) enhanceCarousel(element, track);
}

function enhanceCarousel(element: HTMLElement, track: HTMLElement) {
  const slides = [...track.children] as HTMLElement[];
  const dots = [...element.querySelectorAll<HTMLElement>('[data-dot]')];
  const prev = element.querySelector<HTMLButtonElement>('[data-prev]');
  const next = element.querySelector<HTMLButtonElement>('[data-next]');
  const loop = element.hasAttribute('data-loop');
  const inert = element.hasAttribute('data-inert');
  const rtl = getComputedStyle(track).direction === 'rtl';
  const reducedMotion = window.matchMedia(REDUCED_MOTION);
  let current = -1;
  // The animation frame of a glide under way; while it runs the current slide is its target.
  let glide: number | null = null;

  /** The slide whose start edge is nearest the track's. */
  function nearest(): number {
    let best = 0;
    let distance = Infinity;
    slides.forEach((slide, index) => {
      const away = Math.abs(offset(track, slide, rtl));
      if (away < distance) [best, distance] = [index, away];
    });
    return best;
  }

  function show(index: number) {
    if (index !== current) {
      current = index;
      slides.forEach((slide, i) => {
        slide.toggleAttribute('data-current', i === index);
        if (inert) slide.inert = i !== index;
      });
      dots.forEach((dot, i) => (i === index ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current')));
    }
    if (loop) return;
    // A pixel of slack: scroll positions can be fractional on screens with a fractional scale.
    const travelled = Math.abs(track.scrollLeft);
    if (prev) prev.disabled = travelled <= 1;
    if (next) next.disabled = travelled >= track.scrollWidth - track.clientWidth - 1;
  }

  function stopGlide() {
    if (glide === null) return;
    cancelAnimationFrame(glide);
    glide = null;
    // Snapping comes back on; the glide ended on a slide's edge, or the shopper's finger moves it to the nearest.
    track.style.scrollSnapType = '';
  }

  /** Scrolls the track to `to` (a `scrollLeft`), easing out over CAROUSEL_SPEED_MS. */
  function scrollTo(to: number) {
    stopGlide();
    const from = track.scrollLeft;
    if (reducedMotion.matches || Math.abs(to - from) < 1) {
      track.scrollLeft = to;
      return;
    }
    const start = performance.now();
    // Snapping would pull every step of the glide back to the slide it started on.
    track.style.scrollSnapType = 'none';
    const step = () => {
      const progress = Math.min(1, (performance.now() - start) / CAROUSEL_SPEED_MS);
      track.scrollLeft = from + (to - from) * (1 - (1 - progress) ** 3);
      if (progress < 1) glide = requestAnimationFrame(step);
      else stopGlide();
    };
    glide = requestAnimationFrame(step);
  }

  function go(index: number) {
    const count = slides.length;
    const target = loop ? (index + count) % count : Math.max(0, Math.min(count - 1, index));
    const slide = slides[target];
    if (!slide) return;
    const range = track.scrollWidth - track.clientWidth;
    const to = Math.max(rtl ? -range : 0, Math.min(rtl ? 0 : range, track.scrollLeft + offset(track, slide, rtl)));
    show(target);
    scrollTo(to);
  }

  let queued = false;
  const update = () => {
    queued = false;
    show(glide === null ? nearest() : current);
  };
  const queueUpdate = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(update);
  };
  track.addEventListener('scroll', queueUpdate, { passive: true });
  new ResizeObserver(queueUpdate).observe(track);
  // The shopper's own scrolling takes over from a glide.
  for (const type of ['pointerdown', 'wheel'] as const) track.addEventListener(type, stopGlide, { passive: true });

  prev?.addEventListener('click', () => go(current - 1));
  next?.addEventListener('click', () => go(current + 1));
  dots.forEach((dot, index) =>
    dot.addEventListener('click', (event) => {
      // A dot may be a link to its slide, for pages read without JavaScript.
      event.preventDefault();
      go(index);
    }),
  );
  element.querySelectorAll<HTMLElement>('[data-controls]').forEach((control) => (control.hidden = false));
  show(nearest());

  if (element.hasAttribute('data-autoplay') && !reducedMotion.matches && slides.length > 1) {
    const timer = window.setInterval(() => {
      if (!document.hidden) go(current + 1);
    }, CAROUSEL_AUTOPLAY_MS);
    const stop = () => window.clearInterval(timer);
    for (const type of ['pointerdown', 'focusin', 'wheel'] as const) element.addEventListener(type, stop, { passive: true });
  }
}
