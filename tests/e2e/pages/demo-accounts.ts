/**
 * The demo shop's admin and customer (seed/demo.ts). Their passwords are made at random when
 * scripts/run-e2e.ts seeds the template shop, and kept in demo-accounts.json in the data folder
 * it copies to every worker's server; a password is read from this worker's copy when a spec
 * first asks for it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

type DemoAccountKey = 'admin' | 'customer';
type Kept = Record<DemoAccountKey, { phone: string; password: string }>;

// The same defaults as playwright.config.ts; Playwright numbers the workers in TEST_PARALLEL_INDEX.
const DATA_DIR = process.env.E2E_DATA_DIR ?? 'tmp/e2e-data';
const WORKER = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

let kept: Kept | undefined;

function readKept(): Kept {
  const file = path.join(`${DATA_DIR}-${WORKER}`, 'demo-accounts.json');
  try {
    kept ??= JSON.parse(readFileSync(file, 'utf8')) as Kept;
  } catch (error) {
    throw new Error(`The demo accounts' passwords are not in ${file}: run the end-to-end tests with "npm run test:e2e".`, { cause: error });
  }
  return kept;
}

function demoAccount(key: DemoAccountKey, phone: string): { readonly phone: string; readonly password: string } {
  return {
    phone,
    get password() {
      return readKept()[key].password;
    },
  };
}

export const ADMIN = demoAccount('admin', '01000000001');
export const CUSTOMER = demoAccount('customer', '01000000002');
