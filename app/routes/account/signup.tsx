/**
 * The signup page (SPEC.md §2, §4, §5, §8). It does not hydrate (docs/decisions/010): a plain
 * form that posts to the action, which checks everything and on success starts the session and
 * redirects home, a full page load. A refusal comes back as the page with each message beside
 * its field and as an error toast, the name and phone kept. With JavaScript the enhancement
 * script checks the fields before posting and marks the button busy.
 */
import { Link, redirect } from 'react-router';
import { SignupSchema } from '../../../contracts/schemas.ts';
import { signup, startSession } from '../../../core/accounts/auth.ts';
import { AccountForm, AccountPage } from '../../components/account/account-form.tsx';
import { PhoneField, TextField } from '../../components/account/form-field.tsx';
import { accountMeta } from '../../lib/account-meta.ts';
import { answerForm, checkForm } from '../../lib/form-action.server.ts';
import { retryAfterOf } from '../../lib/forms.server.ts';
import { loadAsDocument, SERVER_RENDERED } from '../../lib/server-rendered.ts';
import { getSessionUser, sessionCookie } from '../../lib/session.server.ts';
import type { Route } from './+types/signup';

export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export const meta = () => accountMeta('إنشاء حساب', 'أنشئ حساباً برقم هاتفك لتحفظ المفضلة وتطلب بالدفع عند الاستلام.');

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  if (user?.role === 'user') throw redirect('/');
  return null;
}

/** A refused attempt tells the browser when to try again (Retry-After of a 429). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return retryAfterOf(actionHeaders);
}

export async function action({ request, context }: Route.ActionArgs) {
  const checked = await checkForm(request, context, SignupSchema, {
    keep: ['name', 'phone'],
    // Counted before validation, as the API counts them: malformed attempts count too.
    before: (form) => context.limitAuthAttempts(form.phone),
  });
  if (!checked.ok) return checked.failure;
  return answerForm(async () => {
    const user = await signup(context.db, checked.data);
    // A new account starts at token version 0, as the API's signup signs it.
    const token = await startSession(context.db, context.jwtSecret, { id: user.id, tokenVersion: 0 });
    return redirect('/', { headers: { 'Set-Cookie': sessionCookie(token, context) } });
  }, checked.values);
}

export default function SignupPage({ actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};

  return (
    <AccountPage title="إنشاء حساب" lead="سجّل برقم هاتفك لتحفظ المفضلة وتتابع طلباتك.">
      <AccountForm result={actionData} submit="إنشاء حساب">
        <TextField name="name" label="الاسم" required autoComplete="name" defaultValue={String(values.name ?? '')} error={errors.name} />
        <PhoneField name="phone" label="رقم الهاتف" required autoComplete="tel" defaultValue={String(values.phone ?? '')} error={errors.phone} />
        <TextField name="password" label="كلمة المرور" type="password" required autoComplete="new-password" error={errors.password} />
        <TextField name="passwordConfirm" label="تأكيد كلمة المرور" type="password" required autoComplete="new-password" error={errors.passwordConfirm} />
      </AccountForm>
      <p className="mt-6 text-center">
        لديك حساب بالفعل؟{' '}
        <Link to="/login" className="inline-block min-h-11 py-2.5 font-semibold text-brand-600 underline underline-offset-4">
          تسجيل الدخول
        </Link>
      </p>
    </AccountPage>
  );
}
