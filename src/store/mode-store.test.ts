// The mode's store may arrive later than the calls made on it (its code loading): they wait.
import { expect, it } from 'vitest';
import type { ConversationStore } from './contract.ts';
import { memoryStore } from './memory-store.ts';
import { modeStore } from './mode-store.ts';

it('makes the calls made while the first store loads on it, once it is here', async () => {
  let arrive!: (store: ConversationStore) => void;
  const later = memoryStore();
  const store = modeStore('memory', () => new Promise((resolve) => (arrive = resolve)));
  const meta = { version: 2 as const, threadId: 'thread-1', startEventQueued: false, readSeq: 0 };
  const written = store.write('thread-1', { meta });
  const traceId = store.reserveTraceId('thread-1', 5);
  arrive(later);
  expect(await written).toBe('stored');
  expect(await traceId).toBe(5);
  expect((await later.load(10))?.meta).toEqual(meta);
});
