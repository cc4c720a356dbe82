/**
 * Discount codes (API.md "discount codes"): the admin's form, the rules a code must meet, and
 * what a code takes off an order, one definition for the server and the pages.
 * See docs/decisions/024-discount-codes.md.
 */
import { z } from 'zod';
import { MSG, type MessageKey } from './messages.ts';
import { toPiastres, toPounds } from './money.ts';

export const COUPON_TYPES = ['percent', 'fixed', 'freeShipping'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** 3 to 20 letters, digits or dashes; stored and shown upper-case. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9-]{3,20}$/;

/** Codes are compared ignoring case: every code is kept and shown upper-case. */
export const normalizeCouponCode = (code: string): string => code.trim().toUpperCase();

const inPiastres = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

const couponCode = z
  .string({ error: MSG.couponCodeRequired })
  .trim()
  .min(1, { error: MSG.couponCodeRequired, abort: true })
  .regex(COUPON_CODE_PATTERN, MSG.couponCodeInvalid)
  .transform(normalizeCouponCode);

const isoDate = z
  .string({ error: MSG.couponDateInvalid })
  .refine((v) => !Number.isNaN(Date.parse(v)), MSG.couponDateInvalid)
  .transform((v) => new Date(v));

const couponFields = {
  code: couponCode.describe('3 to 20 letters, digits or dashes; unique ignoring case, shown upper-case'),
  type: z.enum(COUPON_TYPES, { error: MSG.couponTypeInvalid }),
  value: z.number({ error: MSG.couponValueInvalid }).nullable().optional().describe('percent: 1 to 90; fixed: pounds off (> 0); freeShipping: none'),
  minItemsTotal: z
    .number({ error: MSG.couponMinItemsTotalInvalid })
    .min(0, MSG.couponMinItemsTotalInvalid)
    .max(1_000_000, MSG.couponMinItemsTotalInvalid)
    .refine(inPiastres, MSG.couponMinItemsTotalInvalid)
    .describe('The items total (pounds) a cart must reach'),
  startsAt: isoDate.nullable().optional().describe('ISO time from which the code works'),
  endsAt: isoDate.nullable().optional().describe('ISO time until which the code works'),
  maxUses: z.number({ error: MSG.couponMaxUsesInvalid }).int(MSG.couponMaxUsesInvalid).min(1, MSG.couponMaxUsesInvalid).nullable().describe('null: no limit'),
  maxUsesPerCustomer: z.number({ error: MSG.couponMaxUsesPerCustomerInvalid }).int(MSG.couponMaxUsesPerCustomerInvalid).min(1, MSG.couponMaxUsesPerCustomerInvalid),
  active: z.boolean({ error: MSG.couponActiveInvalid }),
};

/** The value's rule of each type, with the field it is reported on. */
function checkValue(coupon: { type?: CouponType; value?: number | null }, ctx: z.RefinementCtx): void {
  const { type, value } = coupon;
  if (type === 'freeShipping') {
    if (value !== undefined && value !== null) ctx.addIssue({ code: 'custom', path: ['value'], message: MSG.couponValueNotAllowed });
    return;
  }
  if (type === 'percent' && (typeof value !== 'number' || value < 1 || value > 90 || !inPiastres(value))) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: MSG.couponPercentInvalid });
  }
  if (type === 'fixed' && (typeof value !== 'number' || value <= 0 || value > 1_000_000 || !inPiastres(value))) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: MSG.couponFixedInvalid });
  }
}

function checkDates(coupon: { startsAt?: Date | null; endsAt?: Date | null }, ctx: z.RefinementCtx): void {
  if (coupon.startsAt && coupon.endsAt && coupon.endsAt.getTime() <= coupon.startsAt.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: MSG.couponEndsBeforeStart });
  }
}

/** POST /coupons: a new code. */
export const CouponSchema = z
  .object({
    ...couponFields,
    minItemsTotal: couponFields.minItemsTotal.default(0),
    maxUses: couponFields.maxUses.default(null),
    maxUsesPerCustomer: couponFields.maxUsesPerCustomer.default(1),
    active: couponFields.active.default(true),
  })
  .superRefine((c, ctx) => {
    checkValue(c, ctx);
    checkDates(c, ctx);
  });
export type CouponInput = z.infer<typeof CouponSchema>;

/**
 * PUT /coupons/{id}: any of the same fields; the value is checked against the type the code
 * will have (the server checks the stored type where the body gives none).
 */
export const CouponPatchSchema = z.object(couponFields).partial();
export type CouponPatch = z.infer<typeof CouponPatchSchema>;

/** Checks a code as it will be stored after a change (value against type, end after start). */
export const CouponStateSchema = z
  .object({ type: z.enum(COUPON_TYPES), value: z.number().nullable().optional(), startsAt: z.date().nullable().optional(), endsAt: z.date().nullable().optional() })
  .superRefine((c, ctx) => {
    checkValue(c, ctx);
    checkDates(c, ctx);
  });

/** POST /cart/coupon. */
export const ApplyCouponSchema = z.object({ code: couponCode });
export type ApplyCoupon = z.infer<typeof ApplyCouponSchema>;

/** A code as far as the rules of using it go. */
export interface CouponRules {
  type: CouponType;
  value: number | null;
  minItemsTotal: number;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerCustomer: number;
  uses: number;
  active: boolean;
}

/** Why a code cannot be used now, with the status it is refused with. */
export interface CouponRefusal {
  status: 400 | 409;
  key: MessageKey;
  /** The minimum in pounds, for couponBelowMinimum. */
  detail?: string;
}

/**
 * Checks every rule of using `coupon` on `itemsTotal` (pounds, as the cart adds them up) at
 * `now`, by a customer who holds `customerUses` uses of it already; null when it may be used.
 */
export function couponRefusal(coupon: CouponRules, itemsTotal: number, customerUses: number, now: Date = new Date()): CouponRefusal | null {
  if (!coupon.active) return { status: 400, key: 'couponInactive' };
  if (coupon.startsAt && now.getTime() < coupon.startsAt.getTime()) return { status: 400, key: 'couponNotStarted' };
  if (coupon.endsAt && now.getTime() >= coupon.endsAt.getTime()) return { status: 400, key: 'couponEnded' };
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return { status: 409, key: 'couponUsedUp' };
  if (customerUses >= coupon.maxUsesPerCustomer) return { status: 409, key: 'couponUsedUpByCustomer' };
  if (toPiastres(itemsTotal) < toPiastres(coupon.minItemsTotal)) return { status: 400, key: 'couponBelowMinimum', detail: `${coupon.minItemsTotal} جنيه` };
  return null;
}

/** What a code does to an order. */
export interface DiscountOutcome {
  /** Pounds off the items (0 for free shipping). */
  discount: number;
  /** What the order is charged for shipping after the code. */
  shippingPrice: number;
}

/**
 * What a code takes off an order whose items, rounded up to the pound as every page shows them,
 * come to `itemsRoundedUp`, exact to the piastre:
 * - `percent`: that share of the items, rounded DOWN to the piastre, so the shop never gives
 *   more than the percent it set (10% of 199 is 19.90; 15% of 33 is 4.95);
 * - `fixed`: its pounds, never more than the items (shipping is still paid);
 * - `freeShipping`: no discount on the items; the governorate's fee is waived, the
 *   cash-on-delivery fee (`codFee`, within `shippingPrice`) is still charged.
 */
export function discountOf(
  coupon: { type: CouponType; value: number | null },
  itemsRoundedUp: number,
  shippingPrice: number,
  codFee = 0,
): DiscountOutcome {
  const items = toPiastres(itemsRoundedUp);
  if (coupon.type === 'freeShipping') return { discount: 0, shippingPrice: Math.min(shippingPrice, codFee) };
  const off = coupon.type === 'percent' ? Math.floor((items * toPiastres(coupon.value ?? 0)) / 10_000) : toPiastres(coupon.value ?? 0);
  return { discount: toPounds(Math.max(0, Math.min(off, items))), shippingPrice };
}
