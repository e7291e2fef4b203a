import { defineConfig } from 'vite';
import { serveDist } from './demo/serve-dist.ts';
import { startBanner } from './demo/start-banner.ts';
import { parleyEmulator } from './emulator/vite-plugin.ts';
import pkg from './package.json' with { type: 'json' };
import { LANGUAGES } from './src/i18n/translation.ts';

// Dependencies stay imports in the npm build: the app that installs Parley bundles them once.
const dependencies = Object.keys(pkg.dependencies);

export default defineConfig({
  // The emulator under /parley-emulator (dev and preview), strict as our own tests want it: see emulator/README.md.
  plugins: [parleyEmulator({ strict: true }), startBanner(), serveDist()],
  // The dependency scan looks at the demo page only: the example apps under e2e/ import the
  // built package, which a fresh clone has not built yet (that warning worried newcomers).
  optimizeDeps: { entries: ['index.html', 'help.html'] },
  logLevel: process.env.PARLEY_VITE_LOG === 'info' ? 'info' : 'warn',
  build: {
    // Each language is an entry too (dist/languages/<tag>.js, `parley-chat/languages/<tag>`): the
    // element's dynamic import of one is that file, so an app's bundler splits each off.
    lib: {
      entry: { index: 'src/index.ts', ...Object.fromEntries(LANGUAGES.map((tag) => [`languages/${tag}`, `src/i18n/languages/${tag}.ts`])) },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    target: 'es2022',
    cssTarget: ['chrome120', 'edge120', 'firefox120', 'safari17'],
    sourcemap: true,
    copyPublicDir: false,
    rolldownOptions: {
      external: (id) => dependencies.some((dep) => id === dep || id.startsWith(`${dep}/`)),
      output: {
        // The element (what dist/parley.js carries: src/loader, define.ts and what they import) is a chunk of
        // its own, apart from the chat it imports on intent: an app that uses the element bundles
        // only this part into its first chunk, and its bundler splits the chat off.
        codeSplitting: { groups: [{ name: 'element', test: /[\\/]src[\\/](loader[\\/]|define\.ts)/ }] },
      },
    },
  },
});
