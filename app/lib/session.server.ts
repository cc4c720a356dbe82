/**
 * The signed-in shopper of a page request, from the same httpOnly cookie the API sets:
 * `__Host-token` over https, `token` over plain http (core/accounts/auth.ts sessionCookieName).
 */
import { redirect, type AppLoadContext } from 'react-router';
import type { SQL } from 'drizzle-orm';
import { authenticate, authenticateWith, endSession, sessionCookieName, TOKEN_MAX_AGE_SECONDS, type SessionUser } from '../../core/accounts/auth.ts';
import { AppError } from '../../core/shared/errors.ts';

/** A cookie's value; a malformed one (`token=%`) counts as absent. */
function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('Cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The session cookie of the request (a plain `token` cookie is not read over https). */
function readSessionCookie(request: Request, context: AppLoadContext): string | undefined {
  return readCookie(request, sessionCookieName(context.secureCookies));
}

/**
 * The user of a page read, by the request's load context (one per request, shared by its
 * loaders) and its token: the root's loader and the page's own look the session up once between
 * them. Only reads: an action may sign in or out before the loaders run.
 */
const readerOf = new WeakMap<AppLoadContext, { token: string; user: Promise<SessionUser | null> }>();

/**
 * The user of the request, or null for a guest or an expired session. Any other failure (the
 * database away) is thrown on, to become the error page with its status (503), not a trip to /login.
 */
export function getSessionUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  const token = readSessionCookie(request, context);
  if (!token) return Promise.resolve(null);
  if (request.method !== 'GET' && request.method !== 'HEAD') return lookUpSessionUser(token, context);
  const seen = readerOf.get(context);
  if (seen?.token === token) return seen.user;
  const user = lookUpSessionUser(token, context);
  readerOf.set(context, { token, user });
  return user;
}

async function lookUpSessionUser(token: string, context: AppLoadContext): Promise<SessionUser | null> {
  try {
    return await authenticate(context.db, context.jwtSecret, token);
  } catch (error) {
    if (error instanceof AppError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The user of the request with more read about them in the same statement (core/accounts/auth.ts
 * authenticateWith), or null as getSessionUser. Not shared with the request's other loaders: for
 * a kept page's shopper parts, where nothing else reads the session.
 */
export async function getSessionUserWith<T extends Record<string, SQL>>(request: Request, context: AppLoadContext, read: Parameters<typeof authenticateWith<T>>[3]) {
  const token = readSessionCookie(request, context);
  if (!token) return null;
  try {
    return await authenticateWith(context.db, context.jwtSecret, token, read);
  } catch (error) {
    if (error instanceof AppError && error.status === 401) return null;
    throw error;
  }
}

/** A customer (role 'user'); anyone else goes to /login (SPEC.md §6). */
export async function requireCustomer(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user || user.role !== 'user') throw redirect('/login');
  return user;
}

/** Any signed-in account; a guest goes to /login. */
export async function requireSignedIn(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user) throw redirect('/login');
  return user;
}

/** An admin; anyone else goes to / (SPEC.md §6). */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user || user.role !== 'admin') throw redirect('/');
  return user;
}

/** Ends the request's session on the server (logging out); its token stops working at once. */
export async function endRequestSession(request: Request, context: AppLoadContext): Promise<void> {
  const token = readSessionCookie(request, context);
  if (token) await endSession(context.db, context.jwtSecret, token);
}

/** The Set-Cookie value that signs the browser in. No Domain: the shop's host alone gets it, as `__Host-` requires. */
export function sessionCookie(token: string, context: AppLoadContext): string {
  const name = sessionCookieName(context.secureCookies);
  return `${name}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${TOKEN_MAX_AGE_SECONDS}${context.secureCookies ? '; Secure' : ''}`;
}

/** The Set-Cookie value that signs the browser out. */
export function clearSessionCookie(context: AppLoadContext): string {
  return `${sessionCookieName(context.secureCookies)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${context.secureCookies ? '; Secure' : ''}`;
}
