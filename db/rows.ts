/** Raw queries (`db.execute`) for what the query builder cannot say. */
import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The rows a raw query returns: node-postgres and PGlite both answer `{ rows }`. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
