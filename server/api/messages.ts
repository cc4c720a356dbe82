/** Messages to customers as staff and customers manage them (API.md "Additions: messages to customers"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiContext } from './context.ts';

export function messageRoutes(_ctx: ApiContext): FastifyPluginAsyncZod {
  return async () => {};
}
