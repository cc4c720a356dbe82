import { useId } from 'react';

/** What POST /newsletter answers (DESIGN.md decision 8). */
export interface NewsletterAnswer {
  ok: boolean;
  toast: { type: 'success' | 'error'; message: string };
}

/**
 * The footer's mailing-list sign-up. With JavaScript it subscribes in place and answers with a
 * toast and a line under the box (app/enhance/newsletter.ts); without it the form posts to
 * /newsletter, which shows the answer.
 */
export function NewsletterForm({ className = '' }: { className?: string }) {
  const messageId = useId();
  const inputId = useId();
  return (
    // The box and the button share the first line; the answer takes a line of its own under them.
    <form method="post" action="/newsletter" noValidate data-enhance="newsletter" className={`flex flex-wrap gap-2 ${className}`}>
      <label htmlFor={inputId} className="sr-only">
        البريد الإلكتروني
      </label>
      <input
        id={inputId}
        type="email"
        name="email"
        dir="ltr"
        inputMode="email"
        autoComplete="email"
        placeholder="example@mail.com"
        required
        maxLength={254}
        className="h-11 min-w-0 flex-1 rounded-lg border border-line bg-white px-3 text-start text-ink placeholder:text-muted focus:border-brand-500 focus:outline-none aria-invalid:border-sale"
      />
      <button
        type="submit"
        className="inline-flex h-11 shrink-0 items-center gap-2 rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 disabled:opacity-80"
      >
        اشترك
      </button>
      <p id={messageId} data-answer role="status" hidden className="w-full" />
    </form>
  );
}
