/**
 * `npm run backup`: a plain-SQL dump of the database into DATA_DIR/backups (embedded or
 * PostgreSQL alike), readable by its owner only (the folders 0700, the file 0600). Copy
 * DATA_DIR/uploads beside it to keep the images too.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, rmSync } from 'node:fs';
import { DUMP_ARGS, dumpEmbedded, newDumpPath } from '../db/embedded.ts';
import { makePrivateDir, openPrivateFileSync } from '../db/private-files.ts';
import { run, scriptContext } from './lib.ts';

run(async () => {
  const ctx = scriptContext();
  makePrivateDir(ctx.config.dataDir);
  if (ctx.config.databaseUrl) {
    const file = newDumpPath(ctx.backupsDir);
    // pg_dump writes into a file that is 0600 before its first byte; a failed dump leaves no file.
    const fd = openPrivateFileSync(file);
    try {
      execFileSync('pg_dump', [...DUMP_ARGS, ctx.config.databaseUrl], { stdio: ['ignore', fd, 'inherit'] });
    } catch (error) {
      rmSync(file, { force: true });
      throw error;
    } finally {
      closeSync(fd);
    }
    console.log(`Backup written: ${file}`);
    return;
  }
  const release = ctx.lock();
  const database = await ctx.open();
  try {
    const file = await dumpEmbedded(database.pglite!, ctx.backupsDir, Number.MAX_SAFE_INTEGER);
    console.log(`Backup written: ${file}`);
  } finally {
    await database.close();
    release();
  }
});
