/** Whether a request is a guest's: a request with a session is never answered from a shared copy. */
import type { FastifyRequest } from 'fastify';

/** The session cookie with a value, by its name over https and over plain http (core/accounts/auth.ts sessionCookieName). */
const SESSION_COOKIE = { https: /(?:^|;)\s*__Host-token=[^;\s]/, http: /(?:^|;)\s*token=[^;\s]/ };

/**
 * A request carries a session: the session cookie with a value (`__Host-token` over https,
 * `token` over plain http, the one the shop reads), or any Authorization header.
 */
export function hasSession(request: FastifyRequest): boolean {
  if (request.headers.authorization) return true;
  return SESSION_COOKIE[request.overHttps ? 'https' : 'http'].test(request.headers.cookie ?? '');
}
