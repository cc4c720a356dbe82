/**
 * The load generator of `npm run bench`, run by it as a process of its own so that it never
 * competes with the server inside one event loop. Prints autocannon's result as JSON.
 *
 *   node --import tsx scripts/bench-load.ts <url>[|<url>...] <connections> <seconds> [--words mixed] [--header 'Name: value']...
 *
 * Several addresses, separated by '|', are asked in turn. `{misspelt}` in an address stands for
 * a different misspelt word on every request (scripts/bench-words.ts), of the kind `--words`
 * names (mixed by default, corrected or gibberish).
 * `--header` sends that header with every request (a signed-in customer's `Authorization` or
 * `Cookie`).
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { MISSPELT_KINDS, misspelt, type MisspeltKind } from './bench-words.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { header: { type: 'string', multiple: true, default: [] }, words: { type: 'string', default: 'mixed' } },
});
const [urls, connections, seconds] = positionals;
if (!urls || !connections || !seconds) throw new Error("usage: bench-load.ts <url>[|<url>...] <connections> <seconds> [--words mixed] [--header 'Name: value']...");
const words = values.words as MisspeltKind;
if (!MISSPELT_KINDS.includes(words)) throw new Error(`--words: one of ${MISSPELT_KINDS.join(', ')}`);
const paths = urls.split('|').map((url) => new URL(url));
const headers = Object.fromEntries(
  values.header.map((line) => {
    const at = line.indexOf(':');
    if (at < 1) throw new Error(`--header: "${line}" is not "Name: value"`);
    return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
  }),
);
let n = 0;
const result = await autocannon({
  url: paths[0]!.origin,
  connections: Number(connections),
  duration: Number(seconds),
  headers,
  requests: [
    {
      setupRequest: (request) => {
        const target = paths[n % paths.length]!;
        const path = (target.pathname + target.search).replaceAll('{misspelt}', encodeURIComponent(misspelt(n, words)));
        n += 1;
        return { ...request, path };
      },
    },
  ],
});
process.stdout.write(JSON.stringify(result));
