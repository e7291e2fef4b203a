// The browser's store: IndexedDB through idb-keyval, keyed by clientId, one record per entry so
// a change writes what changed and nothing else. When IndexedDB fails (a full disk, Safari
// closing the connection, private modes) the conversation goes on in this page's memory: what
// could not be written waits here, is read back with what is stored, and is written with the
// next write that works (each failure reopens the database). Only this module and the records'
// layout it uses (idb-records.ts) import idb-keyval.
import { announceConversation, DATABASE_NAME } from '../browser/storage-marks.ts';
import { createStore, del, get, promisifyRequest, type UseStore } from 'idb-keyval';
import type { Logger } from '../protocol/parse.ts';
import { indexedDbFactory, isRefusal, refuse } from '../browser/features.ts';
import { slot } from '../browser/slots.ts';
import { changesOf, emptyBatch, mergeChanges, type Batch } from './changes.ts';
import { deleteAll, keysFor, readLatest, readThread, takeTraceId, writeChanges, type Unsaved } from './idb-records.ts';
import type { SendRequest } from '../conversation/send-payloads.ts';
import type { Changes, ConversationStore, OutboxRecord, StoredConversation, ThreadMeta, WriteResult } from './contract.ts';
import { checks, valid } from './record-checks.ts';
import { bySeq, type TranscriptEntry } from '../conversation/transcript.ts';
import { serial, type Serial } from '../util/serial.ts';

const noUnsaved = (): Unsaved => ({ threads: new Map(), dropped: new Set() });
const isEmpty = (unsaved: Unsaved) => !unsaved.meta && unsaved.threads.size === 0 && unsaved.dropped.size === 0;

function absorb(into: Unsaved, threadId: string, changes: Changes): void {
  if (changes.meta) into.meta = changes.meta;
  let batch = into.threads.get(threadId);
  if (!batch) into.threads.set(threadId, (batch = emptyBatch()));
  mergeChanges(batch, { ...changes, meta: undefined });
}

/** `newer` applied over `older`: a write that failed goes back under what came meanwhile. */
function combine(older: Unsaved, newer: Unsaved): Unsaved {
  const result = noUnsaved();
  for (const part of [older, newer]) {
    if (part.meta) result.meta = part.meta;
    for (const threadId of part.dropped) {
      result.threads.delete(threadId);
      result.dropped.add(threadId);
    }
    for (const [threadId, batch] of part.threads) absorb(result, threadId, changesOf(batch));
  }
  return result;
}

/** Per clientId, for this page: shared by every client of it, so a remount sees what waits. */
interface PageState {
  unsaved: Unsaved;
  /** What the write in flight carries: read back like the rest until it has landed. */
  writing?: Unsaved;
  /**
   * Storage work of this clientId in this page, one at a time (see inTurn): a failed write goes
   * back under what came later, a read sees no write halfway.
   */
  inTurn: Serial;
  last: WriteResult;
  /** The next traceId this page may hand out per thread, whatever storage says. */
  floors: Map<string, number>;
  failing: boolean;
}
const pages = new Map<string, PageState>();

/**
 * A flag in localStorage saying that IndexedDB holds a conversation for this clientId, so a
 * visitor who never chatted costs the page no IndexedDB open at all. Undefined where
 * localStorage is unavailable (sandboxed frames): then IndexedDB is asked directly.
 */
function threadMarker(clientId: string) {
  const mark = slot('thread', clientId);
  return {
    /** Undefined where localStorage is refused: IndexedDB must be asked. */
    isSet: () => {
      const value = mark.get();
      return value === undefined ? undefined : value === '1';
    },
    set: () => {
      if (mark.get() === '1') return;
      mark.set('1');
      announceConversation(clientId);
    },
    clear: () => mark.remove(),
  };
}

/**
 * The last traceId handed out for this clientId's thread, also in localStorage: a second,
 * synchronous record every tab reads, so a counter IndexedDB could not write (a full disk, a
 * holder that went away meanwhile) never sends the next holder back to a traceId already used.
 */
function lastTraceNote(clientId: string) {
  const note = slot('trace', clientId);
  const read = (threadId: string): number => {
    const [thread, last] = (note.get() ?? '').split(' ');
    const value = Number(last);
    return thread === threadId && Number.isSafeInteger(value) ? value : 0;
  };
  return {
    read,
    write: (threadId: string, traceId: number) => {
      if (read(threadId) < traceId) note.set(`${threadId} ${traceId}`);
    },
    clear: () => note.remove(),
  };
}

/** Stored entries with this page's pending changes on top (oldest batch first), in order. */
function withPending(
  entries: TranscriptEntry[],
  batches: Array<Batch | undefined>,
  keep: (entry: TranscriptEntry) => boolean = () => true,
) {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  for (const batch of batches) {
    for (const id of batch?.removed.keys() ?? []) byId.delete(id);
    for (const entry of batch?.entries.values() ?? []) if (keep(entry)) byId.set(entry.id, entry);
  }
  return [...byId.values()].sort(bySeq);
}

/** `db.transaction()` on a connection that was closed: nothing started, so trying again is safe. */
const isClosedConnection = (error: unknown) => error instanceof DOMException && error.name === 'InvalidStateError';

/** Where a store's connection lives: opened on first use, and again after a failure. */
interface Connection {
  db?: UseStore;
  readonly open: () => UseStore;
}

/** The page's connection to the shared database (tests pass their own `open`, with its own holder). */
const shared: Connection = { open: () => createStore(DATABASE_NAME, 'conversations') };

const available = () => indexedDbFactory() !== undefined;

/** The database of `connection` (the page's shared one unless a test passes its own), failures told once. */
function connect(state: PageState, logger: Logger, connection = shared) {
  const database = (): UseStore => (connection.db ??= connection.open());

  /** The next `database()` opens a new connection; this one is closed (if it is not already). */
  function drop(db: UseStore): void {
    connection.db = undefined;
    void db('readonly', (store) => store.transaction.db.close()).catch(() => undefined);
  }

  /**
   * Storage failed on the connection `used`: say so once, and open the database anew next time.
   * A late failure on a connection already replaced says nothing about the new one.
   */
  function trouble(error: unknown, used: UseStore | undefined): void {
    if (used !== undefined && used !== connection.db) return;
    // Refused for good (an opaque origin, storage blocked): said once with the page's other refusals.
    if (isRefusal(error)) refuse('IndexedDB');
    else if (!state.failing) logger.warn('[parley] storage failed; the conversation goes on in this page until it works again:', error);
    state.failing = true;
    if (used) drop(used);
  }

  /**
   * Runs `work` on the current connection. A connection the browser closed (Safari does, after
   * a while or under memory pressure) is opened again and `work` tried once more, quietly: a
   * transaction that could not start wrote nothing. Any other failure is laid at that
   * connection's door, then rethrown.
   */
  async function onDatabase<T>(work: (db: UseStore) => Promise<T>): Promise<T> {
    let used: UseStore | undefined;
    try {
      if (!available()) throw new Error('this browser has no IndexedDB');
      try {
        return await work((used = database()));
      } catch (error) {
        if (!used || used !== connection.db || !isClosedConnection(error)) throw error;
        drop(used);
        return await work((used = database()));
      }
    } catch (error) {
      trouble(error, used);
      throw error;
    }
  }

  function recovered(): void {
    if (state.failing) logger.info?.('[parley] storage works again: the conversation is saved');
    state.failing = false;
  }

  return [database, onDatabase, recovered] as const;
}

/** What storage holds (`stored`, unless it could not be read) with this page's pending changes on top. */
function overlay(
  state: PageState,
  stored: StoredConversation | undefined,
  readable: boolean,
  limit: number,
): StoredConversation | undefined {
  const meta = state.unsaved.meta ?? state.writing?.meta ?? stored?.meta;
  if (!meta) {
    if (readable) return undefined;
    throw new Error('the stored conversation cannot be read');
  }
  const base = stored?.meta.threadId === meta.threadId ? stored : undefined;
  const pending = pendingFor(state, meta.threadId);
  const all = withPending(base?.entries ?? [], pending);
  const outbox = new Map((base?.outbox ?? []).map((record) => [record.outgoing.traceId, record]));
  for (const batch of pending) {
    for (const traceId of batch?.delivered ?? []) outbox.delete(traceId);
    for (const record of batch?.outbox.values() ?? []) outbox.set(record.outgoing.traceId, record);
  }
  return {
    meta,
    entries: all.slice(-limit),
    outbox: [...outbox.values()].sort((a, b) => a.outgoing.traceId - b.outgoing.traceId),
    hasOlder: !!base?.hasOlder || all.length > limit,
  };
}

/** This page's changes to a thread that storage may not show yet: in flight, then unsaved. */
const pendingFor = (state: PageState, threadId: string) => [state.writing?.threads.get(threadId), state.unsaved.threads.get(threadId)];

/** Whether the widget's database is there, without creating it (asking to open it would). */
async function databaseExists(open: unknown): Promise<boolean> {
  if (!available()) return false;
  if (open) return true; // a database of the caller's (tests)
  const names = await indexedDbFactory()!
    .databases?.()
    .then(
      (list) => list.map((db) => db.name),
      () => undefined,
    );
  return names ? names.includes('parley') : true;
}

/** `open` gives a connection to the database (tests pass their own); it is called again after a failure. */
export function indexedDbStore(clientId: string, logger: Logger, open?: () => UseStore): ConversationStore {
  const keys = keysFor(clientId);
  const marker = threadMarker(clientId);
  const lastTrace = lastTraceNote(clientId);
  let page = pages.get(clientId);
  if (!page) pages.set(clientId, (page = { unsaved: noUnsaved(), inTurn: serial(), last: 'stored', floors: new Map(), failing: false }));
  const state = page;
  const [database, onDatabase, recovered] = connect(state, logger, open && { open });
  const isMeta = valid<ThreadMeta>(checks.meta, logger);
  const isEntry = valid<TranscriptEntry>(checks.entry, logger);
  const isOutbox = valid<OutboxRecord>(checks.outbox, logger);
  const isRequest = valid<SendRequest>(checks.request, logger);

  async function readStored(db: UseStore, limit: number): Promise<StoredConversation | undefined> {
    if (marker.isSet() === false) return undefined; // nothing stored: leave IndexedDB closed
    const [meta] = isMeta(await get(keys.meta, db));
    if (!meta) return undefined;
    return readThread(db, keys, meta, limit, isEntry, isOutbox);
  }

  /**
   * Runs after the storage work before it: writes land one after the other, and a read sees
   * what has landed plus what waits in memory, never a write halfway.
   */
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => state.inTurn(work);

  /** Writes everything unsaved, after the write in flight: what came meanwhile goes in one transaction. */
  const flush = (epoch: number | undefined): Promise<WriteResult> =>
    inTurn(() => (isEmpty(state.unsaved) ? Promise.resolve(state.last) : writeUnsaved(epoch)));

  async function writeUnsaved(epoch: number | undefined): Promise<WriteResult> {
    if (!available()) return (state.last = 'memory');
    const writing = (state.writing = state.unsaved);
    state.unsaved = noUnsaved();
    try {
      const result = await onDatabase((db) => db('readwrite', (store) => writeChanges(store, keys, writing, epoch)));
      // A tab that lost the lead: what it wanted to write is out of date.
      if (typeof result === 'object') return result;
      marker.set();
      recovered();
      return (state.last = result);
    } catch {
      state.unsaved = combine(writing, state.unsaved);
      return (state.last = 'memory');
    } finally {
      state.writing = undefined;
    }
  }

  return {
    async load(limit) {
      let stored: StoredConversation | undefined;
      let readable = true;
      try {
        stored = await inTurn(() => onDatabase((db) => readStored(db, limit)));
      } catch {
        readable = false;
      }
      return overlay(state, stored, readable, limit);
    },
    async loadOlder(threadId, before, limit) {
      let stored: TranscriptEntry[] = [];
      try {
        stored = await inTurn(() =>
          onDatabase((db) =>
            db('readonly', async (store) => (await readLatest(store, keys.entriesBefore(threadId, before), limit)).values.flatMap(isEntry)),
          ),
        );
      } catch {
        // told by onDatabase; what this page holds is shown
      }
      return withPending(stored, pendingFor(state, threadId), (entry) => entry.seq < before).slice(-limit);
    },
    write(threadId, changes, epoch) {
      absorb(state.unsaved, threadId, changes);
      return flush(epoch);
    },
    async reserveTraceId(threadId, atLeast) {
      const floor = Math.max(atLeast, state.floors.get(threadId) ?? 0, lastTrace.read(threadId) + 1);
      let traceId = floor;
      try {
        traceId = await onDatabase((db) => db('readwrite', (store) => takeTraceId(store, keys.counter(threadId), floor)));
      } catch {
        // told by onDatabase; the floor in this page and in localStorage keeps the ids unique
      }
      state.floors.set(threadId, traceId + 1);
      lastTrace.write(threadId, traceId);
      return traceId;
    },
    async dropThread(threadId) {
      state.unsaved.threads.delete(threadId);
      state.unsaved.dropped.add(threadId);
      state.floors.delete(threadId);
      await flush(undefined);
    },
    async queue(request) {
      if (!available()) return false;
      try {
        await onDatabase((db) =>
          db('readwrite', (store) => {
            store.put(request, keys.request(request.rid));
            return promisifyRequest(store.transaction);
          }),
        );
        marker.set();
        return true;
      } catch {
        return false;
      }
    },
    async unqueue(rid) {
      if (available()) await del(keys.request(rid), database()).catch(() => undefined);
    },
    async queued() {
      if (!available() || marker.isSet() === false) return [];
      try {
        const found = await database()('readonly', (store) => promisifyRequest(store.getAll(keys.requests)));
        return found.flatMap(isRequest).sort((a, b) => a.at - b.at);
      } catch {
        return [];
      }
    },
    /** Every record of this clientId, its marks in localStorage and what this page holds. */
    clear: () =>
      inTurn(async () => {
        state.unsaved = noUnsaved();
        state.floors.clear();
        if (await databaseExists(open)) await onDatabase((db) => deleteAll(db, keys)).catch(() => undefined);
        marker.clear();
        lastTrace.clear();
      }),
  };
}
