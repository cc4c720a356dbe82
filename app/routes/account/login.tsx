/**
 * The login page (SPEC.md §2, §4, §5, §8). It does not hydrate (docs/decisions/010): a plain
 * form that posts to the action, which checks everything and on success sets the session
 * cookie and redirects home, a full page load. A refusal comes back as the page with its
 * message in the form's alert, also shown as a toast, and the phone number kept. With
 * JavaScript the enhancement script checks the fields before posting and marks the button busy.
 */
import { Link, redirect } from 'react-router';
import { LoginSchema } from '../../../contracts/schemas.ts';
import { login, startSession } from '../../../core/accounts/auth.ts';
import { AppError } from '../../../core/shared/errors.ts';
import { AccountForm, AccountPage } from '../../components/account/account-form.tsx';
import { FormAlert, PhoneField, TextField } from '../../components/account/form-field.tsx';
import { accountMeta } from '../../lib/account-meta.ts';
import { answerForm, checkForm } from '../../lib/form-action.server.ts';
import { retryAfterOf } from '../../lib/forms.server.ts';
import { loadAsDocument, SERVER_RENDERED } from '../../lib/server-rendered.ts';
import { getSessionUser, sessionCookie } from '../../lib/session.server.ts';
import type { Route } from './+types/login';

export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export const meta = () => accountMeta('تسجيل الدخول', 'سجّل الدخول برقم هاتفك لمتابعة عربة التسوق وطلباتك.');

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  // A customer has nothing to do here; an admin is sent here by the customer-only pages
  // (SPEC.md §6) and may sign in with a customer account instead.
  if (user?.role === 'user') throw redirect('/');
  return { signedInAsAdmin: user?.role === 'admin' };
}

/** A refused attempt tells the browser when to try again (Retry-After of a 429). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return retryAfterOf(actionHeaders);
}

export async function action({ request, context }: Route.ActionArgs) {
  const checked = await checkForm(request, context, LoginSchema, {
    keep: ['phone'],
    // Counted before validation, as the API counts them: malformed attempts count too.
    before: (form) => context.limitLogin(form.phone),
  });
  if (!checked.ok) return checked.failure;
  return answerForm(async () => {
    const user = await login(context.db, checked.data).catch(async (error: unknown) => {
      // A wrong password counts against the account, which answers 429 once it is closed.
      throw error instanceof AppError && error.status === 401 ? await context.loginFailed(checked.form.phone) : error;
    });
    const token = await startSession(context.db, context.jwtSecret, user);
    return redirect('/', { headers: { 'Set-Cookie': sessionCookie(token, context) } });
  }, checked.values);
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};

  return (
    <AccountPage title="تسجيل الدخول" lead="أهلاً بعودتك، سجّل الدخول برقم هاتفك.">
      {loaderData.signedInAsAdmin && (
        <div className="mb-4">
          <FormAlert tone="success" message="أنت مسجّل الدخول بحساب مدير. لإتمام الشراء سجّل الدخول بحساب عميل." />
        </div>
      )}
      <AccountForm result={actionData} submit="تسجيل الدخول">
        <PhoneField name="phone" label="رقم الهاتف" required defaultValue={String(values.phone ?? '')} error={errors.phone} autoComplete="tel" />
        <TextField name="password" label="كلمة المرور" type="password" required autoComplete="current-password" error={errors.password} />
      </AccountForm>
      <p className="mt-4 text-center">
        <Link to="/forgot-password" className="inline-block min-h-11 py-2.5 font-semibold text-brand-600 underline underline-offset-4">
          نسيت كلمة المرور؟
        </Link>
      </p>
      <p className="mt-6 text-center">
        ليس لديك حساب؟{' '}
        <Link to="/signup" className="inline-block min-h-11 py-2.5 font-semibold text-brand-600 underline underline-offset-4">
          إنشاء حساب جديد
        </Link>
      </p>
    </AccountPage>
  );
}
