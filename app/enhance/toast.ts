/**
 * Toasts (SPEC.md §2 "Notifications", §9): top right, gone after 5 seconds, paused while the
 * pointer rests on one or the window loses focus, dragged sideways to dismiss, and Alt+T moves
 * focus to the newest. Framework-free, so the pages that do not hydrate show them too; the
 * hydrated pages call the same functions. The markup and class names are react-toastify's, so
 * its stylesheet (imported by app.css) draws them.
 *
 * Two copies of this module can run on one page (the enhancement script and a hydrated page's
 * bundle): everything they share lives in the DOM, found by its id.
 */
import { TOAST_CLOSE_MS } from '../../contracts/constants.ts';

export type ToastType = 'success' | 'error' | 'info';

const CONTAINER_ID = 'toasts';
/** How far a toast must be dragged, as a share of its width, to be dismissed. */
const DRAG_DISMISS_SHARE = 0.4;
const SVG_NS = 'http://www.w3.org/2000/svg';

/** A tick, a cross and an "i" in a circle, drawn in the toast's type colour by the stylesheet. */
const ICON_PATHS: Record<ToastType, string> = {
  success: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-1.4 14.6-4.2-4.2 1.4-1.4 2.8 2.8 6-6 1.4 1.4z',
  error: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-2h2zm0-4h-2V7h2z',
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-6h2zm0-8h-2V7h2z',
};

function svg(path: string, viewBox: string): SVGSVGElement {
  const icon = document.createElementNS(SVG_NS, 'svg');
  icon.setAttribute('viewBox', viewBox);
  icon.setAttribute('aria-hidden', 'true');
  const shape = document.createElementNS(SVG_NS, 'path');
  shape.setAttribute('d', path);
  shape.setAttribute('fill', 'currentColor');
  icon.append(shape);
  return icon;
}

function element(tag: string, className: string, attributes: Record<string, string> = {}): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** The live region and its container, made on the first toast of the page. */
function container(): HTMLElement {
  const existing = document.getElementById(CONTAINER_ID);
  if (existing) return existing.firstElementChild as HTMLElement;
  const region = element('section', 'Toastify', {
    id: CONTAINER_ID,
    'aria-label': 'Notifications Alt+T',
    'aria-live': 'polite',
    'aria-atomic': 'false',
    'aria-relevant': 'additions text',
    tabindex: '-1',
  });
  const list = element('div', 'Toastify__toast-container Toastify__toast-container--top-right Toastify__toast-container--rtl');
  region.append(list);
  document.body.append(region);
  return list;
}

function dismiss(toast: HTMLElement) {
  if (toast.dataset.closing) return;
  toast.dataset.closing = 'true';
  toast.classList.remove('Toastify__bounce-enter--top-right');
  toast.classList.add('Toastify__bounce-exit--top-right');
  const remove = () => toast.remove();
  toast.addEventListener('animationend', remove, { once: true });
  // Without animations (reduced motion), animationend never comes.
  setTimeout(remove, 1000);
}

function pause(toast: HTMLElement, paused: boolean) {
  const bar = toast.querySelector<HTMLElement>('[role=progressbar]');
  if (bar) bar.style.animationPlayState = paused ? 'paused' : 'running';
}

/** Dragging a toast sideways moves it; let go past the threshold and it is dismissed. */
function draggable(toast: HTMLElement) {
  let start: number | null = null;
  toast.addEventListener('pointerdown', (event) => {
    if ((event.target as Element).closest('button')) return;
    start = event.clientX;
    toast.setPointerCapture(event.pointerId);
    pause(toast, true);
  });
  toast.addEventListener('pointermove', (event) => {
    if (start === null) return;
    const moved = event.clientX - start;
    toast.style.transform = `translateX(${moved}px)`;
    toast.style.opacity = String(1 - Math.min(1, Math.abs(moved) / toast.offsetWidth));
  });
  const release = (event: PointerEvent) => {
    if (start === null) return;
    const moved = Math.abs(event.clientX - start);
    start = null;
    if (moved > toast.offsetWidth * DRAG_DISMISS_SHARE) return toast.remove();
    toast.style.transform = '';
    toast.style.opacity = '';
    if (!toast.matches(':hover')) pause(toast, false);
  };
  toast.addEventListener('pointerup', release);
  toast.addEventListener('pointercancel', release);
}

function show(type: ToastType, message: string) {
  const toast = element(
    'div',
    `Toastify__toast Toastify__toast-theme--light Toastify__toast--${type} Toastify__toast--rtl Toastify__toast--close-on-click Toastify__bounce-enter--top-right`,
    { tabindex: '0' },
  );
  // An id of its own, as react-toastify gives each toast: tests tell a new toast from an earlier one with the same words by it.
  const body = element('div', 'Toastify__toast-body', { role: 'alert', id: `toast-${Math.random().toString(36).slice(2)}` });
  const icon = element('div', 'Toastify__toast-icon');
  icon.append(svg(ICON_PATHS[type], '0 0 24 24'));
  const text = document.createElement('div');
  text.textContent = message;
  body.append(icon, text);

  const close = element('button', 'Toastify__close-button Toastify__close-button--light', { type: 'button', 'aria-label': 'إغلاق' });
  close.append(svg('M7.7 8.2l3.8 3.8-1.5 1.5-3.8-3.8-3.7 3.8L1 12l3.8-3.8L1 4.5 2.5 3l3.7 3.7L10 3l1.5 1.5z', '0 0 14 16'));

  const track = element('div', 'Toastify__progress-bar--wrp', { 'data-hidden': 'false' });
  const bar = element('div', `Toastify__progress-bar Toastify__progress-bar--animated Toastify__progress-bar-theme--light Toastify__progress-bar--${type}`, {
    role: 'progressbar',
    'aria-label': 'مدة الإشعار',
  });
  bar.style.animationDuration = `${TOAST_CLOSE_MS}ms`;
  // The bar shrinks over the toast's lifetime; when it has run out the toast goes.
  bar.addEventListener('animationend', () => dismiss(toast));
  track.append(element('div', `Toastify__progress-bar--bg Toastify__progress-bar-theme--light Toastify__progress-bar--${type}`), bar);

  toast.append(body, close, track);
  toast.addEventListener('click', () => dismiss(toast));
  toast.addEventListener('pointerenter', () => pause(toast, true));
  toast.addEventListener('pointerleave', () => pause(toast, false));
  toast.addEventListener('focusin', () => pause(toast, true));
  toast.addEventListener('focusout', () => pause(toast, false));
  draggable(toast);
  container().prepend(toast);
  // Reduced motion removes the bar's animation: close on a plain timer then.
  if (getComputedStyle(bar).animationName === 'none') setTimeout(() => dismiss(toast), TOAST_CLOSE_MS);
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  /** Removes every toast at once (a form about to show a fresh set of errors). */
  dismiss: () => document.querySelectorAll(`#${CONTAINER_ID} .Toastify__toast`).forEach((t) => t.remove()),
};

/**
 * What every page does once: Alt+T focuses the newest toast, and toasts wait while the window
 * is in the background. Safe to call from both copies of this module.
 */
export function listenForToastKeys() {
  const root = document.documentElement;
  if (root.dataset.toastKeys) return;
  root.dataset.toastKeys = 'true';
  document.addEventListener('keydown', (event) => {
    if (!event.altKey || event.code !== 'KeyT') return;
    document.querySelector<HTMLElement>(`#${CONTAINER_ID} .Toastify__toast`)?.focus();
  });
  const pauseAll = (paused: boolean) => document.querySelectorAll<HTMLElement>(`#${CONTAINER_ID} .Toastify__toast`).forEach((t) => pause(t, paused));
  window.addEventListener('blur', () => pauseAll(true));
  window.addEventListener('focus', () => pauseAll(false));
}
