/**
 * The end-to-end part of `npm test`: Playwright in the system Chromium. Without a Chromium it
 * fails, saying how to install one: a run that skipped the browser must not pass as tested.
 *
 * playwright.config.ts starts one server per worker. Before it does, this builds the app once
 * and seeds the demo shop once into a template; each server then starts from a copy of it: a
 * copied data folder, or with TEST_DATABASE_URL a PostgreSQL database made from the template
 * database. Seeding draws every product picture, so doing it once saves a minute per worker. The
 * folder copies carry the demo accounts' passwords (demo-accounts.json), which the specs read.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { BOSTA_STANDIN_SETTINGS, startBostaStandIn, type BostaStandIn } from './bosta-standin.ts';
import { createPostgresDatabase, type ThrowawayDatabase } from './throwaway-database.ts';
import { startWhatsAppStandIn, WHATSAPP_STANDIN_SETTINGS, type WhatsAppStandIn } from './whatsapp-standin.ts';

const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
if (!chromium) {
  console.error(
    'Chromium not found, so the end-to-end tests cannot run. Install it with "apt-get install -y chromium" ' +
      '(Debian; Playwright\'s own browser download is not used), or set CHROMIUM_PATH to a Chromium binary.',
  );
  process.exit(1);
}

// The same defaults as playwright.config.ts.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const dataDir = process.env.E2E_DATA_DIR ?? 'tmp/e2e-data';
const buildDir = process.env.BUILD_DIR ?? 'tmp/e2e-build';
const templateDir = `${dataDir}-template`;
const adminUrl = process.env.TEST_DATABASE_URL;
const port = Number(process.env.E2E_PORT ?? 3199);
/** The PostgreSQL databases made for this run, dropped at its end. */
const made: ThrowawayDatabase[] = [];

/**
 * Each worker's server ships with a Bosta stand-in of its own, whose webhook posts to that server
 * (one shared stand-in would see the same order numbers from every worker's copy of the shop).
 * playwright.config.ts hands E2E_BOSTA_URL_<index> to the server as its BOSTA_* settings.
 */
async function startBostaStandIns(): Promise<BostaStandIn[]> {
  return Promise.all(
    Array.from({ length: workers }, (_, index) => startBostaStandIn({ ...BOSTA_STANDIN_SETTINGS, webhookUrl: `http://127.0.0.1:${port + index}/api/v1/couriers/bosta/webhook` })),
  );
}

/** Each worker's server sends its WhatsApp messages to a stand-in of its own too (E2E_WHATSAPP_URL_<index>). */
async function startWhatsAppStandIns(): Promise<WhatsAppStandIn[]> {
  return Promise.all(
    Array.from({ length: workers }, (_, index) => startWhatsAppStandIn({ ...WHATSAPP_STANDIN_SETTINGS, webhookUrl: `http://127.0.0.1:${port + index}/api/v1/webhooks/whatsapp` })),
  );
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
  const template = adminUrl ? await createPostgresDatabase(adminUrl, { prefix: 'store_e2e_template' }) : undefined;
  if (template) made.push(template);
  step('npx', ['tsx', 'scripts/seed.ts'], { ...process.env, DATA_DIR: templateDir, DATABASE_URL: template?.url ?? '' });

  for (let index = 0; index < workers; index++) {
    rmSync(`${dataDir}-${index}`, { recursive: true, force: true });
    // On PostgreSQL the folder holds only the uploaded pictures; the rows are in the database.
    cpSync(templateDir, `${dataDir}-${index}`, { recursive: true });
  }
  if (adminUrl && template) {
    for (let index = 0; index < workers; index++) {
      const copy = await createPostgresDatabase(adminUrl, { prefix: 'store_e2e', template: template.name });
      made.push(copy);
      env[`E2E_DATABASE_URL_${index}`] = copy.url;
    }
  }

  const standIns = await startBostaStandIns();
  standIns.forEach((standIn, index) => (env[`E2E_BOSTA_URL_${index}`] = standIn.url));
  const whatsappStandIns = await startWhatsAppStandIns();
  whatsappStandIns.forEach((standIn, index) => (env[`E2E_WHATSAPP_URL_${index}`] = standIn.url));
  try {
    // Not spawnSync: this process answers the stand-ins meanwhile.
    status = await new Promise<number>((resolve) => {
      spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env }).on('close', (code) => resolve(code ?? 1));
    });
  } finally {
    await Promise.all([...standIns, ...whatsappStandIns].map((standIn) => standIn.close()));
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  for (const database of made.reverse()) await database.drop();
}
process.exit(status);
