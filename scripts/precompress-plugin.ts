/**
 * Writes a brotli (.br) and a gzip (.gz) copy, at their highest levels, beside every file of the
 * client build that compresses (scripts, styles, SVG, JSON), once at build time. The server hands
 * them out as they are (`preCompressed` in server/web.ts), so no asset is compressed on a request;
 * fonts and images are compressed already and are left alone.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The file types that shrink when compressed: everything else in the build is a font or an image. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|html|webmanifest)$/;

/** Writes name.br and name.gz beside each compressible file under `dir` that has none yet. */
export async function precompressFolder(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const names = new Set(entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name)));
  const todo = [...names].filter((file) => COMPRESSIBLE.test(file) && !names.has(`${file}.br`));
  await Promise.all(
    todo.map(async (file) => {
      const data = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
  return todo.length;
}

export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    // After every other plugin has written its files: the enhancement script (enhance-plugin.ts)
    // and, after the server build, the assets React Router moves from it to the client folder.
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler(options) {
        if (!options.dir) return;
        // build/client for the client build, and its sibling for the server build's output.
        await precompressFolder(path.join(options.dir, '..', 'client'));
      },
    },
  };
}
