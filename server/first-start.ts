/**
 * The embedded database's first start runs in a child process: creating a PostgreSQL cluster
 * (initdb, in WebAssembly) and seeding the demo shop take the process to about 550 MB, which it
 * keeps; the server then opens the finished folder, as every later start does, at about a
 * third of that (docs/benchmarks.md, `npm run bench:memory`).
 *
 * The child is the server's own entry file started with FIRST_START_FLAG. Stopping the server
 * while it works stops the child: a seed in progress rolls back, and the next start seeds again.
 *
 * Creating the cluster and applying the migrations are the same for every shop: the build makes
 * them once (an empty, migrated database beside the compiled server, EMBEDDED_TEMPLATE), and a
 * first start copies that folder instead of doing the work again, then seeds.
 */
import { fork } from 'node:child_process';
import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openImageStore } from '../core/catalogue/images.ts';
import { MIGRATIONS_DIR, openDatabase } from '../db/client.ts';
import { makePrivateDir } from '../db/private-files.ts';
import { isDatabaseEmpty, seedDemo } from '../seed/demo.ts';
import type { Config } from './config.ts';
import type { ChildEntry } from './picture-drawer.ts';

export const FIRST_START_FLAG = '--create-embedded-database';

/** The embedded database's folder in the data folder. */
export const embeddedFolder = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * The empty, migrated embedded database the build leaves beside the compiled server and its
 * migrations (scripts/build-server.ts); absent when the server runs from its sources.
 */
export const EMBEDDED_TEMPLATE = path.join(path.dirname(MIGRATIONS_DIR), 'pglite-template');

/** Makes the template: a new cluster with every migration applied, closed cleanly. */
export async function createEmbeddedTemplate(folder: string): Promise<void> {
  rmSync(folder, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: folder });
  await database.close();
}

/**
 * Puts a copy of the template where the data folder's database goes, when there is a template
 * and no database yet; the copy is renamed into place whole, so a start stopped while copying
 * leaves no half cluster. Opening it then applies only migrations newer than the template.
 */
export function copyEmbeddedTemplate(folder: string, template = EMBEDDED_TEMPLATE): void {
  if (!existsSync(path.join(template, 'PG_VERSION')) || existsSync(path.join(folder, 'PG_VERSION'))) return;
  const partial = `${folder}.partial`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(template, partial, { recursive: true });
  // A folder without PG_VERSION is a cluster whose creation was stopped before it finished.
  rmSync(folder, { recursive: true, force: true });
  renameSync(partial, folder);
}

/** True when the data folder has no embedded database yet. */
export const isFirstStart = (dataDir: string) => !existsSync(path.join(embeddedFolder(dataDir), 'PG_VERSION'));

/**
 * The server's side: runs the child and resolves when it has ended; SIGINT or SIGTERM meanwhile
 * are passed on to it, and `onStopped` runs once it has ended (the server then exits).
 */
export async function createInChild(onStopped: () => void, { entry = process.argv[1]!, execArgv = process.execArgv }: ChildEntry = {}): Promise<void> {
  const child = fork(entry, [FIRST_START_FLAG], { execArgv, stdio: 'inherit' });
  let stopped = false;
  const stop = (signal: NodeJS.Signals) => {
    stopped = true;
    child.kill(signal);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    if (stopped) onStopped();
    else if (code !== 0) throw new Error(`Creating the embedded database failed (exit code ${code}).`);
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

/** The child's side: creates the database, applies the migrations and, if asked, seeds the demo shop. */
export async function createEmbeddedDatabase(config: Config): Promise<void> {
  const seeding = new AbortController();
  const stop = () => seeding.abort();
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // The server is gone (killed): end at once, as it would have with the work in its own process,
  // before a new server opens the folder.
  process.on('disconnect', () => process.exit(1));
  makePrivateDir(config.dataDir);
  copyEmbeddedTemplate(embeddedFolder(config.dataDir));
  const database = await openDatabase({ dataDir: embeddedFolder(config.dataDir) });
  try {
    if (config.seedDemo && !seeding.signal.aborted && (await isDatabaseEmpty(database.db))) {
      console.log('Empty database: creating the demo shop (first start only)...');
      const images = await openImageStore({ ...config.images, uploadsDir: path.join(config.dataDir, 'uploads') });
      await seedDemo(database.db, images, { dataDir: config.dataDir, signal: seeding.signal }).catch((error: unknown) => {
        if (!seeding.signal.aborted) throw error;
      });
    }
  } finally {
    await database.close();
  }
}
