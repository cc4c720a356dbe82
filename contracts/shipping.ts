/**
 * What an order pays for shipping (API.md "shipping by governorate"), one rule for the checkout
 * page, its enhancement script and the server that stores the amount on the order.
 */
import { SHIPPING_FEE, type PaymentMethod } from './constants.ts';
import { GOVERNORATES, type Governorate } from './governorates.ts';
import { toPiastres, toPounds } from './money.ts';

/** The shop's shipping rules, as GET /shipping gives them. */
export interface ShippingRules {
  /** Every governorate, in the order of GOVERNORATES. */
  fees: { governorate: Governorate; fee: number }[];
  /** An items total from which shipping is free, or null. */
  freeShippingFrom: number | null;
  /** Added to cash orders. */
  codFee: number;
}

/** A shop that set nothing: SHIPPING_FEE everywhere, no free shipping, no cash-on-delivery fee (SPEC.md §9). */
export const DEFAULT_SHIPPING_RULES: ShippingRules = {
  fees: GOVERNORATES.map((governorate) => ({ governorate, fee: SHIPPING_FEE })),
  freeShippingFrom: null,
  codFee: 0,
};

/** The fee of one governorate. */
export const feeOf = (rules: ShippingRules, governorate: Governorate): number =>
  rules.fees.find((f) => f.governorate === governorate)?.fee ?? SHIPPING_FEE;

/** The items reach the free-shipping threshold. */
export const shipsFree = (rules: ShippingRules, itemsTotal: number): boolean =>
  rules.freeShippingFrom !== null && toPiastres(itemsTotal) >= toPiastres(rules.freeShippingFrom);

/** How much more in items makes shipping free, or null (no threshold, or already reached). */
export function missingForFreeShipping(rules: ShippingRules, itemsTotal: number): number | null {
  if (rules.freeShippingFrom === null || shipsFree(rules, itemsTotal)) return null;
  return toPounds(toPiastres(rules.freeShippingFrom) - toPiastres(itemsTotal));
}

export interface ShippingCharge {
  /** The governorate's fee, or 0 when the items ship free. */
  fee: number;
  /** The cash-on-delivery fee (0 for a card). */
  codFee: number;
  /** What the order stores as its shipping price: fee + codFee. */
  shippingPrice: number;
}

/** What an order of `itemsTotal` to `governorate`, paid by `method`, is charged for shipping. */
export function shippingChargeOf(rules: ShippingRules, governorate: Governorate, itemsTotal: number, method: PaymentMethod): ShippingCharge {
  const fee = shipsFree(rules, itemsTotal) ? 0 : feeOf(rules, governorate);
  const codFee = method === 'cash' ? rules.codFee : 0;
  return { fee, codFee, shippingPrice: toPounds(toPiastres(fee) + toPiastres(codFee)) };
}

/** The lowest and highest fee the shop charges (for pages that describe the charges in a line). */
export function feeRange(rules: ShippingRules): { min: number; max: number } {
  const fees = rules.fees.map((f) => f.fee);
  return { min: Math.min(...fees), max: Math.max(...fees) };
}
