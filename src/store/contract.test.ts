import { createStore, set } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../test/fakes.ts';
import { flakyIdb } from '../../test/flaky-idb.ts';
import { createJournal } from './journal.ts';
import { type ConversationStore, type OutboxRecord, type ThreadMeta } from './contract.ts';
import { indexedDbStore } from './indexeddb-store.ts';
import { MAX_STORED_ENTRIES } from './record-checks.ts';
import { memoryStore } from './memory-store.ts';
import type { ReceivedEntry, UserEntry } from '../conversation/transcript.ts';

let dbCount = 0;
const freshIdb = () => createStore(`parley-test-${++dbCount}`, 'conversations');
/** A connection factory for one fresh database, as indexedDbStore takes it. */
const freshDb = () => {
  const name = `parley-test-${++dbCount}`;
  return () => createStore(name, 'conversations');
};

const meta = (overrides: Partial<ThreadMeta> = {}): ThreadMeta => ({
  version: 2,
  threadId: 'thread-1',
  nonce: 'n1',
  startEventQueued: true,
  readSeq: 0,
  ...overrides,
});
const user = (traceId: number, status: UserEntry['status'] = 'delivered'): UserEntry => ({
  kind: 'user',
  id: `u-${traceId}`,
  traceId,
  seq: traceId * 10,
  text: `m${traceId}`,
  at: traceId,
  status,
});
const bot = (seq: number): ReceivedEntry => ({ kind: 'received', id: `r-${seq}`, seq, from: 'bot', at: seq, text: `reply ${seq}` });
const record = (entry: UserEntry): OutboxRecord => ({
  entry,
  outgoing: { threadId: 'thread-1', traceId: entry.traceId, speech: entry.text },
});

/** The same contract, kept by both stores. */
function contract(name: string, make: () => ConversationStore) {
  describe(name, () => {
    it('round-trips the thread, its latest entries in order, and its outbox', async () => {
      const store = make();
      expect(await store.load(10)).toBeUndefined();
      const pending = user(3, 'pending');
      await store.write('thread-1', { meta: meta(), entries: [user(1), bot(15), user(2), pending], outbox: [record(pending)] });
      const loaded = await store.load(10);
      expect(loaded?.meta).toEqual(meta());
      expect(loaded?.entries.map((e) => e.id)).toEqual(['u-1', 'r-15', 'u-2', 'u-3']);
      expect(loaded?.outbox).toEqual([record(pending)]);
      expect(loaded?.hasOlder).toBe(false);
    });

    it('a change writes only the changed entry; delivery drops the outbox record', async () => {
      const store = make();
      const pending = user(1, 'pending');
      await store.write('thread-1', { meta: meta(), entries: [pending], outbox: [record(pending)] });
      await store.write('thread-1', { entries: [{ ...pending, status: 'delivered' }], delivered: [1] });
      const loaded = await store.load(10);
      expect(loaded?.entries).toEqual([{ ...pending, status: 'delivered' }]);
      expect(loaded?.outbox).toEqual([]);
    });

    it('loads the latest entries first and older ones page by page', async () => {
      const store = make();
      const entries = Array.from({ length: 25 }, (_, i) => bot(i + 1));
      await store.write('thread-1', { meta: meta(), entries });
      const loaded = await store.load(10);
      expect(loaded?.entries.map((e) => e.seq)).toEqual([16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
      expect(loaded?.hasOlder).toBe(true);
      expect((await store.loadOlder('thread-1', 16, 10)).map((e) => e.seq)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
      expect((await store.loadOlder('thread-1', 6, 10)).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    });

    it('reserves traceIds once each, from the first given, per thread', async () => {
      const store = make();
      const taken = await Promise.all([store.reserveTraceId('t', 1), store.reserveTraceId('t', 1), store.reserveTraceId('t', 1)]);
      expect(taken.sort()).toEqual([1, 2, 3]);
      expect(await store.reserveTraceId('other', 500)).toBe(500);
      expect(await store.reserveTraceId('t', 1)).toBe(4);
    });

    it('dropThread forgets a thread; clear forgets the conversation', async () => {
      const store = make();
      await store.write('thread-1', { meta: meta(), entries: [user(1)] });
      await store.reserveTraceId('thread-1', 1);
      await store.dropThread('thread-1');
      expect((await store.load(10))?.entries).toEqual([]);
      expect(await store.reserveTraceId('thread-1', 1)).toBe(1);
      await store.clear();
      expect(await store.load(10)).toBeUndefined();
    });

    it(`keeps at most ${MAX_STORED_ENTRIES} entries of history`, async () => {
      const store = make();
      const entries = Array.from({ length: MAX_STORED_ENTRIES + 20 }, (_, i) => bot(i + 1));
      await store.write('thread-1', { meta: meta(), entries });
      await store.load(10);
      const oldest = await store.loadOlder('thread-1', 100, 1_000);
      expect(oldest[0]?.seq).toBe(21);
    });

    it(`keeps at most ${MAX_STORED_ENTRIES} entries as messages arrive, before any load (a flood cannot fill the quota)`, async () => {
      const store = make();
      await store.write('thread-1', { meta: meta(), entries: Array.from({ length: MAX_STORED_ENTRIES }, (_, i) => bot(i + 1)) });
      for (let seq = MAX_STORED_ENTRIES + 1; seq <= MAX_STORED_ENTRIES + 20; seq++) await store.write('thread-1', { entries: [bot(seq)] });
      const kept = await store.loadOlder('thread-1', Number.MAX_SAFE_INTEGER, 2 * MAX_STORED_ENTRIES);
      expect(kept).toHaveLength(MAX_STORED_ENTRIES);
      expect(kept[0]?.seq).toBe(21);
      expect(kept.at(-1)?.seq).toBe(MAX_STORED_ENTRIES + 20);
    });
  });
}

let memoryCount = 0;
contract('memoryStore', () => memoryStore(`memory-test-${++memoryCount}`));
contract('indexedDbStore', () => indexedDbStore(`client-${++dbCount}`, silentLogger(), freshDb()));

describe('memoryStore', () => {
  it('is shared by every client of the page for one key, so a remount keeps the conversation', async () => {
    await memoryStore('shared').write('thread-1', { meta: meta(), entries: [user(1)] });
    expect((await memoryStore('shared').load(10))?.entries).toEqual([user(1)]);
  });
});

describe('indexedDbStore', () => {
  it('keeps clientIds apart', async () => {
    const idb = freshIdb();
    await indexedDbStore('client-a', silentLogger(), () => idb).write('thread-1', { meta: meta(), entries: [user(1)] });
    expect(await indexedDbStore('client-b', silentLogger(), () => idb).load(10)).toBeUndefined();
  });

  it('leaves IndexedDB closed for a visitor with nothing stored, thanks to a localStorage flag', async () => {
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    });
    // The other tabs' loaders hear it once: they load their chat to share the conversation.
    const heard: unknown[] = [];
    const otherTab = new BroadcastChannel('parley:thread:client-m');
    otherTab.onmessage = (event) => heard.push(event.data);
    const idb = freshIdb();
    const opened = vi.fn(idb);
    const store = indexedDbStore('client-m', silentLogger(), () => opened as unknown as typeof idb);
    expect(await store.load(10)).toBeUndefined();
    expect(opened).not.toHaveBeenCalled();
    await store.write('thread-1', { meta: meta() });
    await store.write('thread-1', { meta: meta() });
    expect(items.get('parley:thread:client-m')).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual([1]);
    otherTab.close();
    expect((await store.load(10))?.meta).toEqual(meta());
    await store.clear();
    expect(items.has('parley:thread:client-m')).toBe(false);
    vi.unstubAllGlobals();
  });

  it('ignores damaged or foreign data with a warning', async () => {
    const idb = freshIdb();
    const logger = silentLogger();
    await set(['c', 'meta'], { version: 7, threadId: 1 }, idb);
    expect(await indexedDbStore('c', logger, () => idb).load(10)).toBeUndefined();
    expect(logger.warn).toHaveBeenCalledOnce();
  });

  it('skips a damaged entry and keeps the rest', async () => {
    const idb = freshIdb();
    const logger = silentLogger();
    const store = indexedDbStore('c', logger, () => idb);
    await store.write('thread-1', { meta: meta(), entries: [user(1), user(2)] });
    await set(['c', 'e', 'thread-1', 15, 'broken'], { kind: 'user', text: 7 }, idb);
    expect((await store.load(10))?.entries.map((e) => e.id)).toEqual(['u-1', 'u-2']);
    expect(logger.warn).toHaveBeenCalledOnce();
  });

  it('makes stored rich content again from its response, as from the service: an unsafe address is not kept, a damaged template shows its fallback', async () => {
    const idb = freshIdb();
    const logger = silentLogger();
    const store = indexedDbStore('c', logger, () => idb);
    await store.write('thread-1', { meta: meta(), entries: [user(1)] });
    const at = (seq: number, rest: object) =>
      set(
        ['c', 'e', 'thread-1', seq, `r-${seq}`],
        { kind: 'received', id: `r-${seq}`, seq, from: 'bot', at: seq, text: 'fallback', ...rest },
        idb,
      );
    // What was stored as drawn is never taken as it is: a forged one is replaced by what the response makes.
    const forged = { type: 'image', title: 'Evil', url: 'javascript:alert(1)' };
    await at(20, { rich: forged, response: { type: 'image', payload: { title: 'Evil', url: 'javascript:alert(1)' } } });
    await at(21, {
      rich: forged,
      response: {
        type: 'buttons',
        payload: {
          title: 'Pick',
          buttons: [
            { type: 'url', label: 'Site', value: 'https://parley.test/' },
            { type: 'url', label: 'Evil', value: 'javascript:alert(1)' },
          ],
        },
      },
    });
    await at(22, {
      from: 'agent',
      name: 'Ann',
      picture: 'https://cdn.test/ann.png',
      quickReplies: [{ label: 'Yes' }, { label: 42 }, 'no'],
    });
    await at(23, { rich: { type: 'carousel', cards: 'many' } }); // no response: written before 0.9
    await at(24, { from: 'root' });
    const loaded = await store.load(10);
    expect(loaded?.entries.map((e) => e.id)).toEqual(['u-1', 'r-20', 'r-21', 'r-22', 'r-23']);
    const [, evil, buttons, agent, old] = loaded!.entries as ReceivedEntry[];
    expect([evil!.rich, evil!.isFallback, evil!.text]).toEqual([undefined, true, 'fallback']);
    expect(buttons!.rich).toEqual({
      type: 'buttons',
      title: 'Pick',
      buttons: [{ label: 'Site', action: { type: 'link', url: 'https://parley.test/', newTab: false } }],
    });
    expect(agent).toEqual({
      kind: 'received',
      id: 'r-22',
      seq: 22,
      from: 'agent',
      name: 'Ann',
      picture: 'https://cdn.test/ann.png',
      at: 22,
      text: 'fallback',
      quickReplies: [{ label: 'Yes' }],
    });
    expect([old!.rich, old!.isFallback]).toEqual([undefined, true]);
    expect((await store.loadOlder('thread-1', 24, 10)).map((e) => e.id)).toEqual(['u-1', 'r-20', 'r-21', 'r-22', 'r-23']);
    expect(logger.warn).toHaveBeenCalledOnce();
  });

  it('skips a damaged outbox record and a forged queued request', async () => {
    const idb = freshIdb();
    const logger = silentLogger();
    const store = indexedDbStore('c', logger, () => idb);
    const pending = user(1, 'pending');
    await store.write('thread-1', { meta: meta(), entries: [pending], outbox: [record(pending)] });
    await set(['c', 'o', 'thread-1', 1], { entry: pending, outgoing: { threadId: 'thread-1', traceId: '1', speech: 'm1' } }, idb);
    await store.queue({ rid: 'tab.1', draft: { speech: 'hi' }, text: 'hi', at: 5 });
    await set(['c', 'q', 'tab.2'], { rid: 'tab.2', draft: { speech: 'hi', attachment: { type: 'exec' } }, text: 'hi', at: 6 }, idb);
    expect((await store.load(10))?.outbox).toEqual([]);
    expect((await store.queued()).map((request) => request.rid)).toEqual(['tab.1']);
  });

  it('falls back to memory when IndexedDB fails, and keeps working', async () => {
    const logger = silentLogger();
    const broken = (() =>
      Promise.reject(new DOMException('Internal error opening backing store', 'UnknownError'))) as unknown as ReturnType<
      typeof createStore
    >;
    const store = indexedDbStore(`broken-${++dbCount}`, logger, () => broken);
    await store.write('thread-1', { meta: meta(), entries: [user(1)] });
    expect((await store.load(10))?.entries).toEqual([user(1)]);
    expect(await store.reserveTraceId('thread-1', 1)).toBe(1);
    expect(logger.warn).toHaveBeenCalledOnce();
  });

  it('a late failure on a connection already replaced neither warns again nor closes the new one', async () => {
    // Each connection's operations wait until the test settles them, so the old connection's
    // failure can come after the new connection has already worked.
    const name = `late-${++dbCount}`;
    const waiting: Array<{ generation: number; settle: (fail?: Error) => void }> = [];
    let generations = 0;
    const open = () => {
      const generation = ++generations;
      const real = createStore(name, 'conversations');
      return ((mode, callback) =>
        new Promise((resolve, reject) => {
          waiting.push({ generation, settle: (fail) => (fail ? reject(fail) : real(mode, callback).then(resolve, reject)) });
        })) as ReturnType<typeof createStore>;
    };
    const take = (generation: number) =>
      waiting.splice(
        waiting.findIndex((w) => w.generation === generation),
        1,
      )[0]!;
    const closed = () => new DOMException('The database connection is closing.', 'InvalidStateError');
    const logger = silentLogger();
    const store = indexedDbStore(`late-${dbCount}`, logger, open);

    const reserving = store.reserveTraceId('thread-1', 1); // on connection 1, answers late
    const writing = store.write('thread-1', { meta: meta(), entries: [user(1)] }); // also on connection 1
    await vi.waitFor(() => expect(waiting).toHaveLength(2));
    waiting.splice(1, 1)[0]!.settle(new DOMException('The quota has been exceeded.', 'QuotaExceededError')); // connection 1 is dropped
    expect(await writing).toBe('memory');
    const again = store.write('thread-1', { entries: [user(2)] }); // on connection 2, which works
    await vi.waitFor(() => expect(waiting.some((w) => w.generation === 2)).toBe(true));
    take(2).settle();
    expect(await again).toBe('stored');
    take(1).settle(closed()); // the old connection's reservation fails only now
    expect(await reserving).toBe(1);

    const next = store.reserveTraceId('thread-1', 1);
    await vi.waitFor(() => expect(waiting.some((w) => w.generation === 2)).toBe(true));
    // Connection 2 is still the one in use, with no close asked of it; connection 1 was closed.
    expect(waiting.map((w) => w.generation)).toEqual([1, 2]);
    take(2).settle();
    expect(await next).toBe(2);
    expect(logger.warn).toHaveBeenCalledOnce();
    expect(logger.info).toHaveBeenCalledOnce(); // "works again", once
  });

  it('a connection the browser closed is opened again without a word, and nothing is lost', async () => {
    const idb = flakyIdb();
    const logger = silentLogger();
    const store = indexedDbStore(`closed-${++dbCount}`, logger, idb.open);
    await store.write('thread-1', { meta: meta(), entries: [user(1)] });
    idb.close(); // as Safari does
    expect(await store.write('thread-1', { entries: [user(2)] })).toBe('stored');
    expect(await store.reserveTraceId('thread-1', 3)).toBe(3);
    expect((await store.load(10))?.entries.map((e) => e.id)).toEqual(['u-1', 'u-2']);
    expect(idb.counts.closedUses).toBeGreaterThan(0);
    expect(idb.counts.opens).toBe(2);
    expect(logger.warn).not.toHaveBeenCalled();
  });
});

describe('journal', () => {
  it('writes a burst of changes as one write, each entry once, and waits for every write', async () => {
    const inner = memoryStore(`journal-${++memoryCount}`);
    const writes: Array<Parameters<ConversationStore['write']>[1]> = [];
    const store: ConversationStore = {
      ...inner,
      async write(threadId, changes) {
        writes.push(changes);
        await new Promise((resolve) => setTimeout(resolve, 1));
        return inner.write(threadId, changes);
      },
    };
    const journal = createJournal(store);
    const pending = user(1, 'pending');
    journal.meta(meta());
    journal.outbox('thread-1', record(pending));
    journal.entry('thread-1', pending);
    journal.entry('thread-1', { ...pending, status: 'sent' });
    await Promise.resolve();
    await Promise.resolve();
    journal.entry('thread-1', bot(20));
    journal.entry('thread-1', bot(30));
    await journal.flushed();
    expect(writes).toHaveLength(2);
    expect(writes[0]!.entries).toEqual([{ ...pending, status: 'sent' }]);
    expect(writes[1]!.entries?.map((e) => e.id)).toEqual(['r-20', 'r-30']);
    expect((await inner.load(10))?.entries.map((e) => e.id)).toEqual(['u-1', 'r-20', 'r-30']);
  });

  it('says where the last write went: stored, or kept in memory', async () => {
    const inner = memoryStore(`journal-${++memoryCount}`);
    const write = vi.fn(inner.write).mockResolvedValueOnce('memory');
    const journal = createJournal({ ...inner, write });
    journal.entry('thread-1', user(1));
    expect(await journal.flushed()).toBe('memory');
    journal.entry('thread-1', user(2));
    expect(await journal.flushed()).toBe('stored');
    expect(write).toHaveBeenCalledTimes(2);
  });
});

describe('indexedDbStore while writes are slow or fail', () => {
  it('writes one transaction at a time, in order; a read waits for the write in flight, so it never misses a message', async () => {
    const idb = flakyIdb();
    const store = indexedDbStore(`slow-${++dbCount}`, silentLogger(), idb.open);
    await store.write('thread-1', { meta: meta(), entries: [user(1)] });
    idb.hold();
    const first = store.write('thread-1', { entries: [user(2, 'sent')] });
    const second = store.write('thread-1', { entries: [user(2), user(3)] });
    const loading = store.load(10);
    const older = store.loadOlder('thread-1', 30, 10);
    idb.release();
    expect((await loading)?.entries.map((e) => `${e.id}:${e.kind === 'user' && e.status}`)).toEqual([
      'u-1:delivered',
      'u-2:delivered',
      'u-3:delivered',
    ]);
    expect((await older).map((e) => e.id)).toEqual(['u-1', 'u-2']);
    expect(await first).toBe('stored');
    expect(await second).toBe('stored');
    const fresh = indexedDbStore(`slow-${dbCount}`, silentLogger(), () => idb.reader());
    expect((await fresh.load(10))?.entries.map((e) => `${e.id}:${e.kind === 'user' && e.status}`)).toEqual([
      'u-1:delivered',
      'u-2:delivered',
      'u-3:delivered',
    ]);
  });

  it('a write that failed goes back under the later ones: a newer status is never overwritten by an older one', async () => {
    const idb = flakyIdb();
    const clientId = `order-${++dbCount}`;
    const store = indexedDbStore(clientId, silentLogger(), idb.open);
    await store.write('thread-1', { meta: meta() });
    idb.quota();
    expect(await store.write('thread-1', { entries: [user(1, 'sent')], outbox: [record(user(1, 'sent'))] })).toBe('memory');
    idb.ok();
    expect(await store.write('thread-1', { entries: [user(1, 'delivered')], delivered: [1] })).toBe('stored');
    const fresh = indexedDbStore(clientId, silentLogger(), () => idb.reader());
    const loaded = await fresh.load(10);
    expect(loaded?.entries).toEqual([user(1, 'delivered')]);
    expect(loaded?.outbox).toEqual([]);
  });

  it('a write from an epoch below the highest one written is refused and names that epoch', async () => {
    for (const store of [indexedDbStore(`fence-${++dbCount}`, silentLogger(), freshDb()), memoryStore(`fence-${++memoryCount}`)]) {
      expect(await store.write('thread-1', { meta: meta() }, 5)).toBe('stored');
      expect(await store.write('thread-1', { entries: [user(1)] }, 9)).toBe('stored');
      expect(await store.write('thread-1', { entries: [user(1, 'failed')] }, 5)).toEqual({ supersededBy: 9 });
      expect((await store.load(10))?.entries).toEqual([user(1)]);
    }
  });

  it('queued requests wait until a write takes them in', async () => {
    const store = indexedDbStore(`queue-${++dbCount}`, silentLogger(), freshDb());
    const request = { rid: 'tab.1', draft: { speech: 'hi' }, text: 'hi', at: 5 };
    expect(await store.queue(request)).toBe(true);
    expect(await store.queued()).toEqual([request]);
    await store.write('thread-1', { meta: meta(), taken: ['tab.1'] });
    expect(await store.queued()).toEqual([]);
  });
});
