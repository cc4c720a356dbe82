/**
 * One error handler for the API: typed errors become their status and Arabic message,
 * validation failures become `errors` entries, and anything unexpected a generic 500 that
 * never shows a stack, SQL or a path. A database out of reach, a statement over its time limit
 * and a search turned away are a 503 the client may retry.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '../../contracts/index.ts';
import { AppError, classifyFailure, type FieldError } from '../../core/shared/errors.ts';
import { describeError } from '../../db/errors.ts';

const LOCATIONS: Record<string, FieldError['location']> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

function sendFail(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).send({ status: status >= 500 ? 'error' : 'fail', message });
}

/** Statuses Fastify and its plugins raise for bad requests, with our Arabic message for each. */
const CLIENT_ERRORS: Record<number, string> = {
  400: MSG.invalidJson,
  413: MSG.payloadTooLarge,
  415: MSG.unsupportedMedia,
};

export function handleError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.status === 400) {
      return reply.status(400).send({ errors: error.fields ?? [{ msg: error.message, path: '', location: 'body' }] });
    }
    // Too many attempts, or a service out of reach (the images' bucket): when to try again.
    if ((error.status === 429 || error.status === 503) && error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
    // A gateway that failed (Paymob): the shopper reads the Arabic message, the log says what went wrong.
    if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
    return sendFail(reply, error.status, error.message);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const location = LOCATIONS[error.validationContext ?? 'body'] ?? 'body';
    const errors = error.validation.map((v) => ({
      msg: v.message,
      path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      location,
    }));
    return reply.status(400).send({ errors });
  }
  const status = error.statusCode ?? 500;
  if (status === 400) {
    return reply.status(400).send({ errors: [{ msg: MSG.invalidJson, path: '', location: 'body' }] });
  }
  if (status === 429) return sendFail(reply, 429, MSG.tooManyAttempts);
  if (status >= 400 && status < 500) {
    return sendFail(reply, status, CLIENT_ERRORS[status] ?? (status === 404 ? MSG.routeNotFound : MSG.invalidValue));
  }
  const failure = classifyFailure(error);
  switch (failure.kind) {
    case 'unstorable':
      return reply.status(400).send({ errors: [{ msg: MSG.invalidCharacters, path: '', location: 'body' }] });
    case 'busy': {
      // Once per request, with what ended it and how long the request had run; never the query's parameters.
      // A client that disconnected ended its own request: worth a debug line, not a warning.
      const details = { route: request.routeOptions.url, ms: Math.round(reply.elapsedTime), reason: describeError(error).message };
      if (request.clientGone?.aborted) request.log.debug(details, 'request ended: the client left');
      else request.log.warn(details, 'database busy');
      break;
    }
    case 'unavailable':
      request.log.warn({ err: error }, 'database unavailable');
      break;
    default:
      request.log.error({ err: error }, 'request failed');
  }
  if (failure.kind === 'busy' || failure.kind === 'unavailable') reply.header('Retry-After', String(failure.retryAfter));
  return reply.status(failure.status).send({ status: 'error', message: MSG.serverError });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(handleError);
}
