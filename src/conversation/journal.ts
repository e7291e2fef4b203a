// Collects what changed and writes it in one transaction per burst: at most one write in
// flight, the next one carrying everything that changed meanwhile. An entry changed three times
// in a burst is written once.
import type { Logger } from '../protocol/parse.ts';
import type { Changes, ConversationStore, OutboxRecord, ThreadMeta } from './persistence.ts';
import type { TranscriptEntry } from './transcript.ts';

interface Batch {
  threadId: string;
  meta?: ThreadMeta;
  entries: Map<string, TranscriptEntry>;
  outbox: Map<number, OutboxRecord>;
  delivered: Set<number>;
}

export function createJournal(store: ConversationStore, logger: Logger) {
  const batches: Batch[] = [];
  let writing: Promise<void> | undefined;

  function batchFor(threadId: string): Batch {
    const last = batches.at(-1);
    if (last?.threadId === threadId) return last;
    const batch: Batch = { threadId, entries: new Map(), outbox: new Map(), delivered: new Set() };
    batches.push(batch);
    return batch;
  }

  function changesOf(batch: Batch): Changes {
    return {
      ...(batch.meta ? { meta: batch.meta } : {}),
      entries: [...batch.entries.values()],
      outbox: [...batch.outbox.values()],
      delivered: [...batch.delivered],
    };
  }

  async function drain(): Promise<void> {
    // Let the rest of this turn's changes join the batch.
    await Promise.resolve();
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      try {
        await store.write(batch.threadId, changesOf(batch));
      } catch (error) {
        logger.warn('[parley] could not save the conversation:', error);
      }
    }
    writing = undefined;
  }

  const schedule = () => void (writing ??= drain());

  return {
    meta(meta: ThreadMeta): void {
      batchFor(meta.threadId).meta = meta;
      schedule();
    },
    entry(threadId: string, entry: TranscriptEntry): void {
      batchFor(threadId).entries.set(entry.id, entry);
      schedule();
    },
    outbox(threadId: string, record: OutboxRecord): void {
      const batch = batchFor(threadId);
      batch.outbox.set(record.outgoing.traceId, record);
      batch.delivered.delete(record.outgoing.traceId);
      schedule();
    },
    delivered(threadId: string, traceId: number): void {
      const batch = batchFor(threadId);
      // Written and confirmed within one burst: the record need never be stored.
      if (!batch.outbox.delete(traceId)) batch.delivered.add(traceId);
      schedule();
    },
    /** Resolves when everything asked for so far is written. */
    async flushed(): Promise<void> {
      while (writing) await writing;
    },
  };
}

export type Journal = ReturnType<typeof createJournal>;
