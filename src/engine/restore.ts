// A stored conversation, made ready to continue: what was on a socket when the page went away
// may not have arrived, so every undelivered message is pending again, but for those the
// service refused: they wait, failed, for the visitor's retry.
import type { OutboxRecord, StoredConversation } from '../store/contract.ts';
import type { TranscriptEntry, UserEntry } from '../conversation/transcript.ts';
import { requestIdOf } from '../conversation/entry-ids.ts';

export interface Restored {
  entries: TranscriptEntry[];
  /** Undelivered messages, pending again (refused ones failed), oldest first. */
  outbox: OutboxRecord[];
  /** Request ids already taken in: a tab that sends one again is not sent twice. */
  taken: Set<string>;
  /** The highest seq seen: new entries go above it. */
  lastSeq: number;
}

export function restoreConversation(stored: StoredConversation): Restored {
  const requeued = new Map<string, UserEntry>();
  const outbox = stored.outbox.map((record) => {
    const entry: UserEntry =
      record.entry.error === undefined ? { ...record.entry, status: 'pending' } : { ...record.entry, status: 'failed' };
    requeued.set(entry.id, entry);
    return { ...record, entry };
  });
  const taken = new Set([...requeued.keys()].map(requestIdOf));
  let lastSeq = 0;
  const entries = stored.entries.map((entry) => {
    if (entry.kind === 'user') taken.add(requestIdOf(entry.id));
    lastSeq = Math.max(lastSeq, entry.seq);
    return requeued.get(entry.id) ?? entry;
  });
  return { entries, outbox, taken, lastSeq };
}
