import { keyOfMessage, MSG, type MessageKey } from '../contracts/messages.ts';
import { sqlState } from '../db/errors.ts';

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
