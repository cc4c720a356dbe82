/**
 * The end-to-end part of `npm test`: Playwright in the system Chromium. Without a Chromium it
 * says so and stops (CI installs one, and there a missing browser is a failure).
 *
 * playwright.config.ts starts one server per worker. Before it does, this builds the app once
 * and seeds the demo shop once into a template; each server then starts from a copy of it: a
 * copied data folder, or with TEST_DATABASE_URL a PostgreSQL database made from the template
 * database. Seeding draws every product picture, so doing it once saves a minute per worker. The
 * folder copies carry the demo accounts' passwords (demo-accounts.json), which the specs read.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import pg from 'pg';

const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
if (!chromium) {
  const message = 'Chromium not found: end-to-end tests not run (install it with "apt-get install chromium" or set CHROMIUM_PATH).';
  if (process.env.CI) {
    console.error(message);
    process.exit(1);
  }
  console.log(message);
  process.exit(0);
}

// The same defaults as playwright.config.ts.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const dataDir = process.env.E2E_DATA_DIR ?? 'tmp/e2e-data';
const buildDir = process.env.BUILD_DIR ?? 'tmp/e2e-build';
const templateDir = `${dataDir}-template`;
const adminUrl = process.env.TEST_DATABASE_URL;
const stamp = Date.now();
const templateDatabase = `store_e2e_${stamp}_template`;
const databases = adminUrl ? Array.from({ length: workers }, (_, index) => `store_e2e_${stamp}_${index}`) : [];

function databaseUrl(database: string): string {
  const url = new URL(adminUrl!);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onAdmin(statements: string[]) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

function step(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

const env: NodeJS.ProcessEnv = { ...process.env, CHROMIUM_PATH: chromium, E2E_WORKERS: String(workers), E2E_DATA_DIR: dataDir, BUILD_DIR: buildDir };
let status = 1;
try {
  step('npx', ['react-router', 'build'], { ...process.env, BUILD_DIR: buildDir });
  step('npx', ['tsx', 'scripts/build-server.ts', buildDir]);

  rmSync(templateDir, { recursive: true, force: true });
  if (adminUrl) await onAdmin([`create database ${templateDatabase}`]);
  step('npx', ['tsx', 'scripts/seed.ts'], { ...process.env, DATA_DIR: templateDir, DATABASE_URL: adminUrl ? databaseUrl(templateDatabase) : '' });

  for (let index = 0; index < workers; index++) {
    rmSync(`${dataDir}-${index}`, { recursive: true, force: true });
    // On PostgreSQL the folder holds only the uploaded pictures; the rows are in the database.
    cpSync(templateDir, `${dataDir}-${index}`, { recursive: true });
  }
  if (adminUrl) {
    await onAdmin(databases.map((database) => `create database ${database} template ${templateDatabase}`));
    databases.forEach((database, index) => (env[`E2E_DATABASE_URL_${index}`] = databaseUrl(database)));
  }

  status = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env }).status ?? 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  if (adminUrl) await onAdmin([...databases, templateDatabase].map((database) => `drop database if exists ${database} with (force)`));
}
process.exit(status);
