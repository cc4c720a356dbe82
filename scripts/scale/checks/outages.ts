/**
 * 10. Redis stopped: logins, searches and product pages through HAProxy answer, never 5xx; then
 * Redis is back and a price edit reaches the other process again. 11. The bucket stopped:
 * nothing answers 500, a picture is at most a 503 with Retry-After; then the bucket is back.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { App } from '../apps.ts';
import { Client, describe, type Reply } from '../client.ts';
import type { PrivateRedis, S3Server } from '../services.ts';
import { OUTAGE_ROUNDS, PASSWORD } from '../settings.ts';
import { createProduct, type Shopper } from '../shop.ts';
import { priceSeenAfter } from './catalogue.ts';

const serverError = (reply: Reply) => reply.status === 0 || reply.status >= 500;

/** The requests a shopper makes while a service is away, through HAProxy; each 5xx or unanswered one. */
async function shopperRounds(shopper: Shopper, productId: string, extra: (failures: string[]) => Promise<void>): Promise<string[]> {
  const failures: string[] = [];
  const { client } = shopper;
  const expect = (what: string, reply: Reply) => serverError(reply) && failures.push(`${what}: ${describe(reply)}`);
  for (let round = 0; round < OUTAGE_ROUNDS; round++) {
    const login = await client.login(shopper.phone, PASSWORD);
    expect('login', login.reply);
    if (!serverError(login.reply) && !login.token) failures.push(`login: ${describe(login.reply)}`);
    expect('search', await client.send('GET', `/api/v1/products?keyword=${encodeURIComponent('قميص')}`));
    expect('search page', await client.send('GET', `/search?keyword=${encodeURIComponent('تيشيرت')}`));
    expect('product', await client.send('GET', `/api/v1/products/${productId}`));
    expect('product page', await client.send('GET', `/product/${productId}`));
    expect('home page', await client.send('GET', '/'));
    await extra(failures);
  }
  return failures;
}

export async function checkRedisAway(redis: PrivateRedis, shopper: Shopper, apps: [App, App], adminToken: string, productId: string): Promise<string[]> {
  await redis.stop();
  let failures: string[];
  try {
    failures = await shopperRounds(shopper, productId, async () => {
      // Some answers after Redis went away, and some after the processes noticed.
      await sleep(500);
    });
  } finally {
    await redis.resume();
  }
  // Back: the subscription comes back by itself and invalidation reaches the other process again.
  const deadline = Date.now() + 15_000;
  let again: string[] = [];
  for (let price = 401; Date.now() < deadline; price++) {
    again = await priceSeenAfter(apps, adminToken, productId, price, 1_000);
    if (again.length === 0) break;
  }
  return [...failures, ...again.map((f) => `after Redis came back: ${f}`)];
}

export async function checkBucketAway(s3: S3Server, shopper: Shopper, proxyUrl: string, adminToken: string, productId: string, picture: string): Promise<string[]> {
  await s3.stop();
  const admin = new Client(proxyUrl);
  let failures: string[];
  try {
    failures = await shopperRounds(shopper, productId, async (found) => {
      const image = await shopper.client.send('GET', `/products/${picture}`);
      const promised = image.status === 200 || (image.status === 503 && /^[1-9][0-9]*$/.test(String(image.headers['retry-after'] ?? '')));
      if (!promised) found.push(`picture: ${describe(image)} (200, or 503 with Retry-After)`);
      // A new picture cannot be kept: refused with a 503 and Retry-After, never a 500.
      await createProduct(admin, adminToken, { title: 'قميص أثناء الانقطاع', price: 120, sizes: ['m'], quantity: 1 }).catch((error: Error) => {
        if (!/: 503 Retry-After: [1-9]/.test(error.message)) found.push(error.message);
      });
    });
  } finally {
    admin.close();
    await s3.resume();
  }
  const back = await shopper.client.send('GET', `/products/${picture}`);
  if (back.status !== 200) failures.push(`the picture once the bucket is back: ${describe(back)}`);
  return failures;
}
