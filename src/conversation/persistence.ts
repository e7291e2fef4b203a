// The conversation's durable state. The only module that imports idb-keyval. Each entry is a
// record of its own, so a change writes what changed and nothing else; the payloads of
// undelivered messages sit in outbox records that go away on delivery. Where IndexedDB fails
// (private modes, blocked storage) it keeps working in memory, shared by every client of the
// page, so a remount keeps the conversation.
import { createStore, del, get, promisifyRequest, type UseStore } from 'idb-keyval';
import type { Logger } from '../protocol/parse.ts';
import { bySeq, type StoredOutgoing, type TranscriptEntry, type UserEntry } from './transcript.ts';

/** What is kept of the thread besides its entries. */
export interface ThreadMeta {
  version: 2;
  threadId: string;
  /** The client-nonce mode's secret for this thread. */
  nonce?: string;
  /** The start event has been queued for this thread (it is sent once per thread). */
  startEventQueued: boolean;
  /** Received entries up to this seq have been seen in some tab. */
  readSeq: number;
}

/** A message the service has not confirmed yet: what a resend needs, with its original traceId. */
export interface OutboxRecord {
  entry: UserEntry;
  outgoing: StoredOutgoing;
}

export interface StoredConversation {
  meta: ThreadMeta;
  /** The latest entries, oldest first. */
  entries: TranscriptEntry[];
  /** Undelivered messages, however old, by traceId. */
  outbox: OutboxRecord[];
  /** Older entries remain in the store. */
  hasOlder: boolean;
}

/** One write: everything in it lands together or not at all. */
export interface Changes {
  meta?: ThreadMeta;
  entries?: TranscriptEntry[];
  outbox?: OutboxRecord[];
  /** traceIds whose outbox records can go: delivered. */
  delivered?: number[];
}

export interface ConversationStore {
  /** The stored thread with its latest `limit` entries, or undefined. Trims history to MAX_STORED_ENTRIES. */
  load(limit: number): Promise<StoredConversation | undefined>;
  /** Up to `limit` entries before `before` (a seq), oldest first. */
  loadOlder(threadId: string, before: number, limit: number): Promise<TranscriptEntry[]>;
  write(threadId: string, changes: Changes): Promise<void>;
  /**
   * The thread's next traceId, taken for good before the message is sent: atomic across tabs,
   * so two tabs (or a reload) never use one twice. `first` is where a thread with no record starts.
   */
  reserveTraceId(threadId: string, first: number): Promise<number>;
  /** Deletes a thread's entries, outbox and traceId counter (after a reset). */
  dropThread(threadId: string): Promise<void>;
  clear(): Promise<void>;
}

/** History kept per thread; older entries are deleted when a conversation is loaded. */
export const MAX_STORED_ENTRIES = 5_000;

// Stored data may come from an older version or be damaged: check it before trusting it. By
// hand, as `typeof` per field, since zod would add ~0.3 kB to the bundle for these few records.
type Shape = Record<string, string>;

function hasShape(value: unknown, shape: Shape): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(shape).every(([key, type]) => {
    const field = (value as Record<string, unknown>)[key];
    return type[0] === '?' ? field === undefined || typeof field === type.slice(1) : typeof field === type;
  });
}

const META: Shape = { threadId: 'string', nonce: '?string', startEventQueued: 'boolean', readSeq: 'number' };
const ENTRY: Shape = { id: 'string', seq: 'number', text: 'string', at: 'number' };
const USER_ENTRY: Shape = { ...ENTRY, traceId: 'number' };
const RECEIVED_ENTRY: Shape = { ...ENTRY, from: 'string' };
const OUTGOING: Shape = { threadId: 'string', traceId: 'number', speech: 'string' };
const STATUSES = ['pending', 'sent', 'delivered', 'failed'];

const isUserEntry = (value: unknown) =>
  (value as UserEntry)?.kind === 'user' && hasShape(value, USER_ENTRY) && STATUSES.includes((value as UserEntry).status);
/** Checks of stored records (also used for the tab's view snapshot). */
export const checks = {
  meta: (value: unknown) => (value as ThreadMeta)?.version === 2 && hasShape(value, META),
  entry: (value: unknown) => isUserEntry(value) || ((value as TranscriptEntry)?.kind === 'received' && hasShape(value, RECEIVED_ENTRY)),
  outbox: (value: unknown) => isUserEntry((value as OutboxRecord)?.entry) && hasShape((value as OutboxRecord).outgoing, OUTGOING),
};

const valid = <T>(check: (value: unknown) => boolean, logger: Logger) => (value: unknown): value is T => {
  if (check(value)) return true;
  logger.warn('[parley] ignored a damaged or outdated stored record');
  return false;
};

// ---------------------------------------------------------------------------------------------
// Memory

interface MemoryThread {
  entries: Map<string, TranscriptEntry>;
  outbox: Map<number, OutboxRecord>;
  nextTraceId?: number;
}
interface MemoryData {
  meta?: ThreadMeta;
  threads: Map<string, MemoryThread>;
}
const memoryData = new Map<string, MemoryData>();

/** The conversation in this page's memory, shared by every client for `key` (a remount keeps it). */
export function memoryStore(key = `memory-${memoryData.size}-${Math.random()}`): ConversationStore {
  const data = () => {
    let found = memoryData.get(key);
    if (!found) memoryData.set(key, (found = { threads: new Map() }));
    return found;
  };
  const thread = (threadId: string) => {
    let found = data().threads.get(threadId);
    if (!found) data().threads.set(threadId, (found = { entries: new Map(), outbox: new Map() }));
    return found;
  };
  const sorted = (threadId: string) => [...thread(threadId).entries.values()].sort(bySeq);
  const copy = structuredClone;
  return {
    async load(limit) {
      const meta = data().meta;
      if (!meta) return undefined;
      const all = sorted(meta.threadId);
      for (const old of all.slice(0, Math.max(0, all.length - MAX_STORED_ENTRIES))) thread(meta.threadId).entries.delete(old.id);
      const entries = all.slice(-limit);
      return copy({
        meta,
        entries,
        outbox: [...thread(meta.threadId).outbox.values()].sort((a, b) => a.outgoing.traceId - b.outgoing.traceId),
        hasOlder: Math.min(all.length, MAX_STORED_ENTRIES) > entries.length,
      });
    },
    async loadOlder(threadId, before, limit) {
      return copy(sorted(threadId).filter((entry) => entry.seq < before).slice(-limit));
    },
    async write(threadId, changes) {
      const target = thread(threadId);
      if (changes.meta) data().meta = copy(changes.meta);
      for (const entry of changes.entries ?? []) target.entries.set(entry.id, copy(entry));
      for (const record of changes.outbox ?? []) target.outbox.set(record.outgoing.traceId, copy(record));
      for (const traceId of changes.delivered ?? []) target.outbox.delete(traceId);
    },
    async reserveTraceId(threadId, first) {
      const target = thread(threadId);
      const traceId = target.nextTraceId ?? first;
      target.nextTraceId = traceId + 1;
      return traceId;
    },
    async dropThread(threadId) {
      data().threads.delete(threadId);
    },
    async clear() {
      memoryData.delete(key);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// IndexedDB

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

/** Keys: `[clientId, 'meta']`, `[clientId, 'e', threadId, seq, id]`, `[clientId, 'o', threadId, traceId]`, `[clientId, 'n', threadId]`. */
function keysFor(clientId: string) {
  // An array sorts after every number and string: the upper end of a thread's range.
  const range = (kind: string, threadId: string) => IDBKeyRange.bound([clientId, kind, threadId], [clientId, kind, threadId, []]);
  return {
    meta: [clientId, 'meta'],
    entry: (threadId: string, entry: TranscriptEntry) => [clientId, 'e', threadId, entry.seq, entry.id],
    outbox: (threadId: string, traceId: number) => [clientId, 'o', threadId, traceId],
    counter: (threadId: string) => [clientId, 'n', threadId],
    entries: (threadId: string) => range('e', threadId),
    entriesBefore: (threadId: string, seq: number) =>
      IDBKeyRange.bound([clientId, 'e', threadId], [clientId, 'e', threadId, seq], false, true),
    outboxes: (threadId: string) => range('o', threadId),
  };
}

/**
 * The last `limit` values of `range`, oldest first, in two requests (all keys, then the values
 * from the first wanted key on) rather than one cursor step per record. Also the keys, so a
 * caller can trim without reading them again.
 */
async function readLatest(store: IDBObjectStore, range: IDBKeyRange, limit: number) {
  const keys = await promisifyRequest(store.getAllKeys(range));
  const from = keys[Math.max(0, keys.length - limit)];
  const values = from === undefined ? [] : await promisifyRequest(store.getAll(IDBKeyRange.bound(from, range.upper)));
  return { keys, values };
}

/** IndexedDB through idb-keyval, keyed by clientId, falling back to memory on the first failure. */
export function indexedDbStore(clientId: string, logger: Logger, idbStore?: UseStore): ConversationStore {
  const keys = keysFor(clientId);
  const marker = threadMarker(clientId);
  const fallback = memoryStore(`fallback:${clientId}`);
  let broken = !globalThis.indexedDB;
  const useStore = () => idbStore ?? (sharedIdbStore ??= createStore('parley', 'conversations'));
  const isMeta = valid<ThreadMeta>(checks.meta, logger);
  const isEntry = valid<TranscriptEntry>(checks.entry, logger);
  const isOutbox = valid<OutboxRecord>(checks.outbox, logger);

  function attempt<K extends keyof ConversationStore>(
    name: K,
    action: ConversationStore[K],
  ): ConversationStore[K] {
    return (async (...args: unknown[]) => {
      if (!broken) {
        try {
          return await (action as (...a: unknown[]) => Promise<unknown>)(...args);
        } catch (error) {
          broken = true;
          logger.warn('[parley] no IndexedDB; keeping the conversation in memory:', error);
          // A stale record left behind would come back at the next reload, with old traceIds.
          await del(keys.meta, useStore()).catch(() => undefined);
        }
      }
      return (fallback[name] as (...a: unknown[]) => Promise<unknown>)(...args);
    }) as ConversationStore[K];
  }

  return {
    load: attempt('load', async (limit) => {
      if (marker.isSet() === false) return undefined; // nothing stored: leave IndexedDB closed
      const meta: unknown = await get(keys.meta, useStore());
      if (meta === undefined || !isMeta(meta)) return undefined;
      const range = keys.entries(meta.threadId);
      const { latest, outbox } = await useStore()('readonly', async (store) => ({
        latest: await readLatest(store, range, limit),
        outbox: await promisifyRequest(store.getAll(keys.outboxes(meta.threadId))),
      }));
      const excess = latest.keys.length - MAX_STORED_ENTRIES;
      // History beyond the cap goes, after the conversation is on screen.
      if (excess > 0) void useStore()('readwrite', (store) => store.delete(IDBKeyRange.bound(range.lower, latest.keys[excess], false, true))).catch(() => undefined);
      return {
        meta,
        entries: latest.values.filter(isEntry),
        outbox: outbox.filter(isOutbox),
        hasOlder: latest.keys.length > limit,
      };
    }),
    loadOlder: attempt('loadOlder', (threadId, before, limit) =>
      useStore()('readonly', async (store) => (await readLatest(store, keys.entriesBefore(threadId, before), limit)).values.filter(isEntry)),
    ),
    write: attempt('write', async (threadId, changes) => {
      await useStore()('readwrite', (store) => {
        if (changes.meta) store.put(changes.meta, keys.meta);
        for (const entry of changes.entries ?? []) store.put(entry, keys.entry(threadId, entry));
        for (const record of changes.outbox ?? []) store.put(record, keys.outbox(threadId, record.outgoing.traceId));
        for (const traceId of changes.delivered ?? []) store.delete(keys.outbox(threadId, traceId));
        return promisifyRequest(store.transaction);
      });
      marker.set();
    }),
    reserveTraceId: attempt('reserveTraceId', (threadId, first) =>
      useStore()('readwrite', async (store) => {
        // Read and write in one transaction: IndexedDB runs overlapping ones one after the other.
        const stored = await promisifyRequest<unknown>(store.get(keys.counter(threadId)));
        const traceId = typeof stored === 'number' && Number.isSafeInteger(stored) ? stored : first;
        store.put(traceId + 1, keys.counter(threadId));
        await promisifyRequest(store.transaction);
        return traceId;
      }),
    ),
    dropThread: attempt('dropThread', (threadId) =>
      useStore()('readwrite', (store) => {
        store.delete(keys.entries(threadId));
        store.delete(keys.outboxes(threadId));
        store.delete(keys.counter(threadId));
        return promisifyRequest(store.transaction);
      }),
    ),
    clear: attempt('clear', async () => {
      marker.clear();
      await del(keys.meta, useStore());
    }),
  };
}
