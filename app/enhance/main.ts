/**
 * The shop's enhancement script: one small module, loaded by every page (docs/decisions/010).
 * The shop's pages do not hydrate; their HTML already works without JavaScript, and what
 * should move or answer in place is a behaviour here, attached to the elements that name it in
 * `data-enhance` (several names, separated by spaces). The dashboard, which hydrates, gets the
 * same behaviours for the shell it shares. Each element is enhanced once, also when React adds it later.
 */
import { accountChecks } from './account-checks.ts';
import { addToCart } from './cart.ts';
import { carousel } from './carousel.ts';
import { carryFields } from './carry-fields.ts';
import { drawer, footerSection, menu } from './menus.ts';
import { newsletter } from './newsletter.ts';
import { intoView, sizeFirst } from './profile.ts';
import { reviewForm } from './reviews.ts';
import { flashToast } from './flash.ts';
import { shippingCharges } from './shipping-charges.ts';
import { sizeHints } from './size-hints.ts';
import { sizeSheet } from './size-sheet.ts';
import { submitOnce } from './submit-once.ts';
import { swap } from './swap.ts';
import { swatches } from './swatches.ts';
import { tabs } from './tabs.ts';
import { listenForToastKeys } from './toast.ts';
import { wishlist } from './wishlist.ts';
import { zoom } from './zoom.ts';

export type Behaviour = (element: HTMLElement) => void;

const BEHAVIOURS: Record<string, Behaviour> = {
  'account-checks': accountChecks,
  'add-to-cart': addToCart,
  carousel,
  'carry-fields': carryFields,
  drawer,
  'footer-section': footerSection,
  'into-view': intoView,
  menu,
  newsletter,
  'review-form': reviewForm,
  'shipping-charges': shippingCharges,
  'size-first': sizeFirst,
  'size-hints': sizeHints,
  'size-sheet': sizeSheet,
  'submit-once': submitOnce,
  swap,
  swatches,
  tabs,
  toast: flashToast,
  wishlist,
  zoom,
};

const done = new WeakSet<Element>();

function enhance(root: ParentNode) {
  const elements = root.querySelectorAll<HTMLElement>('[data-enhance]');
  const all = root instanceof HTMLElement && root.matches('[data-enhance]') ? [root, ...elements] : elements;
  for (const element of all) {
    if (done.has(element)) continue;
    done.add(element);
    for (const name of element.dataset.enhance!.split(' ')) {
      try {
        BEHAVIOURS[name]?.(element);
      } catch (error) {
        // One broken behaviour must not stop the others: the element keeps working as plain HTML.
        console.error(error);
      }
    }
  }
}

listenForToastKeys();
enhance(document);
new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes) if (node instanceof HTMLElement) enhance(node);
}).observe(document.body, { childList: true, subtree: true });
// Says the behaviours are attached, for tests and for anyone measuring the page.
document.documentElement.dataset.enhanced = 'true';
