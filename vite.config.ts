import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { enhanceScript } from './scripts/enhance-plugin.ts';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), enhanceScript()],
  build: { target: 'es2022' },
});
