import { defineConfig } from 'vite';
import { parleyMock } from './emulator/vite-plugin.ts';
import pkg from './package.json' with { type: 'json' };

// Dependencies stay imports in the npm build: the app that installs Parley bundles them once.
const dependencies = Object.keys(pkg.dependencies);

export default defineConfig({
  // The mock messaging service under /mock (dev and preview): see emulator/README.md.
  plugins: [parleyMock()],
  build: {
    lib: { entry: 'src/index.ts', formats: ['es'], fileName: 'index' },
    target: 'es2022',
    cssTarget: ['chrome120', 'edge120', 'firefox120', 'safari17'],
    sourcemap: true,
    copyPublicDir: false,
    rollupOptions: {
      external: (id) => dependencies.some((dep) => id === dep || id.startsWith(`${dep}/`)),
    },
  },
});
