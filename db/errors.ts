/**
 * What a database failure means for the caller, read from the driver's error (looking through
 * drizzle's wrapper): the database is out of reach (answer 503 and try again), the input held
 * bytes PostgreSQL refuses in text (answer 400), or something else (a 500). Also a safe
 * description for logs: drizzle's own message carries the query's parameters, which can hold
 * password hashes and customers' details.
 */

/** The driver errors an error wraps, outermost first. */
function causes(error: unknown): object[] {
  const chain: object[] = [];
  let e: unknown = error;
  while (e && typeof e === 'object' && !chain.includes(e)) {
    chain.push(e);
    e = (e as { cause?: unknown }).cause;
  }
  return chain;
}

const field = (e: object, name: string): unknown => (e as Record<string, unknown>)[name];

/** The SQLSTATE of a database error, if it has one. */
export function sqlState(error: unknown): string | undefined {
  for (const e of causes(error)) {
    const code = field(e, 'code');
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Socket failures of a connection to the database server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres's own words when a connection ends or none can be had in time. */
const DRIVER_MESSAGES = [/^Connection terminated/, /timeout exceeded when trying to connect/, /not queryable/, /^Client was closed/];

/**
 * No connection to the database could be had: opening one failed (refused, timed out, too many
 * connections, the database not accepting connections or not there, the login refused while
 * credentials are being changed) or none was free in time. The pools of db/client.ts raise it
 * for whatever goes wrong before a statement runs, with the driver's error as its cause and
 * whatever that error's SQLSTATE: a code that means something else when a statement raises it
 * (55000, 3D000) means only "out of reach" here. Its message carries the driver's.
 */
export class DatabaseUnreachableError extends Error {
  constructor(cause: unknown) {
    super(`no connection to the database: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnreachableError';
  }
}

/**
 * True when the database could not be reached or dropped the connection: a restart, a
 * failover, a network fault, no connection free in time, a connection that could not be opened
 * for any reason. The request may well work again shortly. A connection failure is told by the
 * error's name, not `instanceof`, for the reason given at isDatabaseBusy.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (causes(error).some((e) => field(e, 'name') === 'DatabaseUnreachableError')) return true;
  const state = sqlState(error);
  // Class 08: connection exceptions; 57P01-57P03: shut down by an administrator, a crash, or
  // still starting; 53300: too many connections.
  if (state && (state.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(state))) return true;
  return causes(error).some((e) => {
    const code = field(e, 'code');
    const message = field(e, 'message');
    return (typeof code === 'string' && NETWORK_CODES.has(code)) || (typeof message === 'string' && DRIVER_MESSAGES.some((m) => m.test(message)));
  });
}

/**
 * True when PostgreSQL refused text it cannot store: a NUL byte (SQLSTATE 22021) or a character
 * outside the encoding (22P05). Such input is the client's fault, never the server's.
 */
export const isUnstorableText = (error: unknown) => ['22021', '22P05'].includes(sqlState(error) ?? '');

/** Seconds a client is asked to wait before trying again while the database is out of reach. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * An error as logs may record it: its type, the driver's message and code, and the stack
 * without its first line (which repeats the message, and with it drizzle's query parameters).
 */
export function describeError(error: unknown): { type: string; message: string; stack: string; code?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const chain = causes(error);
  const query = chain.find((e) => 'params' in e && 'query' in e);
  const root = chain[chain.length - 1] as Error;
  let message = query ? String(field(root, 'message') ?? 'database query failed') : error.message;
  // PostgreSQL quotes a refused value in its message ("invalid input syntax … \"<value>\"").
  const params = query ? field(query, 'params') : undefined;
  if (Array.isArray(params)) {
    for (const param of params) {
      const text = typeof param === 'string' ? param : JSON.stringify(param);
      if (text && text.length >= 3) message = message.split(text).join('[redacted]');
    }
  }
  const rootCode = field(root, 'code');
  const code = sqlState(error) ?? (typeof rootCode === 'string' ? rootCode : undefined);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return { type: error.name, message, ...(code ? { code } : {}), stack: frames.join('\n') };
}

/**
 * The shop turned a request away to keep the database free for others: a search found every
 * search slot and the queue full, or waited too long for one; or the request's client left and
 * it gets no further connection (db/query-scope.ts). Answered 503 with Retry-After.
 */
export class DatabaseBusyError extends Error {
  constructor(reason: string) {
    super(`too busy: ${reason}`);
    this.name = 'DatabaseBusyError';
  }
}

/**
 * True when a statement was ended before it finished (SQLSTATE 57014): it ran past its
 * statement timeout, or it was cancelled because its client left.
 */
const isStatementCancelled = (error: unknown) => sqlState(error) === '57014';

/**
 * Busy rather than broken: a statement over its time limit, or a request turned away. Answered
 * 503. Told by the error's name, not `instanceof`, as AppError is told by a symbol
 * (core/shared/errors.ts): an error made by another copy of this module is recognised too.
 */
export function isDatabaseBusy(error: unknown): boolean {
  return isStatementCancelled(error) || causes(error).some((e) => field(e, 'name') === 'DatabaseBusyError');
}
