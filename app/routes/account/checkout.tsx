import { data, Link, redirect } from 'react-router';
import { PAYMENT_METHODS, SHIPPING_FEE, type PaymentMethod } from '../../../contracts/constants.ts';
import { GOVERNORATES } from '../../../contracts/governorates.ts';
import { MSG } from '../../../contracts/messages.ts';
import { IdempotencyKeySchema, ShippingAddressSchema } from '../../../contracts/schemas.ts';
import { getCart } from '../../../core/cart.ts';
import { checkout } from '../../../core/checkout.ts';
import { FormAlert, PhoneField, SelectField, TextAreaField } from '../../components/account/form-field.tsx';
import { ActionFlash } from '../../components/account/action-flash.tsx';
import { lineProblem } from '../../components/account/cart-line.tsx';
import { OrderSummary } from '../../components/account/order-summary.tsx';
import { ByPaymentMethod, PAYMENT_SCOPE, PaymentMethodField } from '../../components/account/payment-method.tsx';
import { SubmitButton } from '../../components/account/submit-button.tsx';
import { orderTotal } from '../../../contracts/money.ts';
import { Price } from '../../lib/format.tsx';
import { fieldErrors, fromAppError, invalid, readPageForm } from '../../lib/forms.server.ts';
import { requireCustomer } from '../../lib/session.server.ts';
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
  const cart = await getCart(context.db, user.id);
  if (cart.lines.length === 0) throw redirect('/cart');
  // One key per visit of this page: a second submit of the same form gets the first order back.
  return {
    cart,
    idempotencyKey: crypto.randomUUID(),
    phone: user.phone,
    cardPayments: Boolean(context.payments.paymob),
    paymentMinutes: context.payments.timeoutMinutes,
  };
}

/** The chosen way to pay; a form without the choice (the shop takes cash only) is cash. */
function readPaymentMethod(value: FormDataEntryValue | undefined): PaymentMethod | undefined {
  if (value === undefined) return 'cash';
  return PAYMENT_METHODS.find((method) => method === value);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireCustomer(request, context);
  const read = await readPageForm(request, context);
  if ('refusal' in read) return read.refusal;
  const form = Object.fromEntries(read.form);
  const values = { details: form.details, phone: form.phone, shippingCity: form.shippingCity, paymentMethodType: form.paymentMethodType };
  const parsed = ShippingAddressSchema.safeParse(values);
  const paymentMethodType = readPaymentMethod(form.paymentMethodType);
  if (!parsed.success || !paymentMethodType) {
    return invalid({ ...(parsed.success ? {} : fieldErrors(parsed.error.issues)), ...(!paymentMethodType && { paymentMethodType: MSG.paymentMethodChoice }) }, values);
  }
  const key = IdempotencyKeySchema.safeParse(form.idempotencyKey);
  if (!key.success) return data<ActionResult>({ ok: false, toast: { type: 'error', message: MSG.idempotencyKeyInvalid } }, { status: 400 });

  const cart = await getCart(context.db, user.id);
  if (!cart.id) throw redirect('/cart');
  let placed;
  try {
    placed = await checkout(context.db, context.payments, user, { cartId: cart.id, shippingAddress: parsed.data, paymentMethodType, idempotencyKey: key.data });
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
  const { cart, idempotencyKey, phone, cardPayments, paymentMinutes } = loaderData;
  const values = actionData && 'values' in actionData ? (actionData.values as Record<string, unknown> | undefined) : undefined;
  const failure = actionData?.toast?.type === 'error' ? actionData.toast.message : undefined;
  const blocked = cart.lines.some((line) => lineProblem(line) !== null);
  const errors = actionData?.errors ?? {};
  const text = (name: string, fallback = '') => (typeof values?.[name] === 'string' ? (values[name] as string) : fallback);

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10" {...(cardPayments && PAYMENT_SCOPE)}>
      <h1 className="mb-4 text-2xl font-bold">إتمام الطلب</h1>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <form
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
          <TextAreaField
            name="details"
            label="العنوان بالتفصيل"
            required
            autoComplete="street-address"
            placeholder="المنطقة، الشارع، رقم العمارة، الدور والشقة"
            maxLength={300}
            defaultValue={text('details')}
            error={errors.details}
          />
          <PhoneField name="phone" label="رقم الهاتف" required defaultValue={text('phone', phone)} error={errors.phone} />
          <SelectField
            name="shippingCity"
            label="محافظة الشحن"
            required
            autoComplete="address-level1"
            options={GOVERNORATES}
            placeholder="اختر المحافظة"
            defaultValue={text('shippingCity')}
            error={errors.shippingCity}
          />
          {cardPayments && <PaymentMethodField defaultValue={text('paymentMethodType') === 'card' ? 'card' : 'cash'} error={errors.paymentMethodType} minutes={paymentMinutes} />}
          <p className="flex items-center justify-between gap-2 border-t border-line pt-3 text-lg font-bold">
            {cardPayments ? (
              <span>
                <ByPaymentMethod cash="الإجمالي المطلوب عند الاستلام" card="الإجمالي المطلوب دفعه الآن" neutral="الإجمالي المطلوب" />
              </span>
            ) : (
              <span>الإجمالي المطلوب عند الاستلام</span>
            )}
            <Price value={orderTotal(cart.totalCartPrice, SHIPPING_FEE)} className="whitespace-nowrap text-brand-700" />
          </p>
          <SubmitButton className="w-full">
            {cardPayments ? <ByPaymentMethod cash="تأكيد الطلب" card="تأكيد الطلب والانتقال إلى الدفع" neutral="تأكيد الطلب" /> : 'تأكيد الطلب'}
          </SubmitButton>
        </form>
        <OrderSummary
          lines={cart.lines}
          itemsTotal={cart.totalCartPrice}
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
