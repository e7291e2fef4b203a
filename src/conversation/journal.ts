// Collects what changed and writes it in one transaction per burst: at most one write in
// flight, the next one carrying everything that changed meanwhile. An entry changed three times
// in a burst is written once.
import { changesOf, emptyBatch, mergeChanges, type Batch } from './changes.ts';
import type { Changes, ConversationStore, OutboxRecord, ThreadMeta, WriteResult } from './persistence.ts';
import type { TranscriptEntry } from './transcript.ts';

export interface JournalOptions {
  /** The writing tab's epoch: the store refuses writes from a tab that lost the lead. */
  epoch?: number;
  /** A write was refused because another tab leads now, under this epoch. */
  onSuperseded?: (epoch: number) => void;
}

export function createJournal(store: ConversationStore, options: JournalOptions = {}) {
  const batches: Array<Batch & { threadId: string }> = [];
  let writing: Promise<void> | undefined;
  let last: WriteResult = 'stored';

  function add(threadId: string, changes: Changes): void {
    let batch = batches.at(-1);
    if (batch?.threadId !== threadId) batches.push((batch = { ...emptyBatch(), threadId }));
    mergeChanges(batch, changes);
    writing ??= drain();
  }

  async function drain(): Promise<void> {
    // Let the rest of this turn's changes join the batch.
    await Promise.resolve();
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      last = await store.write(batch.threadId, changesOf(batch), options.epoch);
      if (typeof last === 'object') options.onSuperseded?.(last.supersededBy);
    }
    writing = undefined;
  }

  return {
    meta: (meta: ThreadMeta) => add(meta.threadId, { meta }),
    entry: (threadId: string, entry: TranscriptEntry) => add(threadId, { entries: [entry] }),
    /** An entry that leaves the transcript. */
    remove: (threadId: string, entry: TranscriptEntry) => add(threadId, { removed: [entry] }),
    outbox: (threadId: string, record: OutboxRecord) => add(threadId, { outbox: [record] }),
    /** The outbox record can go: delivered, or discarded by the visitor. */
    delivered: (threadId: string, traceId: number) => add(threadId, { delivered: [traceId] }),
    /** A request another tab queued is taken in: its queue record goes with this write. */
    taken: (threadId: string, rid: string) => add(threadId, { taken: [rid] }),
    /** Resolves when everything asked for so far is written, with where it is: `stored` is durable. */
    async flushed(): Promise<WriteResult> {
      while (writing) await writing;
      return last;
    },
  };
}

export type Journal = ReturnType<typeof createJournal>;
