/**
 * The shipping charges the checkout shows before the order is placed, from the shop's rules
 * (contracts/shipping.ts): the fee of the governorate in the form, the cash-on-delivery fee and
 * the total. Each amount sits in a slot (`data-charge`) that the enhancement script
 * (app/enhance/shipping-charges.ts) fills again when the governorate changes, from the fee each
 * option carries; the page is right without it for the governorate it was drawn with.
 */
import { CURRENCY, type PaymentMethod } from '../../../contracts/constants.ts';
import { GOVERNORATES, type Governorate } from '../../../contracts/governorates.ts';
import { orderTotal, toPiastres } from '../../../contracts/money.ts';
import type { CartCoupon } from '../../../core/checkout/coupons.ts';
import { feeRange, shippingChargeOf, shipsFree, type ShippingRules } from '../../../contracts/shipping.ts';
import { formatAmount } from '../../lib/format.tsx';
import { ByPaymentMethod } from './payment-method.tsx';

export interface ShippingQuote {
  /** The governorate's fee (0 when the items ship free), or null while no governorate is chosen and fees differ. */
  fee: number | null;
  codFee: number;
  /** What the order would store as its shipping price, by way of paying (null with `fee`). */
  shipping: Record<PaymentMethod, number> | null;
  /** What the customer pays, by way of paying (null with `fee`). */
  total: Record<PaymentMethod, number> | null;
}

/**
 * The charges of an order of `itemsTotal` to `governorate`, after the cart's discount code. Without
 * a governorate they are still known when the items ship free (by the shop's rule or the code) or
 * every governorate costs the same. A free-shipping code waives the governorate's fee and keeps the
 * cash-on-delivery fee, as the order will (contracts/coupons.ts discountOf).
 */
export function quoteShipping(rules: ShippingRules, itemsTotal: number, governorate: Governorate | undefined, coupon: CartCoupon | null = null): ShippingQuote {
  const { min, max } = feeRange(rules);
  const free = coupon?.type === 'freeShipping';
  const basis = governorate ?? (free || shipsFree(rules, itemsTotal) || min === max ? GOVERNORATES[0] : undefined);
  if (!basis) return { fee: null, codFee: rules.codFee, shipping: null, total: null };
  const discount = coupon && !free ? coupon.discount : 0;
  const shippingOf = (method: PaymentMethod) => {
    const charge = shippingChargeOf(rules, basis, itemsTotal, method);
    return free ? charge.codFee : charge.shippingPrice;
  };
  const cash = shippingOf('cash');
  const card = shippingOf('card');
  return {
    fee: free ? 0 : shippingChargeOf(rules, basis, itemsTotal, 'card').fee,
    codFee: rules.codFee,
    shipping: { cash, card },
    total: { cash: orderTotal(itemsTotal, cash, discount), card: orderTotal(itemsTotal, card, discount) },
  };
}

/**
 * What the enhancement script reads on the element holding the form and the summary: the items
 * as the total counts them (rounded up, less the code's discount) and the cash-on-delivery fee,
 * in piastres.
 */
export function chargesScope(rules: ShippingRules, itemsTotal: number, coupon: CartCoupon | null = null) {
  const discount = coupon && coupon.type !== 'freeShipping' ? coupon.discount : 0;
  const items = Math.max(0, toPiastres(Math.ceil(itemsTotal)) - toPiastres(discount));
  return { 'data-enhance': 'shipping-charges', 'data-items': items, 'data-cod-fee': toPiastres(rules.codFee) } as const;
}

/**
 * The fee each governorate's option carries, in piastres (0 when the items ship free, by the
 * shop's rule or a free-shipping code); the empty choice carries one too when the fee does not
 * depend on the governorate.
 */
export function feeAttributes(rules: ShippingRules, itemsTotal: number, coupon: CartCoupon | null = null) {
  const free = coupon?.type === 'freeShipping';
  const unchosen = quoteShipping(rules, itemsTotal, undefined, coupon).fee;
  return (option: string) => {
    const governorate = GOVERNORATES.find((g) => g === option);
    const fee = free ? 0 : governorate ? shippingChargeOf(rules, governorate, itemsTotal, 'card').fee : unchosen;
    return fee === null ? undefined : { 'data-fee': String(toPiastres(fee)) };
  };
}

export type ChargeName = 'fee' | 'total-cash' | 'total-card';

const FREE = 'شحن مجاني';

/**
 * One amount: the price, "شحن مجاني" for a fee of 0, or what to do while it is not known. The
 * slot holds only what applies (so it reads right as text); the others' words ride along for the script.
 */
export function ChargeSlot({ name, amount, unknown, className = '' }: { name: ChargeName; amount: number | null; unknown: string; className?: string }) {
  const priceClass = `whitespace-nowrap ${className}`;
  const free = name === 'fee' && amount === 0;
  return (
    <span data-charge={name} data-unknown={unknown} data-free={name === 'fee' ? FREE : undefined} data-price-class={priceClass}>
      {amount === null ? (
        unknown
      ) : free ? (
        FREE
      ) : (
        <bdi dir="ltr" className={priceClass}>
          {formatAmount(amount)} {CURRENCY}
        </bdi>
      )}
    </span>
  );
}

/**
 * The total due. Paying cash adds the cash-on-delivery fee: while the shopper may choose a card
 * too, both totals are in the page and the chosen one shows (payment-method.tsx).
 */
export function OrderTotal({ quote, cardPayments, className }: { quote: ShippingQuote; cardPayments: boolean; className?: string }) {
  const slot = (method: PaymentMethod) => (
    <ChargeSlot name={`total-${method}`} amount={quote.total?.[method] ?? null} unknown={TOTAL_AFTER_GOVERNORATE} className={className} />
  );
  if (!cardPayments || quote.codFee === 0) return slot('cash');
  return (
    <ByPaymentMethod
      cash={slot('cash')}
      card={slot('card')}
      neutral={
        <>
          {slot('cash')} نقداً، {slot('card')} بالبطاقة
        </>
      }
    />
  );
}

/** The shipping price the page shows for a way of paying, sent with the form so the order is never charged another. */
export function ShownShipping({ method, quote }: { method: PaymentMethod; quote: ShippingQuote }) {
  const value = quote.shipping ? formatAmount(quote.shipping[method]) : '';
  return <input type="hidden" name={SHOWN_SHIPPING_FIELD[method]} value={value} data-charge={method} />;
}

/** The form fields carrying the shown shipping price, by way of paying. */
export const SHOWN_SHIPPING_FIELD: Record<PaymentMethod, string> = { cash: 'shownShippingCash', card: 'shownShippingCard' };

export const CHOOSE_GOVERNORATE = 'اختر المحافظة لمعرفة رسوم الشحن';
export const TOTAL_AFTER_GOVERNORATE = 'يظهر بعد اختيار المحافظة';
