/**
 * End-to-end tests in the system Chromium (Debian's package; Playwright's own browser
 * download does not work here), at a phone and a desktop width. Each worker has a server of
 * its own on a data folder of its own, so specs that count orders or categories never see
 * another worker's writes. scripts/run-e2e.ts (`npm run test:e2e`) builds the app and copies a
 * freshly seeded demo shop into each folder first; run Playwright through it.
 */
import { defineConfig } from '@playwright/test';
import { bostaStandInEnv } from './scripts/bosta-standin.ts';
import { SERVER_ENV, SERVER_NODE_ARGS } from './scripts/build-server.ts';
import { whatsappStandInEnv } from './scripts/whatsapp-standin.ts';

const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const PORT = Number(process.env.E2E_PORT ?? 3199);
const DATA_DIR = process.env.E2E_DATA_DIR ?? 'tmp/e2e-data';
const BUILD_DIR = process.env.BUILD_DIR ?? 'tmp/e2e-build';
// Set by Playwright in each worker process before it reads this file; the runner itself has none.
const WORKER = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** The specs that run at the desktop width too (see projects below). */
const DESKTOP_SPECS = ['shell', 'catalogue', 'scroll', 'admin-overview', 'coupons', 'returns', 'colour-journey'].map((name) => `**/${name}.spec.ts`);

const origin = (index: number) => `http://127.0.0.1:${PORT + index}`;

/** Card payments go to the Paymob stand-in (scripts/paymob-standin.ts), one for every worker's server. */
const PAYMOB_PORT = Number(process.env.E2E_PAYMOB_PORT ?? PORT + 90);
const PAYMOB = {
  PAYMOB_BASE_URL: `http://127.0.0.1:${PAYMOB_PORT}`,
  PAYMOB_SECRET_KEY: 'egy_sk_test_e2e_secret',
  PAYMOB_PUBLIC_KEY: 'egy_pk_test_e2e_public',
  PAYMOB_HMAC_SECRET: 'e2e_hmac_secret_for_the_stand_in',
  PAYMOB_CARD_INTEGRATION_ID: '4097558',
  PAYMOB_WALLET_INTEGRATION_ID: '4097559',
};
/** Minutes a card order waits for its payment in these tests: short, so an expiry can be watched. */
const E2E_PAYMENT_TIMEOUT_MINUTES = 0.5;

/** Shipping with the Bosta stand-in scripts/run-e2e.ts starts for this worker's server; by hand without one. */
function bostaEnv(index: number): Record<string, string> {
  const url = process.env[`E2E_BOSTA_URL_${index}`];
  return url ? bostaStandInEnv(url) : {};
}

/** Messages to customers through the WhatsApp stand-in scripts/run-e2e.ts starts for this worker's server; none without one. */
function whatsappEnv(index: number): Record<string, string> {
  const url = process.env[`E2E_WHATSAPP_URL_${index}`];
  return url ? whatsappStandInEnv(url) : {};
}

function server(index: number) {
  return {
    // The compiled server, as `npm start` runs it (scripts/run-e2e.ts builds it).
    command: `node ${SERVER_NODE_ARGS.join(' ')} ${BUILD_DIR}/main.mjs`,
    url: `${origin(index)}/api/v1/categories`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      ...SERVER_ENV,
      PORT: String(PORT + index),
      HOST: '127.0.0.1',
      DATA_DIR: `${DATA_DIR}-${index}`,
      BUILD_DIR,
      NODE_ENV: 'production',
      // On PostgreSQL when the test run gives one database per worker, else embedded.
      DATABASE_URL: process.env[`E2E_DATABASE_URL_${index}`] ?? '',
      STORE_URL: origin(index),
      AUTH_RATE_LIMIT: '10000',
      BACKUP_INTERVAL_MINUTES: '0',
      LOG_LEVEL: 'warn',
      ...PAYMOB,
      PAYMENT_TIMEOUT_MINUTES: String(E2E_PAYMENT_TIMEOUT_MINUTES),
      ...bostaEnv(index),
      ...whatsappEnv(index),
    },
  };
}

const paymobStandIn = {
  command: 'tsx scripts/paymob-standin.ts',
  url: `${PAYMOB.PAYMOB_BASE_URL}/_standin/health`,
  timeout: 60_000,
  reuseExistingServer: false,
  env: { ...PAYMOB, PAYMOB_STANDIN_PORT: String(PAYMOB_PORT) },
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // A spec file's tests run in order in one worker; files (and widths) spread over the workers.
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A log (CI, a file) gets one line per test with its time, so the slow ones show.
  reporter: process.env.CI || !process.stdout.isTTY ? 'list' : 'line',
  use: {
    baseURL: origin(WORKER),
    locale: 'ar-EG',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'retain-on-failure',
  },
  projects: [
    // Every path at a phone's width, where most shoppers are.
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
    // At a desktop's width the specs whose layout differs there: the header, menus and side list,
    // the catalogue's grids, scrolling, the dashboard's sidebar, the cart's and checkout's columns.
    // The other paths run the same core and forms at both widths, and the budgets (script bytes,
    // elements, HTML) are the same documents at any width.
    { name: 'desktop', use: { viewport: { width: 1280, height: 900 } }, testMatch: DESKTOP_SPECS },
  ],
  webServer: [paymobStandIn, ...Array.from({ length: WORKERS }, (_, index) => server(index))],
});
