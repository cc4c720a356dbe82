/**
 * Shoppers through HAProxy while a process is killed or stopped: each reads the catalogue and a
 * product, adds a piece to the cart and orders with an Idempotency-Key, again and again. A failed
 * order is sent again with the same key until it is answered, as API.md asks of a client.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, type Reply } from './client.ts';
import { Shopper } from './shop.ts';

/** An order the shop acknowledged (201), with the key it was sent under. */
export interface Acknowledged {
  shopper: Shopper;
  cartId: string;
  key: string;
  orderId: string;
  /** Its first sending got no 201 (cut, 502, 503): it was sent again with the same key. */
  resent: boolean;
}

/** A request that got no answer or a 5xx. */
export interface Failed {
  what: string;
  reply: Reply;
}

const failedReply = (reply: Reply) => reply.status === 0 || reply.status >= 500;

export class Load {
  readonly acknowledged: Acknowledged[] = [];
  readonly failedGets: Failed[] = [];
  readonly failedPosts: Failed[] = [];
  /** Orders refused for good (not 201 after asking again for 20 s). */
  readonly lostOrders: string[] = [];
  requests = 0;
  private stopping = false;
  private running: Promise<void>[] = [];

  constructor(
    private readonly shoppers: Shopper[],
    private readonly productId: string,
    private readonly size: string,
  ) {}

  start(): void {
    this.stopping = false;
    this.running = this.shoppers.map((shopper) => this.shop(shopper));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.running);
  }

  private async ask(what: string, request: () => Promise<Reply>, get: boolean): Promise<Reply> {
    this.requests++;
    const reply = await request();
    if (failedReply(reply)) (get ? this.failedGets : this.failedPosts).push({ what, reply });
    return reply;
  }

  private async shop(shopper: Shopper): Promise<void> {
    const { client } = shopper;
    while (!this.stopping) {
      await this.ask('GET /api/v1/products', () => client.send('GET', '/api/v1/products?limit=5'), true);
      await this.ask('GET /api/v1/products/:id', () => client.send('GET', `/api/v1/products/${this.productId}`), true);
      await this.ask('GET /product/:id', () => client.send('GET', `/product/${this.productId}`), true);
      const added = await this.ask('POST /api/v1/cart', () => shopper.addToCart(this.productId, this.size), false);
      if (added.status !== 200 || !added.body?.data?._id) continue;
      await this.order(shopper, added.body.data._id);
      await sleep(20);
    }
  }

  private async order(shopper: Shopper, cartId: string): Promise<void> {
    const key = randomUUID();
    const deadline = Date.now() + 20_000;
    let resent = false;
    for (;;) {
      const placed = await this.ask('POST /api/v1/orders/:cartId', () => shopper.placeOrder(cartId, { key }), false);
      if (placed.status === 201 && placed.body?.data?._id) {
        this.acknowledged.push({ shopper, cartId, key, orderId: placed.body.data._id, resent });
        return;
      }
      if (!failedReply(placed) || Date.now() > deadline) {
        this.lostOrders.push(`key ${key}: ${describe(placed)}`);
        return;
      }
      resent = true;
      await sleep(200);
    }
  }
}
