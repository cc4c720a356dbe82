/** Numbers as the shop prints them: prices with two decimals and L.E, always left to right inside Arabic text. */
import { CURRENCY, STORE_TIME_ZONE } from '../../contracts/constants.ts';

export function formatAmount(value: number): string {
  return value.toFixed(2);
}

/** A price, isolated so it never comes out reversed in right-to-left text. */
export function Price({ value, className }: { value: number; className?: string }) {
  return (
    <bdi dir="ltr" className={`whitespace-nowrap ${className ?? ''}`}>
      {formatAmount(value)} {CURRENCY}
    </bdi>
  );
}

/** An amount taken off (a discount code's): "− 20.90 L.E", the sign kept before the amount in right-to-left text. */
export function Discount({ value, className }: { value: number; className?: string }) {
  return (
    <bdi dir="ltr" className={`whitespace-nowrap ${className ?? ''}`}>
      − {formatAmount(value)} {CURRENCY}
    </bdi>
  );
}

/** A phone number or any other digits, isolated from the surrounding Arabic. */
export function Ltr({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}

// Western digits, like prices and order numbers everywhere else in the shop; the shop's own calendar day.
const dateFormat = new Intl.DateTimeFormat('ar-EG-u-nu-latn', { year: 'numeric', month: 'long', day: 'numeric', timeZone: STORE_TIME_ZONE });
export function formatDate(value: Date | string): string {
  return dateFormat.format(new Date(value));
}
