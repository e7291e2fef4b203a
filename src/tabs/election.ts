// Which tab holds the socket: the holder of a Web Lock named for the clientId. The browser
// frees the lock when its tab closes, reloads or crashes, and grants it to the next tab in line.
// A tab that is hidden into the back/forward cache or frozen lets go first (a frozen tab runs
// nothing, so it could neither send nor answer the others), and queues again when it returns.

import { refuse, type LockManagerLike } from '../browser/features.ts';

export type { LockManagerLike };

/** Page lifecycle signals: `leave` on pagehide and freeze, `return` on pageshow and resume. */
export interface PageLifecycle {
  subscribe(listener: (change: 'leave' | 'return') => void): () => void;
}

export function browserLifecycle(): PageLifecycle {
  return {
    subscribe(listener) {
      const leave = () => listener('leave');
      const back = () => listener('return');
      const pairs: Array<[string, () => void]> = [
        ['pagehide', leave],
        ['freeze', leave],
        ['pageshow', back],
        ['resume', back],
      ];
      // freeze and resume fire on document, pagehide and pageshow on window.
      for (const [type, handler] of pairs) (type.startsWith('page') ? window : document).addEventListener(type, handler);
      return () => {
        for (const [type, handler] of pairs) (type.startsWith('page') ? window : document).removeEventListener(type, handler);
      };
    },
  };
}

export interface Election {
  /**
   * Takes the lock from a holder that has gone silent: frozen without a freeze event, or too
   * busy to answer. It stops leading as soon as it runs again, and queues behind this tab.
   */
  takeOver(): void;
  /** Leaves the line (or the lead) for good. */
  stop(): void;
}

/**
 * Queues for the lock; `lead()` runs while this tab holds it and returns what ends the lead.
 * `onLifecycle` lets the caller pause its own work across pagehide/freeze.
 */
export function electLeader(options: {
  name: string;
  locks: LockManagerLike;
  lifecycle: PageLifecycle;
  lead: () => () => void;
  onLifecycle?: (change: 'leave' | 'return') => void;
  /** The browser refused the lock (not an abort): this tab works alone from now on. */
  onRefused: () => void;
}): Election {
  let abort: AbortController | undefined;
  let resign: (() => void) | undefined;
  let stopped = false;

  function join(steal = false): void {
    if (stopped || (abort && !steal) || resign) return;
    abort?.abort(); // a waiting request cannot also steal
    const controller = (abort = new AbortController());
    const holding = () => {
      if (controller !== abort) return Promise.resolve();
      return new Promise<void>((release) => {
        const end = options.lead();
        resign = () => {
          resign = undefined;
          end();
          release();
        };
      });
    };
    // A request that throws at once (not a rejection) is a refusal too.
    new Promise((granted) =>
      granted(options.locks.request(options.name, steal ? { steal: true } : { signal: controller.signal }, holding)),
    ).catch((error: unknown) => {
      // Aborted by this tab (nothing to do), or stolen by another: stop leading, queue again.
      if (controller !== abort) return;
      abort = undefined;
      resign?.();
      if ((error as Error | undefined)?.name === 'AbortError') return join();
      // Refused (SecurityError in an opaque origin): asking again would be refused at once, for ever.
      stopped = true;
      refuse('Web Locks');
      options.onRefused();
    });
  }

  function leave(): void {
    if (resign) resign();
    else abort?.abort();
    abort = undefined;
  }

  const unsubscribe = options.lifecycle.subscribe((change) => {
    if (change === 'leave') leave();
    options.onLifecycle?.(change);
    if (change === 'return') join();
  });
  join();

  return {
    takeOver: () => join(true),
    stop() {
      stopped = true;
      unsubscribe();
      leave();
    },
  };
}
