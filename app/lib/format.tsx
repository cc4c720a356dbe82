/** Numbers as the shop prints them: prices with two decimals and L.E, always left to right inside Arabic text. */
import { CURRENCY, SHIPPING_FEE, STORE_TIME_ZONE } from '../../contracts/constants.ts';

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

/** A phone number or any other digits, isolated from the surrounding Arabic. */
export function Ltr({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}

/**
 * An order's total as SPEC.md §9 shows it: the items rounded up, then the shipping fee (the
 * order's own where the page has it). The database adds orders up by the same rule, with
 * amountDueSql in core/money.ts.
 */
export function orderTotal(itemsTotal: number, shippingPrice: number = SHIPPING_FEE): number {
  return Math.ceil(itemsTotal) + shippingPrice;
}

/** What rounding the items up to the pound adds to an order, exact to the piastre. */
export function roundingOf(itemsTotal: number): number {
  return Math.round((Math.ceil(itemsTotal) - itemsTotal) * 100) / 100;
}

// Western digits, like prices and order numbers everywhere else in the shop; the shop's own calendar day.
const dateFormat = new Intl.DateTimeFormat('ar-EG-u-nu-latn', { year: 'numeric', month: 'long', day: 'numeric', timeZone: STORE_TIME_ZONE });
export function formatDate(value: Date | string): string {
  return dateFormat.format(new Date(value));
}
