// Several tabs of one browser, each a createChatClient with the same clientId, sharing fake Web
// Locks, a fake BroadcastChannel and one store (IndexedDB is one per browser).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from '../../test/fakes.ts';
import { browserWithTabs, openLatest, sends, settle } from '../../test/tab-browser.ts';
import type { ChatClient } from '../client/create-chat-client.ts';
import type { ReceivedEntry } from '../conversation/transcript.ts';
import { BEAT_MS, SILENCE_MS } from './coordinator.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => vi.useRealTimers());

const openSockets = (sockets: FakeSocket[]) => sockets.filter((s) => s.readyState === 1);
const view = (client: ChatClient) => client.entries.value.map((e) => [e.id, e.text, e.kind === 'user' ? e.status : e.from]);

/** Two tabs, the first holding a socket that the second asked for. */
async function holderAndOther() {
  const b = browserWithTabs();
  const holder = b.open();
  const other = b.open();
  await settle();
  other.client.connect();
  const socket = await openLatest(b);
  return { b, holder, other, socket };
}

describe('tabs sharing one conversation', () => {
  it('one socket for all tabs; traceIds in one sequence whichever tab sends; the same transcript everywhere', async () => {
    const b = browserWithTabs();
    const first = b.open();
    const second = b.open();
    const third = b.open();
    await settle();
    for (const { client } of [first, second, third]) client.connect();
    const socket = await openLatest(b);

    const sending = Promise.all([
      first.client.send('one'),
      second.client.send('two'),
      third.client.send('three'),
      second.client.send('four'),
    ]);
    await settle();
    await sending;
    expect(b.sockets.sockets).toHaveLength(1);
    const payloads = sends(socket);
    expect(payloads.map((p) => p.traceId)).toEqual([1, 2, 3, 4]);
    expect(payloads.map((p) => p.speech).sort()).toEqual(['four', 'one', 'three', 'two']);

    for (const payload of payloads) socket.receive({ type: 'message.delivered', payload: { traceId: payload.traceId } });
    socket.receive({
      type: 'message.received',
      payload: { threadId: first.client.threadId, messages: [{ responses: [{ type: 'text', payload: { text: 'Hi all' } }] }] },
    });
    await settle();
    expect(view(first.client)).toHaveLength(5);
    expect(view(second.client)).toEqual(view(first.client));
    expect(view(third.client)).toEqual(view(first.client));
    expect(first.client.entries.value.every((e) => e.kind !== 'user' || e.status === 'delivered')).toBe(true);
  });

  it('a message typed in a tab shows at once, as pending, before the holder takes it in', async () => {
    const b = browserWithTabs();
    b.open();
    const second = b.open();
    await settle();
    const sending = second.client.send('quick');
    await Promise.resolve();
    await Promise.resolve();
    expect(second.client.entries.value.map((e) => [e.text, e.kind === 'user' && e.status])).toEqual([['quick', 'pending']]);
    await settle();
    const entry = await sending;
    expect(entry?.traceId).toBe(1);
  });

  it('when the holder goes, the next tab takes over and sends what was unconfirmed once, with its traceId', async () => {
    const { b, holder, other, socket: first } = await holderAndOther();
    void other.client.send('unconfirmed');
    await settle();
    expect(sends(first).map((p) => [p.traceId, p.speech])).toEqual([[1, 'unconfirmed']]);

    await holder.client.destroy();
    const second = await openLatest(b);
    expect(second).not.toBe(first);
    expect(openSockets(b.sockets.sockets)).toEqual([second]);
    expect(sends(second).map((p) => [p.traceId, p.speech])).toEqual([[1, 'unconfirmed']]);
    second.receive({ type: 'message.delivered', payload: { traceId: 1 } });
    void other.client.send('after');
    await settle();
    expect(sends(second).map((p) => p.traceId)).toEqual([1, 2]);
    expect(other.client.entries.value.map((e) => e.kind === 'user' && e.status)).toEqual(['delivered', 'sent']);
  });

  it('a tab that never asked for the connection keeps it when it takes over from a connected holder', async () => {
    const b = browserWithTabs();
    const holder = b.open();
    const quiet = b.open();
    await settle();
    holder.client.connect();
    await openLatest(b);
    await holder.client.destroy();
    const socket = await openLatest(b);
    expect(b.sockets.sockets).toHaveLength(2);
    expect(quiet.client.status.value.state).toBe('open');
    expect(openSockets(b.sockets.sockets)).toEqual([socket]);
  });

  it('a request the holder never took in goes to the next holder, and is taken once', async () => {
    const { b, holder, other } = await holderAndOther();
    // The holder goes away in the same turn as the message leaves the other tab.
    const sent = other.client.send('in flight');
    await holder.client.destroy();
    const socket = await openLatest(b);
    await sent;
    await settle();
    expect(sends(socket).map((p) => p.speech)).toEqual(['in flight']);
    expect(other.client.entries.value.map((e) => e.text)).toEqual(['in flight']);
  });

  it('a silent holder (frozen) is replaced by a visible tab after a few seconds of silence', async () => {
    const { b, holder, other } = await holderAndOther();
    // Frozen without a freeze event: it goes silent and keeps the lock.
    holder.tab.freeze();
    await vi.advanceTimersByTimeAsync(SILENCE_MS + BEAT_MS);
    const second = await openLatest(b);
    expect(b.sockets.sockets).toHaveLength(2);
    void other.client.send('while it sleeps');
    await settle();
    expect(sends(second).map((p) => p.speech)).toEqual(['while it sleeps']);
    // Back: it finds it lost the lock, closes its socket and follows the new holder.
    holder.tab.thaw();
    await settle();
    expect(openSockets(b.sockets.sockets)).toEqual([second]);
    expect(view(holder.client)).toEqual(view(other.client));
  });

  it('a reset in any tab starts the new thread in all', async () => {
    const b = browserWithTabs();
    const first = b.open();
    const second = b.open();
    await settle();
    void second.client.send('old thread');
    await settle();
    const before = first.client.threadId;
    const resetting = second.client.reset();
    await settle();
    await resetting;
    expect(second.client.threadId).not.toBe(before);
    expect(first.client.threadId).toBe(second.client.threadId);
    expect(first.client.entries.value).toEqual([]);
  });

  it('read in one tab is read in all', async () => {
    const b = browserWithTabs();
    const first = b.open();
    const second = b.open();
    await settle();
    first.client.connect();
    const socket = await openLatest(b);
    socket.receive({
      type: 'message.received',
      payload: { threadId: first.client.threadId, messages: [{ responses: [{ type: 'text', payload: { text: 'news' } }] }] },
    });
    await settle();
    expect([first.client.unread.value, second.client.unread.value]).toEqual([1, 1]);
    second.client.markRead();
    await settle();
    expect([first.client.unread.value, second.client.unread.value]).toEqual([0, 0]);
  });

  it('without Web Locks or BroadcastChannel each tab works alone, and traceIds never collide', async () => {
    const b = browserWithTabs({ withTabs: false });
    // A conversation this browser already has: both tabs continue it.
    const earlier = b.open();
    void earlier.client.send('earlier');
    await settle();
    await earlier.client.destroy();
    const first = b.open();
    const second = b.open();
    await settle();
    expect(second.client.threadId).toBe(first.client.threadId);
    first.client.connect();
    second.client.connect();
    await settle();
    for (const socket of b.sockets.sockets) if (socket.readyState === 0) socket.open();
    const sending = Promise.all([first.client.send('a'), second.client.send('b'), first.client.send('c'), second.client.send('d')]);
    await settle();
    await sending;
    const payloads = b.sockets.sockets.flatMap((s) => sends(s)).filter((p) => p.threadId === first.client.threadId);
    const traceIds = payloads.filter((p) => p.speech !== 'earlier').map((p) => p.traceId);
    expect(traceIds).toHaveLength(4);
    expect(new Set([...traceIds, 1]).size).toBe(5); // 'earlier' took 1
  });

  it('destroying every tab leaves no socket, timer or channel', async () => {
    const b = browserWithTabs();
    b.open();
    b.open();
    await settle();
    b.clients[1]!.connect();
    await openLatest(b);
    for (const client of b.clients) await client.destroy();
    await settle();
    expect(openSockets(b.sockets.sockets)).toEqual([]);
    expect(b.browser.openChannels()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
  it('a script on the page that forges ops of the holder reaches no tab: rich content is made again from its response, through the template checks', async () => {
    const { b, other } = await holderAndOther();
    const spy = new b.browser.Channel('parley:client-1');
    const heard: Array<{ type: string; from: string; epoch?: number; n?: number }> = [];
    spy.onmessage = ({ data }) => heard.push(data as (typeof heard)[number]);
    await vi.advanceTimersByTimeAsync(BEAT_MS + 5);
    const beat = heard.find((message) => message.type === 'beat')!;
    const as = { v: 2, from: beat.from, epoch: beat.epoch };
    const image = (url: string) => ({ type: 'image', title: 'Cat', url });
    const entry = (id: string, url: string) => ({
      kind: 'received',
      id,
      seq: id === 'r-safe' ? 901 : 900,
      from: 'bot',
      at: 1,
      text: 'look',
      rich: image('https://cdn.test/cat.png'),
      response: { type: 'image', payload: image(url) },
    });
    const drawn = (id: string) => other.client.entries.value.find((e) => e.id === id) as ReceivedEntry | undefined;
    spy.postMessage({ ...as, type: 'op', n: beat.n! + 1, op: { op: 'put', entries: [entry('r-forged', 'javascript:alert(1)')] } });
    spy.postMessage({ ...as, type: 'op', n: beat.n! + 2, op: { op: 'status', status: { state: 'error' } } });
    await settle();
    // Its forged drawing ignored, its unsafe response not drawn: its text shows, as a fallback.
    expect([drawn('r-forged')?.rich, drawn('r-forged')?.isFallback]).toEqual([undefined, true]);
    expect(other.client.status.value.state).toBe('open');
    // The same op with a safe address is drawn: the check is what stopped it.
    spy.postMessage({ ...as, type: 'op', n: beat.n! + 2, op: { op: 'put', entries: [entry('r-safe', 'https://cdn.test/cat.png')] } });
    await settle();
    expect(drawn('r-safe')?.rich).toEqual({ type: 'image', title: 'Cat', url: 'https://cdn.test/cat.png' });
    spy.close();
  });
});

describe('forget() across tabs', () => {
  for (const from of ['holder', 'other'] as const) {
    it(`asked in the ${from === 'holder' ? 'holding tab' : 'tab that does not hold the socket'}: the socket closes, every tab is empty, the store holds nothing, the next message starts a new thread`, async () => {
      const { b, holder, other, socket } = await holderAndOther();
      const sent = holder.client.send('my order is 1234');
      await settle();
      await sent;
      const oldThread = holder.client.threadId;
      expect(view(other.client)).toHaveLength(1);

      const forgetting = (from === 'holder' ? holder : other).client.forget();
      await settle();
      await forgetting;
      expect(socket.readyState).toBe(3);
      for (const { client } of [holder, other]) {
        expect(client.entries.value).toEqual([]);
        expect(client.threadId).not.toBe(oldThread);
        expect(client.status.value.state).toBe('idle');
      }
      expect(await b.store.load(100)).toBeUndefined();
      expect(await b.store.queued()).toEqual([]);

      // No connect(): the next message opens the socket again.
      const again = other.client.send('hello again');
      const next = await openLatest(b);
      await settle();
      await again;
      expect(sends(next).map((p) => [p.threadId, p.speech, p.traceId])).toEqual([[holder.client.threadId, 'hello again', 1]]);
      expect(holder.client.threadId).not.toBe(oldThread);
    });
  }
});
