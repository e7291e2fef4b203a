// What the stores' unit tests (src/store/contract.test.ts, indexeddb-store.test.ts) share: a fresh
// IndexedDB database each time, and the records they write (a thread's meta, entries, outbox).
import { createStore } from 'idb-keyval';
import type { OutboxRecord, ThreadMeta } from '../src/store/contract.ts';
import type { ReceivedEntry, UserEntry } from '../src/conversation/transcript.ts';

let dbCount = 0;
export const freshIdb = () => createStore(`parley-test-${++dbCount}`, 'conversations');
/** A connection factory for one fresh database, as indexedDbStore takes it. */
export const freshDb = () => {
  const name = `parley-test-${++dbCount}`;
  return () => createStore(name, 'conversations');
};

export const meta = (overrides: Partial<ThreadMeta> = {}): ThreadMeta => ({
  version: 2,
  threadId: 'thread-1',
  nonce: 'n1',
  startEventQueued: true,
  readSeq: 0,
  ...overrides,
});
export const user = (traceId: number, status: UserEntry['status'] = 'delivered'): UserEntry => ({
  kind: 'user',
  id: `u-${traceId}`,
  traceId,
  seq: traceId * 10,
  text: `m${traceId}`,
  at: traceId,
  status,
});
export const bot = (seq: number): ReceivedEntry => ({ kind: 'received', id: `r-${seq}`, seq, from: 'bot', at: seq, text: `reply ${seq}` });
export const record = (entry: UserEntry): OutboxRecord => ({
  entry,
  outgoing: { threadId: 'thread-1', traceId: entry.traceId, speech: entry.text },
});
