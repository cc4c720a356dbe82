/**
 * The frame of the account pages' forms (login, signup, the password pages), which do not
 * hydrate (docs/decisions/010): a plain form that posts the page, whose action answers a refusal
 * with the same page, its message in the form's alert and beside each field
 * (app/lib/form-action.server.ts), and with JavaScript as toasts too. The enhancement script
 * checks the fields before posting and marks the button busy.
 */
import type { ActionResult } from '../../lib/toast.ts';
import { ActionFlash } from './action-flash.tsx';
import { FormAlert } from './form-field.tsx';
import { SubmitButton } from './submit-button.tsx';

/** The page's narrow column, its title and the line under it. */
export function AccountPage({ title, lead, children }: { title: string; lead: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <h1 className="mb-2 text-2xl font-bold">{title}</h1>
      <p className="mb-6 text-muted">{lead}</p>
      {children}
    </section>
  );
}

/** The form with the action's answer: `result` is the page's actionData, `submit` the button's words. */
export function AccountForm({ result, submit, children }: { result: ActionResult | undefined; submit: string; children: React.ReactNode }) {
  return (
    <>
      <ActionFlash result={result} />
      {/* noValidate: the server's messages (SPEC.md §5) answer an empty field, not the browser's. */}
      <form method="post" noValidate data-enhance="account-checks submit-once" className="flex flex-col gap-4 rounded-xl border border-line bg-white p-5 shadow-sm">
        <FormAlert message={result?.toast?.type === 'error' ? result.toast.message : undefined} />
        {children}
        <SubmitButton className="mt-2 w-full">{submit}</SubmitButton>
      </form>
    </>
  );
}
