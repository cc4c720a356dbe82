/**
 * A Redis server of the test's own (`redis-server --port <spare> --save ''`), which the test may
 * stop and start again on the same port: the machine's shared Redis is never touched.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

export interface PrivateRedis {
  port: number;
  url: string;
  /** Starts the server (again) on its port; resolves once it answers. */
  start(): Promise<void>;
  /** Stops it; resolves once its process has exited. */
  stop(): Promise<void>;
}

/** A port no one listens on now. */
export async function sparePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A private Redis on a spare port, not started yet. */
export async function privateRedis(): Promise<PrivateRedis> {
  const port = await sparePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  return {
    port,
    url,
    async start() {
      if (child) return;
      const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      child = started;
      let failed: Error | undefined;
      started.once('error', (error) => (failed = new Error(`redis-server could not be started (Debian: apt-get install redis-server): ${error.message}`)));
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      // Refused until the server listens: connect() says so.
      probe.on('error', () => {});
      try {
        for (const since = Date.now(); ; ) {
          if (failed) throw failed;
          if (started.exitCode !== null) throw new Error(`redis-server exited with code ${started.exitCode}`);
          try {
            await probe.connect();
            if ((await probe.ping()) === 'PONG') return;
          } catch {
            // Not listening yet.
          }
          probe.disconnect();
          if (Date.now() - since > 10_000) throw new Error(`redis-server did not answer on port ${port}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        probe.disconnect();
      }
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
  };
}
