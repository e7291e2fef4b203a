// The dev server hands out the built script-tag files (dist/parley.js and the chat it loads) byte
// for byte, as a CDN would: Vite's own pipeline would rewrite them, and the chat's file would
// then fail its integrity hash. Pages under e2e/ embed them this way.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';

const SCRIPT_FILE = /^\/dist\/(parley\.js|parley-chat\.\w+\.js)(\.map)?$/;

export function serveDist(root = process.cwd()): Plugin {
  return {
    name: 'parley-serve-dist',
    apply: 'serve',
    configureServer(server: ViteDevServer) {
      server.middlewares.use((req, res, next) => {
        const path = new URL(req.url ?? '/', 'http://x').pathname;
        const file = join(root, path);
        if (req.method !== 'GET' || !SCRIPT_FILE.test(path) || !existsSync(file)) return next();
        res.writeHead(200, {
          'content-type': path.endsWith('.map') ? 'application/json' : 'text/javascript; charset=utf-8',
          'content-length': statSync(file).size,
          'cache-control': 'no-cache',
        });
        createReadStream(file).pipe(res);
      });
    },
  };
}
