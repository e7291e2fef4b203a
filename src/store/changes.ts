// Changes to the stored conversation, merged as they come: the journal collects a burst of them
// into one write, and a store keeps those it could not write until storage works again. The
// last word on a record wins: a record written then deleted is deleted, and the other way round.
import type { Changes, OutboxRecord, ThreadMeta } from './contract.ts';
import type { TranscriptEntry } from '../conversation/transcript.ts';

export interface Batch {
  meta?: ThreadMeta;
  entries: Map<string, TranscriptEntry>;
  removed: Map<string, TranscriptEntry>;
  outbox: Map<number, OutboxRecord>;
  delivered: Set<number>;
  taken: Set<string>;
}

export const emptyBatch = (): Batch => ({
  entries: new Map(),
  removed: new Map(),
  outbox: new Map(),
  delivered: new Set(),
  taken: new Set(),
});

export function mergeChanges(batch: Batch, changes: Changes): void {
  if (changes.meta) batch.meta = changes.meta;
  for (const entry of changes.entries ?? []) {
    batch.entries.set(entry.id, entry);
    batch.removed.delete(entry.id);
  }
  for (const entry of changes.removed ?? []) {
    batch.entries.delete(entry.id);
    batch.removed.set(entry.id, entry);
  }
  for (const record of changes.outbox ?? []) {
    batch.outbox.set(record.outgoing.traceId, record);
    batch.delivered.delete(record.outgoing.traceId);
  }
  for (const traceId of changes.delivered ?? []) {
    batch.outbox.delete(traceId);
    batch.delivered.add(traceId);
  }
  for (const rid of changes.taken ?? []) batch.taken.add(rid);
}

export function changesOf(batch: Batch): Changes {
  return {
    ...(batch.meta ? { meta: batch.meta } : {}),
    entries: [...batch.entries.values()],
    removed: [...batch.removed.values()],
    outbox: [...batch.outbox.values()],
    delivered: [...batch.delivered],
    taken: [...batch.taken],
  };
}
