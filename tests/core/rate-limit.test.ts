import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { AppError } from '../../core/shared/errors.ts';
import {
  authAttemptKeys,
  createAttemptLimiter,
  createLoginLimiter,
  MemoryAttemptStore,
  RedisAttemptStore,
  TooManyAttemptsError,
  type AttemptStore,
} from '../../server/plugins/rate-limit.ts';

// The Redis store runs where a server is given (CI sets TEST_REDIS_URL); the memory store always.
const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `store:test:${Date.now()}:`;
const stores: [string, () => AttemptStore][] = [['memory', () => new MemoryAttemptStore()]];
if (redisUrl) stores.push(['redis', () => new RedisAttemptStore(redisUrl, { prefix })]);

/** Until its connection is made the Redis store counts in memory: the tests start once it counts in Redis. */
async function untilCountingInRedis(store: AttemptStore, url: string) {
  const probe = new Redis(url, { maxRetriesPerRequest: 0 });
  try {
    await vi.waitFor(
      async () => {
        await store.hit('connected', 60_000);
        expect(await probe.exists(`${prefix}connected`)).toBe(1);
      },
      { timeout: 10_000, interval: 20 },
    );
  } finally {
    probe.disconnect();
  }
}

describe.each(stores)('attempt limiter on the %s store', (name, makeStore) => {
  const store = makeStore();
  beforeAll(() => (name === 'redis' ? untilCountingInRedis(store, redisUrl!) : undefined));
  afterAll(() => store.close());

  it('allows the limit within a minute, then refuses with the seconds to wait', async () => {
    const limiter = createAttemptLimiter(store, 3);
    for (let i = 0; i < 3; i++) await limiter.check(['ip:1.2.3.4', 'phone:01012345678']);
    const refusal = await limiter.check(['ip:1.2.3.4', 'phone:01012345678']).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(TooManyAttemptsError);
    expect((refusal as TooManyAttemptsError).retryAfter).toBeGreaterThan(0);
    expect((refusal as TooManyAttemptsError).retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts each key on its own: a new phone from a fresh address passes', async () => {
    const limiter = createAttemptLimiter(store, 1);
    await limiter.check(['ip:5.5.5.5', 'phone:01111111111']);
    await limiter.check(['ip:6.6.6.6', 'phone:01222222222']);
    await expect(limiter.check(['ip:7.7.7.7', 'phone:01111111111'])).rejects.toBeInstanceOf(TooManyAttemptsError);
    await expect(limiter.check(['ip:5.5.5.5', 'phone:01555555555'])).rejects.toBeInstanceOf(TooManyAttemptsError);
  });

  it('an address already refused counts none of the phones it tries', async () => {
    const limiter = createAttemptLimiter(store, 1);
    await limiter.check(['ip:8.8.8.1', 'phone:01011111119']);
    await expect(limiter.check(['ip:8.8.8.1', 'phone:01011111118'])).rejects.toBeInstanceOf(TooManyAttemptsError);
    expect((await store.peek('phone:01011111118')).count).toBe(0);
  });

  it('a window carries its expiry from its first count', async () => {
    const first = await store.hit('ip:9.9.9.1', 60_000);
    expect(first.count).toBe(1);
    expect(first.resetMs).toBeGreaterThan(0);
    expect(first.resetMs).toBeLessThanOrEqual(60_000);
    const peeked = await store.peek('ip:9.9.9.1');
    expect(peeked.count).toBe(1);
    expect(peeked.resetMs).toBeGreaterThan(0);
    expect((await store.peek('ip:never-seen')).count).toBe(0);
  });

  describe('logins', () => {
    const LIMIT = 3;
    const wrong = async (logins: ReturnType<typeof createLoginLimiter>, ip: string, phone: string) => {
      await logins.before(ip, phone);
      return logins.failed(ip, phone);
    };

    it("a stranger's wrong passwords do not lock the owner out: the right password from a clean address logs in", async () => {
      const logins = createLoginLimiter(store, LIMIT);
      const phone = '01000000091';
      // From many addresses, more wrong passwords than the limit.
      const answers: number[] = [];
      for (let i = 0; i < LIMIT + 2; i++) answers.push((await wrong(logins, `10.50.0.${i}`, phone)).status);
      expect(answers).toEqual([401, 401, 401, 429, 429]);
      // The owner, from an address that sent no wrong password, may try (and the password is then read).
      await expect(logins.before('10.60.0.1', phone)).resolves.toBeUndefined();
      // An address that sent a wrong password is refused while the account is closed, before any password is read.
      await expect(logins.before('10.50.0.0', phone)).rejects.toBeInstanceOf(TooManyAttemptsError);
      // Another account is untouched for that address.
      await expect(logins.before('10.50.0.0', '01000000092')).resolves.toBeUndefined();
    });

    it('an Arabic-Indic spelling of a number counts against the same account', async () => {
      const logins = createLoginLimiter(store, LIMIT);
      for (let i = 0; i < LIMIT; i++) await wrong(logins, `10.70.0.${i}`, '01000000093');
      await expect(logins.before('10.70.0.0', '٠١٠٠٠٠٠٠٠٩٣')).rejects.toBeInstanceOf(TooManyAttemptsError);
    });

    it('every attempt counts against the address, malformed ones too', async () => {
      const logins = createLoginLimiter(store, LIMIT);
      for (let i = 0; i < LIMIT; i++) await logins.before('10.80.0.1', 'not a phone');
      await expect(logins.before('10.80.0.1', '01000000094')).rejects.toBeInstanceOf(TooManyAttemptsError);
    });

    it('a wrong password is a 401 with the Arabic message while the account is open', async () => {
      const error = await wrong(createLoginLimiter(store, LIMIT), '10.90.0.1', '01000000095');
      expect(error).toBeInstanceOf(AppError);
      expect(error.status).toBe(401);
      expect(error.message).toBe(MSG.wrongCredentials);
    });
  });
});

describe('the keys of an attempt come from checked input', () => {
  it('a phone that is no Egyptian mobile number keys on the address only', () => {
    expect(authAttemptKeys('1.1.1.1', '0'.repeat(100_000))).toEqual(['ip:1.1.1.1']);
    expect(authAttemptKeys('1.1.1.1', 'junk')).toEqual(['ip:1.1.1.1']);
    expect(authAttemptKeys('1.1.1.1', { phone: '01000000002' })).toEqual(['ip:1.1.1.1']);
    expect(authAttemptKeys('1.1.1.1', '01900000002')).toEqual(['ip:1.1.1.1']);
  });

  it('a mobile number in Arabic-Indic digits is folded to the same key', () => {
    expect(authAttemptKeys('1.1.1.1', '٠١٠٠٠٠٠٠٠٠٢')).toEqual(['ip:1.1.1.1', 'phone:01000000002']);
    expect(authAttemptKeys('1.1.1.1', ' 01000000002 ')).toEqual(['ip:1.1.1.1', 'phone:01000000002']);
  });
});

describe('the memory store is bounded', () => {
  afterEach(() => vi.useRealTimers());

  it('holds no more than its ceiling of keys, however many distinct ones arrive', async () => {
    const store = new MemoryAttemptStore(1_000);
    for (let i = 0; i < 20_000; i++) await store.hit(`ip:junk-${i}`, 60_000);
    expect(store.size).toBeLessThanOrEqual(1_000);
    // The newest windows are the ones kept.
    expect((await store.peek('ip:junk-19999')).count).toBe(1);
    await store.close();
  });

  it('lets ended windows go by time', async () => {
    vi.useFakeTimers();
    const store = new MemoryAttemptStore();
    for (let i = 0; i < 100; i++) await store.hit(`ip:${i}`, 60_000);
    expect(store.size).toBe(100);
    await vi.advanceTimersByTimeAsync(121_000);
    expect(store.size).toBe(0);
    await store.close();
  });
});
