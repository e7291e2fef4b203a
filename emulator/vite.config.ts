// Builds the emulator for Node (dist/emulator/index.js and cli.js), the files behind
// `import { startEmulator } from 'parley-chat/emulator'` and `npx parley-emulator`:
//   vite build -c emulator/vite.config.ts
// Dependencies and node: built-ins stay imports; the demo flows and their media are copied beside
// the code (core/options.ts finds them at ./flows/demo-flows.json and ./flows/media/); the
// console is built by its own config.
import { copyFileSync, cpSync, mkdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import pkg from '../package.json' with { type: 'json' };

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const dependencies = Object.keys(pkg.dependencies);
const external = (id: string) =>
  id.startsWith('node:') || builtinModules.includes(id) || dependencies.some((dep) => id === dep || id.startsWith(`${dep}/`));

export default defineConfig({
  publicDir: false,
  build: {
    ssr: true,
    outDir: here('../dist/emulator'),
    emptyOutDir: false, // the console's build lives in dist/emulator/console
    target: 'node20',
    sourcemap: true,
    minify: false,
    rollupOptions: {
      input: { index: here('index.ts'), cli: here('cli.ts') },
      external,
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name].js' },
    },
  },
  plugins: [
    {
      name: 'copy-demo-flows',
      writeBundle() {
        mkdirSync(here('../dist/emulator/flows'), { recursive: true });
        copyFileSync(here('flows/demo-flows.json'), here('../dist/emulator/flows/demo-flows.json'));
        cpSync(here('flows/media'), here('../dist/emulator/flows/media'), { recursive: true, filter: (path) => !path.endsWith('.md') });
      },
    },
  ],
});
