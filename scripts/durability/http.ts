/** Asking the server over HTTP and reading its replies as the API (API.md) promises them. */
import { setTimeout as sleep } from 'node:timers/promises';
import { MSG } from '../../contracts/index.ts';

/** An HTTP answer as the check reads it; status 0 when none came (refused, cut, timed out). */
export interface Reply {
  status: number;
  retryAfter: string | null;
  contentType: string | null;
  text: string;
}

/** Sends one request to the server; a request that gets no answer is a Reply with status 0. */
export async function ask(baseUrl: string, method: string, url: string, options: { token?: string; body?: unknown; idempotencyKey?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  try {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(20_000),
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), contentType: res.headers.get('content-type'), text: await res.text() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, retryAfter: null, contentType: null, text: cause?.code ?? cause?.message ?? String(error) };
  }
}

export function describeReply(reply: Reply): string {
  if (reply.status === 0) return `no answer (${reply.text})`;
  const retryAfter = reply.retryAfter === null ? '' : ` Retry-After: ${reply.retryAfter}`;
  const html = (reply.contentType ?? '').startsWith('text/html');
  const body = html ? `(a page${reply.text.includes(MSG.serverError) ? ' with the Arabic error message' : ''})` : reply.text.slice(0, 300);
  return `${reply.status}${retryAfter} ${body}`;
}

/** The parts of the API's answers (API.md) that the check reads. */
export interface Body {
  status?: string;
  message?: string;
  token?: string;
  errors?: { msg: string }[];
  data?: { _id: string; products?: { _id: string }[] };
  paginationResult?: { numberOfPages: number };
}

export function parseBody(text: string): Body | undefined {
  try {
    return text ? (JSON.parse(text) as Body) : undefined;
  } catch {
    return undefined;
  }
}

/** The 503 API.md promises while the database is out of reach: Retry-After and the generic Arabic message. */
export function isPromisedUnavailable(reply: Reply): boolean {
  if (reply.status !== 503 || !/^[1-9][0-9]*$/.test(reply.retryAfter ?? '')) return false;
  const body = parseBody(reply.text);
  return body !== undefined && Object.keys(body).length === 2 && body.status === 'error' && body.message === MSG.serverError;
}

/** Asks again every 200 ms until `done` holds or the deadline has passed; the last reply. */
export async function askUntil(deadline: number, request: () => Promise<Reply>, done: (reply: Reply) => boolean): Promise<Reply> {
  for (;;) {
    const reply = await request();
    if (done(reply) || Date.now() > deadline) return reply;
    await sleep(200);
  }
}

/** The error page, served with the 503 and Retry-After the API would answer. */
export function isUnavailablePage(reply: Reply): boolean {
  return (
    reply.status === 503 &&
    /^[1-9][0-9]*$/.test(reply.retryAfter ?? '') &&
    (reply.contentType ?? '').startsWith('text/html') &&
    reply.text.includes(MSG.serverError)
  );
}
