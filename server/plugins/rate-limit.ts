/**
 * Fixed-window attempt counters for login, signup, searches, the sitemap and the mailing list,
 * kept per address, per phone and per account. In memory for one process, with a ceiling on the
 * keys it holds; in Redis when several processes share the load (in memory while Redis is away).
 * Keys come from checked input only: a phone that is no Egyptian mobile number is never a key,
 * so junk cannot fill the store.
 */
import type { Redis } from 'ioredis';
import { MSG, PHONE_PATTERN, toAsciiDigits } from '../../contracts/index.ts';
import { AppError } from '../../core/shared/errors.ts';
import { RedisLink, type RedisLog } from '../redis.ts';

export interface AttemptStore {
  /** Counts one attempt under `key`; returns the count in this window and the ms until it ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /** The count under `key` in its current window, without counting (0 when there is none). */
  peek(key: string): Promise<{ count: number; resetMs: number }>;
  close(): Promise<void>;
}

/** Keys the memory store holds at most; past it the oldest windows are dropped. */
export const MEMORY_STORE_MAX_KEYS = 50_000;

export class MemoryAttemptStore implements AttemptStore {
  private windows = new Map<string, { count: number; endsAt: number }>();
  private sweeper: NodeJS.Timeout;

  constructor(private maxKeys = MEMORY_STORE_MAX_KEYS) {
    // Ended windows go by time, not only when the store fills.
    this.sweeper = setInterval(() => this.sweep(Date.now()), 60_000);
    this.sweeper.unref();
  }

  /** Keys held now, ended windows included until the next sweep. */
  get size(): number {
    return this.windows.size;
  }

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) this.makeRoom(now);
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetMs: window.endsAt - now };
  }

  async peek(key: string) {
    const now = Date.now();
    const window = this.windows.get(key);
    return window && window.endsAt > now ? { count: window.count, resetMs: window.endsAt - now } : { count: 0, resetMs: 0 };
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }

  /** Drops ended windows, then the oldest tenth, so a full store does not sweep on every hit. */
  private makeRoom(now: number) {
    this.sweep(now);
    let drop = this.windows.size - Math.floor(this.maxKeys * 0.9);
    for (const key of this.windows.keys()) {
      if (drop-- <= 0) break;
      this.windows.delete(key);
    }
  }

  async close() {
    clearInterval(this.sweeper);
    this.windows.clear();
  }
}

/**
 * Counts one attempt and gives the count and the window's milliseconds left, in one script, so
 * a window never exists without its expiry: the expiry is set by the command that counts (a key
 * left without one, by an older release or by hand, gets it at its next count).
 */
const COUNT_ATTEMPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/** The count under a key and its milliseconds left, without counting. */
const PEEK_ATTEMPTS = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
return {count, redis.call('PTTL', KEYS[1])}`;

type AttemptCommands = Redis & {
  countAttempt(key: string, windowMs: number): Promise<[number, number]>;
  peekAttempts(key: string): Promise<[number, number]>;
};

/**
 * Attempts counted in Redis, shared by every process. While Redis is away (at start too) each
 * process counts in a memory store of its own, so the limits still hold per process and no
 * request fails for it; the counts are shared again once it is back.
 */
export class RedisAttemptStore implements AttemptStore {
  private link: RedisLink;
  private local = new MemoryAttemptStore();
  private prefix: string;

  constructor(url: string, options: { prefix?: string; log?: RedisLog } = {}) {
    this.prefix = options.prefix ?? 'store:attempts:';
    this.link = new RedisLink(
      url,
      options.log && {
        log: options.log,
        away: 'Redis is out of reach: login, signup and search limits count in this process until it is back',
        back: 'Redis is back: login, signup and search limits are shared again',
      },
    );
    this.link.redis.defineCommand('countAttempt', { numberOfKeys: 1, lua: COUNT_ATTEMPT });
    this.link.redis.defineCommand('peekAttempts', { numberOfKeys: 1, lua: PEEK_ATTEMPTS });
  }

  async hit(key: string, windowMs: number) {
    const shared = await this.shared((redis) => redis.countAttempt(this.prefix + key, windowMs));
    if (!shared) return this.local.hit(key, windowMs);
    const [count, ttl] = shared;
    return { count, resetMs: ttl > 0 ? ttl : windowMs };
  }

  async peek(key: string) {
    const shared = await this.shared((redis) => redis.peekAttempts(this.prefix + key));
    if (!shared) return this.local.peek(key);
    const [count, ttl] = shared;
    return { count, resetMs: ttl > 0 ? ttl : 0 };
  }

  /** The command's answer from Redis, or undefined while it is away or when it failed. */
  private async shared<T>(command: (redis: AttemptCommands) => Promise<T>): Promise<T | undefined> {
    if (!this.link.ready) return undefined;
    try {
      const answer = await command(this.link.redis as AttemptCommands);
      this.link.answered();
      return answer;
    } catch (error) {
      this.link.failed(error);
      return undefined;
    }
  }

  async close() {
    this.link.close();
    await this.local.close();
  }
}

export class TooManyAttemptsError extends AppError {
  constructor(retryAfter: number) {
    super(429, MSG.tooManyAttempts, undefined, { retryAfter });
  }
}

export interface AttemptLimiter {
  /** Counts an attempt under every key; throws a 429 naming the longest wait when any is over. */
  check(keys: string[]): Promise<void>;
}

export function createAttemptLimiter(store: AttemptStore, perMinute: number): AttemptLimiter {
  const windowMs = 60_000;
  return {
    // One key after another: a key over its limit stops the count, so an address already
    // refused adds no keys of the phones it tries.
    async check(keys) {
      for (const key of keys) {
        const result = await store.hit(key, windowMs);
        if (result.count > perMinute) throw new TooManyAttemptsError(Math.ceil(result.resetMs / 1000));
      }
    },
  };
}

/**
 * Requests a minute one client address may make to the calls with a rate of their own: the
 * sitemap (a crawler asks for it now and then; a script asking for it in a loop is stopped) and
 * the mailing list's sign-up (every one writes a row), 429 with Retry-After past it.
 */
export interface AddressLimits {
  sitemapPerMinute: number;
  newsletterPerMinute: number;
}

export const DEFAULT_ADDRESS_LIMITS: AddressLimits = { sitemapPerMinute: 30, newsletterPerMinute: 10 };

/** The key a mailing-list sign-up counts under: the client's address, through the API or the page. */
export const newsletterAttemptKey = (ip: string) => `newsletter:${ip}`;

/**
 * The phone an attempt names, as a key may hold it: an Egyptian mobile number folded as the
 * forms fold it (٠١٠٠٠٠٠٠٠٠٢ is 01000000002), or undefined for anything else.
 */
export function attemptPhone(phone: unknown): string | undefined {
  const folded = toAsciiDigits(phone);
  if (typeof folded !== 'string') return undefined;
  const trimmed = folded.trim();
  return PHONE_PATTERN.test(trimmed) ? trimmed : undefined;
}

/**
 * The keys a signup or password-change attempt counts under: the client's address and, when it
 * is a mobile number, the phone tried, so no spelling of a number gets a count of its own.
 */
export function authAttemptKeys(ip: string, phone: unknown): string[] {
  const valid = attemptPhone(phone);
  return [`ip:${ip}`, ...(valid ? [`phone:${valid}`] : [])];
}

/**
 * Password-reset codes sent an hour. Each is a WhatsApp message the shop pays Meta for, so a
 * script asking for codes in a loop (to one phone, or to many from one address) is stopped well
 * before the minute limit would: 429 with Retry-After past either. An unknown phone counts too,
 * as it gets the same answer.
 */
export interface ResetCodeLimits {
  perPhonePerHour: number;
  perAddressPerHour: number;
}

/** Five codes an hour to one phone; thirty from one address, as many customers may share one behind a mobile network. */
export const DEFAULT_RESET_CODE_LIMITS: ResetCodeLimits = { perPhonePerHour: 5, perAddressPerHour: 30 };

export interface ResetCodeLimiter {
  /** Counts a code asked for from `ip` to `phone` (a phone that is not a valid number counts on the address only). */
  check(ip: string, phone: unknown): Promise<void>;
}

export function createResetCodeLimiter(store: AttemptStore, limits: ResetCodeLimits): ResetCodeLimiter {
  const windowMs = 60 * 60_000;
  return {
    async check(ip, phone) {
      const valid = attemptPhone(phone);
      const keys: [string, number][] = [[`reset-code:ip:${ip}`, limits.perAddressPerHour], ...(valid ? [[`reset-code:phone:${valid}`, limits.perPhonePerHour] as [string, number]] : [])];
      for (const [key, limit] of keys) {
        const result = await store.hit(key, windowMs);
        if (result.count > limit) throw new TooManyAttemptsError(Math.ceil(result.resetMs / 1000));
      }
    },
  };
}

/** How long wrong passwords are remembered against an account and an address. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

export interface LoginLimiter {
  /**
   * Before a login: counts the attempt against the address (429 past the limit). An account
   * with too many wrong passwords lately is closed to addresses that sent a wrong password
   * themselves (429 before the password is read); a clean address may still try.
   */
  before(ip: string, phone: unknown): Promise<void>;
  /**
   * A wrong password: counted against the account and the address. While the account is
   * closed, the refusal is a 429 rather than a 401.
   */
  failed(ip: string, phone: unknown): Promise<AppError>;
}

/**
 * Wrong passwords slow the address that sends them and the account they aim at, but a stranger
 * cannot lock the owner out: the right password from an address with no failures still logs in.
 */
export function createLoginLimiter(store: AttemptStore, perMinute: number): LoginLimiter {
  const attempts = createAttemptLimiter(store, perMinute);
  const closed = async (phone: string) => (await store.peek(`fail:phone:${phone}`)).count >= perMinute;
  return {
    async before(ip, phone) {
      await attempts.check([`ip:${ip}`]);
      const valid = attemptPhone(phone);
      if (!valid || !(await closed(valid))) return;
      const failures = await store.peek(`fail:ip:${ip}`);
      if (failures.count > 0) throw new TooManyAttemptsError(Math.ceil(failures.resetMs / 1000));
    },
    async failed(ip, phone) {
      const valid = attemptPhone(phone);
      const mine = await store.hit(`fail:ip:${ip}`, LOGIN_FAILURE_WINDOW_MS);
      if (!valid) return new AppError(401, MSG.wrongCredentials);
      const account = await store.hit(`fail:phone:${valid}`, LOGIN_FAILURE_WINDOW_MS);
      return account.count > perMinute ? new TooManyAttemptsError(Math.ceil(mine.resetMs / 1000)) : new AppError(401, MSG.wrongCredentials);
    },
  };
}
