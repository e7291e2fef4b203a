// The dev server hands out the built script-tag files (dist/parley.js, the chat and the language files it loads) byte
// for byte, as a CDN would: Vite's own pipeline would rewrite them, and the chat's file would
// then fail its integrity hash. Pages under e2e/ embed them this way; the plain sites under
// e2e/site/ are handed out as they are too (no dev-server script added to them).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';

const RAW_FILE = /^\/(dist\/(parley\.js|parley-[\w-]+\.[\w-]+\.js)(\.map)?|e2e\/site\/[\w-]+\.(html|js))$/;
const TYPES: Record<string, string> = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', map: 'application/json' };

export function serveDist(root = process.cwd()): Plugin {
  return {
    name: 'parley-serve-dist',
    apply: 'serve',
    configureServer(server: ViteDevServer) {
      server.middlewares.use((req, res, next) => {
        const path = new URL(req.url ?? '/', 'http://x').pathname;
        const file = join(root, path);
        if (req.method !== 'GET' || !RAW_FILE.test(path) || !existsSync(file)) return next();
        res.writeHead(200, {
          'content-type': TYPES[path.slice(path.lastIndexOf('.') + 1)]!,
          'content-length': statSync(file).size,
          'cache-control': 'no-cache',
          // As a CDN: a page of another origin loads them with integrity, which takes a CORS fetch.
          'access-control-allow-origin': '*',
        });
        createReadStream(file).pipe(res);
      });
    },
  };
}
