// The live feed: every change the console shows, published once, to whoever listens.
import type { FeedEvent } from './model.ts';

export interface Feed {
  publish(event: FeedEvent): void;
  subscribe(listener: (event: FeedEvent) => void): () => void;
}

export function createFeed(onListenerError: (error: unknown) => void = () => {}): Feed {
  const listeners = new Set<(event: FeedEvent) => void>();
  return {
    publish(event) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          onListenerError(error); // one broken listener must not stop the others
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
