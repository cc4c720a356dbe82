/**
 * Keeps the server's own modules (core, db, contracts, server) out of the pages' server build,
 * which imports them from their source files instead. The compiled server
 * (scripts/build-server.ts) then bundles the pages' build together with them, so each of those
 * modules, and whatever it keeps (the catalogue's change listeners, caches, limits), exists once
 * in the process whichever door a request comes through (docs/decisions/015). Under Vite's
 * development server the pages import the same files the server loaded, through tsx.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folders whose modules belong to the server, never copied into the pages' build. */
export const SERVER_OWNED = ['core', 'db', 'contracts', 'server'].map((folder) => path.join(root, folder) + path.sep);

const isServerOwned = (file: string) => SERVER_OWNED.some((folder) => file.startsWith(folder));

/** Modules the development server's pages read from the server's own instances, by file. */
const DEV_PREFIX = '\0server-owned:';
const REGISTRY = Symbol.for('server-owned-modules');
const registry = () => ((globalThis as Record<symbol, unknown>)[REGISTRY] ??= new Map()) as Map<string, unknown>;

export function serverOwnedModules(): Plugin {
  return {
    name: 'server-owned-modules',
    enforce: 'pre',
    // The browser's build keeps its own copies of what it uses (contracts): there is no server there.
    applyToEnvironment: (environment) => environment.config.consumer === 'server',
    async resolveId(source, importer, options) {
      if (!importer || !(source.startsWith('.') || path.isAbsolute(source))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !isServerOwned(resolved.id)) return null;
      // A build leaves the import to the compiled server's bundle; the development server would
      // load its own copy, so the pages get a module that hands over the server's instance.
      return this.environment.mode === 'build' ? { id: resolved.id, external: 'absolute' } : DEV_PREFIX + resolved.id;
    },
    async load(id) {
      if (!id.startsWith(DEV_PREFIX)) return null;
      const file = id.slice(DEV_PREFIX.length);
      // `npm run dev` runs the server and Vite in one process under tsx: this import is the very
      // module instance the server imported.
      const instance = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      registry().set(file, instance);
      const key = JSON.stringify(file);
      const names = Object.keys(instance).filter((name) => name !== 'default');
      return [
        `const instance = globalThis[Symbol.for('server-owned-modules')].get(${key});`,
        ...names.map((name) => `export const ${name} = instance[${JSON.stringify(name)}];`),
        ...('default' in instance ? ['export default instance.default;'] : []),
      ].join('\n');
    },
  };
}

/** The import path of a server-owned module, relative to the folder the pages' server build is written to. */
export function serverOwnedPaths(outDir: string) {
  return (id: string) => {
    if (!path.isAbsolute(id) || !isServerOwned(id)) return id;
    const relative = path.relative(outDir, id).split(path.sep).join('/');
    return relative.startsWith('.') ? relative : `./${relative}`;
  };
}
