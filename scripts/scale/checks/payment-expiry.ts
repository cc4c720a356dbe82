/** 7. Unpaid card orders, their time moved into the past, are cancelled once each by the sweep of one process. */
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { describe } from '../client.ts';
import { CARD_ORDERS, EXPIRED_WITHIN_MS } from '../settings.ts';
import { Shopper } from '../shop.ts';

export async function checkPaymentExpiry(proxyUrl: string, productId: string, db: pg.Pool, firstShopper: number): Promise<string[]> {
  const shoppers = Array.from({ length: CARD_ORDERS }, (_, i) => new Shopper(proxyUrl, firstShopper + i));
  const ids: string[] = [];
  try {
    for (const shopper of shoppers) {
      await shopper.signUp();
      const added = await shopper.addToCart(productId, 'm');
      if (added.status !== 200 || !added.body?.data?._id) return [`adding to the cart: ${describe(added)}`];
      const placed = await shopper.placeOrder(added.body.data._id, { card: true });
      if (placed.status !== 201 || placed.body?.data?.status !== 'awaiting_payment') return [`placing a card order: ${describe(placed)}`];
      ids.push(placed.body.data._id);
    }
  } finally {
    for (const shopper of shoppers) shopper.close();
  }
  await db.query(`update orders set payment_due_at = now() - interval '1 minute' where id = any($1::uuid[])`, [ids]);
  const since = Date.now();
  let open = ids.length;
  while (Date.now() - since < EXPIRED_WITHIN_MS) {
    const left = await db.query<{ n: string }>(`select count(*) as n from orders where id = any($1::uuid[]) and status <> 'cancelled'`, [ids]);
    open = Number(left.rows[0]!.n);
    if (open === 0) break;
    await sleep(250);
  }
  if (open > 0) return [`${open} of ${ids.length} orders not cancelled ${EXPIRED_WITHIN_MS / 1000} s after their time`];
  // A second sweep, on either process, must find nothing left to do.
  await sleep(4_000);
  const failures: string[] = [];
  const history = await db.query<{ order_id: string; n: string }>(
    `select order_id, count(*) as n from order_status_history where order_id = any($1::uuid[]) and status = 'cancelled' group by order_id`,
    [ids],
  );
  const returned = await db.query<{ order_id: string; n: string; pieces: string }>(
    `select order_id, count(*) as n, sum(quantity_after - quantity_before) as pieces from stock_movements
      where order_id = any($1::uuid[]) and reason = 'payment_expired' group by order_id`,
    [ids],
  );
  for (const id of ids) {
    const cancelled = Number(history.rows.find((r) => r.order_id === id)?.n ?? 0);
    const back = returned.rows.find((r) => r.order_id === id);
    if (cancelled !== 1) failures.push(`order ${id}: ${cancelled} 'cancelled' entries in its history`);
    if (Number(back?.n ?? 0) !== 1 || Number(back?.pieces ?? 0) !== 1) failures.push(`order ${id}: its piece returned ${back?.n ?? 0} time(s) (${back?.pieces ?? 0} pieces)`);
  }
  return failures;
}
