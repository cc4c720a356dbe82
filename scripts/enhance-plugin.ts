/**
 * Builds the enhancement script (app/enhance/main.ts, docs/decisions/010) beside the client
 * build: one minified, self-contained module under assets/ with a content hash in its name, and
 * `enhance.json` in the build folder naming it for the server. In development Vite serves the
 * source itself.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
import { ENHANCE_ENTRY, ENHANCE_MANIFEST } from '../app/enhance/files.ts';

export function enhanceScript(): Plugin {
  return {
    name: 'enhance-script',
    apply: 'build',
    async writeBundle(options) {
      if (this.environment.name !== 'client' || !options.dir) return;
      const result = await build({
        entryPoints: [ENHANCE_ENTRY],
        bundle: true,
        minify: true,
        format: 'esm',
        target: 'es2022',
        outdir: path.join(options.dir, 'assets'),
        entryNames: 'enhance-[hash]',
        metafile: true,
        legalComments: 'none',
        logLevel: 'warning',
      });
      const output = Object.keys(result.metafile.outputs).find((file) => file.endsWith('.js'));
      if (!output) throw new Error('The enhancement script was not built.');
      writeFileSync(path.join(options.dir, '..', ENHANCE_MANIFEST), JSON.stringify({ src: `/assets/${path.basename(output)}` }));
    },
  };
}
