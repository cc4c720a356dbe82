/**
 * A forgotten password, first step: the shopper gives the account's phone and the shop sends a
 * 6-digit code there on WhatsApp (core/accounts/password-reset.ts). It does not hydrate
 * (docs/decisions/010): a plain form that posts to the action, which sends the browser on to
 * /reset-password with the phone, where the same confirmation shows whether or not the phone
 * has an account. A refusal (a malformed phone, too many attempts) comes back as this page with
 * its message, the phone kept.
 */
import { Link, redirect } from 'react-router';
import { ForgotPasswordSchema } from '../../../contracts/schemas.ts';
import { requestResetCode } from '../../../core/accounts/password-reset.ts';
import { AccountForm, AccountPage } from '../../components/account/account-form.tsx';
import { PhoneField } from '../../components/account/form-field.tsx';
import { accountMeta } from '../../lib/account-meta.ts';
import { answerForm, checkForm } from '../../lib/form-action.server.ts';
import { retryAfterOf } from '../../lib/forms.server.ts';
import { loadAsDocument, SERVER_RENDERED } from '../../lib/server-rendered.ts';
import type { Route } from './+types/forgot-password';

export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export const meta = () => accountMeta('نسيت كلمة المرور', 'استعد حسابك برمز يصلك على واتساب.');

export async function loader({ request }: Route.LoaderArgs) {
  return { phone: new URL(request.url).searchParams.get('phone') ?? '' };
}

/** A refused attempt tells the browser when to try again (Retry-After of a 429). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return retryAfterOf(actionHeaders);
}

export async function action({ request, context }: Route.ActionArgs) {
  const checked = await checkForm(request, context, ForgotPasswordSchema, {
    keep: ['phone'],
    // Counted before validation, as the API counts them: malformed attempts count too.
    before: async (form) => {
      await context.limitAuthAttempts(form.phone);
      await context.limitResetCodes(form.phone);
    },
  });
  if (!checked.ok) return checked.failure;
  const { phone } = checked.data;
  return answerForm(async () => {
    await requestResetCode(context.db, phone);
    // A redirect, so a reload asks for no second code.
    return redirect(`/reset-password?${new URLSearchParams({ phone, sent: '1' })}`);
  }, checked.values);
}

export default function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  const phone = String(actionData?.values?.phone ?? loaderData.phone);

  return (
    <AccountPage title="نسيت كلمة المرور؟" lead="أدخل رقم هاتفك المسجّل، وسنرسل إليك على واتساب رمزاً لتعيين كلمة مرور جديدة.">
      <AccountForm result={actionData} submit="أرسل الرمز">
        <PhoneField name="phone" label="رقم الهاتف" required defaultValue={phone} error={errors.phone} autoComplete="tel" />
      </AccountForm>
      <p className="mt-6 text-center">
        تذكرت كلمة المرور؟{' '}
        <Link to="/login" className="inline-block min-h-11 py-2.5 font-semibold text-brand-600 underline underline-offset-4">
          تسجيل الدخول
        </Link>
      </p>
    </AccountPage>
  );
}
