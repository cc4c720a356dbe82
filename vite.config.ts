import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { enhanceScript } from './scripts/enhance-plugin.ts';
import { precompress } from './scripts/precompress-plugin.ts';
import { serverOwnedModules, serverOwnedPaths } from './scripts/server-owned-plugin.ts';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), enhanceScript(), precompress(), serverOwnedModules()],
  build: {
    target: 'es2022',
    // The pages' server build names the server's modules by their place beside it.
    rolldownOptions: isSsrBuild ? { output: { paths: serverOwnedPaths(path.resolve(process.env.BUILD_DIR ?? 'build', 'server')) } } : undefined,
  },
}));
