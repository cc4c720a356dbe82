/** Shared start of the maintenance scripts: the same configuration and database as the server. */
import path from 'node:path';
import { openDatabase, type Database } from '../db/client.ts';
import { lockDataDir } from '../db/embedded.ts';
import { loadConfig, type Config } from '../server/config.ts';

export interface ScriptContext {
  config: Config;
  /** The embedded database's folder; undefined on PostgreSQL. */
  embeddedDir: string | undefined;
  uploadsDir: string;
  backupsDir: string;
  /** Takes the data folder (embedded only) so the server cannot run at the same time. */
  lock(): () => void;
  open(): Promise<Database>;
}

export function scriptContext(): ScriptContext {
  const config = loadConfig();
  const embeddedDir = config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite');
  return {
    config,
    embeddedDir,
    uploadsDir: path.join(config.dataDir, 'uploads'),
    backupsDir: path.join(config.dataDir, 'backups'),
    lock: () => (embeddedDir ? lockDataDir(config.dataDir) : () => {}),
    open: () => openDatabase({ databaseUrl: config.databaseUrl, dataDir: embeddedDir }),
  };
}

/** Runs a script's main function, printing a plain message instead of a stack on failure. */
export function run(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
