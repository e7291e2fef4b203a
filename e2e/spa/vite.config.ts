// Builds the example SPA (e2e/spa -> e2e/spa/dist): `vite build -c e2e/spa/vite.config.ts`, after
// the package build. The bare import 'parley-chat' is the BUILT npm entry, as an app that
// installed the package would get it, not src/.
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
  // Relative asset URLs: the test serves the build from /e2e/spa/dist/ on the repo's dev server.
  base: './',
  publicDir: false,
  plugins: [needsPackageBuild],
  resolve: { alias: [{ find: /^parley-chat$/, replacement: entry }] },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: true },
});
