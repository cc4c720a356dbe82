/**
 * Where a durability run keeps the shop: a temporary DATA_DIR (the server's log included) and, on
 * PostgreSQL, a new database under TEST_DATABASE_URL that the server reaches through a TCP forwarder.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../db/client.ts';
import { TcpForwarder } from '../tcp-forwarder.ts';

export const adminUrl = process.env.TEST_DATABASE_URL;
export const dataDir = mkdtempSync(path.join(tmpdir(), 'store-durability-'));
export const databaseName = `store_durability_${Date.now()}_${process.pid}`;
export const databaseUrl = adminUrl ? withDatabase(adminUrl, databaseName) : undefined;
export const logFile = path.join(dataDir, 'server.log');
/** On PostgreSQL the server reaches the database through this, so the check can cut it off. */
export const forwarder = adminUrl ? new TcpForwarder(addressOf(adminUrl)) : undefined;

function withDatabase(url: string, database: string): string {
  const target = new URL(url);
  target.pathname = `/${database}`;
  return target.toString();
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

export async function onAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export function openShop(): Promise<Database> {
  return openDatabase(databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, 'pglite') });
}
