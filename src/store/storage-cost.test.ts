// What one exchange (send, sent, delivered, a reply) writes to storage, with a long history:
// it must not grow with the history (issue 7 measured ~6 x 92 KB per exchange at 500 entries
// when every change rewrote the whole conversation).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePlatform, fakeSocketClass } from '../../test/fakes.ts';
import { createChatClient } from '../client/create-chat-client.ts';
import { type Changes, type ConversationStore } from './contract.ts';
import { memoryStore } from './memory-store.ts';
import type { ReceivedEntry } from '../conversation/transcript.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000_000);
  // Entry ids carry a random salt of 1 to 4 characters: a fixed one keeps both runs byte-comparable.
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const settle = async () => {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0);
};

/** A store that counts the bytes of every record it is asked to write. */
function countingStore(inner: ConversationStore) {
  const counter = { bytes: 0, writes: 0 };
  const size = (value: unknown) => (value === undefined ? 0 : JSON.stringify(value).length);
  const store: ConversationStore = {
    ...inner,
    async write(threadId: string, changes: Changes) {
      counter.writes++;
      counter.bytes +=
        size(changes.meta) +
        (changes.entries ?? []).reduce((sum, e) => sum + size(e), 0) +
        size(changes.outbox?.length ? changes.outbox : undefined);
      return inner.write(threadId, changes);
    },
  };
  return { store, counter };
}

async function bytesForOneExchange(history: number): Promise<{ bytes: number; writes: number }> {
  const inner = memoryStore(`cost-${history}`);
  const entries: ReceivedEntry[] = Array.from({ length: history }, (_, i) => ({
    kind: 'received',
    id: `r${i}`,
    seq: i + 1,
    from: 'bot',
    at: i,
    text: 'A reply of a typical length, about as long as the ones a bot sends to a visitor.',
  }));
  await inner.write('thread-1', { meta: { version: 2, threadId: 'thread-1', startEventQueued: true, readSeq: 0 }, entries });
  const { store, counter } = countingStore(inner);
  const sockets = fakeSocketClass();
  const client = createChatClient({
    clientId: 'c',
    baseUrl: 'https://service.test',
    // Math.random, mocked above, as the real platform's.
    platform: fakePlatform({ WebSocket: sockets.SocketClass, random: Math.random }),
    store,
    tabs: false,
  });
  await client.ready;
  expect(client.entries.value.length).toBeLessThanOrEqual(200);
  client.connect();
  await settle();
  const socket = sockets.last();
  socket.open();
  await settle();
  counter.bytes = counter.writes = 0;
  const sending = client.send('How much does the pro plan cost per month?');
  await settle();
  const entry = await sending;
  socket.receive({ type: 'message.delivered', payload: { threadId: 'thread-1', traceId: entry!.traceId } });
  socket.receive({
    type: 'message.received',
    payload: {
      threadId: 'thread-1',
      messages: [{ responses: [{ type: 'text', payload: { text: 'The pro plan is 29 euros a month, billed yearly.' } }] }],
    },
  });
  await settle();
  await client.destroy();
  return { ...counter };
}

describe('storage cost of a message', () => {
  it('one exchange writes about a kilobyte, whether the history holds 500 or 5,000 messages', async () => {
    const at500 = await bytesForOneExchange(500);
    const at5000 = await bytesForOneExchange(5_000);
    console.log(
      `[storage] one exchange (send, sent, delivered, reply): ${at500.bytes} bytes in ${at500.writes} writes with 500 stored; ${at5000.bytes} bytes with 5,000`,
    );
    expect(at500.bytes).toBeLessThan(2_500);
    expect(at5000.bytes).toBe(at500.bytes);
  });
});
