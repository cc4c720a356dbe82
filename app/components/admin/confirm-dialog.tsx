/**
 * A confirmation step before something that cannot be undone. The page shows it when the
 * address asks for it (`?delete=<id>`), so it works as plain links and a form post without
 * JavaScript; with JavaScript it becomes a modal that keeps focus inside and closes on Escape.
 */
import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Form, Link, useNavigate } from 'react-router';

export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  action,
  fields,
  cancelTo,
  pending,
  returnFocusTo,
}: {
  title: string;
  message: React.ReactNode;
  confirmLabel: string;
  /** Where the confirming form posts; the page it lands on no longer asks. */
  action: string;
  fields: Record<string, string>;
  /** The page without the question. */
  cancelTo: string;
  pending: boolean;
  /** The id of the control that opened the dialog, focused again when it closes. */
  returnFocusTo?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // The server rendered it open in the page flow (all a browser without scripts can show): make it modal.
    if (element.open && !element.matches(':modal')) element.close();
    if (!element.open) element.showModal();
    return () => {
      if (returnFocusTo) document.getElementById(returnFocusTo)?.focus();
    };
  }, [returnFocusTo]);

  return (
    <dialog
      ref={dialog}
      open
      aria-labelledby="confirm-title"
      aria-describedby="confirm-message"
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) navigate(cancelTo, { replace: true, preventScrollReset: true });
      }}
      className="z-50 m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-line bg-white p-5 text-ink shadow-xl backdrop:bg-black/50"
    >
      <h2 id="confirm-title" className="mb-2 text-lg font-bold">
        {title}
      </h2>
      <p id="confirm-message" className="mb-5 text-muted">
        {message}
      </p>
      <Form method="post" action={action} className="flex flex-wrap justify-end gap-2">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Link
          to={cancelTo}
          replace
          preventScrollReset
          className="inline-flex min-h-11 items-center justify-center rounded-lg border border-line px-5 font-semibold hover:bg-surface"
        >
          إلغاء
        </Link>
        <button
          type="submit"
          disabled={pending}
          aria-busy={pending || undefined}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-sale px-5 font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-80"
        >
          {pending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
          {confirmLabel}
        </button>
      </Form>
    </dialog>
  );
}
