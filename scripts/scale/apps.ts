/**
 * The two app processes: the compiled build (`node build/main.mjs`) started on one database, each
 * with its own DATA_DIR and port, behind HAProxy (TRUST_PROXY=1), sharing Redis and the bucket.
 */
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { freePort, ServerProcess } from '../durability/server-process.ts';
import { AUTH_RATE_LIMIT, PAYMENT_TIMEOUT_MINUTES } from './settings.ts';

export interface App {
  name: string;
  port: number;
  url: string;
  dataDir: string;
  process: ServerProcess;
}

export interface AppSettings {
  databaseUrl: string;
  redisUrl: string;
  /** S3_* (empty without the S3 server: the images stay on each process's disk). */
  bucket: Record<string, string>;
  paymob: Record<string, string>;
}

/** Two processes, made but not started, each with a data folder of its own under `root`. */
export async function makeApps(root: string, settings: AppSettings): Promise<[App, App]> {
  const make = async (name: string): Promise<App> => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(root, `${name}-`));
    const url = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...settings.paymob,
      ...settings.bucket,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: settings.databaseUrl,
      REDIS_URL: settings.redisUrl,
      // One proxy in front: the shopper's address is the last one HAProxy appends to X-Forwarded-For.
      TRUST_PROXY: '1',
      STORE_URL: url,
      AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT),
      PAYMENT_TIMEOUT_MINUTES: String(PAYMENT_TIMEOUT_MINUTES),
      // The load's shoppers place order after order with nobody confirming them.
      MAX_OPEN_ORDERS: '1000000',
      BACKUP_INTERVAL_MINUTES: '0',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      JWT_SECRET: '',
    };
    const workspace = { dataDir, logFile: path.join(dataDir, 'server.log'), database: undefined };
    return { name, port, url, dataDir, process: new ServerProcess(url, env, workspace) };
  };
  return [await make('app1'), await make('app2')];
}

export const hostPort = (app: App) => `127.0.0.1:${app.port}`;
