/** The customers' load: each one logs in and orders again and again, through kills and database faults. */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { GOVERNORATES, MSG } from '../../contracts/index.ts';
import { ask, describeReply, isPromisedUnavailable, parseBody, type Body, type Reply } from './http.ts';
import { ANSWER_WITHIN_MS, FAULT_GRACE_MS, PASSWORD, RETRY_UNAVAILABLE_MS } from './settings.ts';
import type { Shop } from './shop.ts';

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

interface Answer {
  status: number;
  body: Body | undefined;
  reply: Reply;
  /** Sent more than once before this answer came. */
  retried: boolean;
  /** When the request that got this answer was sent. */
  sentAt: number;
  /** The database fault it was under way during. */
  fault: Fault | undefined;
}

export interface Acknowledged {
  userId: string;
  key: string;
  orderId: string;
  sentAt: number;
  answeredAt: number;
}

/** A database fault the check causes, and what the customers met while it lasted. */
export interface Fault {
  from: number;
  /**
   * When it ended. Requests under way at any moment from `from` to FAULT_GRACE_MS after this
   * count as met by it, those already sent when it began included.
   */
  until: number | undefined;
  /** Answers the API does not promise, and requests the server never answered. */
  unexpected: string[];
  /** Answers 503 with Retry-After and the Arabic message, each followed by the same request again. */
  unavailable: number;
}

export class Customers {
  readonly acknowledged: Acknowledged[] = [];
  /** Unexpected answers outside the database faults. */
  readonly unexpected: string[] = [];
  private readonly faults: Fault[] = [];
  /** Orders whose 201 came only after asking again with the same key. */
  answeredAfterRetry = 0;
  /** Requests that a kill cut or refused, sent again. */
  resent = 0;
  stopping = false;

  constructor(
    private readonly baseUrl: string,
    private readonly shop: Shop,
  ) {}

  /** A request it meets may be answered with the promised 503, and is then asked again. */
  beginFault(): Fault {
    const fault: Fault = { from: Date.now(), until: undefined, unexpected: [], unavailable: 0 };
    this.faults.push(fault);
    return fault;
  }

  private faultDuring(sentAt: number, answeredAt: number): Fault | undefined {
    return this.faults.find((f) => answeredAt >= f.from && (f.until === undefined || sentAt <= f.until + FAULT_GRACE_MS));
  }

  /**
   * Asks until the server answers: a request cut by a kill, or refused while the server is
   * down, is sent again unchanged, Idempotency-Key included; so is one answered with the
   * promised 503 during a database fault. A request left unanswered during a fault counts
   * against it: the server should have stayed up.
   */
  async call(method: string, url: string, token: string | undefined, body?: unknown, idempotencyKey?: string): Promise<Answer> {
    const deadline = Date.now() + ANSWER_WITHIN_MS;
    let retried = false;
    for (;;) {
      const sentAt = Date.now();
      const reply = await ask(this.baseUrl, method, `/api/v1${url}`, { token, body, idempotencyKey });
      const fault = this.faultDuring(sentAt, Date.now());
      if (reply.status === 0) {
        fault?.unexpected.push(`${method} ${url}: ${describeReply(reply)}`);
        if (Date.now() > deadline) throw new Error(`${method} ${url}: no answer for ${ANSWER_WITHIN_MS / 1000} s (${reply.text})`);
        if (!retried) this.resent++;
        retried = true;
        await sleep(100);
        continue;
      }
      if (fault && isPromisedUnavailable(reply)) {
        fault.unavailable++;
        retried = true;
        await sleep(RETRY_UNAVAILABLE_MS);
        continue;
      }
      return { status: reply.status, body: parseBody(reply.text), reply, retried, sentAt, fault };
    }
  }

  private expect(answer: Answer, what: string, allowed: number[]): boolean {
    if (allowed.includes(answer.status)) return true;
    (answer.fault?.unexpected ?? this.unexpected).push(`${what}: ${describeReply(answer.reply)}`);
    return false;
  }

  /** The first order acknowledged for a request sent at or after `since`, waited for until `withinMs` after it. */
  async orderSince(since: number, withinMs: number): Promise<Acknowledged | undefined> {
    for (;;) {
      const order = this.acknowledged.find((ack) => ack.sentAt >= since);
      if (order || Date.now() > since + withinMs) return order;
      await sleep(50);
    }
  }

  async shopAs(customer: { phone: string }): Promise<void> {
    const login = await this.call('POST', '/auth/login', undefined, { phone: customer.phone, password: PASSWORD });
    if (!this.expect(login, 'login', [200])) return;
    const token = login.body!.token!;
    const userId = login.body!.data!._id;
    let cartId: string | undefined;
    while (!this.stopping) {
      const pieces = 1 + Math.floor(Math.random() * 3);
      for (let n = 0; n < pieces; n++) {
        const product = pick(this.shop.products);
        // 409: sold out, or the cart already holds all that is left.
        const added = await this.call('POST', '/cart', token, { productId: product.id, color: pick(product.sizes) });
        if (this.expect(added, 'add to cart', [200, 409]) && added.status === 200) cartId = added.body!.data!._id;
      }
      if (!cartId) continue;
      const key = randomUUID();
      const shippingAddress = { details: '12 شارع التحرير', district: 'وسط البلد', phone: customer.phone, shippingCity: pick(GOVERNORATES) };
      const placed = await this.call('POST', `/orders/${cartId}`, token, { shippingAddress }, key);
      // An empty cart (every add refused) is a 400; a line sold out since it was added, a 409.
      const emptyCart = placed.status === 400 && placed.body?.errors?.some((e) => e.msg === MSG.cartEmpty);
      if (!emptyCart && !this.expect(placed, 'place order', [201, 409])) continue;
      if (placed.status === 201) {
        this.acknowledged.push({ userId, key, orderId: placed.body!.data!._id, sentAt: placed.sentAt, answeredAt: Date.now() });
        if (placed.retried) this.answeredAfterRetry++;
      } else if (placed.status === 409) {
        await this.emptyCart(token);
      }
    }
  }

  private async emptyCart(token: string): Promise<void> {
    const cart = await this.call('GET', '/cart', token);
    if (!this.expect(cart, 'read cart', [200])) return;
    for (const line of cart.body!.data!.products!) {
      // 404: a delete cut by a kill, or answered 503 after it was done, had already removed the line.
      this.expect(await this.call('DELETE', `/cart/${line._id}`, token), 'remove cart line', [200, 404]);
    }
  }
}
