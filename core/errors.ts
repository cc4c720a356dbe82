/** The one error type core throws; the adapters turn it into a response or a page message. */
export interface FieldError {
  msg: string;
  path: string;
  location: 'body' | 'query' | 'params' | 'headers';
}

/**
 * The built pages carry their own copy of this module, so an AppError raised by the server's
 * copy (an attempt limit checked for a page's login) must still be recognised there: the
 * class is told apart by a registered symbol, not by which copy made it.
 */
const APP_ERROR = Symbol.for('store.AppError');

export class AppError extends Error {
  readonly [APP_ERROR] = true;

  static [Symbol.hasInstance](value: unknown): boolean {
    if (this !== AppError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as { [APP_ERROR]?: unknown })[APP_ERROR] === true;
  }

  constructor(
    readonly status: number,
    message: string,
    /** Per-field messages for a 400; the API returns them as `errors`. */
    readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A 400 with one field message. */
export function fieldError(path: string, msg: string, location: FieldError['location'] = 'body'): AppError {
  return new AppError(400, msg, [{ msg, path, location }]);
}

/** The SQLSTATE of a database error, looking through wrappers (drizzle wraps driver errors). */
function pgCode(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let e: unknown = error;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => pgCode(error) === '23503';
