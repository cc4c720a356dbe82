/** Sessions at the HTTP edge: the token from the Authorization header or the cookie, and the role guards. */
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { MSG } from '../../contracts/index.ts';
import { authenticate, TOKEN_MAX_AGE_SECONDS, type SessionUser } from '../../core/auth.ts';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** Came over https: the shop's address is https, or a trusted proxy says so (X-Forwarded-Proto). */
    overHttps: boolean;
  }
}

export const TOKEN_COOKIE = 'token';

/** The token a request carries, if any: a bearer header first, then the cookie. */
export function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies[TOKEN_COOKIE] || undefined;
}

export function setTokenCookie(reply: FastifyReply, token: string) {
  reply.setCookie(TOKEN_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: reply.request.overHttps, path: '/', maxAge: TOKEN_MAX_AGE_SECONDS });
}

export function clearTokenCookie(reply: FastifyReply) {
  reply.clearCookie(TOKEN_COOKIE, { httpOnly: true, sameSite: 'lax', secure: reply.request.overHttps, path: '/' });
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
