// An IndexedDB (fake-indexeddb underneath) that fails on command, the ways browsers fail:
// `quota` refuses every write (a full disk), `close()` closes every connection opened so far
// (Safari closing its connection: later transactions throw InvalidStateError until the page
// opens the database again), `slow` holds writes back. What indexedDbStore takes as `open`.
import { createStore, type UseStore } from 'idb-keyval';

let databases = 0;

export function flakyIdb() {
  const name = `flaky-${++databases}`;
  let quota = false;
  let closedBefore = 0;
  let connections = 0;
  let held: Array<() => void> | undefined;
  const counts = { opens: 0, refusedWrites: 0, closedUses: 0 };

  const open = (): UseStore => {
    counts.opens++;
    const generation = ++connections;
    const real = createStore(name, 'conversations');
    return async (txMode, callback) => {
      if (generation <= closedBefore) {
        counts.closedUses++;
        throw new DOMException('The database connection is closing.', 'InvalidStateError');
      }
      if (txMode === 'readwrite' && quota) {
        counts.refusedWrites++;
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      if (txMode === 'readwrite' && held) await new Promise<void>((resolve) => held!.push(resolve));
      return real(txMode, callback);
    };
  };

  return {
    open,
    counts,
    /** Every write is refused until `ok()`. */
    quota: () => void (quota = true),
    /** Every connection opened so far is closed; a new one works. */
    close: () => void (closedBefore = connections),
    ok: () => void (quota = false),
    /** Writes wait until `release()`. */
    hold: () => void (held ??= []),
    release: () => {
      const waiting = held ?? [];
      held = undefined;
      waiting.forEach((resolve) => resolve());
    },
    /** A plain reader of the same database, for assertions. */
    reader: () => createStore(name, 'conversations'),
  };
}
