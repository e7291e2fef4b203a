import { createStore, set } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../test/fakes.ts';
import { createSaver, indexedDbStore, memoryStore, type ConversationStore, type Snapshot } from './persistence.ts';

let dbCount = 0;
const freshIdb = () => createStore(`parley-test-${++dbCount}`, 'conversations');

const snapshot = (overrides: Partial<Snapshot> = {}): Snapshot => ({
  version: 1,
  threadId: 'thread-1',
  nonce: 'n1',
  nextTraceId: 3,
  startEventQueued: true,
  open: true,
  entries: [
    { kind: 'user', id: 'u1', traceId: 1, text: 'hi', at: 1, status: 'delivered', outgoing: { threadId: 'thread-1', traceId: 1, speech: 'hi' } },
    { kind: 'received', id: 'r1', from: 'agent', name: 'Sam', at: 2, text: 'hello' },
  ],
  ...overrides,
});

describe('indexedDbStore', () => {
  it('round-trips a snapshot per clientId', async () => {
    const idb = freshIdb();
    const a = indexedDbStore('client-a', silentLogger(), idb);
    const b = indexedDbStore('client-b', silentLogger(), idb);
    await a.save(snapshot());
    expect(await a.load()).toEqual(snapshot());
    expect(await b.load()).toBeUndefined();
    await a.clear();
    expect(await a.load()).toBeUndefined();
  });

  it('leaves IndexedDB closed for a visitor with nothing stored, thanks to a localStorage flag', async () => {
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    });
    const idb = freshIdb();
    const opened = vi.fn(idb);
    const store = indexedDbStore('client-m', silentLogger(), opened as unknown as typeof idb);
    expect(await store.load()).toBeUndefined();
    expect(opened).not.toHaveBeenCalled();
    await store.save(snapshot());
    expect(items.get('parley:thread:client-m')).toBe('1');
    expect(await store.load()).toEqual(snapshot());
    await store.clear();
    expect(items.has('parley:thread:client-m')).toBe(false);
    vi.unstubAllGlobals();
  });

  it('ignores damaged or foreign data with a warning', async () => {
    const idb = freshIdb();
    const logger = silentLogger();
    await set('thread:c', { version: 7, threadId: 1 }, idb);
    expect(await indexedDbStore('c', logger, idb).load()).toBeUndefined();
    expect(logger.warn).toHaveBeenCalledOnce();
  });

  it('falls back to memory when IndexedDB fails, and keeps working', async () => {
    const logger = silentLogger();
    const broken = (() => Promise.reject(new DOMException('blocked', 'SecurityError'))) as unknown as ReturnType<typeof createStore>;
    const store = indexedDbStore('c', logger, broken);
    await store.save(snapshot());
    expect(await store.load()).toEqual(snapshot());
    expect(logger.warn).toHaveBeenCalledOnce();
  });
});

describe('createSaver', () => {
  it('writes the newest snapshot only, one write at a time', async () => {
    const inner = memoryStore();
    let inFlight = 0;
    let maxInFlight = 0;
    const writes: number[] = [];
    const store: ConversationStore = {
      ...inner,
      async save(s) {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        writes.push(s.nextTraceId);
        inFlight--;
      },
    };
    const saver = createSaver(store, silentLogger());
    for (let i = 1; i <= 10; i++) saver.save(snapshot({ nextTraceId: i }));
    await saver.flushed();
    expect(writes).toEqual([1, 10]);
    expect(maxInFlight).toBe(1);
  });

  it('logs a failed write and carries on', async () => {
    const logger = silentLogger();
    const store: ConversationStore = { ...memoryStore(), save: vi.fn().mockRejectedValueOnce(new Error('quota')).mockResolvedValue(undefined) };
    const saver = createSaver(store, logger);
    saver.save(snapshot());
    await saver.flushed();
    saver.save(snapshot());
    await saver.flushed();
    expect(store.save).toHaveBeenCalledTimes(2);
    expect(logger.warn).toHaveBeenCalledOnce();
  });
});
