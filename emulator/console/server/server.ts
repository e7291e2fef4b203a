// Serves the agent console under `{base}/console`: its small JSON API over a ConsoleSource, the
// live feed as Server-Sent Events, and the built page (dist/emulator/console) as static files.
// The emulator routes every request under `{base}/console` here with the rest of the path.
// Wiring only: the API in api.ts, the feed in feed.ts, the files in static.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sendError } from '../../core/http.ts';
import type { ConsoleSource } from '../../core/model.ts';
import { answerApi } from './api.ts';
import { createFeedStreams } from './feed.ts';
import { serveStatic } from './static.ts';

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

export function createConsoleServer(source: ConsoleSource, options: ConsoleServerOptions): ConsoleServer {
  const root = resolve(typeof options.assetsDir === 'string' ? options.assetsDir : fileURLToPath(options.assetsDir));
  const feeds = createFeedStreams(source, options.keepAliveMs ?? 15_000);

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
      const answer = path.startsWith('/api/') ? answerApi(source, feeds.open, req, res, path) : serveStatic(root, req, res, path);
      Promise.resolve(answer).catch((error: unknown) => {
        if (!res.headersSent) sendError(req, res, 500, `console: ${(error as Error).message}`);
        else res.destroy();
      });
    },
    close: feeds.closeAll,
  };
}
