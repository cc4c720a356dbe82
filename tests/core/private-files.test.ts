/**
 * The data folder and the backups are their owner's alone: folders 0700 and dumps 0600 whatever
 * the umask, and a folder or dump already there with a wider mode is narrowed. Through the
 * server's rolling dumps and through `npm run backup`, run as the owner would run it, on the
 * embedded database or (with TEST_DATABASE_URL) on a PostgreSQL database of its own.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { dumpEmbedded } from '../../db/embedded.ts';
import { makePrivateDir } from '../../db/private-files.ts';
import { createPostgresDatabase } from '../../scripts/throwaway-database.ts';

const root = mkdtempSync(path.join(tmpdir(), 'store-private-'));
const adminUrl = process.env.TEST_DATABASE_URL;
let databaseUrl = '';
let scratch: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;

beforeAll(async () => {
  if (!adminUrl) return;
  scratch = await createPostgresDatabase(adminUrl);
  databaseUrl = scratch.url;
  // Migrated, as the server leaves it.
  await (await openDatabase({ databaseUrl })).close();
});

afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await scratch?.drop();
});

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Runs `work` with the given umask, the one the process had put back afterwards. */
async function withUmask<T>(mask: number, work: () => Promise<T>): Promise<T> {
  const before = process.umask(mask);
  try {
    return await work();
  } finally {
    process.umask(before);
  }
}

/** A folder left by an earlier release, open to everyone, with a dump readable by everyone. */
function widelyOpenBackups(dir: string): string {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777);
  const old = path.join(dir, 'store-20250101T000000Z.sql');
  writeFileSync(old, '-- an old dump\n');
  chmodSync(old, 0o644);
  return old;
}

describe('a private folder', () => {
  it('is made 0700 under any umask, parents included, and narrowed when it was there already', async () => {
    const fresh = path.join(root, 'fresh', 'data');
    await withUmask(0, async () => makePrivateDir(fresh));
    expect(modeOf(fresh)).toBe(0o700);
    expect(modeOf(path.dirname(fresh))).toBe(0o700);

    const open = path.join(root, 'open');
    mkdirSync(open);
    chmodSync(open, 0o755);
    makePrivateDir(open);
    expect(modeOf(open)).toBe(0o700);
  });
});

describe("the server's rolling dumps", () => {
  it('are written 0600 into a backups folder made 0700, whatever the umask; older dumps are narrowed too', async () => {
    const backups = path.join(root, 'rolling');
    const old = widelyOpenBackups(backups);
    const database = await openDatabase({});
    try {
      const file = await withUmask(0, () => dumpEmbedded(database.pglite!, backups, 5));
      expect(modeOf(backups)).toBe(0o700);
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(old)).toBe(0o600);
      expect(readFileSync(file, 'utf8')).toMatch(/CREATE TABLE/);
    } finally {
      await database.close();
    }
  });
});

describe('npm run backup', () => {
  /** The script in a process of its own under umask 000, on `dataDir` and `url` (empty: the embedded database). */
  const backup = (dataDir: string, url: string) =>
    spawnSync('sh', ['-c', 'umask 000 && exec "$0" --import tsx scripts/backup.ts', process.execPath], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: url },
    });

  it(`writes a dump 0600 into folders made 0700 (${adminUrl ? 'PostgreSQL' : 'embedded'})`, { timeout: 120_000 }, () => {
    const dataDir = path.join(root, 'shop-data');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755);
    const backups = path.join(dataDir, 'backups');
    const old = widelyOpenBackups(backups);

    const result = backup(dataDir, databaseUrl);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const file = /Backup written: (.+)/.exec(result.stdout)?.[1]?.trim();
    expect(file && path.dirname(file)).toBe(backups);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(backups)).toBe(0o700);
    expect(modeOf(file!)).toBe(0o600);
    expect(modeOf(old)).toBe(0o600);
    expect(readFileSync(file!, 'utf8')).toMatch(/CREATE TABLE (public\.)?products/);
  });

  it('leaves no file behind when pg_dump fails', () => {
    const dataDir = path.join(root, 'failing');
    const result = backup(dataDir, 'postgres://store@127.0.0.1:1/none');
    expect(result.status).not.toBe(0);
    expect(readdirSync(path.join(dataDir, 'backups'))).toEqual([]);
    expect(modeOf(dataDir)).toBe(0o700);
  });
});
