import { afterAll, describe, expect, it } from 'vitest';
import { createAttemptLimiter, MemoryAttemptStore, RedisAttemptStore, TooManyAttemptsError, type AttemptStore } from '../../server/plugins/rate-limit.ts';

// The Redis store runs where a server is given (CI sets TEST_REDIS_URL); the memory store always.
const stores: [string, () => AttemptStore][] = [['memory', () => new MemoryAttemptStore()]];
if (process.env.TEST_REDIS_URL) stores.push(['redis', () => new RedisAttemptStore(process.env.TEST_REDIS_URL!, `store:test:${Date.now()}:`)]);

describe.each(stores)('attempt limiter on the %s store', (_name, makeStore) => {
  const store = makeStore();
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
});
