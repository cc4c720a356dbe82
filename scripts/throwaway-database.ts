/**
 * PostgreSQL databases made for one run and dropped after it: the tests' own, the durability
 * check's, the end-to-end servers'. The benchmark makes its database the same way but keeps it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ThrowawayDatabase {
  name: string;
  url: string;
  /** Drops it, ending the connections still open to it. */
  drop(): Promise<void>;
}

export interface ThrowawayOptions {
  /** The start of its name, which ends with random hex; `store_test` unless given. */
  prefix?: string;
  /** A database to copy instead of starting empty. */
  template?: string;
  /** The role that owns it, instead of the one `adminUrl` connects as. */
  owner?: string;
}

/** A new PostgreSQL database on the server of `adminUrl`, made and dropped through it: empty, or a copy of `template`. */
export async function createPostgresDatabase(adminUrl: string, options: ThrowawayOptions = {}): Promise<ThrowawayDatabase> {
  const name = `${options.prefix ?? 'store_test'}_${randomBytes(6).toString('hex')}`;
  await onDatabase(adminUrl, (admin) => createDatabase(admin, name, options));
  return {
    name,
    url: withDatabase(adminUrl, name),
    async drop() {
      await onDatabase(adminUrl, (admin) => admin.query(`drop database if exists ${identifier(name)} with (force)`));
    },
  };
}

/** Makes the database `url` names unless its server has it already; it is kept afterwards. */
export async function ensurePostgresDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  await onDatabase(withDatabase(url, 'postgres'), async (admin) => {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await createDatabase(admin, name);
  });
}

/** Runs `work` on a connection of its own to `url`, closed again however `work` ends. */
export async function onDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function createDatabase(admin: pg.Client, name: string, options: Pick<ThrowawayOptions, 'template' | 'owner'> = {}): Promise<void> {
  const template = options.template ? ` template ${identifier(options.template)}` : '';
  const owner = options.owner ? ` owner ${identifier(options.owner)}` : '';
  await admin.query(`create database ${identifier(name)}${template}${owner}`);
}

/** The URL of database `name` on the server of `url`, as the same user. */
function withDatabase(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

function identifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
