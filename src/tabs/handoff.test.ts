// Issue 15, several tabs: a hand-off at the worst moment loses no message and answers none
// twice. Fake Web Locks, BroadcastChannel and time; one store shared as IndexedDB is.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from '../../test/fakes.ts';
import { browserWithTabs, openLatest, sends, settle } from '../../test/tab-browser.ts';
import type { ChatClient } from '../client/create-chat-client.ts';
import type { ConversationStore } from '../store/contract.ts';
import { BEAT_MS, SILENCE_MS } from './coordinator.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => vi.useRealTimers());

/** A store whose writes wait while `held` (a holder whose IndexedDB is slow). */
function slowable(inner: ConversationStore) {
  const waiting: Array<() => void> = [];
  let held = false;
  const store: ConversationStore = {
    ...inner,
    async write(threadId, changes, epoch) {
      if (held) await new Promise<void>((resolve) => waiting.push(resolve));
      return inner.write(threadId, changes, epoch);
    },
  };
  return { store, hold: () => void (held = true), release: () => ((held = false), waiting.splice(0).forEach((go) => go())) };
}

const allSends = (sockets: FakeSocket[]) => sockets.flatMap((s) => sends(s) as Array<{ speech: string; traceId: number }>);
const lines = (client: ChatClient) => client.entries.value.flatMap((e) => (e.kind === 'user' ? [`${e.text}:${e.status}`] : []));

describe('a message typed in a tab that does not hold the socket', () => {
  it('is kept by that tab until the holder has saved it: the holder closing before its write commits loses nothing', async () => {
    const b = browserWithTabs();
    const slow = slowable(b.store);
    const holder = b.open(slow.store);
    const other = b.open();
    await settle();
    other.client.connect();
    await openLatest(b);
    slow.hold();
    const sending = other.client.send('typed in the other tab');
    await settle();
    expect((await sending)?.traceId).toBe(1); // taken in by the holder: send() resolved
    // The holder's tab closes before its write lands.
    void holder.client.destroy();
    const socket = await openLatest(b);
    slow.release(); // the old holder's late write is refused (its epoch is over), nothing breaks
    await settle();
    socket.receive({ type: 'message.delivered', payload: { traceId: 1 } });
    await settle();
    expect(allSends(b.sockets.sockets).map((p) => `${p.speech}#${p.traceId}`)).toEqual(['typed in the other tab#1']);
    expect(lines(other.client)).toEqual(['typed in the other tab:delivered']);
  });

  it('waits in storage: if the typing tab and the holder both go away, the next holder sends it once', async () => {
    const b = browserWithTabs();
    const slow = slowable(b.store);
    const holder = b.open(slow.store);
    const typing = b.open();
    await settle();
    typing.client.connect();
    await openLatest(b);
    slow.hold();
    void typing.client.send('typed, then both tabs closed');
    await settle();
    void typing.client.destroy();
    void holder.client.destroy();
    await settle();
    const next = b.open();
    next.client.connect();
    const socket = await openLatest(b);
    slow.release();
    await settle();
    expect(allSends([socket]).map((p) => p.speech)).toEqual(['typed, then both tabs closed']);
    socket.receive({ type: 'message.delivered', payload: { traceId: allSends([socket])[0]!.traceId } });
    await settle();
    expect(await b.store.queued()).toEqual([]);
    expect(lines(next.client)).toEqual(['typed, then both tabs closed:delivered']);
  });
});

describe('a holder that lost the lock without noticing', () => {
  it('is not heard by the other tabs, and stops at once when it hears the new holder', async () => {
    const b = browserWithTabs();
    const stale = b.open();
    const next = b.open();
    const watcher = b.open();
    await settle();
    stale.client.connect();
    const first = await openLatest(b);
    for (let i = 0; i < 5; i++) await stale.client.send(`early ${i}`); // its op count runs ahead
    await settle();
    for (let traceId = 1; traceId <= 5; traceId++) first.receive({ type: 'message.delivered', payload: { traceId } });
    await settle();

    // Busy for seconds: silent, and when it runs again it has not yet noticed the stolen lock.
    stale.tab.missLockLoss();
    stale.tab.freeze();
    await vi.advanceTimersByTimeAsync(SILENCE_MS + 2 * BEAT_MS);
    const second = await openLatest(b);
    expect(second).not.toBe(first);
    void next.client.send('after the hand-off');
    await settle();
    second.receive({ type: 'message.delivered', payload: { traceId: 6 } });
    await settle();

    // An op from the former holder, numbered above the new one's, reaches the others late.
    const intruder = new b.browser.Channel('parley:client-1');
    intruder.postMessage({
      v: 2,
      from: 'a-former-holder',
      type: 'op',
      n: 999,
      epoch: 1,
      op: { op: 'put', entries: [{ ...next.client.entries.value.at(-1)!, status: 'failed' }] },
    });
    stale.tab.thaw();
    await settle();
    // It stopped at once on hearing the new holder: its socket is closed, it follows.
    expect(first.readyState).toBe(3);
    second.receive({
      type: 'message.received',
      payload: { threadId: next.client.threadId, messages: [{ responses: [{ type: 'text', payload: { text: 'welcome back' } }] }] },
    });
    await settle();
    for (const tab of [stale, next, watcher]) {
      expect(lines(tab.client).at(-1)).toBe('after the hand-off:delivered');
      expect(tab.client.entries.value.at(-1)).toMatchObject({ text: 'welcome back' });
    }
    stale.tab.noticeLockLoss();
    await settle();
    expect(b.sockets.sockets.filter((s) => s.readyState === 1)).toEqual([second]);
  });
});

describe("a tab that missed the holder's messages", () => {
  it('asks for the whole state (it sees the holder is ahead) and shows the same conversation', async () => {
    const b = browserWithTabs();
    const holder = b.open();
    const deaf = b.open();
    await settle();
    holder.client.connect();
    const socket = await openLatest(b);
    void holder.client.send('heard by both');
    await settle();
    deaf.tab.deafen();
    void holder.client.send('missed by one');
    await settle();
    socket.receive({ type: 'message.delivered', payload: { traceId: 1 } });
    socket.receive({ type: 'message.delivered', payload: { traceId: 2 } });
    await settle();
    deaf.tab.hear();
    expect(lines(deaf.client)).toEqual(['heard by both:sent']);
    await vi.advanceTimersByTimeAsync(BEAT_MS); // the next beat says how far the holder is
    await settle();
    expect(lines(deaf.client)).toEqual(lines(holder.client));
    expect(lines(deaf.client)).toEqual(['heard by both:delivered', 'missed by one:delivered']);
  });
});

describe('a holder whose storage failed, then closed', () => {
  it('the next holder keeps what its tab showed and storage lacks, and writes it', async () => {
    const b = browserWithTabs();
    // The first holder's writes all fail: what it did is in memory and in the other tabs only.
    const failing: ConversationStore = { ...b.store, write: async () => 'memory' };
    const holder = b.open(failing);
    const other = b.open();
    await settle();
    holder.client.connect();
    const first = await openLatest(b);
    void holder.client.send('never stored');
    await settle();
    first.receive({ type: 'message.delivered', payload: { traceId: 1 } });
    first.receive({
      type: 'message.received',
      payload: { threadId: holder.client.threadId, messages: [{ responses: [{ type: 'text', payload: { text: 'answer' } }] }] },
    });
    await settle();
    await b.store.write(holder.client.threadId, {
      meta: { version: 2, threadId: holder.client.threadId, startEventQueued: false, readSeq: 0 },
    });
    await holder.client.destroy();
    await openLatest(b);
    expect(other.client.entries.value.map((e) => e.text)).toEqual(['never stored', 'answer']);
    expect((await b.store.load(10))?.entries.map((e) => e.text)).toEqual(['never stored', 'answer']);
  });
});

describe('a queued message whose holder could not write', () => {
  it('is sent by the next holder under the traceId it already had, so the service dedupes it', async () => {
    const b = browserWithTabs();
    const failing: ConversationStore = { ...b.store, write: async () => 'memory' };
    const holder = b.open(failing);
    const watcher = b.open();
    const typing = b.open();
    await settle();
    typing.client.connect();
    const first = await openLatest(b);
    void typing.client.send('typed, queued, sent, never confirmed');
    await settle();
    const threadId = watcher.client.threadId;
    expect(allSends([first]).map((p) => p.traceId)).toEqual([1]);
    // The typing tab and the holder go; the queue record (the holder could not remove it) stays.
    await typing.client.destroy();
    await holder.client.destroy();
    const next = await openLatest(b);
    expect(allSends([next]).map((p) => `${p.speech}#${p.traceId}`)).toEqual(['typed, queued, sent, never confirmed#1']);
    expect(watcher.client.entries.value.map((e) => e.text)).toEqual(['typed, queued, sent, never confirmed']);
    expect(watcher.client.threadId).toBe(threadId); // storage never had the thread: it goes on all the same
  });
});

describe('a new holder that never saw what its predecessor could not store', () => {
  it('takes the missing messages from the tabs that showed them, and stores them', async () => {
    const b = browserWithTabs();
    const failing: ConversationStore = { ...b.store, write: async () => 'memory' };
    const holder = b.open(failing);
    const next = b.open(); // next in line for the lock, but it misses the holder's messages
    const witness = b.open();
    await settle();
    holder.client.connect();
    const first = await openLatest(b);
    await b.store.write(holder.client.threadId, {
      meta: { version: 2, threadId: holder.client.threadId, startEventQueued: false, readSeq: 0 },
    });
    next.tab.deafen();
    void witness.client.send('seen by one tab only');
    await settle();
    first.receive({ type: 'message.delivered', payload: { traceId: 1 } });
    first.receive({
      type: 'message.received',
      payload: { threadId: holder.client.threadId, messages: [{ responses: [{ type: 'text', payload: { text: 'reply' } }] }] },
    });
    await settle();
    next.tab.hear();
    await holder.client.destroy();
    await openLatest(b);
    for (const tab of [next, witness]) expect(tab.client.entries.value.map((e) => e.text)).toEqual(['seen by one tab only', 'reply']);
    expect((await b.store.load(10))?.entries.map((e) => e.text)).toEqual(['seen by one tab only', 'reply']);
  });
});

describe('a new holder whose storage cannot be read', () => {
  it('continues the thread its tab shows, never reusing a traceId', async () => {
    const b = browserWithTabs();
    const holder = b.open();
    const broken: ConversationStore = {
      ...b.store,
      load: () => Promise.reject(new DOMException('closed', 'InvalidStateError')),
      // A counter storage lost: it would hand out 1 again.
      reserveTraceId: async (_threadId, atLeast) => atLeast,
    };
    const other = b.open(broken);
    await settle();
    other.client.connect();
    const first = await openLatest(b);
    void holder.client.send('one');
    void holder.client.send('two');
    await settle();
    first.receive({ type: 'message.delivered', payload: { traceId: 1 } });
    first.receive({ type: 'message.delivered', payload: { traceId: 2 } });
    await settle();
    const threadId = other.client.threadId;
    await holder.client.destroy();
    const socket = await openLatest(b);
    void other.client.send('three');
    await settle();
    expect(other.client.threadId).toBe(threadId);
    expect(allSends([socket]).map((p) => `${p.speech}#${p.traceId}`)).toEqual(['three#3']);
    expect(lines(other.client)).toEqual(['one:delivered', 'two:delivered', 'three:sent']);
  });
});
