/** 6. Orders for the last pieces of a size, half through each process at once: exactly as many orders as pieces, the stock at 0. */
import type pg from 'pg';
import type { App } from '../apps.ts';
import { Client, describe } from '../client.ts';
import { RACE_ORDERS, RACE_PIECES } from '../settings.ts';
import { createProduct, Shopper } from '../shop.ts';

export async function checkLastPieces(proxyUrl: string, apps: [App, App], adminToken: string, db: pg.Pool, firstShopper: number): Promise<string[]> {
  const admin = new Client(apps[0].url);
  const product = await createProduct(admin, adminToken, { title: 'شورت السباق', price: 150, sizes: ['m'], quantity: RACE_PIECES });
  admin.close();
  const shoppers = Array.from({ length: RACE_ORDERS }, (_, i) => new Shopper(proxyUrl, firstShopper + i));
  try {
    const carts: string[] = [];
    for (const shopper of shoppers) {
      await shopper.signUp();
      const added = await shopper.addToCart(product.id, 'm');
      if (added.status !== 200 || !added.body?.data?._id) return [`adding to the cart: ${describe(added)}`];
      carts.push(added.body.data._id);
    }
    const direct = shoppers.map((shopper, i) => shopper.client.to(apps[i % 2]!.url));
    const replies = await Promise.all(shoppers.map((shopper, i) => shopper.placeOrder(carts[i]!, { client: direct[i] })));
    for (const client of direct) client.close();
    const failures: string[] = [];
    const placed = replies.filter((r) => r.status === 201).length;
    const refused = replies.filter((r) => r.status === 409).length;
    const other = replies.filter((r) => r.status !== 201 && r.status !== 409);
    if (placed !== RACE_PIECES) failures.push(`${placed} orders placed for ${RACE_PIECES} pieces`);
    if (refused !== RACE_ORDERS - RACE_PIECES) failures.push(`${refused} refused with 409, ${RACE_ORDERS - RACE_PIECES} expected`);
    for (const reply of other.slice(0, 3)) failures.push(`unexpected answer: ${describe(reply)}`);
    const stock = await db.query<{ quantity: number }>('select quantity from product_stock where product_id = $1 and size = $2', [product.id, 'm']);
    const stored = await db.query<{ n: string }>('select count(distinct order_id) as n from order_items where product_id = $1', [product.id]);
    if (stock.rows[0]?.quantity !== 0) failures.push(`the size's stock is ${stock.rows[0]?.quantity}, 0 expected`);
    if (Number(stored.rows[0]!.n) !== RACE_PIECES) failures.push(`${stored.rows[0]!.n} orders stored, ${RACE_PIECES} expected`);
    return failures;
  } finally {
    for (const shopper of shoppers) shopper.close();
  }
}
