/** Accounts and sessions: signup, login, tokens. Phones are the login names. */
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { MSG, type Login, type Signup } from '../contracts/index.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError, fieldError } from './errors.ts';

/** OWASP's argon2id baseline: 19 MiB of memory, 2 passes, 1 lane. */
const ARGON2_ID = 2 as Algorithm;
const ARGON2 = { algorithm: ARGON2_ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const TOKEN_LIFETIME = '30d';
export const TOKEN_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

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

/** Signs a session token carrying the user's id and token version. */
export function signToken(secret: string, user: SessionUser): Promise<string> {
  return new SignJWT({ ver: user.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(TOKEN_LIFETIME)
    .sign(secretKey(secret));
}

/**
 * The user a token belongs to, or a 401. A token issued before the user's role or password
 * changed carries an old version and is refused.
 */
export async function authenticate(db: Db, secret: string, token: string): Promise<SessionUser> {
  let subject: string | undefined;
  let version: unknown;
  try {
    const { payload } = await jwtVerify(token, secretKey(secret), { algorithms: ['HS256'] });
    subject = payload.sub;
    version = payload.ver;
  } catch {
    throw new AppError(401, MSG.sessionExpired);
  }
  if (!subject || !/^[0-9a-f-]{36}$/i.test(subject)) throw new AppError(401, MSG.sessionExpired);
  const [row] = await db.select().from(users).where(eq(users.id, subject)).limit(1);
  if (!row || row.tokenVersion !== version) throw new AppError(401, MSG.sessionExpired);
  return toSessionUser(row);
}

/** Changes a password and ends every session signed before. */
export async function changePassword(db: Db, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
