/** HAProxy run with deploy/haproxy.cfg as shipped, its addresses from the environment the file reads. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../durability/server-process.ts';

export const HAPROXY_CONFIG = 'deploy/haproxy.cfg';

export class HaProxy {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {}

  /** Starts HAProxy in front of `apps` (host:port each) and waits until its port accepts. */
  static async start(apps: [string, string], logFile: string): Promise<HaProxy> {
    const port = await freePort();
    const env = { ...process.env, SHOP_BIND: `127.0.0.1:${port}`, SHOP_APP1: apps[0], SHOP_APP2: apps[1] };
    const checked = spawnSync('haproxy', ['-c', '-q', '-f', HAPROXY_CONFIG], { env, encoding: 'utf8' });
    if (checked.status !== 0) throw new Error(`${HAPROXY_CONFIG} is refused: ${checked.stderr}`);
    const log = openSync(logFile, 'a');
    const child = spawn('haproxy', ['-db', '-f', HAPROXY_CONFIG], { env, stdio: ['ignore', log, log], detached: true });
    const proxy = new HaProxy(child, port);
    for (let tries = 0; tries < 100; tries++) {
      if (child.exitCode !== null) throw new Error(`haproxy exited with status ${child.exitCode} (log: ${logFile})`);
      try {
        await fetch(`${proxy.url}/healthz`);
        return proxy;
      } catch {
        await sleep(50);
      }
    }
    throw new Error('haproxy did not open its port');
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  kill(): void {
    if (this.child.pid && this.child.exitCode === null) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}
