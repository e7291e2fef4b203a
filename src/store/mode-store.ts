// The store of the page's storage mode (the `storage` attribute), which may change while the
// conversation goes on: a consent banner raises it, a visitor's choice lowers it. The conversation
// moves whole to the new mode's store, and the old one is emptied, so a lower mode never leaves
// behind what a higher one wrote.
import { indexedDbFactory } from '../browser/features.ts';
import type { StorageMode } from '../browser/storage-mode.ts';
import type { Logger } from '../protocol/parse.ts';
import type { ConversationStore } from './contract.ts';
import { indexedDbStore } from './indexeddb-store.ts';
import { otherModeStore, otherModesHere } from './other-modes-part.ts';
import { MAX_STORED_ENTRIES } from './record-checks.ts';

export interface ModeStore extends ConversationStore {
  readonly mode: StorageMode;
  /** Resolves once the conversation is in the new mode's store and out of the old one. */
  setMode(mode: StorageMode): Promise<void>;
}

/** Every call of a ConversationStore (one missing leaves modeStore's result short: a compile error). */
const STORE_CALLS = ['load', 'loadOlder', 'write', 'reserveTraceId', 'dropThread', 'queue', 'unqueue', 'queued', 'clear'] as const;

/** A mode's store, or the promise of it while its code loads (other-modes-part.ts). */
type StoreFor = (mode: StorageMode) => ConversationStore | Promise<ConversationStore>;

export function modeStore(initial: StorageMode, storeFor: StoreFor): ModeStore {
  let mode = initial;
  const first = storeFor(initial);
  let current = first as ConversationStore;
  // Every call waits for a move under way (the first store's code loading is one): nothing lands
  // in a store that is being emptied, or that is not there yet.
  let moving: Promise<void> = first instanceof Promise ? first.then((store) => void (current = store)) : Promise.resolve();
  // Each of the store's calls, made on the current store once a move in progress is done.
  const calls = Object.fromEntries(
    STORE_CALLS.map((name) => [
      name,
      async (...args: unknown[]) => (await moving, (current[name] as (...args: unknown[]) => unknown)(...args)),
    ]),
  ) as unknown as Pick<ConversationStore, (typeof STORE_CALLS)[number]>;
  return {
    ...calls,
    get mode() {
      return mode;
    },
    setMode(next) {
      moving = moving.then(async () => {
        if (next === mode) return;
        const target = await storeFor(next);
        await moveConversation(current, target);
        await current.clear();
        [current, mode] = [target, next];
      });
      return moving;
    },
  };
}

/** The thread (its whole kept history, its undelivered messages) and the waiting requests. */
async function moveConversation(from: ConversationStore, to: ConversationStore): Promise<void> {
  const stored = await from.load(MAX_STORED_ENTRIES).catch(() => undefined);
  if (stored) {
    const { threadId } = stored.meta;
    await to.write(threadId, { meta: stored.meta, entries: stored.entries, outbox: stored.outbox });
    // The counter goes along (taking one from it costs a traceId, never a repeat).
    await to.reserveTraceId(threadId, await from.reserveTraceId(threadId, 1));
  }
  for (const request of await from.queued()) await to.queue(request);
}

/** Each mode's store: IndexedDB for `local` (this page's memory where the browser refuses it). */
export const storeForMode =
  (clientId: string, logger: Logger): StoreFor =>
  (mode) =>
    mode === 'local' && indexedDbFactory()
      ? indexedDbStore(clientId, logger)
      : otherModeStore(mode === 'session' ? mode : 'memory', clientId, logger);

/**
 * forget(): what every mode's store holds for this clientId, whichever mode wrote it. The memory
 * and session stores only if their code came: they keep nothing without it (the session's
 * sessionStorage key goes with the slots, client/storage.ts).
 */
export async function forgetEveryMode(clientId: string, logger: Logger): Promise<void> {
  if (indexedDbFactory()) await indexedDbStore(clientId, logger).clear();
  for (const mode of ['session', 'memory'] as const) await otherModesHere()?.otherModeStore(mode, clientId, logger).clear();
}
