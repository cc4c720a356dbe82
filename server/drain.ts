/**
 * Stopping without losing a request (docs/decisions/020). On SIGTERM (a deploy, a scale-in) the
 * process turns not-ready at once and keeps serving for a short settle period, so that a load
 * balancer polling /readyz stops sending before the port closes; then the port closes, requests
 * in flight are finished, and idle kept-alive connections are closed. Whatever is still running
 * at the deadline, the process exits by then.
 */
import type { FastifyInstance } from 'fastify';

/** From the signal to the exit, at most: under the 10 s an orchestrator gives before SIGKILL, with room to spare. */
export const SHUTDOWN_DEADLINE_MS = 9_500;

/** The default settle period (DRAIN_SETTLE_MS): a load balancer checking every second has missed two checks by then. */
export const DEFAULT_DRAIN_SETTLE_MS = 2_000;

/**
 * Marks `app` not ready (/readyz 503, every answer closing its connection) and, while it is
 * listening, resolves after `settleMs` more of serving every request that still arrives.
 */
export async function drain(app: FastifyInstance, settleMs: number): Promise<void> {
  app.readiness.drain();
  if (!app.server.listening || settleMs <= 0) return;
  await new Promise((resolve) => setTimeout(resolve, settleMs));
}

/** Exits the process `ms` from now if it has not exited by then: a request that never ends does not hold it. */
export function exitByDeadline(ms: number, log: FastifyInstance['log']): void {
  const timer = setTimeout(() => {
    log.error(`still closing after ${ms / 1000} s: exiting with requests unfinished`);
    process.exit(1);
  }, ms);
  timer.unref();
}
