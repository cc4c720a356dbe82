/**
 * The submit button of a form that posts a page and does not hydrate: it looks like
 * SpinnerButton, and its spinner shows while the button is aria-busy, which the form's
 * `submit-once` behaviour sets when the post starts (app/enhance/submit-once.ts).
 */
import { LoaderCircle } from 'lucide-react';

export function SubmitButton({ className = '', children }: { className?: string; children: React.ReactNode }) {
  return (
    <button
      type="submit"
      className={`group/submit inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white transition-colors hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-brand-500 disabled:opacity-80 ${className}`}
    >
      <LoaderCircle aria-hidden="true" className="hidden size-5 group-aria-busy/submit:inline motion-safe:animate-spin" />
      {children}
    </button>
  );
}
