import type { InlineConfig, Plugin } from 'vite';

// The script-tag files in dist/: the loader (parley.js) and the chat it loads. Both are classic
// scripts for any site; scripts/build-embed.ts builds them, the chat first (the loader carries
// its name and integrity hash).
export function embedConfig(entry: string, define: Record<string, string> = {}, plugins: Plugin[] = []): InlineConfig {
  return {
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    define,
    plugins,
    build: {
      lib: { entry, formats: ['iife'], name: 'Parley', fileName: () => 'parley.js' },
      // Browsers from 2023 on: native private fields and :dir() stay as written (older targets
      // would rewrite them into bigger helpers and a :lang() list that ignores dir="rtl").
      target: 'es2022',
      cssTarget: ['chrome120', 'edge120', 'firefox120', 'safari17'],
      emptyOutDir: false,
      sourcemap: true,
      minify: true,
      write: false,
    },
    // The stylesheet uses no light-dark(): its polyfill's variables next to color-scheme are dead.
    css: { lightningcss: { exclude: 1 << 20 /* Features.LightDark */ } },
  };
}
