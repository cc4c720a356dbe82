/**
 * `npm run restore [file]`: replaces the database with a dump from `npm run backup` (the
 * newest in DATA_DIR/backups by default). Stop the server first. On PostgreSQL the dump is
 * loaded with psql; the embedded database is rebuilt beside the old one, which is kept.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { latestDump, restoreEmbedded } from '../db/embedded.ts';
import { run, scriptContext } from './lib.ts';

run(async () => {
  const ctx = scriptContext();
  const file = process.argv[2] ? path.resolve(process.argv[2]) : await latestDump(ctx.backupsDir);
  if (!file || !existsSync(file)) throw new Error(`No dump to restore: give a file, or run "npm run backup" first (looked in ${ctx.backupsDir}).`);
  if (ctx.config.databaseUrl) {
    execFileSync('psql', ['--quiet', '-v', 'ON_ERROR_STOP=1', '--file', file, ctx.config.databaseUrl], { stdio: 'inherit' });
    console.log(`Restored ${file} into PostgreSQL.`);
    return;
  }
  const release = ctx.lock();
  try {
    const previous = await restoreEmbedded(file, ctx.embeddedDir!);
    console.log(`Restored ${file}.${previous ? ` The previous database is kept in ${previous}.` : ''}`);
  } finally {
    release();
  }
});
