/**
 * Keeps keyword searches from taking the shop: a per-address rate (generous: many shoppers
 * share one mobile network's address; it stops scripts), and a bounded number of searches at
 * once per process with a short queue, so a burst of searches waits or is turned away (503)
 * instead of holding every database connection while orders wait.
 *
 * Searches also yield to the rest of the shop: while the process serves any other request (an
 * order, a cart, a product read, a page), at most `concurrentBeside` searches run at once, so a
 * storm of searches cannot take the processor from them either (docs/decisions/013).
 */
import { DatabaseBusyError } from '../../db/errors.ts';
import { createAttemptLimiter, type AttemptStore } from './rate-limit.ts';

export interface SearchLimits {
  /** Searches one address may start in a minute (429 past it). */
  perMinute: number;
  /** Searches running at once in this process. */
  concurrent: number;
  /** Searches running at once while the process serves other requests too (at most `concurrent`). */
  concurrentBeside: number;
  /** Searches waiting for a slot; one more is answered 503 at once. */
  queued: number;
  /** How long a search waits for a slot before it is answered 503. */
  waitMs: number;
}

export const DEFAULT_SEARCH_LIMITS: SearchLimits = { perMinute: 120, concurrent: 3, concurrentBeside: 1, queued: 50, waitMs: 1_000 };

export interface SearchGuard {
  /**
   * Runs one search for the client at `ip`, within the limits. `request` (Node's raw request, as
   * the traffic knows it) stops counting as other traffic once it asks for a slot: left counted,
   * a search would yield to itself.
   */
  run<T>(ip: string, search: () => Promise<T>, request: object): Promise<T>;
}

/**
 * The requests a process is serving that are not searches. Every request enters it when it
 * arrives and leaves it when its answer is sent or its client goes; a search leaves it when it
 * asks the gate for a slot.
 */
export interface Traffic {
  enter(request: object): void;
  leave(request: object): void;
  /** Some request other than a search is being served. */
  readonly busy: boolean;
  /** Told each time the last such request leaves. */
  onQuiet(listener: () => void): void;
}

export function createTraffic(): Traffic {
  const serving = new Set<object>();
  const listeners: (() => void)[] = [];
  return {
    enter: (request) => void serving.add(request),
    leave(request) {
      if (serving.delete(request) && serving.size === 0) for (const listener of listeners) listener();
    },
    get busy() {
      return serving.size > 0;
    },
    onQuiet: (listener) => void listeners.push(listener),
  };
}

/**
 * At most `concurrent` at once (`yieldTo.concurrent` while `yieldTo.traffic` is busy), `queued`
 * more waiting up to `waitMs` in the order they came; the rest get DatabaseBusyError. A search
 * already running when the traffic turns busy finishes; the next waits for fewer to run.
 */
export function createGate(concurrent: number, queued: number, waitMs: number, yieldTo?: { traffic: Traffic; concurrent: number }) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const limit = () => (yieldTo?.traffic.busy ? Math.min(concurrent, yieldTo.concurrent) : concurrent);
  /** Hands free slots to the searches waiting longest. */
  function admit(): void {
    while (waiting.length > 0 && running < limit()) {
      running += 1;
      waiting.shift()!();
    }
  }
  yieldTo?.traffic.onQuiet(admit);
  async function acquire(): Promise<void> {
    if (waiting.length === 0 && running < limit()) {
      running += 1;
      return;
    }
    if (waiting.length >= queued) throw new DatabaseBusyError('search queue full');
    await new Promise<void>((resolve, reject) => {
      const start = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(start), 1);
        reject(new DatabaseBusyError('no search slot in time'));
      }, waitMs);
      waiting.push(start);
    });
  }
  function release(): void {
    running -= 1;
    admit();
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

export function createSearchGuard(store: AttemptStore, limits: SearchLimits, traffic: Traffic): SearchGuard {
  const limiter = createAttemptLimiter(store, limits.perMinute);
  const gate = createGate(limits.concurrent, limits.queued, limits.waitMs, { traffic, concurrent: limits.concurrentBeside });
  return {
    async run(ip, search, request) {
      traffic.leave(request);
      await limiter.check([`search:${ip}`]);
      return gate.run(search);
    },
  };
}
