/** The public tracking page of a courier's delivery, for the customer (no key needed: the page is the courier's own). */
import { BOSTA_TRACKING_PAGE } from './bosta.ts';

const TRACKING_PAGES: Record<string, string> = { bosta: BOSTA_TRACKING_PAGE };

/** The tracking page of `trackingNumber` at `courier`, or null for a courier the shop does not know. */
export function trackingUrlOf(courier: string, trackingNumber: string): string | null {
  const page = TRACKING_PAGES[courier];
  return page ? page.replace('{trackingNumber}', encodeURIComponent(trackingNumber)) : null;
}
