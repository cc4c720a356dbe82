/** Invalidation: every catalogue change empties the kept answers, in this process and, through Redis, in the others. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { onCatalogueChange } from '../../../core/catalogue/catalogue-changes.ts';
import type { Db } from '../../../db/client.ts';
import { RedisLink } from '../../redis.ts';
import type { ResponseCache } from './response-store.ts';

/**
 * Empties `cache` on every catalogue change (core/catalogue/catalogue-changes.ts) until `app` closes: this
 * process's own, which it announces to the other processes on Redis when `redisUrl` is set, and
 * theirs. Gives whether the cache may be used: not while the others' changes are not listened to.
 */
export function emptyOnCatalogueChange(
  app: FastifyInstance,
  db: Db,
  cache: Pick<ResponseCache, 'invalidate'>,
  settings: { redisUrl?: string; channel: string },
): () => boolean {
  const channel = settings.redisUrl ? new RedisCatalogueChannel(settings.redisUrl, settings.channel, () => cache.invalidate(), app.log) : undefined;
  const stopListening = onCatalogueChange(db, () => {
    cache.invalidate();
    channel?.publish();
  });
  app.addHook('onClose', async () => {
    stopListening();
    channel?.close();
  });
  return () => !channel || channel.listening;
}

/**
 * Catalogue changes between processes, on a Redis channel: each process publishes its own and
 * drops its cache on the others'. Nothing waits for Redis: the subscription is made whenever the
 * connection is ready, at start or after Redis was away. A subscriber that lost its connection
 * may have missed changes: until it is subscribed again (and then with its cache emptied)
 * `listening` is false.
 */
class RedisCatalogueChannel {
  private publisher: RedisLink;
  private subscriber: RedisLink;
  private id = randomUUID();
  listening = false;

  constructor(
    url: string,
    private channel: string,
    private onRemoteChange: () => void,
    log: FastifyInstance['log'],
  ) {
    // The subscriber's going and coming back are what matter: it decides whether answers are kept.
    this.publisher = new RedisLink(url, undefined);
    this.subscriber = new RedisLink(
      url,
      {
        log,
        away: 'Redis is out of reach: the catalogue cache keeps no answers until it listens for changes again',
        back: 'Redis is back: the catalogue cache listens for changes again, and keeps answers',
      },
      { autoResubscribe: false },
    );
    this.subscriber.redis.on('message', (from: string, message: string) => {
      if (from === channel && message !== this.id) onRemoteChange();
    });
    this.subscriber.redis.on('close', () => {
      this.listening = false;
    });
    this.subscriber.redis.on('ready', () => this.subscribe());
  }

  private subscribe(): void {
    this.subscriber.redis.subscribe(this.channel).then(
      () => {
        // Changes made while no one listened were not heard: what is kept may be older than them.
        this.onRemoteChange();
        this.listening = true;
      },
      (error: unknown) => this.subscriber.failed(error),
    );
  }

  publish(): void {
    this.publisher.redis.publish(this.channel, this.id).catch(() => {
      // Redis away: the other processes are not listening either, or their copies end with their TTL.
    });
  }

  close(): void {
    this.listening = false;
    this.publisher.close();
    this.subscriber.close();
  }
}
