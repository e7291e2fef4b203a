// How the conversation's records lie in IndexedDB (one record per entry, keyed by clientId and
// thread) and the transactions that read and write them: the store (indexeddb-store.ts) decides
// when, this file how.
import { promisifyRequest, type UseStore } from 'idb-keyval';
import type { Batch } from './changes.ts';
import type { OutboxRecord, StoredConversation, ThreadMeta, WriteResult } from './contract.ts';
import { MAX_STORED_ENTRIES } from './record-checks.ts';
import type { TranscriptEntry } from '../conversation/transcript.ts';

/** What this page could not write yet, by thread, and the latest meta among it. */
export interface Unsaved {
  meta?: ThreadMeta;
  threads: Map<string, Batch>;
  dropped: Set<string>;
}

/**
 * Keys: `[clientId, 'meta']`, `[clientId, 'lead']` (the epoch of the tab that wrote last),
 * `[clientId, 'e', threadId, seq, id]`, `[clientId, 'o', threadId, traceId]`, `[clientId, 'n', threadId]`
 * (the traceId counter), `[clientId, 'q', rid]` (requests waiting for a holder).
 */
export function keysFor(clientId: string) {
  // An array sorts after every number and string: the upper end of a range.
  const range = (kind: string, threadId: string) => IDBKeyRange.bound([clientId, kind, threadId], [clientId, kind, threadId, []]);
  return {
    meta: [clientId, 'meta'],
    lead: [clientId, 'lead'],
    entry: (threadId: string, entry: TranscriptEntry) => [clientId, 'e', threadId, entry.seq, entry.id],
    outbox: (threadId: string, traceId: number) => [clientId, 'o', threadId, traceId],
    counter: (threadId: string) => [clientId, 'n', threadId],
    request: (rid: string) => [clientId, 'q', rid],
    /** Every record of this clientId: an array sorts after every string. */
    all: IDBKeyRange.bound([clientId], [clientId, []]),
    requests: IDBKeyRange.bound([clientId, 'q'], [clientId, 'q', []]),
    entries: (threadId: string) => range('e', threadId),
    entriesBefore: (threadId: string, seq: number) =>
      IDBKeyRange.bound([clientId, 'e', threadId], [clientId, 'e', threadId, seq], false, true),
    outboxes: (threadId: string) => range('o', threadId),
    /** Every record of the threads other than `threadId`: below it and above it, per kind. */
    otherThreads: (threadId: string) =>
      ['e', 'o', 'n'].flatMap((kind) => [
        IDBKeyRange.bound([clientId, kind], [clientId, kind, threadId], false, true),
        IDBKeyRange.bound([clientId, kind, threadId, []], [clientId, kind, []], true, false),
      ]),
  };
}
export type Keys = ReturnType<typeof keysFor>;

function deleteThread(store: IDBObjectStore, keys: Keys, threadId: string): void {
  store.delete(keys.entries(threadId));
  store.delete(keys.outboxes(threadId));
  store.delete(keys.counter(threadId));
}

/**
 * Entries put in one task. A flood's write carries thousands, and each put clones its entry at
 * once: the write waits for each slice's last put (its success event is a task of its own, and
 * the transaction stays open through it), so no task of the page clones them all.
 */
const PUTS_PER_TASK = 100;

async function putBatch(store: IDBObjectStore, keys: Keys, threadId: string, batch: Batch): Promise<void> {
  let puts = 0;
  for (const entry of batch.entries.values()) {
    const put = store.put(entry, keys.entry(threadId, entry));
    if (++puts % PUTS_PER_TASK === 0) await promisifyRequest(put);
  }
  for (const entry of batch.removed.values()) store.delete(keys.entry(threadId, entry));
  for (const record of batch.outbox.values()) store.put(record, keys.outbox(threadId, record.outgoing.traceId));
  for (const traceId of batch.delivered) store.delete(keys.outbox(threadId, traceId));
  for (const rid of batch.taken) store.delete(keys.request(rid));
}

/**
 * Keeps a thread's history within MAX_STORED_ENTRIES as messages arrive, in the write's own
 * transaction: whatever a service sends, the host site's storage stays bounded.
 */
async function trimHistory(store: IDBObjectStore, range: IDBKeyRange): Promise<void> {
  const excess = (await promisifyRequest(store.count(range))) - MAX_STORED_ENTRIES;
  if (excess <= 0) return;
  const oldest = await promisifyRequest(store.getAllKeys(range, excess + 1));
  store.delete(IDBKeyRange.bound(range.lower, oldest[excess], false, true));
}

/** Writes `writing` in one transaction, unless a tab with a later `epoch` has written meanwhile. */
export async function writeChanges(store: IDBObjectStore, keys: Keys, writing: Unsaved, epoch: number | undefined): Promise<WriteResult> {
  if (epoch !== undefined) {
    const lead = await promisifyRequest<unknown>(store.get(keys.lead));
    if (typeof lead === 'number' && lead > epoch) return { supersededBy: lead };
    if (lead !== epoch) store.put(epoch, keys.lead);
  }
  if (writing.meta) store.put(writing.meta, keys.meta);
  for (const threadId of writing.dropped) deleteThread(store, keys, threadId);
  for (const [threadId, batch] of writing.threads) await putBatch(store, keys, threadId, batch);
  for (const [threadId, batch] of writing.threads) if (batch.entries.size > 0) await trimHistory(store, keys.entries(threadId));
  await promisifyRequest(store.transaction);
  return 'stored';
}

/** Hands out the stored counter (at least `floor`) and counts it up. */
export async function takeTraceId(store: IDBObjectStore, key: IDBValidKey, floor: number): Promise<number> {
  // Read and write in one transaction: IndexedDB runs overlapping ones one after the other.
  const stored = await promisifyRequest<unknown>(store.get(key));
  const next = Math.max(typeof stored === 'number' && Number.isSafeInteger(stored) ? stored : floor, floor);
  store.put(next + 1, key);
  await promisifyRequest(store.transaction);
  return next;
}

/**
 * The last `limit` values of `range`, oldest first, in two requests (all keys, then the values
 * from the first wanted key on) rather than one cursor step per record. Also the keys, so a
 * caller can trim without reading them again.
 */
export async function readLatest(store: IDBObjectStore, range: IDBKeyRange, limit: number) {
  const keys = await promisifyRequest(store.getAllKeys(range));
  const from = keys[Math.max(0, keys.length - limit)];
  const values = from === undefined ? [] : await promisifyRequest(store.getAll(IDBKeyRange.bound(from, range.upper)));
  return { keys, values };
}

/**
 * The thread's latest `limit` entries and its outbox, each record checked; then, after the
 * conversation is on screen, deletes history beyond the cap and what earlier threads left.
 */
export async function readThread(
  db: UseStore,
  keys: Keys,
  meta: ThreadMeta,
  limit: number,
  isEntry: (value: unknown) => TranscriptEntry[],
  isOutbox: (value: unknown) => OutboxRecord[],
): Promise<StoredConversation> {
  const range = keys.entries(meta.threadId);
  const { latest, outbox } = await db('readonly', async (store) => ({
    latest: await readLatest(store, range, limit),
    outbox: await promisifyRequest(store.getAll(keys.outboxes(meta.threadId))),
  }));
  const excess = latest.keys.length - MAX_STORED_ENTRIES;
  void db('readwrite', (store) => {
    if (excess > 0) store.delete(IDBKeyRange.bound(range.lower, latest.keys[excess], false, true));
    for (const other of keys.otherThreads(meta.threadId)) store.delete(other);
    return promisifyRequest(store.transaction);
  }).catch(() => undefined);
  return { meta, entries: latest.values.flatMap(isEntry), outbox: outbox.flatMap(isOutbox), hasOlder: latest.keys.length > limit };
}

/** Deletes every record of this clientId. */
export const deleteAll = (db: UseStore, keys: Keys) =>
  db('readwrite', (store) => {
    store.delete(keys.all);
    return promisifyRequest(store.transaction);
  });
