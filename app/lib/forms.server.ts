/** Turning form posts into core calls: zod field errors and core's AppError become form errors. */
import { data, type AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { MSG } from '../../contracts/messages.ts';
import { AppError } from '../../core/shared/errors.ts';
import type { ActionResult } from './toast.ts';

/**
 * Where a plain form post came from, as a path on this site (`/product/…?page=2`), or
 * undefined when the Referer is missing, malformed or another site's. The path never starts
 * with `//`, which a browser would read as another host.
 */
export function refererPath(request: Request): string | undefined {
  const referer = request.headers.get('Referer');
  if (!referer) return undefined;
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return undefined;
  }
  if (from.origin !== new URL(request.url).origin) return undefined;
  return `${from.pathname.replace(/^[/\\]+/, '/')}${from.search}`;
}

/** The Retry-After of an action's answer, for a route's `headers` to pass on to the page. */
export function retryAfterOf(actionHeaders: Headers): Record<string, string> {
  const retryAfter = actionHeaders.get('Retry-After');
  return retryAfter ? { 'Retry-After': retryAfter } : {};
}

/** The first message of each field, keyed by the field's path. */
export function fieldErrors(issues: z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A 400 answer carrying the field errors, for the form to show beside each field. */
export function invalid(errors: Record<string, string>, values?: Record<string, unknown>) {
  return data<ActionResult & { values?: Record<string, unknown> }>({ ok: false, errors, values }, { status: 400 });
}

/** A refusal shown as an error toast (and in the form's alert), with nothing stored. */
export function refuse(status: number, message: string) {
  return data<ActionResult & { values?: Record<string, unknown> }>({ ok: false, toast: { type: 'error', message } }, { status });
}

/**
 * The posted form, or the answer that refuses it: the server refused the body before the page
 * saw it (server/page-bodies.ts: too large, a field too long, not a form), or it does not parse.
 */
export async function readPageForm(request: Request, context: AppLoadContext): Promise<{ form: FormData } | { refusal: ReturnType<typeof refuse> }> {
  if (context.formRefused) return { refusal: refuse(context.formRefused.status, context.formRefused.message) };
  try {
    return { form: await request.formData() };
  } catch {
    return { refusal: refuse(400, MSG.invalidJson) };
  }
}

/** The bytes of a chosen file, without the empty part a browser sends when none is chosen. */
export async function fileBytes(value: FormDataEntryValue | null): Promise<Buffer | undefined> {
  return value instanceof File && value.size > 0 ? Buffer.from(await value.arrayBuffer()) : undefined;
}

/** Maps an error from core to a form answer; anything else is rethrown for the error page. */
export function fromAppError(error: unknown, values?: Record<string, unknown>) {
  if (!(error instanceof AppError)) throw error;
  if (error.fields?.length) {
    // The first message of each field, as fieldErrors keeps them.
    const errors: Record<string, string> = {};
    for (const field of error.fields) errors[field.path || 'form'] ??= field.msg;
    return invalid(errors, values);
  }
  const hidden = error.status >= 500;
  return data<ActionResult & { values?: Record<string, unknown> }>(
    { ok: false, toast: { type: 'error', message: hidden ? MSG.serverError : error.message }, messageKey: hidden ? 'serverError' : error.key, values },
    { status: error.status, headers: error.retryAfter !== undefined ? { 'Retry-After': String(error.retryAfter) } : undefined },
  );
}
