/**
 * The discount code on the cart and the checkout (API.md "Additions: discount codes"): a small
 * form to put a code on, posted to the page's own action (intent=coupon), or the code that is on
 * with what it takes off and a button to take it off (intent=remove-coupon). Plain forms: they
 * work without JavaScript and the page comes back with the cart as it is; with JavaScript the part
 * of the page the code changes is replaced in place (`swap`).
 */
import type { CartCoupon } from '../../../core/checkout/coupons.ts';
import { Discount, Ltr } from '../../lib/format.tsx';
import { FieldMessage } from './form-field.tsx';

export const COUPON_INTENT = 'coupon';
export const REMOVE_COUPON_INTENT = 'remove-coupon';

const BUTTON = 'flex min-h-11 shrink-0 items-center justify-center rounded-lg border border-brand-600 bg-white px-4 font-semibold text-brand-700 hover:bg-brand-50';

/** Fields of another form of the page sent along with the code (the checkout's address), so they come back as typed. */
export type CarriedFields = { form: string; names: readonly string[] };

/**
 * `swap` is the id of the part of the page the code changes (the cart's summary, the whole
 * checkout): with JavaScript only that part is replaced by the page that comes back
 * (app/enhance/swap.ts); `carry` sends the checkout's address along.
 */
export function CouponBox({ coupon, action, error, value, carry, swap }: { coupon: CartCoupon | null; action: string; error?: string; value?: string; carry?: CarriedFields; swap?: string }) {
  const enhance = ['submit-once', ...(carry ? ['carry-fields'] : []), ...(swap ? ['swap'] : [])].join(' ');
  const attributes = {
    'data-enhance': enhance,
    'data-coupon': '',
    tabIndex: -1,
    ...(carry && { 'data-carry-from': carry.form, 'data-carry-fields': carry.names.join(' ') }),
    ...(swap && { 'data-swap': swap }),
  };
  if (coupon) {
    return (
      <form method="post" action={action} {...attributes} className="flex items-center justify-between gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2">
        <input type="hidden" name="intent" value={REMOVE_COUPON_INTENT} />
        <p className="min-w-0 text-sm font-semibold text-green-900">
          كود الخصم <Ltr className="whitespace-nowrap font-mono">{coupon.code}</Ltr>
          {coupon.type === 'freeShipping' && <> · شحن مجاني</>}
        </p>
        <button type="submit" className="min-h-11 shrink-0 px-2 font-semibold text-sale underline">
          إزالة
        </button>
      </form>
    );
  }
  return (
    <form method="post" action={action} noValidate {...attributes} className="flex flex-col gap-1.5">
      <input type="hidden" name="intent" value={COUPON_INTENT} />
      <label htmlFor="field-code" className="font-semibold">
        كود الخصم
      </label>
      <div className="flex gap-2">
        <input
          id="field-code"
          name="code"
          dir="ltr"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          defaultValue={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'field-code-error' : undefined}
          className={`min-h-11 w-full min-w-0 flex-1 rounded-lg border bg-white px-3 py-2 text-base text-ink uppercase focus:border-brand-500 ${error ? 'border-sale' : 'border-line'}`}
        />
        <button type="submit" className={BUTTON}>
          تطبيق
        </button>
      </div>
      <FieldMessage id="field-code-error" message={error} />
    </form>
  );
}

/** The discount line of a summary: "خصم الكود XXX − 50.00 L.E", or that the code makes shipping free. */
export function CouponLine({ coupon }: { coupon: CartCoupon }) {
  return (
    <div className="flex justify-between gap-2 text-green-800">
      <dt>
        خصم الكود <Ltr className="whitespace-nowrap font-mono">{coupon.code}</Ltr>
      </dt>
      <dd className="text-end font-semibold">
        {coupon.type === 'freeShipping' ? (
          'شحن مجاني'
        ) : (
          <Discount value={coupon.discount} />
        )}
      </dd>
    </div>
  );
}
