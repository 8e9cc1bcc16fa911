import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// Built into dist/console, which the gateway serves at / (no CDN, no remote fonts).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: { outDir: '../../dist/console', emptyOutDir: true, modulePreload: { polyfill: false } },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
