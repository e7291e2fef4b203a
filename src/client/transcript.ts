// The whole conversation, for "Save a copy": every entry stored for the thread (older ones too,
// which the panel shows only when scrolled back to) and every one shown (some not stored yet).
import { bySeq, type TranscriptEntry } from '../conversation/transcript.ts';
import type { Replica } from '../conversation/replica.ts';
import type { ConversationStore } from '../store/contract.ts';
import { MAX_STORED_ENTRIES } from '../store/record-checks.ts';

/** Every entry of the thread, once each (by id; what is shown wins), oldest first. */
export async function wholeTranscript(replica: Replica, store: ConversationStore): Promise<readonly TranscriptEntry[]> {
  const stored = await store.loadOlder(replica.threadId.value, Infinity, MAX_STORED_ENTRIES).catch(() => []);
  const byId = new Map(stored.map((entry) => [entry.id, entry]));
  for (const entry of replica.entries.value) byId.set(entry.id, entry);
  return [...byId.values()].sort(bySeq);
}
