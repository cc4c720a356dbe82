/** The money rules of contracts/money.ts where the database must apply them itself. */
import { sql } from 'drizzle-orm';
import { orders } from '../../db/schema.ts';

/**
 * An order's amount due (contracts/money.ts orderTotal) in SQL, for sums over many orders:
 * revenue, sales, a customer's spending. The discount comes off the items rounded up, never
 * below 0.
 */
export const amountDueSql = sql<string>`greatest(ceil(${orders.totalOrderPrice}) - ${orders.discount}, 0) + ${orders.shippingPrice}`;
