// The chat client across reloads and threads: a thread kept and continued, traceIds never reused,
// the start event, history paged back while messages arrive, transcript() and forget(), and the
// client-nonce mode's secrets.
import { describe, expect, it, vi } from 'vitest';
import { fakeAddressFetch, silentLogger } from '../../test/fakes.ts';
import { connected, fakeTimersPerTest, sendFrames, settle, setup } from '../../test/chat-client-setup.ts';
import { createStore, type UseStore } from 'idb-keyval';
import { type ConversationStore } from '../store/contract.ts';
import { indexedDbStore } from '../store/indexeddb-store.ts';
import { memoryStore } from '../store/memory-store.ts';

let stores = 0;

fakeTimersPerTest();

describe('threads and persistence', () => {
  it('without IndexedDB, a remount (a new client for the same clientId) keeps the conversation', async () => {
    const broken = (() => Promise.reject(new DOMException('blocked', 'SecurityError'))) as unknown as UseStore;
    const store = () => indexedDbStore('remount-client', silentLogger(), () => broken);
    const before = setup({}, { store: store() });
    await connected(before);
    await before.client.send('kept in memory');
    await before.client.destroy();
    const after = setup({}, { store: store() });
    await after.client.ready;
    expect(after.client.entries.value.map((e) => e.text)).toEqual(['kept in memory']);
  });

  it('a reload continues the same thread with its transcript, traceIds and undelivered messages', async () => {
    const store = memoryStore();
    const before = setup({}, { store });
    const socket = await connected(before);
    await before.client.send('delivered one');
    socket.receive({ type: 'message.delivered', payload: { traceId: 1 } });
    socket.receive({
      type: 'message.received',
      payload: { threadId: before.client.threadId, messages: [{ responses: [{ type: 'text', payload: { text: 'Hello!' } }] }] },
    });
    await before.client.send('never confirmed');
    const threadId = before.client.threadId;
    await before.client.destroy();

    const after = setup({}, { store });
    await after.client.ready;
    expect(after.client.hadStoredThread.value).toBe(true);
    expect(after.client.threadId).toBe(threadId);
    expect(after.client.entries.value.map((e) => [e.text, e.kind === 'user' ? e.status : e.from])).toEqual([
      ['delivered one', 'delivered'],
      ['Hello!', 'bot'],
      ['never confirmed', 'pending'],
    ]);
    const again = await connected(after);
    expect(sendFrames(again).map((p) => [p.traceId, p.speech])).toEqual([[2, 'never confirmed']]);
    await after.client.send('next');
    expect(sendFrames(again).at(-1)).toMatchObject({ traceId: 3, threadId });
  });

  it('a traceId is taken for good before its message leaves: a page closed before the save never reuses it', async () => {
    const inner = memoryStore('durable-trace-ids');
    // The page goes away before anything lands: every write hangs.
    const closing: ConversationStore = { ...inner, write: () => new Promise(() => {}) };
    const before = setup({}, { store: closing });
    const socket = await connected(before);
    void before.client.send('lost with the page');
    await settle();
    expect(sendFrames(socket)).toEqual([]); // not durable, so not sent
    void before.client.destroy(); // its last write never lands

    const after = setup({ threadId: before.client.threadId }, { store: inner });
    const again = await connected(after);
    await after.client.send('after the reload');
    expect(sendFrames(again).map((p) => p.traceId)).toEqual([2]);
  });

  it('the thread-id option wins over a stored thread', async () => {
    const store = memoryStore();
    const first = setup({}, { store });
    await connected(first);
    await first.client.destroy();
    const second = setup({ threadId: 'configured-thread' }, { store });
    await second.client.ready;
    expect(second.client.threadId).toBe('configured-thread');
    expect(second.client.hadStoredThread.value).toBe(false);
  });

  it('a configured thread with no record here starts its traceIds above any used before', async () => {
    const t = setup({ threadId: 'shared-thread' });
    const socket = await connected(t);
    await t.client.send('from a second device');
    const [payload] = sendFrames(socket);
    const secondsSince2024 = Math.floor((Date.now() - Date.UTC(2024, 0, 1)) / 1000);
    expect(payload).toMatchObject({ threadId: 'shared-thread' });
    expect(payload!.traceId).toBeGreaterThanOrEqual(secondsSince2024);
    expect(payload!.traceId).toBeLessThan(2 ** 31);
  });

  it('sends the start event once per thread, first, without a bubble; reset gives the new thread its own', async () => {
    const store = memoryStore();
    const t = setup({ startEvent: 'welcome' }, { store });
    t.client.connect();
    await t.client.send('typed before the connection opened');
    await settle();
    const socket = t.sockets.last();
    socket.open();
    expect(sendFrames(socket).map((p) => [p.traceId, p.speech, p.attachment])).toEqual([
      [1, 'welcome', { type: 'event', payload: { name: 'welcome' } }],
      [2, 'typed before the connection opened', undefined],
    ]);
    expect(t.client.entries.value.filter((e) => e.kind === 'user' && !e.hidden)).toHaveLength(1);
    socket.receive({ type: 'message.delivered', payload: { traceId: 1 } });
    socket.receive({ type: 'message.delivered', payload: { traceId: 2 } });
    await t.client.destroy();

    const reloaded = setup({ startEvent: 'welcome' }, { store });
    const again = await connected(reloaded);
    expect(sendFrames(again)).toEqual([]);

    const oldThread = reloaded.client.threadId;
    await reloaded.client.reset();
    expect(reloaded.client.threadId).not.toBe(oldThread);
    expect(reloaded.client.entries.value.filter((e) => !(e.kind === 'user' && e.hidden))).toEqual([]);
    await settle();
    const fresh = reloaded.sockets.last();
    fresh.open();
    expect(sendFrames(fresh)).toMatchObject([{ traceId: 1, speech: 'welcome', threadId: reloaded.client.threadId }]);
  });
});

describe('history brought back while messages arrive', () => {
  it('a page of older messages that comes back after new ones pushed the oldest out of memory is left out: no gap', async () => {
    const inner = memoryStore(`older-${++stores}`);
    let release!: () => void;
    const store: ConversationStore = {
      ...inner,
      async loadOlder(threadId, before, limit) {
        await new Promise<void>((resolve) => (release = resolve));
        return inner.loadOlder(threadId, before, limit);
      },
    };
    const t = setup({}, { store });
    const socket = await connected(t);
    const threadId = t.client.threadId;
    const say = (from: number, count: number) => {
      for (let i = from; i < from + count; i++) {
        socket.receive({
          type: 'message.received',
          payload: { threadId, messages: [{ responses: [{ type: 'text', payload: { text: `m${i}` } }] }] },
        });
      }
    };
    say(0, 260); // more than the 200 kept in memory: the oldest are in storage only
    await settle();
    expect(t.client.hasOlder.value).toBe(true);
    const asking = t.client.loadOlder();
    say(260, 30); // meanwhile the window moves on
    await settle();
    release();
    await asking;
    const texts = t.client.entries.value.map((e) => Number(e.text.slice(1)));
    for (let i = 1; i < texts.length; i++) expect(texts[i], `after m${texts[i - 1]}`).toBe(texts[i - 1]! + 1);
    expect(texts.at(-1)).toBe(289);
  });
});

describe('the whole conversation: transcript() and forget()', () => {
  it.each([
    ['memory', () => memoryStore(`all-${++stores}`)],
    ['IndexedDB', () => indexedDbStore(`all-${++stores}`, silentLogger(), () => createStore(`parley-all-${stores}`, 'conversations'))],
  ])('transcript() holds every stored entry (%s) and every shown one, once each, oldest first', async (_, store) => {
    const t = setup({}, { store: store() });
    const socket = await connected(t);
    const threadId = t.client.threadId;
    for (let i = 0; i < 260; i++) {
      socket.receive({
        type: 'message.received',
        payload: { threadId, messages: [{ responses: [{ type: 'text', payload: { text: `m${i}` } }] }] },
      });
    }
    await settle();
    expect(t.client.hasOlder.value).toBe(true); // the oldest are in storage only
    await t.client.send('last words');
    const entries = await t.client.transcript();
    const texts = entries.filter((e) => !(e.kind === 'user' && e.hidden)).map((e) => e.text);
    expect(texts).toEqual([...Array.from({ length: 260 }, (_, i) => `m${i}`), 'last words']);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    expect(entries.map((e) => e.seq)).toEqual(entries.map((e) => e.seq).sort((a, b) => a - b));
  });

  it('transcript() shows what is on screen when storage cannot be read', async () => {
    const inner = memoryStore(`broken-${++stores}`);
    const t = setup({}, { store: { ...inner, loadOlder: () => Promise.reject(new Error('gone')) } });
    const socket = await connected(t);
    socket.receive({
      type: 'message.received',
      payload: { threadId: t.client.threadId, messages: [{ responses: [{ type: 'text', payload: { text: 'hi' } }] }] },
    });
    await settle();
    expect((await t.client.transcript()).map((e) => e.text)).toEqual(['hi']);
  });

  it('forget() leaves an empty conversation on a new thread', async () => {
    const t = setup();
    const socket = await connected(t);
    await t.client.send('hello');
    socket.receive({ type: 'message.delivered', payload: { traceId: 1 } });
    const old = t.client.threadId;
    await t.client.forget();
    expect(t.client.threadId).not.toBe(old);
    expect(t.client.entries.value).toEqual([]);
    expect(await t.client.transcript()).toEqual([]);
  });
});

describe('client-nonce mode', () => {
  it('asks with an empty secret first, then sends the stored nonce in headers and every message', async () => {
    const store = memoryStore();
    const t = setup({ sdkUrl: 'https://sdk.service.test', headerPrefix: 'x-svc' }, { store });
    const socket = await connected(t);
    const [first] = t.http.requests;
    expect(first!.url.href).toBe('https://sdk.service.test/socket.info');
    expect(first!.headers).toMatchObject({ 'x-svc-secret': '', 'x-svc-threadid': t.client.threadId, 'x-svc-clientid': 'client-1' });
    await t.client.send('secret hello');
    expect(sendFrames(socket)[0]).toMatchObject({ nonce: 'secret-1', speech: 'secret hello' });

    socket.drop();
    await settle();
    expect(t.http.requests[1]!.headers['x-svc-secret']).toBe('secret-1');
    await t.client.destroy();

    const reloaded = setup({ sdkUrl: 'https://sdk.service.test' }, { store });
    await connected(reloaded);
    expect(reloaded.http.requests[0]!.headers['x-svc-secret']).toBe('secret-1');
  });

  it('a refused stored secret starts a new thread that takes the undelivered messages along', async () => {
    const store = memoryStore();
    const before = setup({ sdkUrl: 'https://sdk.service.test', startEvent: 'welcome' }, { store });
    await connected(before);
    await before.client.destroy();
    const oldThread = before.client.threadId;

    // The service has forgotten the thread: its secret is refused from now on.
    const t = setup({ sdkUrl: 'https://sdk.service.test', startEvent: 'welcome' }, { store });
    (t.http.fetch as unknown as ReturnType<typeof vi.fn>).mockImplementationOnce(
      async () => new Response('{"status":"error"}', { status: 401 }),
    );
    await t.client.ready;
    await t.client.send('are you there?');
    await settle();
    const calls = (t.http.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls;
    expect(new Headers((calls[0]![1] as RequestInit).headers).get('x-svc-secret')).toBe('secret-1');
    expect(t.client.threadId).not.toBe(oldThread);
    expect(t.client.status.value.state).not.toBe('error');
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(calls).toHaveLength(2);
    expect(t.http.requests[0]!.headers).toMatchObject({ 'x-svc-secret': '', 'x-svc-threadid': t.client.threadId });
    const socket = t.sockets.last();
    socket.open();
    expect(sendFrames(socket).map((p) => [p.threadId, p.traceId, p.speech])).toEqual([
      [t.client.threadId, 1, 'welcome'],
      [t.client.threadId, 2, 'are you there?'],
    ]);
    expect(t.client.entries.value.filter((e) => e.kind === 'user' && !e.hidden).map((e) => e.text)).toEqual(['are you there?']);
  });

  it('a newer secret from a response replaces the nonce', async () => {
    const t = setup({ sdkUrl: 'https://sdk.service.test' });
    const socket = await connected(t);
    socket.drop();
    // The next response carries a rotated secret.
    const rotated = fakeAddressFetch([], { secret: 'secret-2' });
    (t.http.fetch as unknown as ReturnType<typeof vi.fn>).mockImplementation(rotated.fetch as never);
    await settle();
    const second = t.sockets.last();
    second.open();
    await t.client.send('after rotation');
    expect(sendFrames(second)[0]).toMatchObject({ nonce: 'secret-2' });
    expect(rotated.requests[0]!.headers['x-svc-secret']).toBe('secret-1');
  });
});
