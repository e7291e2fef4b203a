// A tiny static server for the browser benches (host-cost, restore, intent, page-view,
// side-by-side): a "customer page" without the widget, the same page with the one-line embed,
// dist/parley.js and the files it loads from beside it (the chat, its parts, the languages), and
// the pages a bench adds. Nothing else exists on it on purpose: the widget's data-base-url points
// here (/parley-emulator), and a widget that connects before the visitor opens the chat shows up
// as a request the bench fails on (and as a 404 here).
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface BenchServer {
  origin: string;
  /** Every path requested, in order (a second record, beside the browser's own). */
  requests: string[];
  close(): Promise<void>;
}

/** A plausible small customer page: some text and inline CSS, and no other resources. */
export function customerPage(embed: string): string {
  const paragraphs = Array.from(
    { length: 12 },
    (_, i) =>
      `<p>Section ${i + 1}. Our shop sells sturdy garden furniture made from local oak. ` +
      `Orders ship within two working days; returns are free for thirty days.</p>`,
  ).join('\n    ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <!-- data: icon, so the browser asks this server for no favicon -->
    <link rel="icon" href="data:," />
    <title>Acme Garden Furniture</title>
    <style>
      body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #222; }
      header { background: #2f5d3a; color: #fff; padding: 1rem 2rem; }
      main { max-width: 40rem; margin: 2rem auto; padding: 0 1rem; }
    </style>
  </head>
  <body>
    <header><h1>Acme Garden Furniture</h1></header>
    <main>
    ${paragraphs}
    </main>
    ${embed}
  </body>
</html>
`;
}

/** Further pages by path, each a function of the server's origin (restore's, page-view's, side-by-side's). */
export type Routes = Record<string, { type: string; body: (origin: string) => string }>;

/**
 * `chatCache`: how the chat's content-hashed file is served. `immutable` as a CDN or a host
 * following docs/site-owners.md would (a returning visitor has it cached); `no-store` makes every load
 * a first one. `gzip`: every answer compressed for a browser that takes it, as a CDN sends them
 * (the tap bench's phone, on a slow network); else as they are (loopback, where bytes cost nothing).
 */
export async function startServer(
  parleyJs: Buffer,
  routes: Routes = {},
  chatCache: 'immutable' | 'no-store' = 'no-store',
  { gzip = false }: { gzip?: boolean } = {},
): Promise<BenchServer> {
  const requests: string[] = [];
  let origin = '';
  const compressed = new Map<string, Buffer>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    if (gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) compressAnswer(res, path, compressed);
    // no-store: every run is a first visit, with nothing served from a cache.
    const headers = { 'cache-control': 'no-store' };
    if (path === '/plain' || path === '/widget') {
      const embed =
        path === '/widget'
          ? `<script src="/parley.js" data-client-id="bench" data-base-url="${origin}/parley-emulator" async></script>`
          : '';
      res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' });
      res.end(customerPage(embed));
    } else if (path === '/parley.js') {
      res.writeHead(200, { ...headers, 'content-type': 'text/javascript; charset=utf-8' });
      res.end(parleyJs);
    } else if (/^\/parley-[\w-]+\.[\w-]+\.js$/.test(path) && existsSync(`dist${path}`)) {
      // The chat and its languages, beside the loader as in dist/: loaded on intent or for a returning visitor.
      const cache = chatCache === 'immutable' ? 'public, max-age=31536000, immutable' : 'no-store';
      res.writeHead(200, { 'cache-control': cache, 'content-type': 'text/javascript; charset=utf-8' });
      res.end(readFileSync(`dist${path}`));
    } else if (Object.hasOwn(routes, path)) {
      res.writeHead(200, { ...headers, 'content-type': routes[path]!.type });
      res.end(routes[path]!.body(origin));
    } else {
      res.writeHead(404, headers);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Makes `res` send its body gzipped (level 9, once per path, as a CDN caches it). */
function compressAnswer(res: ServerResponse, path: string, cache: Map<string, Buffer>): void {
  const end = res.end.bind(res) as (body?: string | Buffer) => ServerResponse;
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: Record<string, string>) => ServerResponse;
  res.writeHead = ((status: number, headers: Record<string, string> = {}) =>
    writeHead(status, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' })) as typeof res.writeHead;
  res.end = ((body?: string | Buffer) => {
    if (body === undefined) return end();
    let zipped = cache.get(path);
    if (!zipped) cache.set(path, (zipped = gzipSync(body, { level: 9 })));
    return end(zipped);
  }) as typeof res.end;
}
