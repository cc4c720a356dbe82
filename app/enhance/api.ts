/** Calls to the shop's own REST API (API.md) from the enhancements, on the session cookie. */
import { msg } from './messages.ts';

export interface ApiAnswer {
  ok: boolean;
  status: number;
  body: Record<string, unknown> | null;
}

export async function callApi(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<ApiAnswer> {
  const response = await fetch(`/api/v1${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    parsed = null;
  }
  return { ok: response.ok, status: response.status, body: parsed };
}

/** The Arabic messages of a failed call (API.md: `errors[].msg` or `message`), or the generic one. */
export function failureMessages(answer: ApiAnswer): string[] {
  const errors = answer.body?.errors;
  if (Array.isArray(errors)) {
    const messages = errors.map((e) => (e as { msg?: unknown }).msg).filter((m): m is string => typeof m === 'string');
    if (messages.length) return [...new Set(messages)];
  }
  const message = answer.body?.message;
  return [typeof message === 'string' ? message : msg().serverError];
}

/** Who is signed in, as the layout wrote it on <body>: 'guest', 'user' (a customer) or 'admin'. */
export function signedInRole(): string {
  return document.body.dataset.role ?? 'guest';
}

/**
 * Why this visitor cannot keep a cart or a wishlist, as the pages' own answers say it: a guest
 * is asked to log in first, staff have neither (SPEC.md §6); null for a customer.
 */
export function shopperRefusal(): string | null {
  const role = signedInRole();
  if (role === 'guest') return msg().loginFirst;
  return role === 'user' ? null : msg().forbidden;
}

/** Marks a form's submit button busy (and unusable) while its call runs. */
export async function whileBusy<T>(form: HTMLFormElement, work: () => Promise<T>): Promise<T> {
  const button = form.querySelector<HTMLButtonElement>('button[type=submit], button:not([type])');
  button?.setAttribute('aria-busy', 'true');
  if (button) button.disabled = true;
  try {
    return await work();
  } finally {
    button?.removeAttribute('aria-busy');
    if (button) button.disabled = false;
  }
}
