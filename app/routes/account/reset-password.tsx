/**
 * A forgotten password, second step: the code that came on WhatsApp and a new password
 * (core/accounts/password-reset.ts). It does not hydrate (docs/decisions/010): a plain form that posts to
 * the action, which on success ends every other session of the account, signs this browser in
 * (the session cookie, as the login page sets it) and redirects to the profile, a full page load.
 * A refusal comes back as the page with each message beside its field and as an error toast, the
 * phone and code kept. With JavaScript the enhancement script checks the phone and passwords
 * before posting and marks the button busy.
 */
import { Link, redirect } from 'react-router';
import { MSG } from '../../../contracts/messages.ts';
import { startSession } from '../../../core/accounts/auth.ts';
import { ResetPasswordSchema } from '../../../contracts/schemas.ts';
import { resetPassword } from '../../../core/accounts/password-reset.ts';
import { AccountForm, AccountPage } from '../../components/account/account-form.tsx';
import { FormAlert, PhoneField, TextField } from '../../components/account/form-field.tsx';
import { accountMeta } from '../../lib/account-meta.ts';
import { answerForm, checkForm } from '../../lib/form-action.server.ts';
import { retryAfterOf } from '../../lib/forms.server.ts';
import { loadAsDocument, SERVER_RENDERED } from '../../lib/server-rendered.ts';
import { sessionCookie } from '../../lib/session.server.ts';
import type { Route } from './+types/reset-password';

export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export const meta = () => accountMeta('تعيين كلمة مرور جديدة');

/** `?phone=` fills the phone in; `?sent` says a code was asked for (the same words whether or not the phone has an account). */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return { phone: params.get('phone') ?? '', sent: params.has('sent') };
}

/** A refused attempt tells the browser when to try again (Retry-After of a 429). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return retryAfterOf(actionHeaders);
}

export async function action({ request, context }: Route.ActionArgs) {
  const checked = await checkForm(request, context, ResetPasswordSchema, {
    keep: ['phone', 'code'],
    // Counted before validation, as the API counts them: malformed attempts count too.
    before: (form) => context.limitAuthAttempts(form.phone),
  });
  if (!checked.ok) return checked.failure;
  return answerForm(async () => {
    const user = await resetPassword(context.db, checked.data);
    const token = await startSession(context.db, context.jwtSecret, user);
    return redirect(user.role === 'admin' ? '/admin' : '/profile', { headers: { 'Set-Cookie': sessionCookie(token, context) } });
  }, checked.values);
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  const phone = String(actionData?.values?.phone ?? loaderData.phone);
  const code = String(actionData?.values?.code ?? '');

  return (
    <AccountPage title="تعيين كلمة مرور جديدة" lead="أدخل الرمز الذي وصلك على واتساب وكلمة المرور الجديدة. بعد التغيير يتم تسجيل الخروج من كل الأجهزة الأخرى.">
      {loaderData.sent && !actionData && (
        <div className="mb-4">
          <FormAlert tone="success" message={MSG.resetCodeSent} />
        </div>
      )}
      <AccountForm result={actionData} submit="تغيير كلمة المرور">
        <PhoneField name="phone" label="رقم الهاتف" required defaultValue={phone} error={errors.phone} autoComplete="tel" />
        <TextField
          name="code"
          label="الرمز المرسل على واتساب"
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          placeholder="000000"
          defaultValue={code}
          error={errors.code}
        />
        <TextField name="password" label="كلمة المرور الجديدة" type="password" required autoComplete="new-password" error={errors.password} />
        <TextField name="passwordConfirm" label="تأكيد كلمة المرور الجديدة" type="password" required autoComplete="new-password" error={errors.passwordConfirm} />
      </AccountForm>
      <p className="mt-6 text-center">
        لم يصلك الرمز أو انتهت صلاحيته؟{' '}
        <Link
          to={phone ? `/forgot-password?${new URLSearchParams({ phone })}` : '/forgot-password'}
          className="inline-block min-h-11 py-2.5 font-semibold text-brand-600 underline underline-offset-4"
        >
          اطلب رمزاً جديداً
        </Link>
      </p>
    </AccountPage>
  );
}
