/**
 * The probes a load balancer or an orchestrator asks (docs/decisions/020): GET /healthz, the
 * process answers; GET /readyz, it takes traffic: listening (which it does once its database is
 * migrated and the demo shop seeded) and not draining. Neither reads the database: while
 * PostgreSQL is away the shop answers its own Arabic 503 pages, which a load balancer taking
 * every process out of rotation would replace with its own error page. Neither is logged per
 * request at info, kept by a cache or counted by a rate limit.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

export interface Readiness {
  /** Not ready from now on: /readyz answers 503, and every answer closes its connection. */
  drain(): void;
  readonly draining: boolean;
}

const NO_STORE = 'no-store';

const AliveShape = z.object({ status: z.literal('ok') });
const ReadyShape = z.object({ status: z.literal('ready') });
const NotReadyShape = z.object({ status: z.enum(['starting', 'draining']).describe('starting: not listening yet; draining: stopping (SIGTERM)') });

/** Registers the probes on `app` (after the OpenAPI plugin, which documents them) and decorates it with its `readiness`. */
export async function registerHealth(app: FastifyInstance): Promise<void> {
  let draining = false;
  app.decorate('readiness', {
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
  });
  // A kept-alive connection would carry more requests to a process that is going: the client
  // (a load balancer) opens a new one, to a process that stays.
  app.addHook('onRequest', async (request, reply) => {
    if (draining && request.raw.httpVersionMajor < 2) reply.header('Connection', 'close');
  });
  await app.register(healthRoutes(() => (draining ? 'draining' : app.server.listening ? 'ready' : 'starting')));
}

function healthRoutes(state: () => 'starting' | 'ready' | 'draining'): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/healthz',
      {
        // Probes come every few seconds from every checker: the log keeps their failures only.
        logLevel: 'warn',
        schema: { tags: ['health'], summary: 'The process is alive (reads nothing)', response: { 200: AliveShape } },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', NO_STORE);
        return { status: 'ok' as const };
      },
    );

    app.get(
      '/readyz',
      {
        logLevel: 'warn',
        schema: {
          tags: ['health'],
          summary: 'The process takes traffic: listening, migrated and not draining (does not read the database)',
          response: { 200: ReadyShape, 503: NotReadyShape },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', NO_STORE);
        const now = state();
        if (now === 'ready') return { status: now };
        return reply.status(503).send({ status: now });
      },
    );
  };
}
