/** Staff views of customers: the list, one customer's record, and the admin role. */
import { count, desc, eq, like, sql, sum } from 'drizzle-orm';
import { MSG } from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { orders, users } from '../../db/schema.ts';
import type { User } from './auth.ts';
import { AppError } from '../shared/errors.ts';
import { amountDueSql } from '../shared/money.ts';
import { offsetOf, toPage, type Page } from '../shared/pagination.ts';

const userColumns = {
  id: users.id,
  name: users.name,
  phone: users.phone,
  role: users.role,
  createdAt: users.createdAt,
};

export interface UserDetails extends User {
  ordersCount: number;
  /** The amounts due of all their orders (see money.ts), shipping included. */
  totalSpent: number;
}

/** LIKE treats `%` and `_` as wildcards; a caller that skipped the schema must still match them literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users newest first, optionally those whose phone contains `phone`. */
export async function listUsers(db: Db, query: { page: number; limit: number; phone?: string }): Promise<Page<User>> {
  const where = query.phone ? like(users.phone, `%${escapeLike(query.phone)}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return toPage(rows, total?.n ?? 0, query.page, query.limit);
}

export async function getUser(db: Db, id: string): Promise<User> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError(404, MSG.userNotFound);
  return row;
}

/** A user with how many orders they placed and what they spent, shipping included. */
export async function getUserDetails(db: Db, id: string): Promise<UserDetails> {
  const user = await getUser(db, id);
  const [stats] = await db
    .select({
      ordersCount: count(),
      totalSpent: sum(amountDueSql),
    })
    .from(orders)
    .where(eq(orders.userId, id));
  return { ...user, ordersCount: stats?.ordersCount ?? 0, totalSpent: Number(stats?.totalSpent ?? 0) };
}

/**
 * Makes a user an admin or a customer. The last admin cannot be demoted, so the shop never
 * locks its staff out; the change ends the user's existing sessions.
 */
export async function setUserRole(db: Db, id: string, role: 'user' | 'admin'): Promise<User> {
  return db.transaction(async (tx) => {
    // Lock every admin row so two admins demoting each other cannot both succeed.
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
    const [target] = await tx.select(userColumns).from(users).where(eq(users.id, id)).for('update');
    if (!target) throw new AppError(404, MSG.userNotFound);
    if (target.role === role) return target;
    if (role === 'user' && admins.length <= 1) throw new AppError(409, MSG.lastAdmin);
    const [updated] = await tx
      .update(users)
      .set({ role, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning(userColumns);
    return updated!;
  });
}
