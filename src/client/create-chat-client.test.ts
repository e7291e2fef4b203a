import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAddressFetch, fakeEnvironment, fakeSocketClass, silentLogger, type FakeSocket } from '../../test/fakes.ts';
import { createChatClient, type ChatClientOptions } from './create-chat-client.ts';
import { createStore, type UseStore } from 'idb-keyval';
import { type ConversationStore } from '../store/contract.ts';
import { indexedDbStore } from '../store/indexeddb-store.ts';
import { memoryStore } from '../store/memory-store.ts';
import { OutgoingFrame } from '../protocol/outgoing.ts';

let uuids = 0;
let stores = 0;

function setup(overrides: Partial<ChatClientOptions> = {}, shared: { store?: ConversationStore } = {}) {
  const sockets = fakeSocketClass();
  const http = fakeAddressFetch([], overrides.sdkUrl ? { secret: 'secret-1' } : {});
  const env = fakeEnvironment();
  const logger = silentLogger();
  const store = shared.store ?? memoryStore(`test-${++stores}`);
  const client = createChatClient({
    clientId: 'client-1',
    baseUrl: 'https://service.test',
    fetch: http.fetch,
    tabs: false,
    WebSocket: sockets.SocketClass,
    environment: env.environment,
    logger,
    store,
    random: () => 0,
    uuid: () => `uuid-${++uuids}`,
    locale: { language: () => 'fr', timezoneHours: () => 5.5 },
    ...overrides,
  });
  return { client, sockets, http, env, logger, store };
}

async function settle() {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
}

async function connected(t: ReturnType<typeof setup>): Promise<FakeSocket> {
  t.client.connect();
  await settle();
  const socket = t.sockets.last();
  socket.open();
  return socket;
}

/** The message.send payloads a socket carried, each checked against the strict outgoing schema. */
function sendFrames(socket: FakeSocket) {
  for (const frame of socket.frames()) {
    const check = OutgoingFrame.safeParse(frame);
    if (!check.success) throw new Error(`the client sent a frame the spec does not allow: ${JSON.stringify(frame)}`);
  }
  return socket
    .frames()
    .filter((f) => f.type === 'message.send')
    .map((f) => f.payload!);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
  uuids = 0;
});
afterEach(() => vi.useRealTimers());

describe('sending', () => {
  it('builds message.send with threadId, increasing traceIds, external originator and browser metadata, nothing else', async () => {
    const t = setup();
    const socket = await connected(t);
    t.client.setUser({ name: 'Ada', profile: { email: 'ada@example.com' } });
    await t.client.send('  Hello there  ');
    await t.client.send('Second');
    const [first, second] = sendFrames(socket);
    expect(first).toEqual({
      threadId: t.client.threadId,
      traceId: 1,
      speech: 'Hello there',
      originator: { role: 'external', name: 'Ada', profile: { email: 'ada@example.com' } },
      metadata: { language: 'fr', timezone: 5.5 },
    });
    expect(second).toMatchObject({ traceId: 2, speech: 'Second' });
  });

  it('setUser and sendEvent refuse what the socket API would not take, and the next messages go out clean', async () => {
    const t = setup();
    const socket = await connected(t);
    t.client.setUser({ name: 'Ada' });
    expect(() => t.client.setUser({ name: 'Ada', profile: { phoneNumber: '+31612345678' } } as never)).toThrow('profile.phoneNumber');
    await expect(t.client.sendEvent('')).rejects.toThrow(TypeError);
    await t.client.send('still here');
    await t.client.sendEvent('plan-chosen', { plan: 'pro' });
    const sent = sendFrames(socket); // every frame passes the strict schema
    expect(sent.map((p) => p.speech)).toEqual(['still here', 'plan-chosen']);
    expect(sent[0]!.originator).toEqual({ role: 'external', name: 'Ada' });
  });

  it('uses the configured language over the browser one', async () => {
    const t = setup({ language: 'DE-at' });
    const socket = await connected(t);
    await t.client.send('Hallo');
    expect(sendFrames(socket)[0]!.metadata).toEqual({ language: 'de', timezone: 5.5 });
  });

  it("ignores blank text and refuses text over 2,000 characters (the socket sets no limit; 255 is the REST API's)", async () => {
    const t = setup();
    await expect(t.client.send('   ')).resolves.toBeUndefined();
    await expect(t.client.send('x'.repeat(2001))).rejects.toThrow(/2000/);
    await expect(t.client.send('x'.repeat(2000))).resolves.toMatchObject({ traceId: 1 });
  });

  it('moves a message pending -> sent -> delivered, and reports delivery once', async () => {
    const t = setup();
    const delivered: number[] = [];
    t.client.on('delivered', ({ traceId }) => delivered.push(traceId));
    const socket = await connected(t);
    const entry = await t.client.send('Hi');
    expect(t.client.entries.value.find((e) => e.id === entry!.id)).toMatchObject({ status: 'sent' });
    const echo = { type: 'message.delivered', payload: { threadId: t.client.threadId, traceId: 1, speech: 'Hi' } };
    socket.receive(echo);
    socket.receive(echo);
    expect(t.client.entries.value[0]).toMatchObject({ status: 'delivered' });
    expect(delivered).toEqual([1]);
    // The spec shows traceId as a string in places: that confirms a message too.
    await t.client.send('Again');
    socket.receive({ type: 'message.delivered', payload: { traceId: '2' } });
    expect(t.client.entries.value[1]).toMatchObject({ status: 'delivered' });
  });

  it('event attachments: sendEvent puts the name in speech and attachment, params in metadata, and shows no bubble', async () => {
    const t = setup();
    const socket = await connected(t);
    await t.client.sendEvent('checkout', { plan: 'pro' });
    expect(sendFrames(socket)[0]).toMatchObject({
      speech: 'checkout',
      attachment: { type: 'event', payload: { name: 'checkout' } },
      metadata: { params: { plan: [{ value: 'pro' }] } },
    });
    expect(t.client.entries.value[0]).toMatchObject({ hidden: true });
  });

  it('quick replies of type event send the label as speech and the value as the event name', async () => {
    const t = setup();
    const socket = await connected(t);
    await t.client.sendQuickReply({ label: 'Talk to a human', value: 'handover', type: 'event' });
    await t.client.sendQuickReply({ label: 'Pricing', value: 'How much is it?', type: 'text' });
    const [event, textReply] = sendFrames(socket);
    expect(event).toMatchObject({ speech: 'Talk to a human', attachment: { type: 'event', payload: { name: 'handover' } } });
    expect(textReply).toMatchObject({ speech: 'How much is it?' });
    expect(textReply).not.toHaveProperty('attachment');
    expect(t.client.entries.value.map((e) => e.text)).toEqual(['Talk to a human', 'Pricing']);
  });

  it('a rich button: postback sends its value, event its name and params; the bubble shows the label', async () => {
    const t = setup();
    const socket = await connected(t);
    await t.client.sendAction('Pro plan', { type: 'postback', text: 'I want the pro plan' });
    await t.client.sendAction('Book a demo', { type: 'event', name: 'book-demo', params: { plan: [{ value: 'pro' }] } });
    const [postback, event] = sendFrames(socket);
    expect(postback).toMatchObject({ speech: 'I want the pro plan' });
    expect(postback).not.toHaveProperty('attachment');
    expect(event).toMatchObject({
      speech: 'Book a demo',
      attachment: { type: 'event', payload: { name: 'book-demo' } },
      metadata: { params: { plan: [{ value: 'pro' }] } },
    });
    expect(t.client.entries.value.map((e) => [e.text, e.kind === 'user' && e.hidden])).toEqual([
      ['Pro plan', undefined],
      ['Book a demo', undefined],
    ]);
    await expect(t.client.sendAction('Site', { type: 'link', url: 'https://a.test/', newTab: true })).rejects.toThrow(TypeError);
  });
});

describe('the outbox', () => {
  it('keeps messages sent while the service is down and sends each once, in order, after it recovers', async () => {
    const t = setup();
    const first = await connected(t);
    first.drop();
    await t.client.send('one');
    await t.client.send('two');
    await t.client.send('three');
    expect(t.client.entries.value.map((e) => e.kind === 'user' && e.status)).toEqual(['pending', 'pending', 'pending']);
    await settle();
    const second = t.sockets.last();
    expect(second).not.toBe(first);
    second.open();
    expect(sendFrames(second).map((p) => [p.traceId, p.speech])).toEqual([
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
    ]);
    for (const traceId of [1, 2, 3]) second.receive({ type: 'message.delivered', payload: { traceId } });
    second.drop();
    await settle();
    t.sockets.last().open();
    const allSends = t.sockets.sockets.flatMap(sendFrames);
    expect(allSends.map((p) => p.traceId)).toEqual([1, 2, 3]);
  });

  it('sends again, with the original traceId, what a dropped connection had not confirmed', async () => {
    const t = setup();
    const first = await connected(t);
    await t.client.send('lost in transit');
    await t.client.send('confirmed');
    first.receive({ type: 'message.delivered', payload: { traceId: 2 } });
    first.drop();
    await settle();
    const second = t.sockets.last();
    second.open();
    expect(sendFrames(second).map((p) => p.traceId)).toEqual([1]);
  });

  it('marks a message failed when it is not confirmed in time, and retry sends it with the same traceId', async () => {
    // A socket that stays open (no dead-socket deadline) but never confirms.
    const t = setup({ deliveryTimeoutMs: 20_000, timings: { pingIntervalMs: 1_000_000, pongTimeoutMs: 1_000_000 } });
    const socket = await connected(t);
    await t.client.send('anyone?');
    await vi.advanceTimersByTimeAsync(19_999);
    expect(t.client.entries.value[0]).toMatchObject({ status: 'sent' });
    await vi.advanceTimersByTimeAsync(1);
    expect(t.client.entries.value[0]).toMatchObject({ status: 'failed' });
    t.client.retry(1);
    expect(sendFrames(socket).map((p) => p.traceId)).toEqual([1, 1]);
    t.client.retry(1); // it is on its way again: a second retry must not send it twice
    expect(sendFrames(socket).map((p) => p.traceId)).toEqual([1, 1]);
    expect(t.client.entries.value[0]).toMatchObject({ status: 'sent' });
    expect(t.client.entries.value).toHaveLength(1);
  });

  it('retry after disconnect connects again and sends the message', async () => {
    const t = setup({ deliveryTimeoutMs: 20_000, timings: { pingIntervalMs: 1_000_000, pongTimeoutMs: 1_000_000 } });
    await connected(t);
    await t.client.send('anyone?');
    await vi.advanceTimersByTimeAsync(20_000);
    t.client.disconnect();
    expect(t.client.status.value.state).toBe('idle');
    t.client.retry(1);
    await settle();
    const socket = t.sockets.last();
    socket.open();
    await settle();
    expect(sendFrames(socket).map((p) => [p.traceId, p.speech])).toEqual([[1, 'anyone?']]);
  });
});

describe('receiving', () => {
  it('adds messages of this thread and reports them; drops other threads', async () => {
    const t = setup();
    const messages: unknown[] = [];
    t.client.on('message', (m) => messages.push(m));
    const socket = await connected(t);
    const reply = (threadId: string) => ({
      type: 'message.received',
      payload: { threadId, messages: [{ responses: [{ type: 'text', payload: { text: `to ${threadId}` } }] }] },
    });
    socket.receive(reply('someone-else'));
    socket.receive(reply(t.client.threadId));
    expect(t.client.entries.value.map((e) => e.text)).toEqual([`to ${t.client.threadId}`]);
    expect(messages).toHaveLength(1);
    expect(t.logger.warn).toHaveBeenCalledOnce();
  });

  it('shows an error frame, reports it, and keeps the connection', async () => {
    const t = setup();
    const errors: unknown[] = [];
    t.client.on('error', (e) => errors.push(e));
    const socket = await connected(t);
    socket.receive({ type: 'error', message: 'invalid nonce' });
    expect(t.client.serviceError.value).toBe('invalid nonce');
    expect(errors).toEqual([{ message: 'invalid nonce', source: 'service' }]);
    expect(t.client.status.value.state).toBe('open');
    t.client.dismissError();
    expect(t.client.serviceError.value).toBeUndefined();
  });
});

describe('connection status', () => {
  it('reports idle -> connecting -> open -> reconnecting -> open by name', async () => {
    const t = setup();
    const states: string[] = [];
    t.client.on('connection', ({ state }) => states.push(state));
    const socket = await connected(t);
    socket.drop();
    await settle();
    t.sockets.last().open();
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('a bad configuration is an explained error state that touches no network', async () => {
    const t = setup({ clientId: '', baseUrl: 'ftp://nope' });
    expect(t.client.status.value).toMatchObject({ state: 'error' });
    const status = t.client.status.value;
    expect(status.state === 'error' && status.error.message).toMatch(/client-id is missing.*base-url "ftp:\/\/nope"/);
    t.client.connect();
    await t.client.send('hello?');
    await settle();
    expect(t.http.requests).toHaveLength(0);
    expect(t.logger.error).toHaveBeenCalled();
  });

  it('401 from the address request is an error state, reported, and not retried', async () => {
    const sockets = fakeSocketClass();
    const http = fakeAddressFetch([{ status: 401 }]);
    const client = createChatClient({
      clientId: 'wrong',
      baseUrl: 'https://service.test',
      fetch: http.fetch,
      tabs: false,
      WebSocket: sockets.SocketClass,
      environment: fakeEnvironment().environment,
      logger: silentLogger(),
      store: memoryStore(),
    });
    const errors: unknown[] = [];
    client.on('error', (e) => errors.push(e));
    client.connect();
    await settle();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(client.status.value).toMatchObject({ state: 'error', error: { status: 401 } });
    expect(http.requests).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });

  it('does nothing on the network, and stores nothing, until asked to connect', async () => {
    const t = setup();
    const write = vi.spyOn(t.store, 'write');
    const reserve = vi.spyOn(t.store, 'reserveTraceId');
    await t.client.ready;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.http.requests).toHaveLength(0);
    expect(write).not.toHaveBeenCalled();
    expect(reserve).not.toHaveBeenCalled();
    expect(t.client.status.value.state).toBe('idle');
  });

  it('destroy closes the socket and leaves no timer running', async () => {
    const t = setup();
    const socket = await connected(t);
    await t.client.send('bye');
    await t.client.destroy();
    expect(socket.closedByClient).toBeDefined();
    expect(vi.getTimerCount()).toBe(0);
    expect(t.env.listenerCount()).toBe(0);
  });
});

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
