/** Invalidation: every catalogue change empties the kept answers, in this process and, through Redis, in the others. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { onCatalogueChange } from '../../../core/catalogue-changes.ts';
import type { Db } from '../../../db/client.ts';
import type { ResponseCache } from './response-store.ts';

/**
 * Empties `cache` on every catalogue change (core/catalogue-changes.ts) until `app` closes: this
 * process's own, which it announces to the other processes on Redis when `redisUrl` is set, and
 * theirs. Gives whether the cache may be used: not while the others' changes are not listened to.
 */
export async function emptyOnCatalogueChange(
  app: FastifyInstance,
  db: Db,
  cache: Pick<ResponseCache, 'invalidate'>,
  settings: { redisUrl?: string; channel: string },
): Promise<() => boolean> {
  const channel = settings.redisUrl ? new RedisCatalogueChannel(settings.redisUrl, settings.channel, () => cache.invalidate(), app.log) : undefined;
  if (channel) await channel.start();
  const stopListening = onCatalogueChange(db, () => {
    cache.invalidate();
    channel?.publish();
  });
  app.addHook('onClose', async () => {
    stopListening();
    await channel?.close();
  });
  return () => !channel || channel.listening;
}

/**
 * Catalogue changes between processes, on a Redis channel: each process publishes its own and
 * drops its cache on the others'. A subscriber that lost its connection may have missed some:
 * until it is back (and then with its cache emptied) `listening` is false.
 */
class RedisCatalogueChannel {
  private publisher: Redis;
  private subscriber: Redis;
  private id = randomUUID();
  listening = false;

  constructor(
    url: string,
    private channel: string,
    onRemoteChange: () => void,
    log: FastifyInstance['log'],
  ) {
    this.publisher = new Redis(url, { maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(url);
    this.publisher.on('error', (error) => log.warn({ err: error }, 'catalogue cache: Redis (publishing)'));
    this.subscriber.on('error', (error) => log.warn({ err: error }, 'catalogue cache: Redis (listening)'));
    this.subscriber.on('message', (from, message) => {
      if (from === channel && message !== this.id) onRemoteChange();
    });
    this.subscriber.on('close', () => {
      this.listening = false;
    });
    // ioredis subscribes again after a reconnection; changes made meanwhile were not heard.
    this.subscriber.on('ready', () => {
      if (this.listening) return;
      onRemoteChange();
      this.listening = true;
    });
  }

  async start(): Promise<void> {
    await this.subscriber.subscribe(this.channel);
    this.listening = true;
  }

  publish(): void {
    this.publisher.publish(this.channel, this.id).catch(() => {
      // Logged by the 'error' listener; the other processes' copies expire with their TTL.
    });
  }

  async close(): Promise<void> {
    this.listening = false;
    await Promise.allSettled([this.publisher.quit(), this.subscriber.quit()]);
  }
}
