/**
 * Where a durability run keeps the shop: a temporary DATA_DIR (the server's log included) and, on
 * PostgreSQL, a new database under TEST_DATABASE_URL that the server reaches through a TCP forwarder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../db/client.ts';
import { TcpForwarder } from '../tcp-forwarder.ts';
import { createPostgresDatabase, type ThrowawayDatabase } from '../throwaway-database.ts';

/** The shop's database on PostgreSQL, made for the run. */
export interface ShopDatabase extends ThrowawayDatabase {
  /** TEST_DATABASE_URL, the database was made under: where the check connects to end the shop's connections. */
  adminUrl: string;
  /** The server reaches the database through this, so the check can cut it off. */
  forwarder: TcpForwarder;
}

export interface Workspace {
  dataDir: string;
  logFile: string;
  /** Undefined on the embedded database, which lives in the data folder. */
  database: ShopDatabase | undefined;
}

/** A new database under `adminUrl` when given (PostgreSQL), then a new temporary data folder. */
export async function createWorkspace(adminUrl: string | undefined): Promise<Workspace> {
  let database: ShopDatabase | undefined;
  if (adminUrl) {
    const made = await createPostgresDatabase(adminUrl, { prefix: 'store_durability' });
    database = { ...made, adminUrl, forwarder: new TcpForwarder(addressOf(adminUrl)) };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-durability-'));
  return { dataDir, logFile: path.join(dataDir, 'server.log'), database };
}

/** Drops the database; keeps the data folder of a failed run and says where it is. */
export async function removeWorkspace(workspace: Workspace, failed: boolean): Promise<void> {
  await workspace.database?.drop().catch(() => {});
  if (failed) console.log(`\nFAILED; the data folder and server.log are kept in ${workspace.dataDir}`);
  else rmSync(workspace.dataDir, { recursive: true, force: true });
}

function addressOf(url: string): { host: string; port: number } {
  const { hostname, port } = new URL(url);
  return { host: hostname.replace(/^\[|\]$/g, '') || 'localhost', port: Number(port || 5432) };
}

export function throughForwarder(url: string, port: number): string {
  const target = new URL(url);
  target.hostname = '127.0.0.1';
  target.port = String(port);
  return target.toString();
}

export function openShop(workspace: Workspace): Promise<Database> {
  return openDatabase(workspace.database ? { databaseUrl: workspace.database.url } : { dataDir: path.join(workspace.dataDir, 'pglite') });
}
