/**
 * `npm run backup`: a plain-SQL dump of the database into DATA_DIR/backups (embedded or
 * PostgreSQL alike). Copy DATA_DIR/uploads beside it to keep the images too.
 */
import { execFileSync } from 'node:child_process';
import { DUMP_ARGS, dumpEmbedded, newDumpPath } from '../db/embedded.ts';
import { run, scriptContext } from './lib.ts';

run(async () => {
  const ctx = scriptContext();
  if (ctx.config.databaseUrl) {
    const file = newDumpPath(ctx.backupsDir);
    execFileSync('pg_dump', [...DUMP_ARGS, '--file', file, ctx.config.databaseUrl], { stdio: 'inherit' });
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
