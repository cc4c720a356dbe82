/**
 * The one way a page's action reads a posted form, checks it against its contract schema and
 * answers it, so that a plain form post without JavaScript comes back as the page with each
 * Arabic message beside its field (or in the form's alert) and what was typed kept (SPEC.md §5,
 * §8). The pieces it builds on are app/lib/forms.server.ts.
 */
import type { AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { fieldErrors, fromAppError, invalid, readPageForm } from './forms.server.ts';

/** A posted form's fields by name, as the contract schemas read them. */
export type PostedForm = Record<string, FormDataEntryValue>;

/** The page answered again after a refusal: its status, its messages and the fields it keeps. */
export type FormFailure = ReturnType<typeof invalid>;

type Kept = Record<string, unknown> | undefined;

export type CheckedForm<T> = { ok: true; data: T; form: PostedForm; values: Kept } | { ok: false; failure: FormFailure };

export interface FormChecks {
  /** The fields shown again after a refusal; without it the page keeps none (a password form). */
  keep?: readonly string[];
  /** Run on the fields as posted, before the schema: a limit, so that a malformed attempt counts too. */
  before?: (form: PostedForm) => Promise<unknown>;
}

/**
 * Reads the posted form and checks it against `schema`: its parsed data, the fields as posted
 * and the kept ones; or the failure to answer with (the body refused, `before` refused, or each
 * field's first message with a 400).
 */
export async function checkForm<S extends z.ZodType>(request: Request, context: AppLoadContext, schema: S, { keep, before }: FormChecks = {}): Promise<CheckedForm<z.output<S>>> {
  const read = await readPageForm(request, context);
  if ('refusal' in read) return { ok: false, failure: read.refusal };
  const form: PostedForm = Object.fromEntries(read.form);
  const values = keep && Object.fromEntries(keep.map((name) => [name, form[name]]));
  try {
    await before?.(form);
  } catch (error) {
    return { ok: false, failure: fromAppError(error, values) };
  }
  const parsed = schema.safeParse(form);
  if (!parsed.success) return { ok: false, failure: invalid(fieldErrors(parsed.error.issues), values) };
  return { ok: true, data: parsed.data, form, values };
}

/**
 * What `run` answers (core's work done: a redirect or a success), or core's refusal (an AppError)
 * as the form's failure with the kept fields; any other error goes on to the error page.
 */
export async function answerForm<T>(run: () => Promise<T>, values?: Kept): Promise<T | FormFailure> {
  try {
    return await run();
  } catch (error) {
    return fromAppError(error, values);
  }
}
