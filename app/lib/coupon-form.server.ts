/**
 * The discount code's forms on the cart and the checkout (app/components/account/coupon-box.tsx),
 * answered by each page's own action: a refusal is shown beside the code's field with core's
 * Arabic reason and the cart unchanged; a plain form post gets the page back after a change.
 */
import { data, redirect } from 'react-router';
import { ApplyCouponSchema } from '../../contracts/coupons.ts';
import { applyCouponToCart, removeCouponFromCart } from '../../core/checkout/cart-coupons.ts';
import { AppError } from '../../core/shared/errors.ts';
import type { Db } from '../../db/client.ts';
import { COUPON_INTENT, REMOVE_COUPON_INTENT } from '../components/account/coupon-box.tsx';
import type { ActionResult } from './toast.ts';

export const isCouponIntent = (intent: unknown): boolean => intent === COUPON_INTENT || intent === REMOVE_COUPON_INTENT;

type CouponResult = ActionResult & { values?: Record<string, unknown> };

/**
 * Puts the posted code on the cart or takes it off; `page` is where a plain form post goes back to.
 * `kept` are the other form's fields posted along (the checkout's address): the page is answered
 * with them, changed or refused, so what was typed is shown again.
 */
export async function changeCoupon(db: Db, userId: string, form: FormData, documentPost: boolean, page: string, kept: Record<string, string> = {}) {
  const keeping = Object.keys(kept).length > 0;
  const back = () => (documentPost && !keeping ? redirect(page) : data<CouponResult>({ ok: true, ...(keeping && { values: kept }) }));
  if (form.get('intent') === REMOVE_COUPON_INTENT) {
    await removeCouponFromCart(db, userId);
    return back();
  }
  const raw = form.get('code');
  const values = { ...kept, code: typeof raw === 'string' ? raw : '' };
  const parsed = ApplyCouponSchema.safeParse(values);
  if (!parsed.success) return data<CouponResult>({ ok: false, errors: { code: parsed.error.issues[0]!.message }, values }, { status: 400 });
  try {
    await applyCouponToCart(db, userId, parsed.data.code);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return data<CouponResult>({ ok: false, errors: { code: error.fields?.[0]?.msg ?? error.message }, values }, { status: error.status });
  }
  return back();
}
