/** The shop's return rules (API.md "returns and exchanges"): the window after delivery and the return shipping fee. */
import { DEFAULT_RETURN_SETTINGS, type ReturnSettings, type ReturnSettingsChange } from '../../contracts/returns.ts';
import type { Db } from '../../db/client.ts';
import { returnSettings } from '../../db/schema.ts';
import type { Tx } from '../orders/order-lifecycle.ts';

/** The settings as they stand; a shop that set nothing has DEFAULT_RETURN_SETTINGS. */
export async function readReturnSettings(db: Db | Tx): Promise<ReturnSettings> {
  const [row] = await db.select().from(returnSettings).limit(1);
  return row ? { windowDays: row.windowDays, returnShippingFee: row.returnShippingFee } : { ...DEFAULT_RETURN_SETTINGS };
}

/** Applies the parts of `change` given (a checked PUT /returns/settings body) and answers the settings after it. */
export async function changeReturnSettings(db: Db, change: ReturnSettingsChange): Promise<ReturnSettings> {
  const set = {
    ...(change.windowDays !== undefined && { windowDays: change.windowDays }),
    ...(change.returnShippingFee !== undefined && { returnShippingFee: change.returnShippingFee }),
  };
  if (Object.keys(set).length > 0) {
    const now = new Date();
    await db
      .insert(returnSettings)
      .values({ id: 1, ...DEFAULT_RETURN_SETTINGS, ...set, updatedAt: now })
      .onConflictDoUpdate({ target: returnSettings.id, set: { ...set, updatedAt: now } });
  }
  return readReturnSettings(db);
}
