// Loading older entries: what the visitor scrolls back to comes from storage, a page at a time.
import type { ConversationStore } from '../store/contract.ts';
import type { Replica } from '../conversation/replica.ts';

/** Entries read from storage at a time when the visitor scrolls back. */
const OLDER_PAGE = 50;

/** Brings older stored messages into the replica's entries. */
export async function loadOlder(replica: Replica, store: ConversationStore): Promise<void> {
  const before = replica.oldestSeq();
  if (before === undefined || !replica.hasOlder.value) return;
  const older = await store.loadOlder(replica.threadId.value, before, OLDER_PAGE).catch(() => []);
  // Meanwhile new messages may have pushed the oldest out of memory: these would leave a gap.
  if (replica.oldestSeq() === before) replica.prepend(older, older.length === OLDER_PAGE);
}
