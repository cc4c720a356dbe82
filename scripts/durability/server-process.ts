/** Starting, killing and stopping the compiled server as a child process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_ENV, SERVER_NODE_ARGS, serverEntry } from '../build-server.ts';
import { ANSWER_WITHIN_MS } from './settings.ts';
import type { Workspace } from './workspace.ts';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The server process: started, killed and stopped as a process group, its output in server.log. */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private expectingExit = false;
  /** Exits that nobody asked for, with the end of the log. */
  readonly crashes: string[] = [];
  readonly readyAfterMs: number[] = [];
  staleLocks = 0;
  stoppedCleanly = false;

  constructor(
    readonly baseUrl: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly workspace: Workspace,
  ) {}

  /** Starts the server and waits until the API answers; false when it died on the way. */
  async start(): Promise<boolean> {
    const started = Date.now();
    if (!this.workspace.database && existsSync(path.join(this.workspace.dataDir, 'server.lock'))) this.staleLocks++;
    const log = openSync(this.workspace.logFile, 'a');
    // The compiled server run by node itself, as `npm start` does: the child is the server, so
    // the SIGKILL lands on it and this process reaps it before the next start checks the lock.
    const child = spawn(process.execPath, [...SERVER_NODE_ARGS, serverEntry(process.env.BUILD_DIR ?? 'build')], { env: { ...SERVER_ENV, ...this.env }, stdio: ['ignore', log, log], detached: true });
    this.child = child;
    this.expectingExit = false;
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        if (!this.expectingExit) this.crashes.push(`exit code ${code}, signal ${signal}\n${logTail(this.workspace.logFile)}`);
        if (this.child === child) this.child = undefined;
        resolve();
      });
    });
    while (this.child === child) {
      try {
        const res = await fetch(`${this.baseUrl}/api/v1/categories`);
        if (res.ok) {
          this.readyAfterMs.push(Date.now() - started);
          return true;
        }
      } catch {
        // not listening yet
      }
      if (Date.now() - started > ANSWER_WITHIN_MS) {
        this.crashes.push(`not answering ${ANSWER_WITHIN_MS / 1000} s after start\n${logTail(this.workspace.logFile)}`);
        await this.kill();
        return false;
      }
      await sleep(100);
    }
    return false;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async kill(): Promise<void> {
    this.signal('SIGKILL');
    await this.exited;
  }

  /** SIGTERM, as a service manager stops it; SIGKILL if it has not exited 20 s later. */
  async stop(): Promise<void> {
    if (!this.child) return;
    const child = this.child;
    this.signal('SIGTERM');
    const inTime = await Promise.race([this.exited.then(() => true), sleep(20_000).then(() => false)]);
    if (!inTime) {
      this.crashes.push(`still running 20 s after SIGTERM\n${logTail(this.workspace.logFile)}`);
      await this.kill();
    }
    this.stoppedCleanly = inTime && child.exitCode === 0;
  }

  /** Signals the server's process group; the exit that follows is one that was asked for. */
  signal(signal: NodeJS.Signals): void {
    if (!this.child?.pid) return;
    this.expectingExit = true;
    try {
      process.kill(-this.child.pid, signal);
    } catch {
      // already gone
    }
  }
}

function logTail(logFile: string, lines = 20): string {
  return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}
