/** The footer's mailing list. */
import type { Db } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema.ts';

/** Stores an address; false when it was already subscribed. */
export async function subscribe(db: Db, email: string): Promise<boolean> {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  return inserted.length > 0;
}
