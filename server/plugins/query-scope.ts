/**
 * Every request runs in a query scope (db/query-scope.ts): when its client disconnects before
 * the answer is sent, the statements it has running on PostgreSQL are cancelled and it gets no
 * further connection. The embedded database runs one statement at a time in this process and
 * cannot be interrupted; there a request's current statement finishes (README).
 */
import type { FastifyInstance } from 'fastify';
import { abandonQueryScope, runInQueryScope } from '../../db/query-scope.ts';

export function registerQueryScopes(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    runInQueryScope((scope) => {
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) abandonQueryScope(scope);
      });
      done();
    });
  });
}
