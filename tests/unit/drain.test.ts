/**
 * How long a stopping process serves and waits (server/drain.ts), on fake timers: the settle
 * period ends no sooner than its length and the deadline exits when it falls, so no test of the
 * compiled server (tests/core/shutdown.test.ts) needs to read a clock.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drain, exitByDeadline, SHUTDOWN_DEADLINE_MS } from '../../server/drain.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Just what drain() touches of an app: its readiness and whether its port is open. */
function fakeApp(listening: boolean) {
  const readiness = { drain: vi.fn() };
  return { app: { readiness, server: { listening } } as unknown as FastifyInstance, readiness };
}

describe('drain', () => {
  it('turns the app not-ready at once and ends the settle period only when its length has passed', async () => {
    const { app, readiness } = fakeApp(true);
    let settled = false;
    const draining = drain(app, 2_000).then(() => (settled = true));
    expect(readiness.drain).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await draining;
    expect(settled).toBe(true);
  });

  it('has no settle period when the port is not open or the period is 0', async () => {
    for (const [listening, settleMs] of [
      [false, 2_000],
      [true, 0],
    ] as const) {
      const { app, readiness } = fakeApp(listening);
      await drain(app, settleMs);
      expect(readiness.drain).toHaveBeenCalledTimes(1);
      expect(vi.getTimerCount()).toBe(0);
    }
  });
});

describe('exitByDeadline', () => {
  it('exits with code 1, saying requests were unfinished, when the deadline falls and not before', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never);
    const error = vi.fn();
    exitByDeadline(SHUTDOWN_DEADLINE_MS, { error } as unknown as FastifyInstance['log']);

    await vi.advanceTimersByTimeAsync(SHUTDOWN_DEADLINE_MS - 1);
    expect(exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
    expect(error).toHaveBeenCalledExactlyOnceWith(expect.stringContaining('exiting with requests unfinished'));
  });
});
