// The conversation's durable state, one record per clientId. The only module that imports
// idb-keyval. Where IndexedDB fails (private modes, blocked storage) it keeps working in memory.
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import * as z from 'zod/mini';
import type { Logger } from '../protocol/parse.ts';
import type { TranscriptEntry } from './transcript.ts';

export interface Snapshot {
  version: 1;
  threadId: string;
  /** The client-nonce mode's secret for this thread. */
  nonce?: string;
  /** The next traceId to use: traceIds only grow within a thread, across reloads too. */
  nextTraceId: number;
  /** The start event has been queued for this thread (it is sent once per thread). */
  startEventQueued: boolean;
  entries: TranscriptEntry[];
  /** The widget's panel was open (UI state that survives a reload). */
  open?: boolean;
}

export interface ConversationStore {
  load(): Promise<Snapshot | undefined>;
  save(snapshot: Snapshot): Promise<void>;
  clear(): Promise<void>;
}

// Stored data may come from an older version or be damaged: check it before trusting it.
const StoredEntry = z.looseObject({ kind: z.string(), id: z.string(), text: z.string(), at: z.number() });
const StoredSnapshot = z.looseObject({
  version: z.number(),
  threadId: z.string(),
  nonce: z.optional(z.string()),
  nextTraceId: z.number(),
  startEventQueued: z.boolean(),
  entries: z.array(StoredEntry),
  open: z.optional(z.boolean()),
});

const STATUSES = ['pending', 'sent', 'delivered', 'failed'];

function isSnapshot(value: unknown): value is Snapshot {
  const parsed = StoredSnapshot.safeParse(value);
  if (!parsed.success || parsed.data.version !== 1) return false;
  return parsed.data.entries.every((entry) => {
    const e = entry as Record<string, unknown>;
    if (e.kind === 'received') return typeof e.from === 'string';
    return e.kind === 'user' && typeof e.traceId === 'number' && STATUSES.includes(e.status as string) && typeof e.outgoing === 'object';
  });
}

export function memoryStore(): ConversationStore {
  let saved: Snapshot | undefined;
  return {
    load: async () => (saved ? structuredClone(saved) : undefined),
    save: async (snapshot) => {
      saved = structuredClone(snapshot);
    },
    clear: async () => {
      saved = undefined;
    },
  };
}

let sharedIdbStore: UseStore | undefined;

/**
 * A flag in localStorage saying that IndexedDB holds a conversation for this clientId, so a
 * visitor who never chatted costs the page no IndexedDB open at all. Undefined where
 * localStorage is unavailable (sandboxed frames): then IndexedDB is asked directly.
 */
function threadMarker(clientId: string) {
  const name = `parley:thread:${clientId}`;
  const attempt = <T>(action: (storage: Storage) => T): T | undefined => {
    try {
      return action(localStorage);
    } catch {
      return undefined;
    }
  };
  return {
    isSet: () => attempt((storage) => storage.getItem(name) === '1'),
    set: () => attempt((storage) => storage.setItem(name, '1')),
    clear: () => attempt((storage) => storage.removeItem(name)),
  };
}

/** IndexedDB through idb-keyval, keyed by clientId, falling back to memory on the first failure. */
export function indexedDbStore(clientId: string, logger: Logger, idbStore?: UseStore): ConversationStore {
  const key = `thread:${clientId}`;
  const marker = threadMarker(clientId);
  const fallback = memoryStore();
  let broken = typeof indexedDB === 'undefined';
  const useStore = () => idbStore ?? (sharedIdbStore ??= createStore('parley', 'conversations'));

  async function attempt<T>(action: () => Promise<T>, onFailure: () => Promise<T>): Promise<T> {
    if (broken) return onFailure();
    try {
      return await action();
    } catch (error) {
      broken = true;
      logger.warn('[parley] IndexedDB is unavailable; the conversation is kept in memory only:', error);
      return onFailure();
    }
  }

  return {
    load: () =>
      attempt(async () => {
        if (marker.isSet() === false) return undefined; // nothing stored: leave IndexedDB closed
        const value: unknown = await get(key, useStore());
        if (value === undefined) return undefined;
        if (isSnapshot(value)) return value;
        logger.warn('[parley] ignored a stored conversation that is damaged or from another version');
        return undefined;
      }, fallback.load),
    save: (snapshot) =>
      attempt(
        async () => {
          await set(key, snapshot, useStore());
          marker.set();
        },
        async () => {
          // A stale record left behind would come back at the next reload, with old traceIds.
          await del(key, useStore()).catch(() => undefined);
          return fallback.save(snapshot);
        },
      ),
    clear: () =>
      attempt(async () => {
        marker.clear();
        await del(key, useStore());
      }, fallback.clear),
  };
}

/**
 * Coalesces saves: at most one write in flight, and only the newest snapshot is written after
 * it. A burst of changes costs two writes, not one per change.
 */
export function createSaver(store: ConversationStore, logger: Logger) {
  let latest: Snapshot | undefined;
  let writing: Promise<void> | undefined;

  async function drain(): Promise<void> {
    while (latest) {
      const snapshot = latest;
      latest = undefined;
      try {
        await store.save(snapshot);
      } catch (error) {
        logger.warn('[parley] could not save the conversation:', error);
      }
    }
    writing = undefined;
  }

  return {
    save(snapshot: Snapshot): void {
      latest = snapshot;
      writing ??= drain();
    },
    /** Resolves when every requested save has been written. */
    flushed(): Promise<void> {
      return writing ?? Promise.resolve();
    },
  };
}
