/**
 * The payment methods of SPEC.md §1 as small badges (no third-party images): cash, three local
 * wallet and instalment providers, Visa, Mastercard and a mobile wallet. The badges are SVG files
 * in app/components/icons, drawn by the stylesheet as one picture (`.payment-badges`), named for
 * screen readers by every method.
 */
const METHODS = ['الدفع نقداً عند الاستلام', 'valU', 'Sympl', 'Aman', 'Visa', 'Mastercard', 'محفظة الهاتف'];

export function PaymentBadges() {
  return <p role="img" aria-label={`وسائل الدفع: ${METHODS.join('، ')}`} className="payment-badges" />;
}
