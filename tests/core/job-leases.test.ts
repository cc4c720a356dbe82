/**
 * Background work one process at a time (core/shared/job-leases.ts): of the processes on one database,
 * one holds a job's lease at a time, a lease a dead process left runs out and is taken over, and
 * a holder done with its work gives the lease back at once.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { acquireLease, releaseAllLeases, runUnderLease, takeLease } from '../../core/shared/job-leases.ts';
import type { Database } from '../../db/client.ts';
import { jobLeases } from '../../db/schema.ts';
import { createTestDatabase } from '../helpers/database.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());
afterEach(() => vi.useRealTimers());

let jobs = 0;
/** A job of its own for each test. */
const newJob = () => `test-job-${++jobs}`;

const holderOf = async (job: string) => (await database.db.select({ holder: jobLeases.holder }).from(jobLeases).where(eq(jobLeases.job, job)))[0]?.holder;
const untilOf = async (job: string) => (await database.db.select({ until: jobLeases.until }).from(jobLeases).where(eq(jobLeases.job, job)))[0]!.until;
/** As a process that died holding it leaves it once its time has passed. */
const runOut = (job: string) => database.db.update(jobLeases).set({ until: sql`now() - interval '1 second'` }).where(eq(jobLeases.job, job));

describe('a job asked for by two processes at once', () => {
  it('runs on one of them; the other is told at once it did not run', async () => {
    const job = newJob();
    let running = 0;
    let most = 0;
    const work = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 50));
      running -= 1;
      return 'done';
    };
    const outcomes = await Promise.all(['process-a', 'process-b', 'process-c'].map((holder) => runUnderLease(database.db, job, work, { holder })));
    expect(outcomes.filter((outcome) => outcome.ran)).toEqual([{ ran: true, value: 'done' }]);
    expect(most).toBe(1);
  });

  it('is taken by exactly one holder when both ask in the same moment', async () => {
    const job = newJob();
    const taken = await Promise.all([takeLease(database.db, job, 'process-a', 30_000), takeLease(database.db, job, 'process-b', 30_000)]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await holderOf(job)).toBe(taken[0] ? 'process-a' : 'process-b');
  });
});

describe('a lease', () => {
  it('is given back when the work is done, so another process may run the job at once', async () => {
    const job = newJob();
    const first = await runUnderLease(database.db, job, async () => expect(await holderOf(job)).toBe('process-a'), { holder: 'process-a' });
    expect(first.ran).toBe(true);
    expect(await holderOf(job)).toBeUndefined();
    expect((await runUnderLease(database.db, job, () => Promise.resolve(2), { holder: 'process-b' }))).toEqual({ ran: true, value: 2 });
  });

  it('is given back when the work fails, whose error reaches the caller', async () => {
    const job = newJob();
    await expect(runUnderLease(database.db, job, () => Promise.reject(new Error('the work failed')), { holder: 'process-a' })).rejects.toThrow('the work failed');
    expect(await holderOf(job)).toBeUndefined();
  });

  it('left by a process that died is refused to others until its time has passed, then taken over', async () => {
    const job = newJob();
    expect(await takeLease(database.db, job, 'died', 30_000)).toBe(true);
    expect((await runUnderLease(database.db, job, () => Promise.resolve(), { holder: 'process-b' })).ran).toBe(false);
    await runOut(job);
    expect((await runUnderLease(database.db, job, async () => expect(await holderOf(job)).toBe('process-b'), { holder: 'process-b' })).ran).toBe(true);
  });

  it('is renewed while the work goes on, and lost to another holder once it ran out unrenewed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const job = newJob();
    const lease = (await acquireLease(database.db, job, { holder: 'process-a', leaseMs: 60_000 }))!;
    expect(lease).toBeDefined();
    await database.db.update(jobLeases).set({ until: sql`now() + interval '5 seconds'` }).where(eq(jobLeases.job, job));
    const shortened = await untilOf(job);
    await vi.advanceTimersByTimeAsync(20_000);
    await expect.poll(async () => (await untilOf(job)).getTime()).toBeGreaterThan(shortened.getTime() + 30_000);
    expect(lease.lost.aborted).toBe(false);

    // The database was away while it ran out: another process has it now.
    await runOut(job);
    expect(await takeLease(database.db, job, 'process-b', 60_000)).toBe(true);
    await vi.advanceTimersByTimeAsync(20_000);
    await expect.poll(() => lease.lost.aborted).toBe(true);
    // Giving it back leaves the new holder's lease alone.
    await lease.release();
    expect(await holderOf(job)).toBe('process-b');
  });

  it('held by this process is taken again, not refused, by its own holder', async () => {
    const job = newJob();
    expect(await takeLease(database.db, job, 'process-a', 30_000)).toBe(true);
    expect(await takeLease(database.db, job, 'process-a', 30_000)).toBe(true);
    expect(await takeLease(database.db, job, 'process-b', 30_000)).toBe(false);
  });
});

describe('releaseAllLeases', () => {
  it('gives back every lease (the embedded database, where a lease left is a dead process\'s)', async () => {
    const job = newJob();
    await takeLease(database.db, job, 'died', 30_000);
    await releaseAllLeases(database.db);
    expect((await runUnderLease(database.db, job, () => Promise.resolve(), { holder: 'process-b' })).ran).toBe(true);
  });
});
