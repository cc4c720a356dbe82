/**
 * The payment methods of SPEC.md §1 as small badges (no third-party images): cash, three local
 * wallet and instalment providers, Visa, Mastercard and a mobile wallet. Each badge is one
 * element, a picture named for screen readers; the pictures are SVG files in
 * app/components/icons, built into the stylesheet.
 */
import type { PAYMENT_BADGES } from '../icons/names.ts';

const BADGES: { name: (typeof PAYMENT_BADGES)[number]; label: string }[] = [
  { name: 'cash', label: 'الدفع نقداً عند الاستلام' },
  { name: 'valu', label: 'valU' },
  { name: 'sympl', label: 'Sympl' },
  { name: 'aman', label: 'Aman' },
  { name: 'visa', label: 'Visa' },
  { name: 'mastercard', label: 'Mastercard' },
  { name: 'wallet', label: 'محفظة الهاتف' },
];

export function PaymentBadges() {
  return (
    <p className="flex flex-wrap gap-2">
      {BADGES.map(({ name, label }) => (
        <span key={name} role="img" aria-label={label} className={`block h-8 w-13 payment-${name}`} />
      ))}
    </p>
  );
}
