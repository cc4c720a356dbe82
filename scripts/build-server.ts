/**
 * Compiles the server (server/main.ts and what it imports from core, db and contracts) and the
 * pages' server build to one JavaScript file, `<build folder>/main.mjs`, with the database
 * migrations and an empty, migrated embedded database beside it: one copy of every module in the process. In
 * production the server runs from that file with plain Node: no TypeScript compiler in the
 * process, which saves about 100 MB of memory (docs/benchmarks.md). Packages stay in
 * node_modules, imported as they are. `npm run build` and `npm start` call it.
 *
 * Usage: tsx scripts/build-server.ts [build folder, default BUILD_DIR or build]
 */
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * Node's flags for the compiled server (`npm start` writes the same in package.json). A heap of
 * 256 MB is four times what the server holds live, and keeps V8 collecting before the process
 * grows past 300 MB; without it V8 sizes the heap to the machine's memory and collects lazily
 * (docs/benchmarks.md).
 */
export const SERVER_NODE_ARGS = ['--max-old-space-size=256'];

/**
 * The environment `npm start` adds (package.json says the same). glibc's malloc gives each thread
 * that allocates its own arena, up to eight per core (mallopt(3), M_ARENA_MAX); libuv's threads
 * (compression, file reads) and libvips' (an uploaded picture) each grew one, and arenas keep
 * what they held. Two arenas: about 60 MB less after a day's work (docs/benchmarks.md).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };

/** The compiled server's file in `buildDir`. */
export function serverEntry(buildDir: string): string {
  return path.join(buildDir, 'main.mjs');
}

export async function buildServer(buildDir: string): Promise<void> {
  await build({
    entryPoints: ['server/main.ts'],
    outfile: serverEntry(buildDir),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.12',
    packages: 'external',
    // Not minified: a stack trace in the log names the functions.
    logLevel: 'warning',
    plugins: [
      {
        // The pages' server build (react-router build, run first) goes into the same bundle. It
        // imports core, db, contracts and server from their source files (scripts/server-owned-plugin.ts),
        // so each of those modules is bundled once and shared by both doors.
        name: 'pages-server-build',
        setup(bundler) {
          bundler.onResolve({ filter: /^virtual:react-router\/server-build$/ }, () => {
            const pages = path.resolve(buildDir, 'server', 'index.js');
            if (!existsSync(pages)) throw new Error(`The pages are not built (${pages} is missing): run "react-router build" first.`);
            return { path: pages };
          });
        },
      },
    ],
  });
  // db/client.ts finds the migrations beside the file it runs from.
  const migrations = path.join(buildDir, 'migrations');
  rmSync(migrations, { recursive: true, force: true });
  cpSync(path.join('db', 'migrations'), migrations, { recursive: true });
  // The first start copies this empty, migrated database rather than creating one. Loaded here
  // only: the Playwright config imports this file for its settings, not the database.
  const { createEmbeddedTemplate, EMBEDDED_TEMPLATE } = await import('../server/first-start.ts');
  await createEmbeddedTemplate(path.join(buildDir, path.basename(EMBEDDED_TEMPLATE)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer(process.argv[2] ?? process.env.BUILD_DIR ?? 'build');
}
