/**
 * 5. Login attempts from one address, spread over both processes by HAProxy, reach the limit at
 * AUTH_RATE_LIMIT in all; an X-Forwarded-For the client writes does not move them.
 */
import { randomInt } from 'node:crypto';
import type { App } from '../apps.ts';
import { Client, describe, shopperAddress } from '../client.ts';

const strangerPhone = () => `012${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

export async function checkLoginLimits(proxyUrl: string, apps: [App, App], limit: number, n: number): Promise<string[]> {
  const address = shopperAddress(n);
  const client = new Client(proxyUrl, address);
  const failures: string[] = [];
  const attempt = (c: Client, headers?: Record<string, string>) =>
    c.send('POST', '/api/v1/auth/login', { json: { phone: strangerPhone(), password: 'not-the-password' }, headers });
  try {
    for (let i = 1; i <= limit; i++) {
      const reply = await attempt(client);
      if (reply.status !== 401) failures.push(`attempt ${i} of ${limit} through HAProxy: ${describe(reply)} (401 expected)`);
    }
    const over = await attempt(client);
    if (over.status !== 429) failures.push(`attempt ${limit + 1} through HAProxy: ${describe(over)} (429 expected: the processes do not share their counts)`);
    // Each process on its own knows the address has used its attempts.
    for (const app of apps) {
      const direct = client.to(app.url);
      const reply = await attempt(direct);
      direct.close();
      if (reply.status !== 429) failures.push(`another attempt straight to ${app.name}: ${describe(reply)} (429 expected)`);
    }
    for (const spoofed of ['203.0.113.7', '198.51.100.1, 203.0.113.9', '127.0.0.1']) {
      const reply = await attempt(client, { 'x-forwarded-for': spoofed });
      if (reply.status !== 429) failures.push(`with X-Forwarded-For: ${spoofed}: ${describe(reply)} (429 expected)`);
    }
    // Another address is not held by this one's attempts.
    const stranger = new Client(proxyUrl, shopperAddress(n + 1));
    const fresh = await attempt(stranger);
    stranger.close();
    if (fresh.status !== 401) failures.push(`an attempt from another address: ${describe(fresh)} (401 expected)`);
  } finally {
    client.close();
  }
  return failures;
}
