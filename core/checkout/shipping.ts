/** The shop's shipping rules (API.md "shipping by governorate"): each governorate's fee, free shipping from an items total, the cash-on-delivery fee. */
import { desc, eq } from 'drizzle-orm';
import { DEFAULT_SHIPPING_RULES, GOVERNORATES, type Governorate, type ShippingRules, type ShippingRulesChange } from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { orders, shippingFees, shippingRules } from '../../db/schema.ts';
import { catalogueChanged } from '../catalogue/catalogue-changes.ts';
import type { Tx } from '../orders/order-lifecycle.ts';

/** The rules as they stand: every governorate in list order, a governorate never set at the default fee. */
export async function readShippingRules(db: Db | Tx): Promise<ShippingRules> {
  const [fees, [rules]] = await Promise.all([db.select().from(shippingFees), db.select().from(shippingRules).limit(1)]);
  const set = new Map(fees.map((f) => [f.governorate, f.fee]));
  return {
    fees: DEFAULT_SHIPPING_RULES.fees.map(({ governorate, fee }) => ({ governorate, fee: set.get(governorate) ?? fee })),
    freeShippingFrom: rules ? rules.freeShippingFrom : DEFAULT_SHIPPING_RULES.freeShippingFrom,
    codFee: rules ? rules.codFee : DEFAULT_SHIPPING_RULES.codFee,
  };
}

/**
 * Applies the parts of `change` given (a checked PUT /shipping body) in one transaction and
 * answers the rules after it. Placed orders keep what they were charged.
 */
export async function changeShippingRules(db: Db, change: ShippingRulesChange): Promise<ShippingRules> {
  await db.transaction(async (tx) => {
    const now = new Date();
    for (const { governorate, fee } of change.fees ?? []) {
      await tx.insert(shippingFees).values({ governorate, fee, updatedAt: now }).onConflictDoUpdate({ target: shippingFees.governorate, set: { fee, updatedAt: now } });
    }
    const rules = {
      ...(change.freeShippingFrom !== undefined && { freeShippingFrom: change.freeShippingFrom }),
      ...(change.codFee !== undefined && { codFee: change.codFee }),
    };
    if (Object.keys(rules).length > 0) {
      await tx
        .insert(shippingRules)
        .values({ id: 1, ...rules, updatedAt: now })
        .onConflictDoUpdate({ target: shippingRules.id, set: { ...rules, updatedAt: now } });
    }
  });
  // The home page's free-shipping strip and the static pages name the charges.
  catalogueChanged(db);
  return readShippingRules(db);
}

/** The governorate of the customer's last order, where checkout starts; undefined before the first. */
export async function readLastGovernorate(db: Db, userId: string): Promise<Governorate | undefined> {
  const [last] = await db
    .select({ city: orders.shippingCity })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(1);
  return GOVERNORATES.find((governorate) => governorate === last?.city);
}
