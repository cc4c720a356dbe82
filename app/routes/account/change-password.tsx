/**
 * Changing one's own password (a customer from the profile, an admin from the dashboard). It
 * does not hydrate (docs/decisions/010): a plain form that posts to the action, which checks
 * everything. A refusal comes back as the page with each message beside its field (or in the
 * form's alert) and as an error toast; success comes back as this page with its message and a
 * link back instead of the form. With JavaScript the enhancement script checks the fields before
 * posting and marks the button busy.
 */
import { Link, redirect } from 'react-router';
import { MSG } from '../../../contracts/messages.ts';
import { ChangePasswordSchema } from '../../../contracts/schemas.ts';
import { changeOwnPassword } from '../../../core/accounts/auth.ts';
import { AccountForm, AccountPage } from '../../components/account/account-form.tsx';
import { FormAlert, TextField } from '../../components/account/form-field.tsx';
import { accountMeta } from '../../lib/account-meta.ts';
import { answerForm, checkForm } from '../../lib/form-action.server.ts';
import { retryAfterOf } from '../../lib/forms.server.ts';
import { loadAsDocument, SERVER_RENDERED } from '../../lib/server-rendered.ts';
import { requireSignedIn, sessionCookie } from '../../lib/session.server.ts';
import type { Route } from './+types/change-password';

export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export const meta = () => accountMeta('تغيير كلمة المرور');

/** Where the action sends the browser once the password is changed: this page, saying so. */
const CHANGED = '/change-password?changed';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSignedIn(request, context);
  return { home: user.role === 'admin' ? '/admin' : '/profile', changed: new URL(request.url).searchParams.has('changed') };
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return retryAfterOf(actionHeaders);
}

/**
 * Changes the account's password and ends every session of it, on every device; this browser
 * gets a new session at once so the shopper stays signed in here. The answer is a redirect: the
 * page after a posted form is rendered with the request's cookie, the old session's, which no
 * longer signs anyone in; the redirected page is asked for with the new one.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSignedIn(request, context);
  // Guessing the current password counts like login attempts do, for this phone and address,
  // a refused body too.
  const limited = await answerForm(() => context.limitAuthAttempts(user.phone));
  if (limited) return limited;
  const checked = await checkForm(request, context, ChangePasswordSchema);
  if (!checked.ok) return checked.failure;
  return answerForm(async () => {
    const { token } = await changeOwnPassword(context.db, context.jwtSecret, user.id, checked.data);
    return redirect(CHANGED, { headers: { 'Set-Cookie': sessionCookie(token, context) } });
  });
}

export default function ChangePasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};

  return (
    <AccountPage title="تغيير كلمة المرور" lead="بعد التغيير يتم تسجيل الخروج من كل الأجهزة الأخرى.">
      {loaderData.changed && !actionData ? (
        <div className="flex flex-col gap-4">
          <FormAlert tone="success" message={MSG.passwordChanged} />
          <Link to={loaderData.home} className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700">
            العودة إلى حسابي
          </Link>
        </div>
      ) : (
        <AccountForm result={actionData} submit="تغيير كلمة المرور">
          <TextField name="currentPassword" label="كلمة المرور الحالية" type="password" required autoComplete="current-password" error={errors.currentPassword} />
          <TextField name="password" label="كلمة المرور الجديدة" type="password" required autoComplete="new-password" error={errors.password} />
          <TextField name="passwordConfirm" label="تأكيد كلمة المرور الجديدة" type="password" required autoComplete="new-password" error={errors.passwordConfirm} />
        </AccountForm>
      )}
    </AccountPage>
  );
}
