import type { z } from 'zod';
import { keyOfMessage, MSG, type MessageKey } from '../../contracts/messages.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseBusy, isDatabaseUnavailable, isUnstorableText, sqlState } from '../../db/errors.ts';

/** The one error type core throws; the adapters turn it into a response or a page message. */
export interface FieldError {
  msg: string;
  path: string;
  location: 'body' | 'query' | 'params' | 'headers';
}

/**
 * The process runs one copy of this module, whichever door a request came through
 * (docs/decisions/015). The class is still told apart by a registered symbol rather than by which
 * copy made it, so a copy loaded some other way (a script importing a built bundle) recognises
 * the server's errors too.
 */
const APP_ERROR = Symbol.for('store.AppError');

export class AppError extends Error {
  readonly [APP_ERROR] = true;

  static [Symbol.hasInstance](value: unknown): boolean {
    if (this !== AppError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as { [APP_ERROR]?: unknown })[APP_ERROR] === true;
  }

  /**
   * Which of the shop's messages this is (contracts/messages.ts), for a door that words or
   * addresses it itself (the profile's `?message=<key>`); the message is its text, with any
   * detail after it.
   */
  readonly key: MessageKey | undefined;
  /** Seconds to wait before trying again, for a 429 or a 503. */
  readonly retryAfter: number | undefined;

  constructor(
    readonly status: number,
    message: string,
    /** Per-field messages for a 400; the API returns them as `errors`. */
    readonly fields?: FieldError[],
    options: { key?: MessageKey; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.key = options.key ?? keyOfMessage(message);
    this.retryAfter = options.retryAfter;
  }

  /** One of the shop's messages by its key, with what it is about after it ("…: ملغي"). */
  static about(status: number, key: MessageKey, detail?: string): AppError {
    return new AppError(status, detail === undefined ? MSG[key] : `${MSG[key]}: ${detail}`, undefined, { key });
  }
}

/** A 400 with one field message. */
export function fieldError(path: string, msg: string, location: FieldError['location'] = 'body'): AppError {
  return new AppError(400, msg, [{ msg, path, location }]);
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === '23503';

/**
 * What a failed request was, for both doors (the API's error handler, the pages' entry): one of
 * core's refusals, text the database cannot store (a 400), the database busy or out of reach (a
 * 503 worth retrying), or anything else (a 500 that shows nothing of itself).
 */
export type Failure =
  | { kind: 'refused'; status: number; retryAfter?: number }
  | { kind: 'unstorable'; status: 400 }
  | { kind: 'busy' | 'unavailable'; status: 503; retryAfter: number }
  | { kind: 'unexpected'; status: 500 };

export function classifyFailure(error: unknown): Failure {
  if (error instanceof AppError) return { kind: 'refused', status: error.status, retryAfter: error.retryAfter };
  if (isUnstorableText(error)) return { kind: 'unstorable', status: 400 };
  if (isDatabaseBusy(error)) return { kind: 'busy', status: 503, retryAfter: DATABASE_RETRY_AFTER_SECONDS };
  if (isDatabaseUnavailable(error)) return { kind: 'unavailable', status: 503, retryAfter: DATABASE_RETRY_AFTER_SECONDS };
  return { kind: 'unexpected', status: 500 };
}

/**
 * Parses `data` with `schema`, or throws a 400 with one entry per broken rule, in the order zod
 * found them (the message is the first): for bodies the doors parse by hand, such as multipart forms.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown, location: FieldError['location'] = 'body'): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => ({ msg: issue.message, path: issue.path.join('.'), location }));
  throw new AppError(400, fields[0]!.msg, fields);
}
