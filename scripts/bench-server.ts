/**
 * The compiled server as the benchmarks run it: a child process started as `npm start` starts it
 * (node with a 256 MB heap, NODE_ENV=production), on its own port and a fresh data folder, whose
 * memory is read from /proc while the benchmark, in its own process, sends the requests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_ENV, SERVER_NODE_ARGS, serverEntry } from './build-server.ts';
import { rssMb } from './proc-memory.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface BenchServer {
  child: ChildProcess;
  base: string;
  dataDir: string;
  exited: () => boolean;
  log: () => string;
  stop: () => Promise<void>;
}

export interface StartOptions {
  /** The build folder (BUILD_DIR). */
  build: string;
  port: number;
  /** Added to the server's environment; SEED_DEMO is false unless set here. */
  env?: Record<string, string>;
  /** Waits for this in the server's output as well as for an answer. */
  ready?: RegExp;
  /** Without SERVER_ENV: a build from before it was added, started as its own `npm start` did. */
  plainEnv?: boolean;
  /** How long starting may take (the demo shop's first start draws nothing but seeds 118 products). */
  timeoutMs?: number;
}

export async function startServer({ build, port, env = {}, ready, plainEnv = false, timeoutMs = 120_000 }: StartOptions): Promise<BenchServer> {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-bench-'));
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, serverEntry(build)], {
    env: { ...process.env, ...(plainEnv ? {} : SERVER_ENV), NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', BUILD_DIR: build, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let seen = !ready;
  const read = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
    if (ready?.test(output)) seen = true;
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  let gone = false;
  child.on('exit', () => (gone = true));
  for (const started = Date.now(); ; ) {
    if (gone) throw new Error(`the server exited while starting:\n${output}`);
    try {
      if (seen && (await fetch(`${base}/api/v1/categories`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > timeoutMs) throw new Error(`the server did not start:\n${output}`);
    await sleep(500);
  }
  return {
    child,
    base,
    dataDir,
    exited: () => gone,
    log: () => output,
    async stop() {
      if (!gone) {
        child.kill('SIGTERM');
        for (let i = 0; i < 100 && !gone; i++) await sleep(100);
        if (!gone) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Samples the memory of process `pid` every 100 ms while `work` runs. */
export async function sampled<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  try {
    return { result: await work(), peak };
  } finally {
    clearInterval(timer);
  }
}

/**
 * The memory of process `pid` at rest: the median of ten readings `settleMs` after the last
 * request (V8 collects an idle process's garbage some seconds after its work stops).
 */
export async function restingRss(pid: number, settleMs = 1_000): Promise<number> {
  await sleep(settleMs);
  const readings: number[] = [];
  for (let i = 0; i < 10; i++) {
    readings.push(rssMb(pid));
    await sleep(100);
  }
  return readings.sort((a, b) => a - b)[5]!;
}
