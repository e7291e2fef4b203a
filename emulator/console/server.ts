// Serves the agent console under `{base}/console`: its small JSON API over a ConsoleSource, the
// live feed as Server-Sent Events, and the built page (dist/emulator/console) as static files.
// The emulator routes every request under `{base}/console` here with the rest of the path.
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { corsHeaders, readJson, sendError, sendJson } from '../http.ts';
import type { ConsoleSource, FeedEvent } from '../model.ts';

export interface ConsoleServerOptions {
  /** The built console (`dist/emulator/console`). */
  assetsDir: string | URL;
  /** Interval of the feed's keep-alive comments; default 15 s. */
  keepAliveMs?: number;
}

export interface ConsoleServer {
  /** Answers a request; `subpath` is what follows `{base}/console` (`''`, `/`, `/api/state`…). */
  handle(req: IncomingMessage, res: ServerResponse, subpath: string): void;
  /** Ends every open feed. */
  close(): void;
}

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

// oxlint-disable-next-line max-lines-per-function -- a whole subsystem in one closure, to split along its seams (issue 29)
export function createConsoleServer(source: ConsoleSource, options: ConsoleServerOptions): ConsoleServer {
  const root = resolve(typeof options.assetsDir === 'string' ? options.assetsDir : fileURLToPath(options.assetsDir));
  const keepAliveMs = options.keepAliveMs ?? 15_000;
  const feeds = new Set<() => void>();

  const openFeed = (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, {
      ...corsHeaders(req),
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // Proxies (nginx) must not hold the stream back.
      'X-Accel-Buffering': 'no',
    });
    res.write(': connected\n\n');
    const unsubscribe = source.subscribe((event: FeedEvent) => {
      res.write(`data: ${JSON.stringify(event)}\n\n`);
    });
    const timer = setInterval(() => res.write(': keep-alive\n\n'), keepAliveMs);
    const end = () => {
      if (!feeds.delete(end)) return;
      clearInterval(timer);
      unsubscribe();
      res.end();
    };
    feeds.add(end);
    req.on('close', end);
    res.on('close', end);
  };

  const setWebhook = async (req: IncomingMessage, res: ServerResponse) => {
    let body: unknown;
    try {
      body = await readJson(req);
    } catch (error) {
      // readJson says why (413 too large, 415 not JSON, 400 invalid) when it can.
      const status = (error as { status?: unknown }).status;
      return sendError(req, res, typeof status === 'number' ? status : 400, (error as Error).message);
    }
    const url = (body as { url?: unknown } | null)?.url;
    if (url !== null && !isHttpUrl(url)) {
      return sendError(req, res, 400, 'url must be an http or https URL, or null to clear the webhook');
    }
    source.setWebhookUrl(url ?? undefined);
    sendJson(req, res, 200, { status: 'ok', settings: source.settings() });
  };

  const api = (req: IncomingMessage, res: ServerResponse, path: string): void | Promise<void> => {
    const method = req.method ?? 'GET';
    const only = (allowed: string) => {
      if (method === allowed) return true;
      res.setHeader('Allow', allowed);
      sendError(req, res, 405, `${method} is not allowed on ${path}; use ${allowed}`);
      return false;
    };
    if (path === '/api/state') {
      if (only('GET')) {
        sendJson(req, res, 200, { settings: source.settings(), threads: source.threads(), webhooks: source.webhooks(), dropped: source.dropped() });
      }
      return;
    }
    if (path === '/api/feed') {
      if (only('GET')) openFeed(req, res);
      return;
    }
    if (path === '/api/webhook') {
      if (only('PUT')) return setWebhook(req, res);
      return;
    }
    const thread = /^\/api\/threads\/([^/]+)$/.exec(path);
    if (thread) {
      if (!only('GET')) return;
      let threadId: string;
      try {
        threadId = decodeURIComponent(thread[1]!);
      } catch {
        return sendError(req, res, 400, 'the thread id is not a valid URL-encoded string');
      }
      const transcript = source.transcript(threadId);
      const summary = source.threads().find((candidate) => candidate.threadId === threadId);
      if (!transcript || !summary) return sendError(req, res, 404, `no thread ${JSON.stringify(threadId)}`);
      return sendJson(req, res, 200, { thread: summary, transcript });
    }
    sendError(req, res, 404, `no console route ${path}`);
  };

  const staticFile = async (req: IncomingMessage, res: ServerResponse, path: string) => {
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
  };

  return {
    handle(req, res, subpath) {
      const path = subpath.split('?')[0]!;
      if (path === '') {
        // `{base}/console` -> `{base}/console/`, relative so that any base works.
        const query = subpath.slice(path.length);
        res.writeHead(302, { Location: `console/${query}`, 'Content-Length': 0 });
        res.end();
        return;
      }
      const answer = path.startsWith('/api/') ? api(req, res, path) : staticFile(req, res, path);
      Promise.resolve(answer).catch((error: unknown) => {
        if (!res.headersSent) sendError(req, res, 500, `console: ${(error as Error).message}`);
        else res.destroy();
      });
    },
    close() {
      for (const end of [...feeds]) end();
    },
  };
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
