/**
 * Keeps keyword searches from taking the shop: a per-address rate (generous: many shoppers
 * share one mobile network's address; it stops scripts), and a bounded number of searches at
 * once per process with a short queue, so a burst of searches waits or is turned away (503)
 * instead of holding every database connection while orders wait.
 */
import { DatabaseBusyError } from '../../db/errors.ts';
import { createAttemptLimiter, type AttemptStore } from './rate-limit.ts';

export interface SearchLimits {
  /** Searches one address may start in a minute (429 past it). */
  perMinute: number;
  /** Searches running at once in this process. */
  concurrent: number;
  /** Searches waiting for a slot; one more is answered 503 at once. */
  queued: number;
  /** How long a search waits for a slot before it is answered 503. */
  waitMs: number;
}

export const DEFAULT_SEARCH_LIMITS: SearchLimits = { perMinute: 120, concurrent: 3, queued: 50, waitMs: 1_000 };

export interface SearchGuard {
  /** Runs one search for the client at `ip`, within the limits. */
  run<T>(ip: string, search: () => Promise<T>): Promise<T>;
}

/** At most `concurrent` at once, `queued` more waiting up to `waitMs`; the rest get DatabaseBusyError. */
export function createGate(concurrent: number, queued: number, waitMs: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  async function acquire(): Promise<void> {
    if (running < concurrent) {
      running += 1;
      return;
    }
    if (waiting.length >= queued) throw new DatabaseBusyError('search queue full');
    await new Promise<void>((resolve, reject) => {
      const admit = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(admit), 1);
        reject(new DatabaseBusyError('no search slot in time'));
      }, waitMs);
      waiting.push(admit);
    });
  }
  // A slot that frees goes straight to the next in line, so `running` counts it still.
  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}

export function createSearchGuard(store: AttemptStore, limits: SearchLimits): SearchGuard {
  const limiter = createAttemptLimiter(store, limits.perMinute);
  const gate = createGate(limits.concurrent, limits.queued, limits.waitMs);
  return {
    async run(ip, search) {
      await limiter.check([`search:${ip}`]);
      return gate.run(search);
    },
  };
}
