/**
 * Runs before `npm start`: builds the web app when there is no build yet or a source file
 * changed since the last one, so a fresh clone needs only `npm install && npm start`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['app', 'contracts', 'core', 'db', 'public', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json', 'scripts/enhance-plugin.ts', 'scripts/precompress-plugin.ts'];
const STAMP = path.join('build', '.built');

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stat.mtimeMs);
}

const complete = [STAMP, path.join('build', 'server', 'index.js'), path.join('build', 'enhance.json')].every((file) => existsSync(file));
const built = complete ? statSync(STAMP).mtimeMs : 0;
if (Math.max(...SOURCES.map(newestChange)) > built) {
  console.log('Building the web app...');
  execFileSync('npx', ['react-router', 'build'], { stdio: 'inherit' });
  writeFileSync(STAMP, new Date().toISOString());
}
