/**
 * The services the app processes share, run by the check on loopback ports of their own: a
 * private Redis (stopped and started again on its port), the S3 server with the shop's bucket
 * (the same), and the Paymob stand-in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../durability/server-process.ts';
import { standInEnv, startPaymobStandIn, STANDIN_SETTINGS, type StandIn } from '../paymob-standin.ts';
import { BUCKET } from './settings.ts';

/** A private redis-server: no snapshots, no append-only file, nothing kept between its starts. */
export class PrivateRedis {
  private child: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.resume();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it (again) on its port and waits until it answers PING. */
  async resume(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    this.child = spawn('/usr/bin/redis-server', args, { stdio: 'ignore', detached: true });
    for (let tries = 0; tries < 100; tries++) {
      if (await answersPing(this.port)) return;
      await sleep(50);
    }
    throw new Error(`redis-server on port ${this.port} did not answer`);
  }

  /** Stops it at once, as a crash or a lost network would. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child?.pid || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGKILL');
    await exited;
    this.child = undefined;
  }

  /** Ends it without waiting (the check is leaving). */
  kill(): void {
    if (this.child?.pid) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** The part of @20minutes/s3rver (a CommonJS module with no types) the check uses. */
interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

/** The S3 server's settings as the shop reads them (S3_*), and its own credentials. */
export interface BucketSettings {
  S3_BUCKET: string;
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  S3_FORCE_PATH_STYLE: string;
}

/** @20minutes/s3rver in this process, its objects in `directory`, stopped and started again on its port. */
export class S3Server {
  private server: S3rverInstance | undefined;

  private constructor(
    private readonly S3rver: S3rverClass,
    readonly port: number,
    private readonly directory: string,
  ) {}

  /** Undefined when the package is not installed (`npm install` brings it: package.json devDependencies). */
  static async start(directory: string): Promise<S3Server | undefined> {
    let S3rver: S3rverClass;
    try {
      S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;
    } catch {
      return undefined;
    }
    const server = new S3Server(S3rver, await freePort(), directory);
    await server.resume();
    return server;
  }

  get settings(): BucketSettings {
    return {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${this.port}`,
      S3_REGION: 'us-east-1',
      // s3rver's one account.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
  }

  async resume(): Promise<void> {
    this.server = new this.S3rver({ address: '127.0.0.1', port: this.port, silent: true, directory: this.directory, configureBuckets: [{ name: BUCKET }] });
    await this.server.run();
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await server?.close();
  }
}

/** The Paymob stand-in and the PAYMOB_* settings that send the shop's card payments to it (as scripts/dev-server.ts does). */
export async function startPaymob(): Promise<{ standIn: StandIn; env: Record<string, string> }> {
  const standIn = await startPaymobStandIn({
    host: '127.0.0.1',
    port: await freePort(),
    ...STANDIN_SETTINGS,
    integrationIds: [STANDIN_SETTINGS.cardIntegrationId, STANDIN_SETTINGS.walletIntegrationId],
  });
  return { standIn, env: standInEnv(standIn.url) };
}
