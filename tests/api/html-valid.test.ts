/**
 * The shopper's main pages are valid HTML by the W3C Nu HTML Checker (npm `vnu-jar`, run with
 * the machine's Java): a heading inside a phrasing element or an autocomplete token a field's
 * type does not allow is an error, and any error fails the test. Skipped, loudly, where no Java
 * runs.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import vnu from 'vnu-jar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createCategoryFixture, createProductFixture, type Account } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { fillCart } from '../helpers/shop.ts';
import { buildWebApp } from '../helpers/web-build.ts';

const javaRuns = (() => {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    console.warn('html-valid: no Java on this machine; the HTML checker does not run');
    return false;
  }
})();

let t: TestApp;
let customer: Account;
let pages: [string, string][];

beforeAll(async () => {
  t = await createTestApp({ webBuildDir: await buildWebApp() });
  customer = await createAccount(t.db);
  const category = await createCategoryFixture(t.db, t.images, 'تيشيرتات');
  const product = await createProductFixture(t.db, t.images, { title: 'تيشيرت قطن أبيض', category: category.id });
  await fillCart(t, customer, product.id);
  pages = [
    ['/', ''],
    ['/new-arrived', ''],
    ['/offers', ''],
    [`/category/${category.id}`, ''],
    [`/search?keyword=${encodeURIComponent('تيشيرت')}`, ''],
    [`/product/${product.id}`, ''],
    ['/login', ''],
    ['/signup', ''],
    ['/forgot-password', ''],
    ['/reset-password?phone=01012345678&sent=1', ''],
    ['/cart', `token=${customer.token}`],
    ['/checkout', `token=${customer.token}`],
    ['/profile', `token=${customer.token}`],
  ];
});
afterAll(() => t.close());

describe('the main pages by the Nu HTML Checker', () => {
  it.skipIf(!javaRuns)('have no errors', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'store-html-'));
    try {
      const files: string[] = [];
      for (const [url, cookie] of pages) {
        const res = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000', ...(cookie && { cookie }) } });
        expect(res.statusCode, url).toBe(200);
        const file = path.join(folder, `${files.length}.html`);
        writeFileSync(file, res.body);
        files.push(file);
      }
      // The checker exits 1 when it finds errors; its JSON report is on stderr either way.
      const report = await promisify(execFile)('java', ['-jar', vnu, '--errors-only', '--format', 'json', ...files], { maxBuffer: 16 * 1024 * 1024 }).then(
        (done) => done.stderr,
        (failed: { stderr?: string }) => failed.stderr ?? '',
      );
      const messages = (JSON.parse(report) as { messages: { type: string; url: string; message: string; extract?: string }[] }).messages;
      const errors = messages.filter((m) => m.type === 'error').map((m) => `${pages[Number(path.basename(m.url).replace(/\D/g, ''))]?.[0]}: ${m.message}`);
      expect(errors).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
