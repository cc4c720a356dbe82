/**
 * The shop's connections to Redis, which is optional at every moment: a connection is made in
 * the background (nothing waits for it at start), a command sent while it is away fails at once
 * instead of queueing, and its going and its coming back are logged once each.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/** How long a command may take before it counts as failed: a Redis that answers does so in a millisecond. */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

export type RedisLog = Pick<FastifyBaseLogger, 'warn' | 'info'>;

/** Where and what to log when Redis goes (a warning) and when it is back. */
export interface RedisWatch {
  log: RedisLog;
  away: string;
  back: string;
}

/** One connection to Redis, with whether it is there now; what it is for is its owner's business. */
export class RedisLink {
  readonly redis: Redis;
  private state: 'starting' | 'up' | 'away' = 'starting';
  private closing = false;

  /** Without `watch`, nothing is logged. */
  constructor(
    url: string,
    private watch: RedisWatch | undefined,
    options: RedisOptions = {},
  ) {
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: 2_000,
      ...options,
    });
    this.redis.on('ready', () => this.answered());
    // Every failed reconnection is an 'error'; only the first after a good spell is logged.
    this.redis.on('error', (error: Error) => this.failed(error));
    this.redis.on('close', () => this.failed());
  }

  /** Connected now: a command sent is answered (or times out), not refused. */
  get ready(): boolean {
    return this.redis.status === 'ready';
  }

  /** A command was answered: Redis is there (logged if it had gone). */
  answered(): void {
    if (this.state === 'away') this.watch?.log.info(this.watch.back);
    this.state = 'up';
  }

  /** A command or the connection failed: Redis is away (logged if it was there, or at start). */
  failed(error?: unknown): void {
    if (this.closing || this.state === 'away') return;
    this.state = 'away';
    this.watch?.log.warn(error ? { err: error } : {}, this.watch.away);
  }

  /** Ends the connection without waiting for Redis, which may be away. */
  close(): void {
    this.closing = true;
    this.redis.disconnect();
  }
}
