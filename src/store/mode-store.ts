// The store of the page's storage mode (the `storage` attribute), which may change while the
// conversation goes on: a consent banner raises it, a visitor's choice lowers it. The conversation
// moves whole to the new mode's store, and the old one is emptied, so a lower mode never leaves
// behind what a higher one wrote.
import { indexedDbFactory } from '../browser/features.ts';
import type { StorageMode } from '../browser/storage-mode.ts';
import type { Logger } from '../protocol/parse.ts';
import type { ConversationStore } from './contract.ts';
import { indexedDbStore } from './indexeddb-store.ts';
import { memoryStore } from './memory-store.ts';
import { MAX_STORED_ENTRIES } from './record-checks.ts';
import { sessionStore } from './session-store.ts';

export interface ModeStore extends ConversationStore {
  readonly mode: StorageMode;
  /** Resolves once the conversation is in the new mode's store and out of the old one. */
  setMode(mode: StorageMode): Promise<void>;
}

/** Every call of a ConversationStore (one missing leaves modeStore's result short: a compile error). */
const STORE_CALLS = ['load', 'loadOlder', 'write', 'reserveTraceId', 'dropThread', 'queue', 'unqueue', 'queued', 'clear'] as const;

export function modeStore(initial: StorageMode, storeFor: (mode: StorageMode) => ConversationStore): ModeStore {
  let mode = initial;
  let current = storeFor(initial);
  // Every call waits for a move under way: nothing lands in a store that is being emptied.
  let moving: Promise<void> = Promise.resolve();
  // Each of the store's calls, made on the current store once a move in progress is done.
  const calls = Object.fromEntries(
    STORE_CALLS.map((name) => [name, async (...args: unknown[]) => (await moving, (current[name] as (...args: unknown[]) => unknown)(...args))]),
  ) as unknown as Pick<ConversationStore, (typeof STORE_CALLS)[number]>;
  return {
    ...calls,
    get mode() {
      return mode;
    },
    setMode(next) {
      moving = moving.then(async () => {
        if (next === mode) return;
        const target = storeFor(next);
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
  (clientId: string, logger: Logger) =>
  (mode: StorageMode): ConversationStore =>
    mode === 'session' ? sessionStore(clientId, logger) : mode === 'local' && indexedDbFactory() ? indexedDbStore(clientId, logger) : memoryStore(`parley:${clientId}`);

/** forget(): what every mode's store holds for this clientId, whichever mode wrote it. */
export async function forgetEveryMode(clientId: string, logger: Logger): Promise<void> {
  const storeFor = storeForMode(clientId, logger);
  for (const mode of ['local', 'session', 'memory'] as const) await storeFor(mode).clear();
}
