/**
 * The pages' server build carries no copy of the server's modules (core, db, contracts,
 * server): it imports them from their files, and the compiled server bundles both doors with
 * one copy of each (docs/decisions/015). A second copy would keep state of its own: a catalogue
 * write made by a page action would announce itself to listeners nobody registered.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverEntry } from '../../scripts/build-server.ts';
import { copyOfWebApp } from '../helpers/web-build.ts';

const SHARED = ['core', 'db', 'contracts', 'server'];

/** The functions a folder's modules declare at their top level (exported or not), by file. */
function declaredFunctions(): { file: string; name: string }[] {
  const found: { file: string; name: string }[] = [];
  for (const folder of SHARED) {
    for (const entry of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
      if (!entry.endsWith('.ts') || entry.endsWith('.d.ts')) continue;
      const file = path.join(folder, entry);
      for (const match of readFileSync(file, 'utf8').matchAll(/^(?:export )?(?:async )?function\*? ?(\w+)\(/gm)) found.push({ file, name: match[1]! });
    }
  }
  return found;
}

/** Definitions of a function in bundled code; a bundler renames a second copy `name2`. */
const definitions = (code: string, name: string) => code.match(new RegExp(`\\bfunction\\*? ?${name}\\d*\\(`, 'g'))?.length ?? 0;

let buildDir: string;
beforeAll(async () => {
  buildDir = await copyOfWebApp('vitest-one-copy');
  await buildServer(buildDir);
});

describe("the server's modules exist once", () => {
  it('the pages import them from their files and define none of their functions', () => {
    const pages = readFileSync(path.join(buildDir, 'server', 'index.js'), 'utf8');
    const functions = declaredFunctions();
    // The check looks where it should: core's functions are many, and the pages call some of them.
    expect(functions.length).toBeGreaterThan(100);
    expect(pages).toMatch(/from "(\.\.\/)+core\/catalogue\/(catalogue-changes|products)\.ts"/);
    const copied = functions.filter(({ name }) => definitions(pages, name) > 0).map(({ file, name }) => `${file}: ${name}`);
    expect(copied).toEqual([]);
  });

  it('the compiled server holds the pages and one definition of each of those functions', () => {
    const server = readFileSync(serverEntry(buildDir), 'utf8');
    expect(server).toContain('renderToPipeableStream');
    expect(definitions(server, 'catalogueChanged')).toBe(1);
    expect(definitions(server, 'placeOrder')).toBe(1);
    expect(definitions(server, 'authenticate')).toBe(1);
  });
});
