/** The footer's mailing list. */
import type { Db } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema.ts';

/**
 * Stores an address once. It tells nobody whether the address was already on the list: the
 * answer must not let anyone find out who subscribed (API.md, POST /newsletter).
 */
export async function subscribe(db: Db, email: string): Promise<void> {
  await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
}
