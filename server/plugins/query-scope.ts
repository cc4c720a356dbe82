/**
 * Every request runs in a query scope (db/query-scope.ts): when its client disconnects before
 * the answer is sent, the statements it has running on PostgreSQL are cancelled and it gets no
 * further connection. The embedded database runs one statement at a time in this process and
 * cannot be interrupted; there a request's current statement finishes (README).
 */
import type { FastifyInstance } from 'fastify';
import { abandonQueryScope, runInQueryScope } from '../../db/query-scope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Aborted once the client disconnects before its answer is sent: the pages' web Request carries it. */
    clientGone: AbortSignal;
  }
}

export function registerQueryScopes(app: FastifyInstance): void {
  app.decorateRequest('clientGone', null as unknown as AbortSignal);
  app.addHook('onRequest', (request, reply, done) => {
    const gone = new AbortController();
    request.clientGone = gone.signal;
    runInQueryScope((scope) => {
      reply.raw.once('close', () => {
        if (reply.raw.writableFinished) return;
        abandonQueryScope(scope);
        gone.abort();
      });
      done();
    });
  });
}
