// The console's live feed (`GET {base}/console/api/feed`): Server-Sent Events, one `data:` line
// per FeedEvent of the source, and a keep-alive comment now and then.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { corsHeaders } from '../../core/http.ts';
import type { ConsoleSource, FeedEvent } from '../../core/model.ts';

export interface FeedStreams {
  /** Answers the request with a stream that lasts until either side closes it. */
  open(req: IncomingMessage, res: ServerResponse): void;
  /** Ends every open feed. */
  closeAll(): void;
}

export function createFeedStreams(source: ConsoleSource, keepAliveMs: number): FeedStreams {
  const feeds = new Set<() => void>();

  function open(req: IncomingMessage, res: ServerResponse): void {
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
  }

  return {
    open,
    closeAll() {
      for (const end of [...feeds]) end();
    },
  };
}
