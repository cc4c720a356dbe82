/**
 * The end-to-end part of `npm test`: Playwright in the system Chromium. Without a Chromium it
 * says so and stops (CI installs one, and there a missing browser is a failure). With
 * TEST_DATABASE_URL the server under test runs on a fresh PostgreSQL database, else embedded.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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

const env: NodeJS.ProcessEnv = { ...process.env, CHROMIUM_PATH: chromium };
const adminUrl = process.env.TEST_DATABASE_URL;
let database: string | undefined;
if (adminUrl) {
  database = `store_e2e_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  env.E2E_DATABASE_URL = url.toString();
}

const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env });

if (adminUrl && database) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
}
process.exit(result.status ?? 1);
