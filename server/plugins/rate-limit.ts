/**
 * Fixed-window attempt counters for login and signup, kept per phone and per address. In
 * memory for one process; in Redis when several processes share the load.
 */
import { Redis } from 'ioredis';
import { MSG, toAsciiDigits } from '../../contracts/index.ts';
import { AppError } from '../../core/errors.ts';

export interface AttemptStore {
  /** Counts one attempt under `key`; returns the count in this window and the ms until it ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  close(): Promise<void>;
}

export class MemoryAttemptStore implements AttemptStore {
  private windows = new Map<string, { count: number; endsAt: number }>();

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      if (this.windows.size > 100_000) this.sweep(now);
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetMs: window.endsAt - now };
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }

  async close() {
    this.windows.clear();
  }
}

export class RedisAttemptStore implements AttemptStore {
  private redis: Redis;

  constructor(url: string, private prefix = 'store:attempts:') {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  }

  async hit(key: string, windowMs: number) {
    const name = this.prefix + key;
    const [[, count], [, ttl]] = (await this.redis.multi().incr(name).pttl(name).exec()) as [[null, number], [null, number]];
    if (ttl < 0) {
      await this.redis.pexpire(name, windowMs);
      return { count, resetMs: windowMs };
    }
    return { count, resetMs: ttl };
  }

  async close() {
    await this.redis.quit();
  }
}

export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfter: number) {
    super(429, MSG.tooManyAttempts);
  }
}

export interface AttemptLimiter {
  /** Counts an attempt under every key; throws a 429 naming the longest wait when any is over. */
  check(keys: string[]): Promise<void>;
}

export function createAttemptLimiter(store: AttemptStore, perMinute: number): AttemptLimiter {
  const windowMs = 60_000;
  return {
    async check(keys) {
      const results = await Promise.all(keys.map((key) => store.hit(key, windowMs)));
      const over = results.filter((r) => r.count > perMinute);
      if (over.length > 0) throw new TooManyAttemptsError(Math.ceil(Math.max(...over.map((r) => r.resetMs)) / 1000));
    },
  };
}

/**
 * The keys a login or signup attempt counts under: the client's address and the phone tried,
 * folded as the login form folds it (٠١٠٠٠٠٠٠٠٠٢ is 01000000002), so no spelling of a number
 * gets a count of its own.
 */
export function authAttemptKeys(ip: string, phone: unknown): string[] {
  const folded = toAsciiDigits(phone);
  const digits = typeof folded === 'string' ? folded.replace(/\D/g, '') : '';
  return [`ip:${ip}`, ...(digits ? [`phone:${digits}`] : [])];
}
