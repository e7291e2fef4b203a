// The live feed's connection: an EventSource on `api/feed`, its status as a signal, and a new try
// a little later when EventSource gives up. What the events mean is the store's business.
import type { Signal } from '@preact/signals-core';
import type { FeedEvent } from '../core/model.ts';

/** The part of EventSource the store uses (a test passes a fake). */
export interface FeedSource {
  readonly readyState: number;
  onopen: ((event: Event) => unknown) | null;
  onmessage: ((event: MessageEvent) => unknown) | null;
  onerror: ((event: Event) => unknown) | null;
  close(): void;
}
export type FeedSourceConstructor = new (url: string) => FeedSource;

/** connecting: first try; live: open; reconnecting: EventSource is retrying; offline: it gave up. */
export type FeedStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

const CLOSED = 2;
/** After EventSource gives up (an answer that is not a stream), the connection tries again this late. */
export const RETRY_MS = 5000;

export interface FeedConnectionOptions {
  EventSource: FeedSourceConstructor;
  url: string;
  status: Signal<FeedStatus>;
  /** Each (re)opening; also when EventSource gave up, to show what can be shown meanwhile. */
  reload(): void;
  receive(event: FeedEvent): void;
}

export interface FeedConnection {
  /** Opens the feed, unless it is open (or disposed). */
  start(): void;
  dispose(): void;
}

export function createFeedConnection(options: FeedConnectionOptions): FeedConnection {
  const { status } = options;
  let source: FeedSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  const connect = () => {
    if (disposed) return;
    const feedSource = new options.EventSource(options.url);
    source = feedSource;
    feedSource.onopen = () => {
      if (source !== feedSource) return;
      status.value = 'live';
      options.reload();
    };
    feedSource.onmessage = (message) => {
      if (source !== feedSource) return;
      let event: FeedEvent;
      try {
        event = JSON.parse(String(message.data)) as FeedEvent;
      } catch {
        return; // Not ours: ignored, never a crash.
      }
      if (event && typeof event === 'object' && typeof event.kind === 'string') options.receive(event);
    };
    feedSource.onerror = () => {
      if (source !== feedSource) return;
      if (feedSource.readyState !== CLOSED) {
        status.value = 'reconnecting';
        return;
      }
      // EventSource gave up (e.g. the emulator answered 503): try again a little later.
      status.value = 'offline';
      feedSource.close();
      source = undefined;
      retry = setTimeout(connect, RETRY_MS);
      // Show what can be shown meanwhile (or why nothing can).
      options.reload();
    };
  };

  return {
    start() {
      if (source || disposed) return;
      connect();
    },
    dispose() {
      disposed = true;
      clearTimeout(retry);
      source?.close();
      source = undefined;
    },
  };
}
