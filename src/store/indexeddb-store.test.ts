// indexedDbStore beyond the contract: clients kept apart, IndexedDB left closed for a new visitor,
// damaged or forged records skipped, failures fallen back from and recovered; slow or failing writes.
import { createStore, set } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../test/fakes.ts';
import { flakyIdb } from '../../test/flaky-idb.ts';
import { freshDb, freshIdb, meta, record, user } from '../../test/store-records.ts';
import { indexedDbStore } from './indexeddb-store.ts';
import { memoryStore } from './memory-store.ts';
import type { ReceivedEntry } from '../conversation/transcript.ts';

let dbCount = 0;
let memoryCount = 0;

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
