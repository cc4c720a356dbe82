import { data, Form, Link, useNavigation } from 'react-router';
import { MSG } from '../../../contracts/messages.ts';
import { ChangePasswordSchema } from '../../../contracts/schemas.ts';
import { changeOwnPassword } from '../../../core/auth.ts';
import { FormAlert, TextField } from '../../components/account/form-field.tsx';
import { useFormValidation } from '../../components/account/form-validation.ts';
import { SpinnerButton } from '../../components/account/spinner-button.tsx';
import { fieldErrors, fromAppError, invalid, retryAfterOf } from '../../lib/forms.server.ts';
import { requireSignedIn, sessionCookie } from '../../lib/session.server.ts';
import { useActionToasts, type ActionResult } from '../../lib/toast.ts';
import type { Route } from './+types/change-password';

export function meta() {
  return [
    { title: 'تغيير كلمة المرور' },
    { name: 'robots', content: 'noindex' },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSignedIn(request, context);
  return { home: user.role === 'admin' ? '/admin' : '/profile' };
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return retryAfterOf(actionHeaders);
}

/**
 * Changes the account's password and ends every session of it, on every device; this browser
 * gets a new session at once so the shopper stays signed in here.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSignedIn(request, context);
  try {
    // Guessing the current password counts like login attempts do, for this phone and address.
    await context.limitAuthAttempts(user.phone);
  } catch (error) {
    return fromAppError(error);
  }
  const parsed = ChangePasswordSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
  try {
    const { token } = await changeOwnPassword(context.db, context.jwtSecret, user.id, parsed.data);
    return data<ActionResult>({ ok: true }, { headers: { 'Set-Cookie': sessionCookie(token, context) } });
  } catch (error) {
    return fromAppError(error);
  }
}

export default function ChangePasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formAction === '/change-password';
  const { formRef, onSubmit, errors } = useFormValidation(ChangePasswordSchema, actionData?.errors);
  useActionToasts(actionData);

  return (
    <section className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <h1 className="mb-2 text-2xl font-bold">تغيير كلمة المرور</h1>
      <p className="mb-6 text-muted">بعد التغيير يتم تسجيل الخروج من كل الأجهزة الأخرى.</p>
      {actionData?.ok ? (
        <div className="flex flex-col gap-4">
          <FormAlert tone="success" message={MSG.passwordChanged} />
          <Link to={loaderData.home} className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700">
            العودة إلى حسابي
          </Link>
        </div>
      ) : (
        <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4 rounded-xl border border-line bg-white p-5 shadow-sm">
          <FormAlert message={actionData?.toast?.type === 'error' ? actionData.toast.message : undefined} />
          <TextField name="currentPassword" label="كلمة المرور الحالية" type="password" required autoComplete="current-password" error={errors.currentPassword} />
          <TextField name="password" label="كلمة المرور الجديدة" type="password" required autoComplete="new-password" error={errors.password} />
          <TextField name="passwordConfirm" label="تأكيد كلمة المرور الجديدة" type="password" required autoComplete="new-password" error={errors.passwordConfirm} />
          <SpinnerButton pending={pending} className="mt-2 w-full">
            تغيير كلمة المرور
          </SpinnerButton>
        </Form>
      )}
    </section>
  );
}
