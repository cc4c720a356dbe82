/**
 * Safeguards for the embedded database (DESIGN.md "Durability"): PGlite neither locks its
 * folder nor fsyncs, so one process owns the folder through a lock file, and rolling SQL
 * dumps are kept beside it.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { makePrivateDir, PRIVATE_FILE_MODE, writePrivateFile } from './private-files.ts';

/**
 * How the embedded database is opened, everywhere it is (the server, backups, restores, tests).
 * PGlite starts PostgreSQL with its own flags (single user, no parallel workers); to those we add
 * a smaller buffer pool than PostgreSQL's 128 MB, which the WebAssembly memory holds and the
 * process keeps once pages have passed through it. The files are read through the operating
 * system's page cache, so fewer buffers cost copies, not disk reads (docs/benchmarks.md).
 */
export const EMBEDDED_OPTIONS = {
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${process.env.EMBEDDED_SHARED_BUFFERS ?? '16MB'}`],
};

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dir>/server.lock` for this process, or throws naming the process that holds it.
 * A lock left by a process that no longer runs is taken over. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
        throw new Error(
          `The data folder ${dir} is in use by another server (process ${holder}). ` +
            'Stop it first, or give this one another DATA_DIR.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dir}.`);
}

/**
 * Plain SQL with INSERT statements (no COPY blocks), so a dump of either engine restores
 * into either engine, and recreating every object first.
 */
export const DUMP_ARGS = ['--no-owner', '--no-privileges', '--clean', '--if-exists', '--inserts'];

const DUMP_PATTERN = /^store-\d{8}T\d{6}Z\.sql$/;

const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');

/**
 * Writes a plain-SQL dump of the embedded database into `dir` (0700) as a file of mode 0600, and
 * keeps the newest `keep`.
 * pg_dump runs on a copy: on the live instance its read-only transaction would share the one
 * connection with the server's requests. The copy is taken while holding that connection.
 */
export async function dumpEmbedded(pg: PGlite, dir: string, keep: number): Promise<string> {
  const snapshot = await pg.transaction(() => pg.dumpDataDir('none'));
  const copy = await PGlite.create({ loadDataDir: snapshot, ...EMBEDDED_OPTIONS });
  let dump: File;
  try {
    dump = await pgDump({ pg: copy, args: DUMP_ARGS });
  } finally {
    await copy.close();
  }
  const file = newDumpPath(dir);
  await writePrivateFile(file, Buffer.from(await dump.arrayBuffer()));
  const dumps = (await readdir(dir)).filter((name) => DUMP_PATTERN.test(name)).sort();
  await Promise.all(dumps.slice(0, Math.max(0, dumps.length - keep)).map((name) => rm(path.join(dir, name))));
  return file;
}

/** The newest dump in `dir`, if any. */
export async function latestDump(dir: string): Promise<string | undefined> {
  try {
    const dumps = (await readdir(dir)).filter((name) => DUMP_PATTERN.test(name)).sort();
    return dumps.length ? path.join(dir, dumps.at(-1)!) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A new dump file name in `dir`. The folder is made 0700 (created so, or narrowed), and the dumps
 * already in it 0600: each holds every account and order. Write the dump with writePrivateFile
 * or into openPrivateFileSync's descriptor (db/private-files.ts).
 */
export function newDumpPath(dir: string): string {
  makePrivateDir(dir);
  for (const name of readdirSync(dir)) if (DUMP_PATTERN.test(name)) chmodSync(path.join(dir, name), PRIVATE_FILE_MODE);
  return path.join(dir, `store-${stamp(new Date())}.sql`);
}

/**
 * Replaces the embedded database in `databaseDir` with the contents of a SQL dump. The dump
 * is loaded into a new folder first; only when that succeeds is the old folder moved aside
 * (kept as `<databaseDir>.before-restore-<time>`), so a bad dump changes nothing.
 */
export async function restoreEmbedded(dumpFile: string, databaseDir: string): Promise<string | undefined> {
  const staging = `${databaseDir}.restoring`;
  rmSync(staging, { recursive: true, force: true });
  const pg = await PGlite.create(staging, EMBEDDED_OPTIONS);
  try {
    await pg.exec(await readFile(dumpFile, 'utf8'));
    await pg.exec('CHECKPOINT');
  } catch (error) {
    await pg.close();
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  await pg.close();
  let previous: string | undefined;
  if (existsSync(databaseDir)) {
    previous = `${databaseDir}.before-restore-${stamp(new Date())}`;
    renameSync(databaseDir, previous);
  }
  renameSync(staging, databaseDir);
  return previous;
}
