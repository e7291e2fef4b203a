// The built console page (dist/emulator/console) as static files: the page under a strict CSP,
// Vite's hashed assets cached for good, nothing outside the built directory.
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { sendError } from '../../core/http.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The page runs no inline script and no inline style, so it can hold this policy. Pictures may
 * come from anywhere (the agent's and the visitors' profile pictures are URLs).
 */
const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' https: http: data:; " +
  "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/** Answers `path` from the built console in `root` (an absolute, resolved directory). */
export async function serveStatic(root: string, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return sendError(req, res, 405, `${req.method} is not allowed on ${path}`);
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return sendError(req, res, 400, 'the path is not a valid URL-encoded string');
  }
  const isPage = decoded === '/' || decoded === '/index.html';
  const file = resolve(root, `.${isPage ? '/index.html' : decoded}`);
  // `..`, encoded slashes and NUL bytes all end up here: nothing outside the built console.
  if (decoded.includes('\0') || !file.startsWith(root + sep)) return sendError(req, res, 404, `no file ${path}`);
  let content: Buffer;
  try {
    if (!(await stat(file)).isFile()) return sendError(req, res, 404, `no file ${path}`);
    content = await readFile(file);
  } catch {
    if (isPage) {
      return sendError(req, res, 503, `the console is not built (${root} has no index.html): run \`npm run build\``);
    }
    return sendError(req, res, 404, `no file ${path}`);
  }
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': content.length,
    'X-Content-Type-Options': 'nosniff',
    // Vite names assets by their content hash: they never change under one name.
    'Cache-Control': decoded.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...(isPage ? { 'Content-Security-Policy': PAGE_CSP, 'Referrer-Policy': 'no-referrer' } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : content);
}
