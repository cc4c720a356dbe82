/**
 * The load generator of `npm run bench`, run by it as a process of its own so that it never
 * competes with the server inside one event loop. Prints autocannon's result as JSON.
 *
 *   node --import tsx scripts/bench-load.ts <url>[|<url>...] <connections> <seconds> [--vary]
 *
 * Several addresses, separated by '|', are asked in turn.
 * `--vary` adds a parameter the server ignores (`bench=<n>`, new on every request), so no
 * answer is served from the server's catalogue cache: every request does the database work.
 */
import autocannon from 'autocannon';

const [urls, connections, seconds, vary] = process.argv.slice(2);
if (!urls || !connections || !seconds) throw new Error('usage: bench-load.ts <url>[|<url>...] <connections> <seconds> [--vary]');
const paths = urls.split('|').map((url) => new URL(url));
let n = 0;
const result = await autocannon({
  url: paths[0]!.origin,
  connections: Number(connections),
  duration: Number(seconds),
  requests: [
    {
      setupRequest: (request) => {
        const target = paths[n % paths.length]!;
        const path = target.pathname + target.search;
        n += 1;
        return { ...request, path: vary === '--vary' ? `${path}${path.includes('?') ? '&' : '?'}bench=${n}` : path };
      },
    },
  ],
});
process.stdout.write(JSON.stringify(result));
