// A store in this page's memory (storage="memory", where the browser refuses IndexedDB, tests; the
// session store builds on it), shared by every client of the page for one key, so a remount keeps
// the conversation. It keeps the contract as IndexedDB does: one thread per key (a load forgets
// the others), traceIds never below `atLeast`, writes fenced by epoch.
import type { SendRequest } from '../conversation/send-payloads.ts';
import type { ConversationStore, OutboxRecord, ThreadMeta } from './contract.ts';
import { MAX_STORED_ENTRIES } from './record-checks.ts';
import { bySeq, type TranscriptEntry } from '../conversation/transcript.ts';

interface MemoryThread {
  entries: Map<string, TranscriptEntry>;
  outbox: Map<number, OutboxRecord>;
  nextTraceId?: number;
}
interface MemoryData {
  meta?: ThreadMeta;
  lead?: number;
  threads: Map<string, MemoryThread>;
  queue: Map<string, SendRequest>;
}
const memoryData = new Map<string, MemoryData>();

/** What one key holds of its thread, as plain data: what the session store keeps in sessionStorage. */
export interface MemorySnapshot {
  meta: ThreadMeta;
  entries: TranscriptEntry[];
  outbox: OutboxRecord[];
  nextTraceId?: number;
  queue: SendRequest[];
}

export function memorySnapshot(key: string): MemorySnapshot | undefined {
  const data = memoryData.get(key);
  const thread = data?.meta && data.threads.get(data.meta.threadId);
  if (!data?.meta) return undefined;
  return {
    meta: data.meta,
    entries: [...(thread?.entries.values() ?? [])].sort(bySeq),
    outbox: [...(thread?.outbox.values() ?? [])],
    ...(thread?.nextTraceId ? { nextTraceId: thread.nextTraceId } : {}),
    queue: [...data.queue.values()],
  };
}

export function restoreMemory(key: string, { meta, entries, outbox, nextTraceId, queue }: MemorySnapshot): void {
  const thread: MemoryThread = {
    entries: new Map(entries.map((entry) => [entry.id, entry])),
    outbox: new Map(outbox.map((record) => [record.outgoing.traceId, record])),
    nextTraceId,
  };
  memoryData.set(key, {
    meta,
    threads: new Map([[meta.threadId, thread]]),
    queue: new Map(queue.map((request) => [request.rid, request])),
  });
}

export function memoryStore(key = `memory-${memoryData.size}-${Math.random()}`): ConversationStore {
  const data = () => {
    let found = memoryData.get(key);
    if (!found) memoryData.set(key, (found = { threads: new Map(), queue: new Map() }));
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
      // One thread per key: what an earlier thread left goes.
      for (const threadId of data().threads.keys()) if (threadId !== meta.threadId) data().threads.delete(threadId);
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
      return copy(
        sorted(threadId)
          .filter((entry) => entry.seq < before)
          .slice(-limit),
      );
    },
    async write(threadId, changes, epoch) {
      const stored = data();
      if (epoch !== undefined) {
        if ((stored.lead ?? 0) > epoch) return { supersededBy: stored.lead! };
        stored.lead = epoch;
      }
      if (changes.meta) stored.meta = copy(changes.meta);
      const target = thread(threadId);
      for (const entry of changes.entries ?? []) target.entries.set(entry.id, copy(entry));
      // History within the cap as messages arrive (they arrive in order: the first are the oldest).
      for (const id of target.entries.keys()) {
        if (target.entries.size <= MAX_STORED_ENTRIES) break;
        target.entries.delete(id);
      }
      for (const entry of changes.removed ?? []) target.entries.delete(entry.id);
      for (const record of changes.outbox ?? []) target.outbox.set(record.outgoing.traceId, copy(record));
      for (const traceId of changes.delivered ?? []) target.outbox.delete(traceId);
      for (const rid of changes.taken ?? []) stored.queue.delete(rid);
      return 'stored';
    },
    async reserveTraceId(threadId, atLeast) {
      const target = thread(threadId);
      const traceId = Math.max(target.nextTraceId ?? atLeast, atLeast);
      target.nextTraceId = traceId + 1;
      return traceId;
    },
    async dropThread(threadId) {
      data().threads.delete(threadId);
    },
    async queue(request) {
      data().queue.set(request.rid, copy(request));
      return true;
    },
    async unqueue(rid) {
      data().queue.delete(rid);
    },
    async queued() {
      return copy([...data().queue.values()].sort((a, b) => a.at - b.at));
    },
    async clear() {
      memoryData.delete(key);
    },
  };
}
