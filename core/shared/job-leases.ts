/**
 * Background work one process at a time, among all the processes on one database: a process
 * does a job (the payment-expiry sweep, removing pictures, drawing the demo pictures) only while
 * it holds the job's lease in job_leases. It takes the lease when it is free or has run out,
 * renews it while it works and gives it back when done; a process that died holds it only until
 * its `until` passes. Times are the database's clock, the one every process shares.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobLeases } from '../../db/schema.ts';

/** This process, as job_leases names a lease's holder. */
export const THIS_PROCESS = `${hostname()}/${process.pid}/${randomBytes(4).toString('hex')}`;

/** How long a lease lasts unless renewed: a process that died holds its jobs this long at most. */
export const LEASE_MS = 30_000;

export interface LeaseOptions {
  /** Who holds it; this process unless given. */
  holder?: string;
  /** How long the lease lasts unless renewed; it is renewed every third of it. */
  leaseMs?: number;
}

export interface Lease {
  /** Aborted when the lease was lost (it ran out while renewing failed, and another process took it). */
  readonly lost: AbortSignal;
  /** Stops renewing and gives the lease back; again does nothing. */
  release(): Promise<void>;
}

/**
 * Takes or renews `job`'s lease for `holder` until `leaseMs` from now, in one statement: it is
 * taken when nobody has it, when it has run out, or when `holder` has it already. True when
 * `holder` has it now. Two processes asking at once: one gets it.
 */
export async function takeLease(db: Db, job: string, holder: string, leaseMs: number): Promise<boolean> {
  const until = sql`now() + ${leaseMs} * interval '1 millisecond'`;
  const taken = await db
    .insert(jobLeases)
    .values({ job, holder, until })
    .onConflictDoUpdate({
      target: jobLeases.job,
      set: { holder, until },
      setWhere: sql`${jobLeases.until} <= now() or ${jobLeases.holder} = ${holder}`,
    })
    .returning({ job: jobLeases.job });
  return taken.length > 0;
}

/** Gives `job`'s lease back if `holder` has it. */
export async function releaseLease(db: Db, job: string, holder: string): Promise<void> {
  await db.delete(jobLeases).where(and(eq(jobLeases.job, job), eq(jobLeases.holder, holder)));
}

/**
 * Takes `job`'s lease and keeps renewing it until released; undefined when another process
 * holds it. A renewal that fails (the database away for a moment) is tried again at the next
 * turn; one that finds another holder aborts `lost`.
 */
export async function acquireLease(db: Db, job: string, options: LeaseOptions = {}): Promise<Lease | undefined> {
  const holder = options.holder ?? THIS_PROCESS;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  if (!(await takeLease(db, job, holder, leaseMs))) return undefined;
  const lost = new AbortController();
  const renewing = setInterval(() => {
    takeLease(db, job, holder, leaseMs).then(
      (kept) => kept || lost.abort(new Error(`The lease of ${job} went to another process.`)),
      () => {},
    );
  }, leaseMs / 3);
  renewing.unref();
  let released: Promise<void> | undefined;
  return {
    lost: lost.signal,
    release() {
      clearInterval(renewing);
      // Not given back (the database away), it runs out by itself.
      released ??= lost.signal.aborted ? Promise.resolve() : releaseLease(db, job, holder).catch(() => {});
      return released;
    },
  };
}

/**
 * Runs `work` while holding `job`'s lease, then gives it back: `{ ran: false }` at once when
 * another process holds it. `work` is handed the lease's `lost` signal, to stop early when
 * another process has taken the job over.
 */
export async function runUnderLease<T>(
  db: Db,
  job: string,
  work: (lost: AbortSignal) => Promise<T>,
  options: LeaseOptions = {},
): Promise<{ ran: true; value: T } | { ran: false }> {
  const lease = await acquireLease(db, job, options);
  if (!lease) return { ran: false };
  try {
    return { ran: true, value: await work(lease.lost) };
  } finally {
    await lease.release();
  }
}

/**
 * Gives back every lease: only for a database no other process can use (the embedded one, whose
 * folder its process locks), where any lease left is a dead process's.
 */
export async function releaseAllLeases(db: Db): Promise<void> {
  await db.delete(jobLeases);
}
