/**
 * Renders a page on the server as a stream; crawlers and share previews get the whole page
 * at once. The response's CSP nonce goes on every inline script React Router writes.
 */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router';
import { classifyFailure } from '../core/shared/errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS, describeError } from '../db/errors.ts';

const ABORT_AFTER_MS = 10_000;

/**
 * The status a failed request's page gets, noted here by handleError: by the time
 * handleRequest runs, a production build has replaced the loader's error with a bare
 * "Unexpected Server Error", so the cause cannot be read there.
 */
const failureStatus = new WeakMap<Request, 400 | 429 | 503>();
/** The seconds a 429's page tells the client to wait: the limiter's own figure. */
const retryAfter = new WeakMap<Request, number>();

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const failure = status === 500 ? failureStatus.get(request) : undefined;
  if (failure) status = failure;
  // The database is out of reach (a restart, a failover): a passing state, worth a retry.
  if (status === 503) headers.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
  // An action's own answer (a refused login) names its wait already.
  if (status === 429 && !headers.has('Retry-After')) headers.set('Retry-After', String(retryAfter.get(request) ?? 60));
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const waitForAll = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={loadContext.nonce} />,
      {
        nonce: loadContext.nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
          headers.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          if (shellRendered) console.error(describeError(error));
        },
      },
    );
    setTimeout(abort, ABORT_AFTER_MS + 1000);
  });
}

export const streamTimeout = ABORT_AFTER_MS;

/** The catalogue pages' shopper parts, for the server's kept pages (server/plugins/catalogue-cache.ts). */
export { guestParts, shopperPartsOf } from './lib/shopper-parts.server.tsx';

/** Server-side failures of loaders, actions and rendering, logged without query parameters. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  const failure = classifyFailure(error);
  if (failure.kind === 'busy' || failure.kind === 'unavailable' || failure.kind === 'unstorable') failureStatus.set(request, failure.status);
  // Too many searches from one address (context.guardSearch): an answer, not a failure.
  else if (failure.kind === 'refused' && failure.status === 429) {
    failureStatus.set(request, 429);
    if (failure.retryAfter !== undefined) retryAfter.set(request, failure.retryAfter);
    return;
  }
  // A thrown 4xx (an unknown id, a bad form) is an answer, not a failure.
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  if (failure.kind === 'unavailable') console.warn('database unavailable:', describeError(error).message);
  else if (failure.kind === 'busy') console.warn(`database busy: ${new URL(request.url).pathname}: ${describeError(error).message}`);
  else console.error(describeError(error));
};
