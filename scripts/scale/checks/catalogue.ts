/** 3. A price edit on one process is seen on the other soon after: the catalogue cache's invalidation through Redis. */
import { setTimeout as sleep } from 'node:timers/promises';
import type { App } from '../apps.ts';
import { Client, describe } from '../client.ts';

/** Edits the price on `apps[0]` and asks `apps[1]` until it answers the new one; the milliseconds it took, or a failure. */
export async function priceSeenAfter(apps: [App, App], adminToken: string, productId: string, price: number, withinMs: number): Promise<string[]> {
  const [one, other] = [new Client(apps[0].url), new Client(apps[1].url)];
  try {
    // Read twice on the other process first, so its cache keeps the old answer.
    for (let i = 0; i < 2; i++) {
      const read = await other.send('GET', `/api/v1/products/${productId}`);
      if (read.status !== 200) return [`GET the product on ${apps[1].name}: ${describe(read)}`];
    }
    const form = new FormData();
    form.append('price', String(price));
    form.append('priceAfterDiscount', String(price));
    const edited = await one.send('PUT', `/api/v1/products/${productId}`, { token: adminToken, form });
    if (edited.status !== 200) return [`editing the price on ${apps[0].name}: ${describe(edited)}`];
    const since = Date.now();
    let seen: number | undefined;
    while (Date.now() - since <= withinMs) {
      const read = await other.send('GET', `/api/v1/products/${productId}`);
      seen = read.body?.data?.priceAfterDiscount;
      if (seen === price) return [];
      await sleep(20);
    }
    return [`${apps[1].name} still answers the price ${seen} ${withinMs} ms after ${apps[0].name} set ${price}`];
  } finally {
    one.close();
    other.close();
  }
}
