// Where a lead starts: the stored thread (with what this tab showed and storage lacks, since a
// former holder may not have written it), or, where storage cannot be read or holds nothing,
// the thread this tab shows; else a new thread. Pure: the engine applies what it says.
import type { StoredConversation, ThreadMeta } from '../store/contract.ts';
import type { ReplicaState } from '../conversation/replica.ts';
import { restoreConversation, type Restored } from './restore.ts';
import { bySeq, type TranscriptEntry } from '../conversation/transcript.ts';
import { requestIdOf } from '../conversation/entry-ids.ts';

export interface StartingPoint extends Restored {
  /** Undefined: a new thread. */
  meta?: ThreadMeta;
  hasOlder: boolean;
  /** The thread had been used before this page loaded. */
  stored: boolean;
  /** Entries this tab showed that storage lacks (delivered or received ones): to write now. */
  missing: TranscriptEntry[];
  /** The traceId each user entry this tab or storage knows has, by entry id. */
  traceIds: Map<string, number>;
}

const NONE: StartingPoint = {
  entries: [],
  outbox: [],
  taken: new Set(),
  lastSeq: 0,
  hasOlder: false,
  stored: false,
  missing: [],
  traceIds: new Map(),
};

export function startingPoint(input: {
  stored: StoredConversation | undefined;
  /** False: storage failed to answer (which is not "nothing stored"). */
  readable: boolean;
  shown: ReplicaState | undefined;
  /** The configured thread-id, which a stored or shown thread must match. */
  threadId: string | undefined;
}): StartingPoint {
  const { stored, shown } = input;
  const fits = (threadId: string | undefined) => !!threadId && (!input.threadId || threadId === input.threadId);
  const ownShown = (threadId: string) => (shown?.threadId === threadId ? shown.entries : []);
  if (stored && fits(stored.meta.threadId)) {
    const restored = restoreConversation(stored);
    const known = new Set(restored.entries.map((entry) => entry.id));
    const from = restored.entries[0]?.seq ?? Number.NEGATIVE_INFINITY;
    // A message not yet delivered comes back with its payload (the tab that typed it, or the
    // queue), not as a bare entry that could never be sent.
    const missing = ownShown(stored.meta.threadId).filter((entry) => !known.has(entry.id) && entry.seq >= from && isSettled(entry));
    const entries = missing.length ? [...restored.entries, ...missing].sort(bySeq) : restored.entries;
    const all = [...entries, ...restored.outbox.map((record) => record.entry)];
    return {
      ...restored,
      entries,
      lastSeq: Math.max(restored.lastSeq, ...missing.map((entry) => entry.seq)),
      taken: new Set([...restored.taken, ...userIds(missing)]),
      meta: stored.meta,
      hasOlder: stored.hasOlder,
      stored: true,
      missing,
      traceIds: traceIdsOf([...all, ...ownShown(stored.meta.threadId)]),
    };
  }
  // Storage failed to answer, or has nothing while this tab shows a conversation (the holder
  // before could not write it): go on with what this tab shows rather than a new thread. A
  // message not yet delivered comes back with its payload, from the tab that typed it or the queue.
  if ((!input.readable || !stored) && shown && fits(shown.threadId) && (!input.readable || shown.entries.length > 0)) {
    const entries = shown.entries.filter(isSettled);
    return {
      ...NONE,
      entries,
      taken: new Set(userIds(entries)),
      lastSeq: Math.max(0, ...entries.map((entry) => entry.seq)),
      meta: { version: 2, threadId: shown.threadId, startEventQueued: true, readSeq: shown.readSeq },
      hasOlder: shown.hasOlder,
      stored: shown.stored,
      traceIds: traceIdsOf(shown.entries),
    };
  }
  return { ...NONE, taken: new Set(), traceIds: new Map() };
}

/** Received, or delivered: what needs no payload to be complete. */
const isSettled = (entry: TranscriptEntry) => entry.kind === 'received' || entry.status === 'delivered';

const userIds = (entries: TranscriptEntry[]) => entries.flatMap((entry) => (entry.kind === 'user' ? [requestIdOf(entry.id)] : []));

function traceIdsOf(entries: TranscriptEntry[]): Map<string, number> {
  const found = new Map<string, number>();
  for (const entry of entries) if (entry.kind === 'user' && entry.traceId > 0) found.set(entry.id, entry.traceId);
  return found;
}
