/** Accounts and sessions: signup, login, tokens. Phones are the login names. */
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { MSG, UUID, type ChangePassword, type Login, type Signup } from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { AppError, fieldError } from '../shared/errors.ts';

/** OWASP's argon2id baseline: 19 MiB of memory, 2 passes, 1 lane. */
const ARGON2_ID = 2 as Algorithm;
const ARGON2 = { algorithm: ARGON2_ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const TOKEN_LIFETIME = '30d';
export const TOKEN_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * The session cookie's name. Over https it is `__Host-token`: a browser keeps a cookie of that
 * name only when it is Secure, for the whole site (Path=/) and for this host alone (no Domain),
 * so neither a plain-http answer nor a sibling subdomain can set one for the shop. A plain
 * `token` cookie is not read over https. Over plain http, where that prefix cannot be used, it is `token`.
 */
export function sessionCookieName(overHttps: boolean): string {
  return overHttps ? '__Host-token' : 'token';
}

export interface User {
  id: string;
  name: string;
  phone: string;
  role: 'user' | 'admin';
  createdAt: Date;
}

/** A session user: the account plus the token version it was checked against. */
export interface SessionUser extends User {
  tokenVersion: number;
}

const userColumns = {
  id: users.id,
  name: users.name,
  phone: users.phone,
  role: users.role,
  createdAt: users.createdAt,
};

export const hashPassword = (password: string) => hash(password, ARGON2);

/** A hash of a random password, checked against when the phone is unknown so both answers take as long. */
let decoyHash: Promise<string> | undefined;
const getDecoyHash = () => (decoyHash ??= hashPassword(crypto.randomUUID()));

/** Creates a customer account. The role is never taken from the input. */
export async function signup(db: Db, input: Signup): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  const [created] = await db
    .insert(users)
    .values({ name: input.name, phone: input.phone, passwordHash, role: 'user' })
    .onConflictDoNothing({ target: users.phone })
    .returning(userColumns);
  if (!created) throw fieldError('phone', MSG.phoneTaken);
  return created;
}

/** Checks a phone and password; an unknown phone and a wrong password get the same 401. */
export async function login(db: Db, input: Login): Promise<SessionUser> {
  const [row] = await db.select().from(users).where(eq(users.phone, input.phone)).limit(1);
  const valid = await verify(row?.passwordHash ?? (await getDecoyHash()), input.password);
  if (!row || !valid) throw new AppError(401, MSG.wrongCredentials);
  return toSessionUser(row);
}

function toSessionUser(row: typeof users.$inferSelect): SessionUser {
  return { id: row.id, name: row.name, phone: row.phone, role: row.role, createdAt: row.createdAt, tokenVersion: row.tokenVersion };
}

const secretKey = (secret: string) => new TextEncoder().encode(secret);

/**
 * Starts a session for a device that has just logged in or signed up and returns its token,
 * which carries the user's id, token version and session id. Expired sessions of the user
 * are cleared on the way.
 */
export async function startSession(db: Db, secret: string, user: Pick<SessionUser, 'id' | 'tokenVersion'>): Promise<string> {
  const expiresAt = new Date(Date.now() + TOKEN_MAX_AGE_SECONDS * 1000);
  await db.delete(sessions).where(and(eq(sessions.userId, user.id), lt(sessions.expiresAt, new Date())));
  const [session] = await db.insert(sessions).values({ userId: user.id, expiresAt }).returning({ id: sessions.id });
  return new SignJWT({ ver: user.tokenVersion, sid: session!.id })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(TOKEN_LIFETIME)
    .sign(secretKey(secret));
}

interface TokenClaims {
  userId: string;
  sessionId: string;
  version: unknown;
}

/** Tokens kept per secret once their signature was checked, at most. */
const CHECKED_TOKENS = 5_000;

/**
 * Tokens whose signature was checked, with their claims and expiry, per secret, least recently
 * used first. A session sends its token with every request, and checking the HMAC through
 * WebCrypto was about a twentieth of the work of a signed-in page (docs/benchmarks.md). A token's
 * signature and claims never change; its expiry is checked on every use, and its session in the
 * database on every request (authenticateWith), so a logged-out token is refused at once.
 */
const checkedTokens = new Map<string, Map<string, { claims: TokenClaims; expiresAt: number }>>();

/** The user id and session id a token names, or undefined when it is forged, expired or malformed. */
async function readToken(secret: string, token: string): Promise<TokenClaims | undefined> {
  let checked = checkedTokens.get(secret);
  const known = checked?.get(token);
  if (known) {
    checked!.delete(token);
    // jose's rule: expired once the clock reaches `exp`.
    if (Date.now() >= known.expiresAt) return undefined;
    checked!.set(token, known);
    return known.claims;
  }
  try {
    const { payload } = await jwtVerify(token, secretKey(secret), { algorithms: ['HS256'] });
    const { sub, sid, ver, exp } = payload;
    if (typeof sub !== 'string' || !UUID.test(sub) || typeof sid !== 'string' || !UUID.test(sid) || typeof exp !== 'number') return undefined;
    const claims = { userId: sub, sessionId: sid, version: ver };
    if (!checked) checkedTokens.set(secret, (checked = new Map()));
    checked.set(token, { claims, expiresAt: exp * 1000 });
    if (checked.size > CHECKED_TOKENS) checked.delete(checked.keys().next().value!);
    return claims;
  } catch {
    return undefined;
  }
}

/**
 * The user a token belongs to, or a 401. The token's session must still exist (not logged
 * out, not expired), and a token issued before the user's role or password changed carries
 * an old version and is refused.
 */
export async function authenticate(db: Db, secret: string, token: string): Promise<SessionUser> {
  return (await authenticateWith(db, secret, token, () => ({}))).user;
}

/**
 * `authenticate`, with more read about the user in the same statement: `read` makes columns of
 * the user's id (a page's cart count, its heart), so a page that needs them costs the database one
 * round trip, not one each.
 */
export async function authenticateWith<T extends Record<string, SQL>>(
  db: Db,
  secret: string,
  token: string,
  read: (userId: typeof users.id) => T,
): Promise<{ user: SessionUser; read: { [K in keyof T]: T[K] extends SQL<infer V> ? V : never } }> {
  const claims = await readToken(secret, token);
  if (!claims) throw new AppError(401, MSG.sessionExpired);
  const [row] = await db
    .select({ ...(read(users.id) as Record<string, SQL>), user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row || row.user.tokenVersion !== claims.version) throw new AppError(401, MSG.sessionExpired);
  const { user, ...rest } = row;
  return { user: toSessionUser(user), read: rest as { [K in keyof T]: T[K] extends SQL<infer V> ? V : never } };
}

/** Ends the session a token names (logging out); a token that is already invalid is ignored. */
export async function endSession(db: Db, secret: string, token: string): Promise<void> {
  const claims = await readToken(secret, token);
  if (claims) await db.delete(sessions).where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId)));
}

/** Changes a password and ends every session of the account. */
export async function changePassword(db: Db, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}

/**
 * A signed-in user's own password change: the current password must be right. Every session
 * of the account ends, on every device; the device that asked gets a new session at once, so
 * it stays signed in. Returns the account and that session's token.
 */
export async function changeOwnPassword(
  db: Db,
  secret: string,
  userId: string,
  input: Pick<ChangePassword, 'currentPassword' | 'password'>,
): Promise<{ user: SessionUser; token: string }> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError(401, MSG.sessionExpired);
  if (!(await verify(row.passwordHash, input.currentPassword))) throw fieldError('currentPassword', MSG.currentPasswordWrong);
  await changePassword(db, userId, input.password);
  const user = toSessionUser({ ...row, tokenVersion: row.tokenVersion + 1 });
  return { user, token: await startSession(db, secret, user) };
}
