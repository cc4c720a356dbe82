import { data, Link, redirect } from 'react-router';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../contracts/constants.ts';
import { GOVERNORATES } from '../../../contracts/governorates.ts';
import { MSG } from '../../../contracts/messages.ts';
import { IdempotencyKeySchema, ShippingAddressSchema } from '../../../contracts/schemas.ts';
import { getCart } from '../../../core/checkout/cart.ts';
import { checkout } from '../../../core/checkout/checkout.ts';
import { readLastGovernorate, readShippingRules } from '../../../core/checkout/shipping.ts';
import { FormAlert, PhoneField, SelectField, TextAreaField, TextField } from '../../components/account/form-field.tsx';
import { ActionFlash } from '../../components/account/action-flash.tsx';
import { type CarriedFields, CouponBox } from '../../components/account/coupon-box.tsx';
import { lineProblem } from '../../components/account/cart-line.tsx';
import { OrderSummary } from '../../components/account/order-summary.tsx';
import { ByPaymentMethod, PAYMENT_SCOPE, PaymentMethodField } from '../../components/account/payment-method.tsx';
import { chargesScope, feeAttributes, OrderTotal, quoteShipping, SHOWN_SHIPPING_FIELD, ShownShipping } from '../../components/account/shipping-charges.tsx';
import { SubmitButton } from '../../components/account/submit-button.tsx';
import { changeCoupon, isCouponIntent } from '../../lib/coupon-form.server.ts';
import { fieldErrors, fromAppError, invalid, readPageForm } from '../../lib/forms.server.ts';
import { requireCustomer } from '../../lib/session.server.ts';
import { isDocumentRequest } from '../../lib/shopper.server.ts';
import type { ActionResult } from '../../lib/toast.ts';
import { loadAsDocument, SERVER_RENDERED } from '../../lib/server-rendered.ts';
import type { Route } from './+types/checkout';

export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export function meta({ loaderData }: Route.MetaArgs) {
  const payment = loaderData?.cardPayments ? 'والدفع نقداً عند الاستلام أو بالبطاقة والمحفظة الإلكترونية' : 'والدفع نقداً عند الاستلام';
  return [
    { title: 'إتمام الطلب' },
    { name: 'description', content: `بيانات الشحن وملخص طلبك، ${payment}.` },
    { name: 'robots', content: 'noindex' },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCustomer(request, context);
  const [cart, rules, lastGovernorate] = await Promise.all([getCart(context.db, user.id), readShippingRules(context.db), readLastGovernorate(context.db, user.id)]);
  if (cart.lines.length === 0) throw redirect('/cart');
  // One key per visit of this page: a second submit of the same form gets the first order back.
  return {
    cart,
    rules,
    lastGovernorate,
    idempotencyKey: crypto.randomUUID(),
    phone: user.phone,
    cardPayments: Boolean(context.payments.paymob),
    paymentMinutes: context.payments.timeoutMinutes,
    maxPieces: context.payments.orderLimits.linePieces,
  };
}

/** The page's part a discount code changes: all of it (the amounts, the fees by governorate, the address form's hidden prices). */
const PAGE_ID = 'checkout-page';

/** The checkout form's fields the discount code's form sends along (app/enhance/carry-fields.ts). */
const CARRIED: CarriedFields = { form: 'checkout-form', names: ['shippingCity', 'district', 'details', 'phone', 'paymentMethodType'] };

/** The chosen way to pay; a form without the choice (the shop takes cash only) is cash. */
function readPaymentMethod(value: FormDataEntryValue | undefined): PaymentMethod | undefined {
  if (value === undefined) return 'cash';
  return PAYMENT_METHODS.find((method) => method === value);
}

/** The shipping price the page showed for this way of paying, or undefined when it showed none (no governorate chosen). */
function readShownShipping(form: Record<string, FormDataEntryValue>, method: PaymentMethod): number | undefined {
  const value = form[SHOWN_SHIPPING_FIELD[method]];
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const pounds = Number(value);
  return Number.isFinite(pounds) ? pounds : undefined;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireCustomer(request, context);
  const read = await readPageForm(request, context);
  if ('refusal' in read) return read.refusal;
  // The discount code's box in the summary posts here too (intent=coupon, remove-coupon).
  // With JavaScript it carries the address typed so far (CARRIED), which comes back as typed.
  if (isCouponIntent(read.form.get('intent'))) {
    const kept = Object.fromEntries(CARRIED.names.flatMap((name) => (typeof read.form.get(name) === 'string' ? [[name, read.form.get(name) as string]] : [])));
    return changeCoupon(context.db, user.id, read.form, isDocumentRequest(request), '/checkout', kept);
  }
  const form = Object.fromEntries(read.form);
  const values = { details: form.details, phone: form.phone, shippingCity: form.shippingCity, district: form.district, paymentMethodType: form.paymentMethodType };
  const parsed = ShippingAddressSchema.safeParse(values);
  const paymentMethodType = readPaymentMethod(form.paymentMethodType);
  if (!parsed.success || !paymentMethodType) {
    return invalid({ ...(parsed.success ? {} : fieldErrors(parsed.error.issues)), ...(!paymentMethodType && { paymentMethodType: MSG.paymentMethodChoice }) }, values);
  }
  const key = IdempotencyKeySchema.safeParse(form.idempotencyKey);
  if (!key.success) return data<ActionResult>({ ok: false, toast: { type: 'error', message: MSG.idempotencyKeyInvalid } }, { status: 400 });
  // The page had shown no shipping price (no governorate chosen, and fees differ): it shows one now, to be confirmed.
  const shownShipping = readShownShipping(form, paymentMethodType);
  if (shownShipping === undefined) {
    return data<ActionResult & { values: typeof values }>({ ok: false, toast: { type: 'error', message: MSG.shippingToConfirm }, messageKey: 'shippingToConfirm', values }, { status: 409 });
  }

  const cart = await getCart(context.db, user.id);
  if (!cart.id) throw redirect('/cart');
  let placed;
  try {
    placed = await checkout(context.db, context.payments, user, {
      cartId: cart.id,
      shippingAddress: parsed.data,
      paymentMethodType,
      idempotencyKey: key.data,
      // Charged exactly what the page showed, or refused (shippingChanged) and shown the new amount.
      expectedShippingPrice: shownShipping,
      // With the code it showed: one that stopped applying meanwhile (reading the cart took it off)
      // is refused (couponChanged) and the page shows the new total to confirm.
      expectedCouponCode: typeof form.shownCoupon === 'string' ? form.shownCoupon : undefined,
    });
  } catch (error) {
    return fromAppError(error, values);
  }
  const { order, payment } = placed;
  // To Paymob's page, with or without JavaScript; the order is kept whatever happens there.
  if (payment && 'redirectUrl' in payment) return redirect(payment.redirectUrl);
  if (payment) return redirect(`/profile?order=${order.number}${payment.failure.status === 502 ? '&message=paymentGatewayDown' : ''}`);
  // The profile says the order was sent, on the page and in a toast, with the order among the shopper's orders.
  return redirect(`/profile?order=${order.number}`);
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, rules, lastGovernorate, idempotencyKey, phone, cardPayments, paymentMinutes, maxPieces } = loaderData;
  const values = actionData && 'values' in actionData ? (actionData.values as Record<string, unknown> | undefined) : undefined;
  const failure = actionData?.toast?.type === 'error' ? actionData.toast.message : undefined;
  const blocked = cart.lines.some((line) => lineProblem(line, maxPieces) !== null);
  const errors = actionData?.errors ?? {};
  const text = (name: string, fallback = '') => (typeof values?.[name] === 'string' ? (values[name] as string) : fallback);
  const governorate = text('shippingCity', lastGovernorate ?? '');
  // The charges of the governorate the form shows: what the shopper confirms without JavaScript.
  const quote = quoteShipping(rules, cart.totalCartPrice, GOVERNORATES.find((g) => g === governorate), cart.coupon);
  const typedCode = typeof values?.code === 'string' ? values.code : undefined;

  return (
    <section id={PAGE_ID} className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10" {...(cardPayments && PAYMENT_SCOPE)} {...chargesScope(rules, cart.totalCartPrice, cart.coupon)}>
      <h1 className="mb-4 text-2xl font-bold">إتمام الطلب</h1>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <form
          id={CARRIED.form}
          method="post"
          noValidate
          data-enhance="submit-once"
          aria-labelledby="shipping-heading"
          className="flex flex-col gap-4 rounded-xl border border-line bg-white p-4 shadow-sm sm:p-5"
        >
          <h2 id="shipping-heading" className="text-lg font-bold">
            بيانات الشحن
          </h2>
          <FormAlert message={failure} />
          <ActionFlash result={actionData} />
          {blocked && (
            <div className="flex flex-col items-start gap-1 rounded-lg border border-line bg-surface p-3 text-sm">
              <p className="font-semibold">بعض منتجات العربة لم تعد متوفرة بالكمية المطلوبة، وعربتك محفوظة كما هي.</p>
              <Link to="/cart" className="inline-flex min-h-11 items-center font-semibold text-brand-600 underline">
                العودة إلى العربة لتعديلها
              </Link>
            </div>
          )}
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <input type="hidden" name="shownCoupon" value={cart.coupon?.code ?? ''} />
          <ShownShipping method="cash" quote={quote} />
          {cardPayments && <ShownShipping method="card" quote={quote} />}
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <SelectField
              name="shippingCity"
              label="محافظة الشحن"
              required
              autoComplete="address-level1"
              options={GOVERNORATES}
              placeholder="اختر المحافظة"
              optionData={feeAttributes(rules, cart.totalCartPrice, cart.coupon)}
              defaultValue={governorate}
              error={errors.shippingCity}
            />
            <TextField name="district" label="المنطقة" required autoComplete="address-level2" placeholder="مثل: الدقي، سيدي جابر" maxLength={60} defaultValue={text('district')} error={errors.district} />
          </div>
          <TextAreaField
            name="details"
            label="العنوان بالتفصيل"
            required
            autoComplete="street-address"
            placeholder="الشارع، رقم العمارة، الدور والشقة"
            maxLength={300}
            defaultValue={text('details')}
            error={errors.details}
          />
          <PhoneField name="phone" label="رقم الهاتف" required defaultValue={text('phone', phone)} error={errors.phone} />
          {cardPayments && <PaymentMethodField defaultValue={text('paymentMethodType') === 'card' ? 'card' : 'cash'} error={errors.paymentMethodType} minutes={paymentMinutes} />}
          <p className="flex items-center justify-between gap-2 border-t border-line pt-3 text-lg font-bold">
            {cardPayments ? (
              <span>
                <ByPaymentMethod cash="الإجمالي المطلوب عند الاستلام" card="الإجمالي المطلوب دفعه الآن" neutral="الإجمالي المطلوب" />
              </span>
            ) : (
              <span>الإجمالي المطلوب عند الاستلام</span>
            )}
            <OrderTotal quote={quote} cardPayments={cardPayments} className="text-brand-700" />
          </p>
          <SubmitButton className="w-full">
            {cardPayments ? <ByPaymentMethod cash="تأكيد الطلب" card="تأكيد الطلب والانتقال إلى الدفع" neutral="تأكيد الطلب" /> : 'تأكيد الطلب'}
          </SubmitButton>
        </form>
        <OrderSummary
          lines={cart.lines}
          maxPieces={maxPieces}
          itemsTotal={cart.totalCartPrice}
          quote={quote}
          cardPayments={cardPayments}
          coupon={cart.coupon}
          couponBox={<CouponBox coupon={cart.coupon} action="/checkout" error={errors.code} value={typedCode} carry={CARRIED} swap={PAGE_ID} />}
          paymentNote={
            cardPayments ? (
              <ByPaymentMethod
                cash="الدفع نقداً عند الاستلام."
                card="الدفع الآن بالبطاقة أو المحفظة الإلكترونية في صفحة الدفع الآمنة."
                neutral="الدفع نقداً عند الاستلام، أو بالبطاقة أو المحفظة الإلكترونية."
              />
            ) : undefined
          }
        />
      </div>
    </section>
  );
}
