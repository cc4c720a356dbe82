/**
 * The checkout's choice of how to pay, when the shop takes cards through Paymob: cash on
 * delivery (chosen first) or a card or wallet on Paymob's page. Texts that depend on the choice
 * (the total's label, the button, the summary's note) are all in the page, and a stylesheet
 * shows the ones of the ticked choice (CSS :has), so they follow the choice with or without
 * JavaScript; a browser without :has shows a wording that fits both.
 */
import { Banknote, CreditCard } from 'lucide-react';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../contracts/constants.ts';
import { Ltr } from '../../lib/format.tsx';
import { FieldMessage } from './form-field.tsx';

/** Put on the element that holds the choice and every text that follows it. */
export const PAYMENT_SCOPE = { 'data-payment-scope': '' } as const;

/** Put on what applies to cash only (the cash-on-delivery fee): hidden while a card is chosen, shown where :has is missing. */
export const CASH_ONLY = { 'data-cash-only': '' } as const;

// Unlayered, so it wins over the utility classes around it.
const TEXTS_FOLLOW_CHOICE = `[data-pay] { display: none; }
@supports not selector(:has(*)) { [data-pay="any"] { display: revert; } }
@supports selector(:has(*)) {
[data-pay="cash"] { display: revert; }
[data-payment-scope]:has(input[name="paymentMethodType"][value="card"]:checked) [data-pay="cash"] { display: none; }
[data-payment-scope]:has(input[name="paymentMethodType"][value="card"]:checked) [data-pay="card"] { display: revert; }
[data-payment-scope]:has(input[name="paymentMethodType"][value="card"]:checked) [data-cash-only] { display: none; }
}`;

/**
 * One text per choice, only the chosen one shown (and the neutral one where :has is missing).
 * Hidden texts are display:none, so they are not read out or part of a button's name.
 */
export function ByPaymentMethod({ cash, card, neutral }: { cash: React.ReactNode; card: React.ReactNode; neutral: React.ReactNode }) {
  return (
    <>
      <span data-pay="cash">{cash}</span>
      <span data-pay="card">{card}</span>
      <span data-pay="any">{neutral}</span>
    </>
  );
}

/** How long the shop holds a card order's pieces while it waits for the payment, in words. */
export function MinutesPhrase({ minutes }: { minutes: number }) {
  if (minutes < 1) return <>أقل من دقيقة</>;
  const whole = Math.floor(minutes);
  if (whole === 1) return <>دقيقة واحدة</>;
  if (whole === 2) return <>دقيقتين</>;
  return (
    <>
      <Ltr>{whole}</Ltr> {whole <= 10 ? 'دقائق' : 'دقيقة'}
    </>
  );
}

const OPTION =
  'flex cursor-pointer items-start gap-3 rounded-lg border border-line bg-white p-3 hover:bg-surface has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500';

export function PaymentMethodField({ defaultValue, error, minutes }: { defaultValue: PaymentMethod; error?: string; minutes: number }) {
  const errorId = 'field-paymentMethodType-error';
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <style>{TEXTS_FOLLOW_CHOICE}</style>
      <legend className="mb-1.5 font-semibold">طريقة الدفع</legend>
      <label className={OPTION}>
        <input type="radio" name="paymentMethodType" value="cash" defaultChecked={defaultValue === 'cash'} className="mt-1 size-5 shrink-0 accent-brand-600" />
        <Banknote aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700" />
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="font-semibold">{PAYMENT_METHOD_LABELS.cash}</span>
          <span className="text-sm text-muted">تدفع لمندوب الشحن عندما يصلك طلبك.</span>
        </span>
      </label>
      <label className={OPTION}>
        <input type="radio" name="paymentMethodType" value="card" defaultChecked={defaultValue === 'card'} className="mt-1 size-5 shrink-0 accent-brand-600" />
        <CreditCard aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700" />
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="font-semibold">{PAYMENT_METHOD_LABELS.card}</span>
          <span className="text-sm text-muted">
            فيزا وماستركارد وميزة، والمحافظ مثل فودافون كاش، والتقسيط. تدفع الآن في صفحة الدفع الآمنة لـ<span lang="en">Paymob</span>، ونحجز لك المنتجات{' '}
            <MinutesPhrase minutes={minutes} /> حتى يتم الدفع.
          </span>
        </span>
      </label>
      <FieldMessage id={errorId} message={error} />
    </fieldset>
  );
}
