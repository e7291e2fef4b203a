// Every timer the conversations start (delayed replies, pause ends, writeConcern waits) is kept
// here, so a reset can stop them all at once.
import type { Clock } from '../core/clock.ts';

export interface ConversationTimers {
  /** Runs `fn` after `ms`; resolves once it ran. */
  later(ms: number, fn: () => void): Promise<void>;
  /** Starts a kept timer and returns its handle (forgotten once it fires). */
  start(fn: () => void, ms: number): unknown;
  /** Stops a timer `start` returned. */
  cancel(handle: unknown): void;
  /** Stops every timer still pending. */
  clearAll(): void;
}

export function createConversationTimers(clock: Clock): ConversationTimers {
  const timers = new Set<unknown>();

  function start(fn: () => void, ms: number): unknown {
    const handle = clock.setTimeout(() => {
      timers.delete(handle);
      fn();
    }, ms);
    timers.add(handle);
    return handle;
  }

  return {
    start,
    later: (ms, fn) =>
      new Promise((resolve) => {
        start(() => {
          fn();
          resolve();
        }, ms);
      }),
    cancel(handle) {
      clock.clearTimeout(handle);
      timers.delete(handle);
    },
    clearAll() {
      for (const handle of timers) clock.clearTimeout(handle);
      timers.clear();
    },
  };
}
