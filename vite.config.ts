import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { enhanceScript } from './scripts/enhance-plugin.ts';
import { precompress } from './scripts/precompress-plugin.ts';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), enhanceScript(), precompress()],
  build: { target: 'es2022' },
});
