// Collects what changed in a burst (one turn of the event loop) into one write: an entry
// changed three times in a burst is written once. The store writes them in order, the next one
// carrying everything that came meanwhile (see indexeddb-store.ts).
import { changesOf, emptyBatch, mergeChanges, type Batch } from './changes.ts';
import type { Changes, ConversationStore, OutboxRecord, ThreadMeta, WriteResult } from './contract.ts';
import type { TranscriptEntry } from '../conversation/transcript.ts';

export interface JournalOptions {
  /** The writing tab's epoch: the store refuses writes from a tab that lost the lead. */
  epoch?: number;
  /** A write was refused because another tab leads now, under this epoch. */
  onSuperseded?: (epoch: number) => void;
}

export function createJournal(store: ConversationStore, options: JournalOptions = {}) {
  const batches: Array<Batch & { threadId: string }> = [];
  let scheduled: Promise<void> | undefined;
  const writing = new Set<Promise<WriteResult>>();
  let last: WriteResult = 'stored';

  function add(threadId: string, changes: Changes): void {
    let batch = batches.at(-1);
    if (batch?.threadId !== threadId) batches.push((batch = { ...emptyBatch(), threadId }));
    mergeChanges(batch, changes);
    // Let the rest of this turn's changes join the batch.
    scheduled ??= Promise.resolve().then(send);
  }

  // Handed to the store at once (it keeps them readable and writes them in order), so a read
  // meanwhile never misses an entry this tab has already shown.
  function send(): void {
    scheduled = undefined;
    for (const batch of batches.splice(0)) {
      const write: Promise<WriteResult> = store.write(batch.threadId, changesOf(batch), options.epoch).then((result) => {
        writing.delete(write);
        last = result;
        if (typeof result === 'object') options.onSuperseded?.(result.supersededBy);
        return result;
      });
      writing.add(write);
    }
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
      while (scheduled || writing.size) {
        await scheduled;
        await Promise.all(writing);
      }
      return last;
    },
  };
}
