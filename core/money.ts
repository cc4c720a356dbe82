/** The money rules of contracts/money.ts where the database must apply them itself. */
import { sql } from 'drizzle-orm';
import { orders } from '../db/schema.ts';

/**
 * An order's amount due (contracts/money.ts orderTotal) in SQL, for sums over many orders:
 * revenue, sales, a customer's spending.
 */
export const amountDueSql = sql<string>`ceil(${orders.totalOrderPrice}) + ${orders.shippingPrice}`;
