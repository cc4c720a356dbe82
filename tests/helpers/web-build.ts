/**
 * The built pages for tests that send requests to them through `app.inject`: one
 * `react-router build` per test run, shared by every file that serves pages (they only read
 * it). The first file to ask builds it; the others, in other workers, wait for it. A build takes
 * 15-20 s of a two-core machine, so one per run instead of one per file keeps the suite short.
 */
import { execFile } from 'node:child_process';
import { cpSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';


const run = promisify(execFile);
const SHARED_DIR = path.resolve('tmp', 'vitest-web');
const STAMP = path.join(SHARED_DIR, '.built-for-run');
const WAIT_MS = 5 * 60_000;

/** This run's build of the pages, made once; every caller gets the same folder. */
export async function buildWebApp(): Promise<string> {
  const testRun = inject('testRun');
  if ((await readFile(STAMP, 'utf8').catch(() => '')) === testRun) return SHARED_DIR;
  const lock = `${SHARED_DIR}.building-${testRun}`;
  let builder = true;
  await mkdir(path.dirname(lock), { recursive: true });
  try {
    await mkdir(lock, { recursive: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    builder = false;
  }
  if (builder) {
    try {
      await rm(SHARED_DIR, { recursive: true, force: true });
      await run('npx', ['react-router', 'build'], { env: { ...process.env, BUILD_DIR: SHARED_DIR } });
      await writeFile(STAMP, testRun);
    } catch (error) {
      await writeFile(path.join(lock, 'failed'), String(error)).catch(() => {});
      throw error;
    }
    return SHARED_DIR;
  }
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    if ((await readFile(STAMP, 'utf8').catch(() => '')) === testRun) return SHARED_DIR;
    const failed = await readFile(path.join(lock, 'failed'), 'utf8').catch(() => undefined);
    if (failed !== undefined) throw new Error(`the shared build of the pages failed in another test file: ${failed}`);
    await sleep(250);
  }
  throw new Error(`the shared build of the pages was not ready after ${WAIT_MS / 1000} s`);
}

/** A copy of this run's build in `tmp/<name>`, for a test that adds to the folder. */
export async function copyOfWebApp(name: string): Promise<string> {
  const copy = path.resolve('tmp', name);
  await rm(copy, { recursive: true, force: true });
  cpSync(await buildWebApp(), copy, { recursive: true });
  return copy;
}

