/** The built pages for tests that send requests to them through `app.inject`. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Builds the web app into `tmp/<name>` (a folder per test file, so files running side by side
 * never share one) and returns the folder.
 */
export function buildWebApp(name: string): string {
  const buildDir = path.resolve('tmp', name);
  execFileSync('npx', ['react-router', 'build'], { env: { ...process.env, BUILD_DIR: buildDir }, stdio: 'ignore' });
  return buildDir;
}
