/** DRAIN_SETTLE_MS: how long a process keeps serving after SIGTERM, bounded so the 10 s exit holds. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { DEFAULT_DRAIN_SETTLE_MS, SHUTDOWN_DEADLINE_MS } from '../../server/drain.ts';

describe('loadConfig: the settle period on SIGTERM', () => {
  it('is two seconds unless set, and leaves in-flight requests most of the deadline', () => {
    expect(loadConfig({}).drainSettleMs).toBe(DEFAULT_DRAIN_SETTLE_MS);
    expect(DEFAULT_DRAIN_SETTLE_MS).toBe(2_000);
    expect(SHUTDOWN_DEADLINE_MS).toBeLessThan(10_000);
  });

  it('takes a number of milliseconds up to five seconds, 0 to close at once', () => {
    expect(loadConfig({ DRAIN_SETTLE_MS: '0' }).drainSettleMs).toBe(0);
    expect(loadConfig({ DRAIN_SETTLE_MS: '5000' }).drainSettleMs).toBe(5_000);
  });

  it('refuses a period that would not leave requests time to finish before the deadline, or no number', () => {
    for (const value of ['5001', '-1', 'soon']) expect(() => loadConfig({ DRAIN_SETTLE_MS: value }), value).toThrow(/DRAIN_SETTLE_MS/);
  });
});
