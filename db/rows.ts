/** Raw queries (`db.execute`) for what the query builder cannot say. */
import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The rows a raw query returns: node-postgres and PGlite both answer `{ rows }`. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * A column named with its table (`"carts"."user_id"`) in a raw fragment, whatever the statement
 * around it: Drizzle leaves the columns of a statement over one table unqualified, which a
 * subquery over other tables would read as its own (`"id"` is ambiguous there).
 */
export function qualified(column: AnyColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
