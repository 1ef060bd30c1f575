import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

// The UI is served by the gateway at /ui/ (plugins/web-ui/src), from ../dist/web.
export default defineConfig({
  root: here,
  base: '/ui/',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Every browser that runs this UI supports modulepreload; the polyfill would be dead weight.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    chunkSizeWarningLimit: 600,
  },
});
