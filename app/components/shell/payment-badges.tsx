/**
 * The payment methods of SPEC.md §1 as small badges (no third-party images): cash, three local
 * wallet and instalment providers, Visa, Mastercard and a mobile wallet. The badges are SVG files
 * in app/components/icons, drawn by the stylesheet as one picture (`.payment-badges`), named for
 * screen readers by every method, in the same list (PAYMENT_BADGES).
 */
import { PAYMENT_BADGES } from '../icons/names.ts';

const NAME = `وسائل الدفع: ${PAYMENT_BADGES.map((badge) => badge.label).join('، ')}`;

export function PaymentBadges() {
  return <p role="img" aria-label={NAME} className="payment-badges" />;
}
