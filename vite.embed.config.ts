import { defineConfig } from 'vite';

// dist/parley.js: one classic script with everything inside, for a <script> tag on any site.
export default defineConfig({
  publicDir: false,
  build: {
    lib: { entry: 'src/embed.ts', formats: ['iife'], name: 'Parley', fileName: () => 'parley.js' },
    // Browsers from 2023 on: native private fields and :dir() stay as written (older targets
    // would rewrite them into bigger helpers and a :lang() list that ignores dir="rtl").
    target: 'es2022',
    cssTarget: ['chrome120', 'edge120', 'firefox120', 'safari17'],
    emptyOutDir: false,
    sourcemap: true,
    minify: true,
  },
  // The stylesheet uses no light-dark(): its polyfill's variables next to color-scheme are dead.
  css: { lightningcss: { exclude: 1 << 20 /* Features.LightDark */ } },
});
