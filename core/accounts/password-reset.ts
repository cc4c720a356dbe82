/**
 * Forgotten passwords (API.md "Additions: messages to customers"): a 6-digit code sent on
 * WhatsApp to the account's phone, valid 10 minutes and 5 wrong tries, the last code only. Only
 * the code's hash is kept. Neither step tells whether a phone has an account: an unknown phone
 * gets the same answer, after the same work.
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ForgotPasswordSchema, MSG, RESET_CODE_DIGITS, RESET_CODE_MAX_TRIES, RESET_CODE_TTL_MINUTES, ResetPasswordSchema, type ResetPassword } from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { passwordResets, sessions, users } from '../../db/schema.ts';
import { hashPassword, type SessionUser } from './auth.ts';
import { fieldError, parseOrThrow } from '../shared/errors.ts';
import { recordResetCodeMessage } from '../messages/outbox.ts';

/** The stored form of a code: bound to its account, so one account's hash says nothing of another's. */
const hashCode = (userId: string, code: string) => createHmac('sha256', userId).update(code).digest();

function sameHash(stored: string, offered: Buffer): boolean {
  const bytes = Buffer.from(stored, 'hex');
  return bytes.length === offered.length && timingSafeEqual(bytes, offered);
}

/** The account with this phone, or a made-up id no account has, so both paths run the same statements. */
async function accountOf(db: Db, phone: string): Promise<{ user: { id: string; phone: string } | undefined; userId: string }> {
  const [user] = await db.select({ id: users.id, phone: users.phone }).from(users).where(eq(users.phone, phone)).limit(1);
  return { user, userId: user?.id ?? randomUUID() };
}

/**
 * Sends a new reset code to the account with this phone: it replaces any earlier code (only the
 * last one works), and its WhatsApp message is recorded in the same transaction. A phone with no
 * account gets nothing, after the same lookups, hashing and statements, so neither the answer
 * nor its time tells them apart.
 */
export async function requestResetCode(db: Db, phone: string): Promise<void> {
  const input = parseOrThrow(ForgotPasswordSchema, { phone });
  const { user, userId } = await accountOf(db, input.phone);
  const code = String(randomInt(0, 10 ** RESET_CODE_DIGITS)).padStart(RESET_CODE_DIGITS, '0');
  const codeHash = hashCode(userId, code).toString('hex');
  const expiresAt = new Date(Date.now() + RESET_CODE_TTL_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    // Inserted from the account's row: nothing for an unknown phone (or an account deleted meanwhile).
    const [stored] = await tx
      .insert(passwordResets)
      .select((qb) =>
        qb
          .select({
            userId: users.id,
            codeHash: sql<string>`${codeHash}`.as('code_hash'),
            tries: sql<number>`0`.as('tries'),
            expiresAt: sql<Date>`${expiresAt.toISOString()}::timestamptz`.as('expires_at'),
            createdAt: sql<Date>`now()`.as('created_at'),
          })
          .from(users)
          .where(eq(users.id, userId)),
      )
      .onConflictDoUpdate({ target: passwordResets.userId, set: { codeHash, tries: 0, expiresAt, createdAt: sql`now()` } })
      .returning({ userId: passwordResets.userId });
    if (stored && user) await recordResetCodeMessage(db, tx, user, code, randomUUID());
  });
}

/**
 * Sets a new password with the phone's last code. A wrong code uses up one of its tries (the
 * fifth ends it); a missing, expired, used-up or wrong code, or a phone with no account, is the
 * same 400 on `code`. The right code changes the password, ends every session of the account
 * (as a password change does) and is spent. Returns the account, for the caller to start the
 * new session of the device that asked.
 */
export async function resetPassword(db: Db, input: ResetPassword): Promise<SessionUser> {
  const { phone, code, password } = parseOrThrow(ResetPasswordSchema, input);
  const { userId } = await accountOf(db, phone);
  const offered = hashCode(userId, code);
  // Hashed before the row is locked, and whatever the code: no lock waits on it, and a wrong
  // code takes as long as the right one.
  const passwordHash = await hashPassword(password);
  const user = await db.transaction(async (tx) => {
    const [reset] = await tx.select().from(passwordResets).where(eq(passwordResets.userId, userId)).for('update');
    if (!reset || reset.expiresAt.getTime() <= Date.now() || reset.tries >= RESET_CODE_MAX_TRIES) return undefined;
    if (!sameHash(reset.codeHash, offered)) {
      await tx
        .update(passwordResets)
        .set({ tries: sql`${passwordResets.tries} + 1` })
        .where(eq(passwordResets.userId, userId));
      return undefined;
    }
    const [row] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    return row;
  });
  if (!user) throw fieldError('code', MSG.resetCodeInvalid);
  return { id: user.id, name: user.name, phone: user.phone, role: user.role, createdAt: user.createdAt, tokenVersion: user.tokenVersion };
}
