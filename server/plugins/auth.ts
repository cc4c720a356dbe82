/** Sessions at the HTTP edge: the token from the Authorization header or the cookie, and the role guards. */
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { MSG } from '../../contracts/index.ts';
import { authenticate, sessionCookieName, TOKEN_MAX_AGE_SECONDS, type SessionUser } from '../../core/accounts/auth.ts';
import { AppError } from '../../core/shared/errors.ts';
import type { Db } from '../../db/client.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** Came over https: the shop's address is https, or a trusted proxy says so (X-Forwarded-Proto). */
    overHttps: boolean;
  }
}

/** The session cookie's name on this request: `__Host-token` over https, `token` over plain http. */
export function tokenCookieName(request: FastifyRequest): string {
  return sessionCookieName(request.overHttps);
}

/** The session cookie's value on this request, if any (a plain `token` cookie is not read over https). */
export function readTokenCookie(request: FastifyRequest): string | undefined {
  return request.cookies[tokenCookieName(request)] || undefined;
}

/** The token a request carries, if any: a bearer header first, then the cookie. */
export function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || undefined;
  return readTokenCookie(request);
}

/** Signs the browser in. No Domain: the shop's host alone gets the cookie, as `__Host-` requires. */
export function setTokenCookie(reply: FastifyReply, token: string) {
  const secure = reply.request.overHttps;
  reply.setCookie(sessionCookieName(secure), token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: TOKEN_MAX_AGE_SECONDS });
}

/** Signs the browser out. */
export function clearTokenCookie(reply: FastifyReply) {
  const secure = reply.request.overHttps;
  reply.clearCookie(sessionCookieName(secure), { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

export interface Guards {
  /** Any signed-in account. */
  signedIn: preHandlerAsyncHookHandler;
  /** A customer account (role 'user'): ordering and reviewing. */
  customer: preHandlerAsyncHookHandler;
  admin: preHandlerAsyncHookHandler;
}

export function createGuards(db: Db, secret: string): Guards {
  const requireRole = (role?: 'user' | 'admin'): preHandlerAsyncHookHandler =>
    async function guard(request) {
      const token = readToken(request);
      if (!token) throw new AppError(401, MSG.unauthenticated);
      request.user = await authenticate(db, secret, token);
      if (role && request.user.role !== role) throw new AppError(403, MSG.forbidden);
    };
  return { signedIn: requireRole(), customer: requireRole('user'), admin: requireRole('admin') };
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError(401, MSG.unauthenticated);
  return request.user;
}
