/**
 * Secrets every process of the shop shares through its database (shop_secrets), so nothing
 * beyond the database has to be handed to each process.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shopSecrets } from '../../db/schema.ts';

/** The name of the session tokens' signing secret (decision 019). */
export const SESSION_TOKEN_SECRET = 'session-token';

/**
 * The secret called `name`: the one stored, or else `candidate`, stored now. Processes asking
 * at once all get the one that was stored first (insert ... on conflict do nothing, then read).
 */
export async function keepSecret(db: Db, name: string, candidate: string): Promise<string> {
  await db.insert(shopSecrets).values({ name, value: candidate }).onConflictDoNothing({ target: shopSecrets.name });
  const [row] = await db.select({ value: shopSecrets.value }).from(shopSecrets).where(eq(shopSecrets.name, name));
  return row!.value;
}

/**
 * The secret session tokens are signed with: `configured` (JWT_SECRET) when given, else the
 * shop's own in the database, made once at random, or from `earlier` (the secret an older
 * release kept in the data folder) so the sessions it signed stay valid.
 */
export function sessionTokenSecret(db: Db, { configured, earlier }: { configured?: string; earlier?: string }): Promise<string> {
  if (configured) return Promise.resolve(configured);
  return keepSecret(db, SESSION_TOKEN_SECRET, earlier ?? randomBytes(48).toString('base64url'));
}
