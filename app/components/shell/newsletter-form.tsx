import { LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useFetcher } from 'react-router';
import { toast } from 'react-toastify';

/** What POST /newsletter answers (DESIGN.md decision 8). */
export interface NewsletterAnswer {
  ok: boolean;
  toast: { type: 'success' | 'info' | 'error'; message: string };
}

/**
 * The footer's mailing-list sign-up. A fetcher posts in place and answers with a toast and a
 * line under the box; without JavaScript the form posts to /newsletter, which shows the answer.
 */
export function NewsletterForm({ className = '' }: { className?: string }) {
  const fetcher = useFetcher<NewsletterAnswer>();
  const form = useRef<HTMLFormElement>(null);
  const messageId = useId();
  const inputId = useId();
  const answer = fetcher.data;
  const pending = fetcher.state !== 'idle';

  useEffect(() => {
    if (!answer) return;
    toast[answer.toast.type](answer.toast.message);
    if (answer.ok) form.current?.reset();
  }, [answer]);

  return (
    <fetcher.Form ref={form} method="post" action="/newsletter" noValidate className={className}>
      <label htmlFor={inputId} className="sr-only">
        البريد الإلكتروني
      </label>
      <div className="flex gap-2">
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
          aria-invalid={answer?.toast.type === 'error' || undefined}
          aria-describedby={answer ? messageId : undefined}
          className="h-11 min-w-0 flex-1 rounded-lg border border-line bg-white px-3 text-start text-ink placeholder:text-muted focus:border-brand-500 focus:outline-none aria-invalid:border-sale"
        />
        <button
          type="submit"
          disabled={pending}
          aria-busy={pending || undefined}
          className="inline-flex h-11 shrink-0 items-center gap-2 rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 disabled:opacity-80"
        >
          {pending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
          اشترك
        </button>
      </div>
      {answer && (
        <p id={messageId} className={`mt-2 text-sm ${answer.toast.type === 'error' ? 'text-red-700' : 'text-green-800'}`}>
          {answer.toast.message}
        </p>
      )}
    </fetcher.Form>
  );
}
