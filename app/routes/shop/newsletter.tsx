/**
 * POST /newsletter: the footer's mailing-list sign-up (DESIGN.md decision 8). With JavaScript the
 * footer subscribes through the API in place (app/enhance/newsletter.ts); without it the browser
 * posts here and lands on this page, which shows the answer. Sign-ups from one address are
 * limited a minute, counted together with the API's (429 and Retry-After past it).
 * There is no redirecting loader for GET: React Router renders a document POST's answer through
 * the loaders, so a redirect there would swallow the answer. A GET shows the sign-up form.
 */
import { data, Link, useActionData } from 'react-router';
import { STORE_NAME } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import { NewsletterSchema } from '../../../contracts/schemas.ts';
import { AppError } from '../../../core/shared/errors.ts';
import { subscribe } from '../../../core/accounts/newsletter.ts';
import { NewsletterForm, type NewsletterAnswer } from '../../components/shell/newsletter-form.tsx';
import type { Route } from './+types/newsletter';
import { readPageForm, retryAfterOf } from '../../lib/forms.server.ts';
import { loadAsDocument, SERVER_RENDERED } from '../../lib/server-rendered.ts';

export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

/** Nothing to load; a route with a clientLoader needs a server loader, or the server renders its fallback. */
export function loader() {
  return null;
}

/** A refused sign-up tells the browser when to try again (Retry-After of a 429). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return retryAfterOf(actionHeaders);
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readPageForm(request, context);
  if ('refusal' in read) {
    const message = read.refusal.data.toast?.message ?? MSG.invalidJson;
    return data<NewsletterAnswer>({ ok: false, toast: { type: 'error', message } }, { status: read.refusal.init?.status ?? 400 });
  }
  try {
    // Counted before validation, as the API counts them: malformed sign-ups count too.
    await context.limitNewsletter();
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 429) throw error;
    const retryAfter = (error as { retryAfter?: unknown }).retryAfter;
    return data<NewsletterAnswer>(
      { ok: false, toast: { type: 'error', message: error.message } },
      { status: 429, headers: typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : undefined },
    );
  }
  const form = read.form;
  const parsed = NewsletterSchema.safeParse({ email: form.get('email') ?? '' });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? MSG.emailInvalid;
    return data<NewsletterAnswer>({ ok: false, toast: { type: 'error', message } }, { status: 400 });
  }
  await subscribe(context.db, parsed.data.email);
  return data<NewsletterAnswer>({ ok: true, toast: { type: 'success', message: MSG.subscribed } }, { status: 201 });
}

export function meta() {
  return [{ title: `القائمة البريدية | ${STORE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function Newsletter() {
  const answer = useActionData<typeof action>();
  const failed = answer?.toast.type === 'error';
  return (
    <section className="mx-auto flex max-w-lg flex-col gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold">القائمة البريدية</h1>
      {answer && (
        <p role="status" className={`rounded-lg p-3 ${failed ? 'bg-red-50 text-red-700' : 'bg-green-50 text-green-800'}`}>
          {answer.toast.message}
        </p>
      )}
      {(!answer || failed) && <NewsletterForm />}
      <Link to="/" className="inline-flex min-h-11 items-center self-start rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700">
        العودة إلى الرئيسية
      </Link>
    </section>
  );
}
