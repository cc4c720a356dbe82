/**
 * End-to-end tests in the system Chromium (Debian's package; Playwright's own browser
 * download does not work here), at a phone and a desktop width. The server runs from the
 * production build on a fresh data folder with the demo shop.
 */
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3199);
const DATA_DIR = process.env.E2E_DATA_DIR ?? 'tmp/e2e-data';
const BUILD_DIR = process.env.BUILD_DIR ?? 'tmp/e2e-build';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'ar-EG',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
    { name: 'desktop', use: { viewport: { width: 1280, height: 900 } } },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && npx react-router build && tsx server/main.ts`,
    url: `http://127.0.0.1:${PORT}/api/v1/categories`,
    timeout: 300_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      BUILD_DIR,
      NODE_ENV: 'production',
      // On PostgreSQL when the test run gives one (scripts/run-e2e.ts), else embedded.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      STORE_URL: `http://127.0.0.1:${PORT}`,
      AUTH_RATE_LIMIT: '10000',
      BACKUP_INTERVAL_MINUTES: '0',
      LOG_LEVEL: 'warn',
    },
  },
});
