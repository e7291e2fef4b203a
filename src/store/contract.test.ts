// The stores' contract, kept alike by memoryStore and indexedDbStore (round trips, paging, traceIds,
// the history cap); memoryStore shared by the page; the journal (a burst of changes, one write).
import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../test/fakes.ts';
import { bot, freshDb, meta, record, user } from '../../test/store-records.ts';
import { createJournal } from './journal.ts';
import { type ConversationStore } from './contract.ts';
import { indexedDbStore } from './indexeddb-store.ts';
import { MAX_STORED_ENTRIES } from './record-checks.ts';
import { memoryStore } from './memory-store.ts';

let dbCount = 0;

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
