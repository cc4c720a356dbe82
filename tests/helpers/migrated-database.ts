/**
 * Vitest's global setup for the database tests: one database migrated before the run, which
 * every test file's database copies (tests/helpers/database.ts) instead of creating a cluster
 * and applying every migration again. Embedded: a dump of a migrated PGlite in a file; on
 * PostgreSQL (TEST_DATABASE_URL): a migrated database used as the template of each new one.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../db/client.ts';
import { createPostgresDatabase } from '../../scripts/throwaway-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dump file (embedded) or the template database's name (PostgreSQL). */
    migratedDatabase: string;
    /** A name of this test run alone, so a build of the pages left by an earlier run is never taken for this one's (tests/helpers/web-build.ts). */
    testRun: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Names this run for the shared build of the pages (tests/helpers/web-build.ts); its marker goes with the run.
  const testRun = `${process.pid}-${Date.now()}`;
  project.provide('testRun', testRun);
  const forgetBuild = () => rm(path.resolve('tmp', `vitest-web.building-${testRun}`), { recursive: true, force: true });
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = await createPostgresDatabase(url, { prefix: 'store_template' });
    const database = await openDatabase({ databaseUrl: template.url, poolSize: 1 });
    await database.close();
    project.provide('migratedDatabase', template.name);
    return async () => {
      await forgetBuild();
      await template.drop();
    };
  }
  const database = await openDatabase({});
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const folder = await mkdtemp(path.join(tmpdir(), 'store-migrated-'));
  const file = path.join(folder, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('migratedDatabase', file);
  return async () => {
    await forgetBuild();
    await rm(folder, { recursive: true, force: true });
  };
}
