// `npm start` (Vite's dev server): the console page runs from source, with HMR. Its index.html
// names its script and stylesheet relatively (`./main.tsx`), which the build needs; served at
// `/parley-emulator/console/` those would resolve to `/parley-emulator/console/main.tsx`, so here they are made
// absolute from Vite's root (`/emulator/console/main.tsx`). Everything else the page asks for
// is relative on purpose (`api/state` -> `/parley-emulator/console/api/state`) and stays so.
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Connect, ViteDevServer } from 'vite';

const CONSOLE_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * Answers `GET {consolePath}` (and `{consolePath}index.html`) with the console's index.html as
 * Vite transforms it. The middleware goes first in Vite's stack, ahead of the emulator's handler,
 * which answers the rest of `{consolePath}` (`api/...`). `consolePath` ends with a slash.
 */
export function serveConsoleFromSource(server: ViteDevServer, consolePath: string, consoleDir: string = CONSOLE_DIR): void {
  const sourceUrl = devUrl(resolve(server.config.root), resolve(consoleDir));
  const page = new Set([consolePath, `${consolePath}index.html`]);
  const handle: Connect.NextHandleFunction = (req, res, next) => {
    const path = (req.url ?? '').split('?')[0]!;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !page.has(path)) return next();
    readFile(resolve(consoleDir, 'index.html'), 'utf8')
      .then((html) => server.transformIndexHtml(`${sourceUrl}index.html`, absoluteAssetUrls(html, sourceUrl), req.originalUrl))
      .then((html) => {
        (res as ServerResponse).writeHead(200, {
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-cache',
        });
        res.end(req.method === 'HEAD' ? undefined : html);
      }, next);
  };
  server.middlewares.stack.unshift({ route: '', handle });
}

/** The dev server's URL of a directory: `/emulator/console/` under the root, `/@fs/…` outside. */
export function devUrl(root: string, dir: string): string {
  const path = relative(root, dir);
  const inside = path !== '' && !path.startsWith('..') && !path.startsWith(sep) && !/^[a-zA-Z]:/.test(path);
  const url = inside ? `/${path.split(sep).join('/')}/` : `/@fs/${dir.split(sep).join('/').replace(/^\/+/, '')}/`;
  return url.replace(/\/+$/, '/');
}

/** `src="./x"` and `href="./x"` -> `src="{prefix}x"`; other URLs are left alone. */
export function absoluteAssetUrls(html: string, prefix: string): string {
  return html.replace(
    /\b(src|href)=(["'])\.\/([^"']*)\2/g,
    (_match, name: string, quote: string, rest: string) => `${name}=${quote}${prefix}${rest}${quote}`,
  );
}
