/**
 * `npm install`'s last step (package.json's prepare script): builds the web app, the server and
 * the empty database the first start copies (scripts/ensure-build.ts), so that the first
 * `npm start` has only the demo shop to create. A server that installs without the build tools
 * (`npm ci --omit=dev`, running a build made elsewhere: docs/deploy.md) skips it.
 */
import { existsSync } from 'node:fs';

if (existsSync('node_modules/@react-router/dev') && existsSync('node_modules/esbuild')) {
  await import('./ensure-build.ts');
} else {
  console.log('The build tools are not installed (--omit=dev): not building; run a build made where they are.');
}
