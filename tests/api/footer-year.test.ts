/**
 * The footer's copyright year is the year it is in Cairo when the page is rendered, not a year
 * written into the code.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORE_NAME } from '../../contracts/constants.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { buildWebApp } from '../helpers/web-build.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webBuildDir: await buildWebApp() });
});
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

/** The footer's copyright line as a reader gets it. */
async function copyrightOf(url: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const footer = res.body.slice(res.body.lastIndexOf('<footer'));
  const line = /<p[^>]*>\s*©([\s\S]*?)<\/p>/.exec(footer)?.[0] ?? '';
  return line
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the footer', () => {
  it("shows this year's copyright", async () => {
    const year = new Intl.DateTimeFormat('en', { timeZone: 'Africa/Cairo', year: 'numeric' }).format(new Date());
    expect(await copyrightOf('/about-shortcut')).toBe(`© ${year} ${STORE_NAME}. جميع الحقوق محفوظة.`);
  });

  it("turns to the new year at Cairo's midnight, while it is still the old year in UTC", async () => {
    // Another page each time: the process keeps a guest's page for a while.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-12-31T21:30:00Z'));
    expect(await copyrightOf('/terms-and-condition')).toContain('© 2030 ');
    vi.setSystemTime(new Date('2030-12-31T22:30:00Z'));
    expect(await copyrightOf('/delivery-and-returns')).toContain('© 2031 ');
  });
});
