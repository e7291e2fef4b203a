import { defineConfig } from 'vite';

// dist/parley.js: one classic script with everything inside, for a <script> tag on any site.
export default defineConfig({
  publicDir: false,
  build: {
    lib: { entry: 'src/embed.ts', formats: ['iife'], name: 'Parley', fileName: () => 'parley.js' },
    target: 'es2020',
    emptyOutDir: false,
    sourcemap: true,
    minify: true,
  },
});
