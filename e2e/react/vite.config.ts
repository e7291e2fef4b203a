// Builds the example React 19 app (e2e/react -> e2e/react/dist): `vite build -c
// e2e/react/vite.config.ts`, after the package build. As in e2e/spa, the bare import
// 'parley-chat' is the BUILT npm entry; 'parley-chat/react' is imported for its types only, so
// the JSX transform drops it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import pkg from '../../package.json' with { type: 'json' };

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const entry = here(`../../${pkg.exports['.'].import}`);
// Checked when Vite resolves the config, not on import: tools that only read this file (knip)
// should not need dist/.
const needsPackageBuild = {
  name: 'needs-package-build',
  config() {
    if (!existsSync(entry)) throw new Error(`${entry} is missing: run the package build (vite build) first`);
  },
};

export default defineConfig({
  root: here('.'),
  // Relative asset URLs: the test serves the build from /e2e/react/dist/ on the repo's dev server.
  base: './',
  publicDir: false,
  plugins: [needsPackageBuild],
  resolve: { alias: [{ find: /^parley-chat$/, replacement: entry }] },
  // React's JSX without @vitejs/plugin-react (this repository's own JSX is Preact's). Oxc compiles
  // a namespaced prop name such as `onparley:message` to the string key React 19 wants.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  // React's development build: only there does <StrictMode> mount, unmount and mount again every
  // effect and ref, which the test wants <parley-chat> to survive. (`vite build` alone would pick
  // React's production build, where StrictMode does nothing.)
  define: { 'process.env.NODE_ENV': JSON.stringify('development') },
  // React's development build is about 0.5 MB: no warning about it.
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 1024 },
});
