// Builds the agent console (emulator/console -> dist/emulator/console):
//   vite build -c emulator/console/vite.config.ts
// Relative asset URLs (base './'): the emulator serves the page under any base, e.g.
// `http://127.0.0.1:8787/console/` or `http://127.0.0.1:5199/parley-emulator/console/`.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: './',
  publicDir: false,
  build: {
    outDir: here('../../dist/emulator/console'),
    emptyOutDir: true,
    target: 'es2022',
    cssTarget: ['chrome120', 'edge120', 'firefox120', 'safari17'],
    sourcemap: false,
    // Every browser of the target has modulepreload: no polyfill in the bundle.
    modulePreload: { polyfill: false },
  },
});
