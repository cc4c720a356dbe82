/**
 * Runs before `npm start`: builds the web app and the server (scripts/build-server.ts) when there
 * is no build yet or a source file changed since the last one, so a fresh clone needs only
 * `npm install && npm start`. The build goes to BUILD_DIR, `build` unless set.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildServer, serverEntry } from './build-server.ts';

const SOURCES = [
  'app',
  'contracts',
  'core',
  'db',
  'server',
  'public',
  'vite.config.ts',
  'react-router.config.ts',
  'package-lock.json',
  'scripts/enhance-plugin.ts',
  'scripts/precompress-plugin.ts',
  'scripts/build-server.ts',
];
const buildDir = process.env.BUILD_DIR ?? 'build';
const STAMP = path.join(buildDir, '.built');

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stat.mtimeMs);
}

const complete = [STAMP, path.join(buildDir, 'server', 'index.js'), path.join(buildDir, 'enhance.json'), serverEntry(buildDir)].every((file) => existsSync(file));
const built = complete ? statSync(STAMP).mtimeMs : 0;
if (Math.max(...SOURCES.map(newestChange)) > built) {
  console.log('Building the web app and the server...');
  execFileSync('npx', ['react-router', 'build'], { stdio: 'inherit' });
  await buildServer(buildDir);
  writeFileSync(STAMP, new Date().toISOString());
}
