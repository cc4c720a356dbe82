import { LoaderCircle, ShieldMinus, ShieldPlus, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Form, Link } from 'react-router';
import { SpinnerButton } from '../account/spinner-button.tsx';
import { UserRoleBadge, type UserRole } from './user-role-badge.tsx';

interface UserRoleFormProps {
  userId: string;
  role: UserRole;
  /** The page shows the signed-in admin's own account. */
  isSelf: boolean;
  /** The server asked to confirm (a post without JavaScript skipped the client's question). */
  askedToConfirm: boolean;
  pending: boolean;
}

/**
 * Makes a user an admin or a customer again. Taking away one's own admin role ends one's own
 * session, so that one change asks first: in the page when JavaScript runs, and on the server
 * for a plain form post.
 */
export function UserRoleForm({ userId, role, isSelf, askedToConfirm, pending }: UserRoleFormProps) {
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const triggerForm = useRef<HTMLFormElement>(null);
  const wasConfirming = useRef(false);
  const open = confirming || askedToConfirm;

  // Once an answer is back (a refusal such as the last admin) the question is settled. Only the
  // end of a request counts: a tap made while the page hydrates must not be undone on mount.
  const wasPending = useRef(pending);
  useEffect(() => {
    if (wasPending.current && !pending) setConfirming(false);
    wasPending.current = pending;
  }, [pending]);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (wasConfirming.current) triggerForm.current?.querySelector('button')?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const admin = role === 'admin';
  const selfDemotion = isSelf && admin;

  return (
    <section aria-labelledby="role-heading" className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="role-heading" className="text-lg font-bold">
          الصلاحية
        </h2>
        <UserRoleBadge role={role} />
      </div>
      <p className="text-sm text-muted">
        {admin
          ? 'يصل المدير إلى لوحة التحكم: المنتجات والطلبات والتصنيفات والمستخدمين.'
          : 'العميل يتسوق ويطلب فقط، وتعيينه مديراً يمنحه الوصول إلى لوحة التحكم.'}
      </p>
      {!isSelf && <p className="text-sm text-muted">بعد تغيير الصلاحية يسجل المستخدم دخوله من جديد.</p>}
      {open ? (
        <div role="group" aria-labelledby="role-confirm-title" aria-describedby="role-confirm-text" className="flex flex-col gap-3 rounded-lg border border-sale/40 bg-red-50 p-4">
          <p id="role-confirm-title" className="flex items-center gap-2 font-bold text-sale">
            <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
            إزالة صلاحية المدير من حسابك؟
          </p>
          <p id="role-confirm-text" className="text-ink">
            ستفقد الوصول إلى لوحة التحكم فوراً وسيتم تسجيل خروجك.
          </p>
          <div className="flex flex-wrap gap-2">
            <Form method="post" className="max-sm:w-full">
              <input type="hidden" name="role" value="user" />
              <input type="hidden" name="confirm" value="yes" />
              <button
                ref={confirmButton}
                type="submit"
                disabled={pending}
                aria-busy={pending || undefined}
                className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-sale px-5 py-2 font-semibold text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-80"
              >
                {pending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
                نعم، إزالة صلاحيتي
              </button>
            </Form>
            <Link
              to={`/admin/user-details/${userId}`}
              replace
              onClick={(event) => {
                // In the page the question is only a state: closing it needs no request.
                if (!confirming) return;
                event.preventDefault();
                setConfirming(false);
              }}
              className="inline-flex min-h-11 items-center justify-center rounded-lg border border-line bg-white px-5 font-semibold hover:bg-surface max-sm:w-full"
            >
              إلغاء
            </Link>
          </div>
        </div>
      ) : (
        <Form ref={triggerForm} method="post">
          <input type="hidden" name="role" value={admin ? 'user' : 'admin'} />
          <SpinnerButton
            pending={pending}
            variant={admin ? 'secondary' : 'primary'}
            className="max-sm:w-full"
            onClick={(event) => {
              if (!selfDemotion) return;
              event.preventDefault();
              setConfirming(true);
            }}
          >
            {!pending && (admin ? <ShieldMinus aria-hidden="true" className="size-5" /> : <ShieldPlus aria-hidden="true" className="size-5" />)}
            {admin ? 'إزالة صلاحية المدير' : 'تعيين كمدير'}
          </SpinnerButton>
        </Form>
      )}
    </section>
  );
}
