/**
 * The process's copies of guests' catalogue reads, and the answers being computed meanwhile: a
 * guest who asks for one of those waits for it instead of computing it again.
 */
import type { CutPage } from './page-parts.ts';

/** What the process keeps: its bounds and how long a copy lives. */
export interface ResponseCacheLimits {
  /** Answers kept at most. */
  maxEntries: number;
  /** Bytes of answers kept at most (bodies, uncompressed). */
  maxBytes: number;
  /** How long an answer is reused, even with no write in between. */
  ttlMs: number;
}

interface Entry {
  body: Buffer;
  etag: string;
  storedAt: number;
  /** A page's: where its shopper parts stand (page-parts.ts); none, and a signed-in shopper's page is rendered whole. */
  cut?: CutPage;
}

/**
 * The process's copies of guests' API answers and pages: least recently used first out, bounded by count
 * and bytes, each reused for `ttlMs` at most. `version` counts the catalogue changes heard; an
 * answer computed while a change came in is not kept, as it may hold what was read before.
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  version = 0;

  constructor(private settings: ResponseCacheLimits) {}

  get(key: string, now = Date.now()): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (now - entry.storedAt >= this.settings.ttlMs) {
      this.bytes -= entry.body.length;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps `body` under `key`, unless the catalogue changed since `version` was read. */
  set(key: string, body: Buffer, etag: string, version: number, { now = Date.now(), cut }: { now?: number; cut?: CutPage } = {}): void {
    if (version !== this.version || body.length > this.settings.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.body.length;
    }
    this.entries.set(key, { body, etag, storedAt: now, cut });
    this.bytes += body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.settings.maxEntries && this.bytes <= this.settings.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.body.length;
    }
  }

  /** The catalogue changed: nothing kept is good any more. */
  invalidate(): void {
    this.version += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}

/** How long a guest waits for the same answer another request is computing before computing it too. */
export const COALESCE_WAIT_MS = 3_000;

export interface Computation {
  done: Promise<void>;
  finish: () => void;
}

export function newComputation(): Computation {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}

/** Resolves when `promise` does, or after `ms`, whichever comes first. */
export function waitAtMost(promise: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
