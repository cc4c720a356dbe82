/**
 * `npm run lighthouse`: Lighthouse (mobile, simulated throttling) on the shopper's pages of a
 * running shop, in Debian's Chromium, one line per page with the median of several runs.
 *
 *   npm run lighthouse                          # http://localhost:3000, 3 runs a page
 *   npm run lighthouse -- http://127.0.0.1:3590 --runs=1
 *
 * Not part of CI: a run takes minutes and a busy machine moves the figures. Run it on an otherwise
 * idle machine against `npm start` (a production build), and write the results in
 * docs/benchmarks.md.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const args = process.argv.slice(2);
const base = (args.find((a) => !a.startsWith('--')) ?? 'http://localhost:3000').replace(/\/$/, '');
const runs = Math.max(1, Number(args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 3));
const chromePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(Boolean);

async function firstId(path: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/${path}?limit=1`);
  if (!response.ok) throw new Error(`${base}/api/v1/${path} answered ${response.status}: is the shop running?`);
  const body = (await response.json()) as { data: { _id: string }[] };
  if (!body.data[0]) throw new Error(`no ${path} in the shop`);
  return body.data[0]._id;
}

const pages: [string, string][] = [
  ['home', '/'],
  ['category', `/category/${await firstId('categories')}`],
  ['product', `/product/${await firstId('products')}`],
  ['search', `/search?keyword=${encodeURIComponent('قميص')}`],
  ['login', '/login'],
  ['cart', '/cart'],
];

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptKb: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Attempts a page's run gets when Lighthouse fails to record its trace (NO_NAVSTART, seen on a busy machine). */
const ATTEMPTS = 3;

async function audit(path: string) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const failure = result.lhr.runtimeError;
    if (!failure) return result;
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse could not audit ${path}: ${failure.code} ${failure.message}`);
    console.error(`${path}: ${failure.code}, running it again`);
  }
}

const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
try {
  console.log(`Lighthouse ${runs === 1 ? '1 run' : `median of ${runs} runs`} a page, mobile, ${base}`);
  console.log('page      perf  a11y  best  seo   LCP ms  TBT ms  CLS    JS KB (transferred)');
  for (const [name, path] of pages) {
    const results: Run[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await audit(path);
      const { categories, audits } = result.lhr;
      const summary = audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined;
      results.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
        seo: Math.round((categories.seo?.score ?? 0) * 100),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? 0,
        tbtMs: audits['total-blocking-time']?.numericValue ?? 0,
        cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
        scriptKb: (summary?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? 0) / 1024,
      });
    }
    const pick = (key: keyof Run) => median(results.map((r) => r[key]));
    console.log(
      `${name.padEnd(9)} ${String(pick('performance')).padStart(4)}  ${String(pick('accessibility')).padStart(4)}  ${String(pick('bestPractices')).padStart(4)}  ` +
        `${String(pick('seo')).padStart(4)}  ${pick('lcpMs').toFixed(0).padStart(6)}  ${pick('tbtMs').toFixed(0).padStart(6)}  ${pick('cls').toFixed(3)}  ${pick('scriptKb').toFixed(1).padStart(6)}`,
    );
  }
} finally {
  chrome.kill();
}
