// Issue 15, one tab: nothing the visitor types is lost or answered twice when storage fails,
// a socket dies quietly, the service refuses a message or a secret, or a thread is replaced.
// Real modules throughout; fake time, sockets and an IndexedDB that fails on command.
import { keys as idbKeys } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAddressFetch, fakePlatform, fakeSocketClass, silentLogger, type FakeSocket } from '../../test/fakes.ts';
import { flakyIdb } from '../../test/flaky-idb.ts';
import { createChatClient, type ChatClientOptions } from '../client/create-chat-client.ts';
import { type ConversationStore } from '../store/contract.ts';
import { indexedDbStore } from '../store/indexeddb-store.ts';
import { memoryStore } from '../store/memory-store.ts';

let uuids = 0;
let clientIds = 0;

beforeEach(() => {
  // fake-indexeddb works on setImmediate: leave that one real.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(Date.UTC(2026, 10, 25, 12));
});
afterEach(() => vi.useRealTimers());

const settle = async () => {
  for (let i = 0; i < 12; i++) {
    await vi.advanceTimersByTimeAsync(0);
    await new Promise((resolve) => setImmediate(resolve));
  }
};

function tab(store: ConversationStore, overrides: Partial<ChatClientOptions> = {}, http = fakeAddressFetch(), random?: () => number) {
  const sockets = fakeSocketClass();
  const logger = silentLogger();
  const client = createChatClient({
    clientId: 'client-1',
    baseUrl: 'https://service.test',
    // No `random` given is the real one (fakePlatform takes an undefined member as the real one).
    platform: fakePlatform({ fetch: http.fetch, WebSocket: sockets.SocketClass, logger, uuid: () => `uuid-${++uuids}`, random }),
    tabs: false,
    store,
    locale: { language: () => 'en', timezoneHours: () => 0 },
    ...overrides,
  });
  return { client, sockets, logger, http };
}

async function openSocket(t: ReturnType<typeof tab>): Promise<FakeSocket> {
  t.client.connect();
  await settle();
  const socket = t.sockets.last();
  if (socket.readyState === 0) socket.open();
  await settle();
  return socket;
}

const sends = (socket: FakeSocket) =>
  socket
    .frames()
    .filter((f) => f.type === 'message.send')
    .map((f) => f.payload!);
/** The service: confirms every message.send the socket carried (again for resends, as the spec's dedupe does). */
function confirmAll(socket: FakeSocket): void {
  for (const payload of sends(socket))
    socket.receive({ type: 'message.delivered', payload: { threadId: payload.threadId, traceId: payload.traceId } });
}
const users = (t: ReturnType<typeof tab>) =>
  t.client.entries.value.flatMap((e) => (e.kind === 'user' && !e.hidden ? [`${e.text}:${e.traceId}:${e.status}`] : []));

describe('storage that fails mid-conversation (quota, a closed connection)', () => {
  it('goes on in memory without reusing a traceId or dropping the thread, and writes everything once storage works again', async () => {
    const idb = flakyIdb();
    const clientId = `quota-${++clientIds}`;
    const first = tab(indexedDbStore(clientId, silentLogger(), idb.open), { clientId });
    const socket = await openSocket(first);
    for (const text of ['one', 'two', 'three']) await first.client.send(text);
    await settle();
    confirmAll(socket);
    const threadId = first.client.threadId;

    idb.close(); // Safari closes the connection
    await first.client.send('four');
    await settle();
    idb.quota(); // then a full disk
    for (const text of ['five', 'six']) await first.client.send(text);
    await settle();
    idb.ok();
    await first.client.send('seven');
    await settle();
    confirmAll(socket);
    await settle();

    // Every message went out once, with a traceId of its own, in order.
    const traceIds = sends(socket).map((p) => p.traceId);
    expect(traceIds).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(users(first)).toEqual(['one', 'two', 'three', 'four', 'five', 'six', 'seven'].map((text, i) => `${text}:${i + 1}:delivered`));
    expect(idb.counts.refusedWrites).toBeGreaterThan(0);
    expect(idb.counts.closedUses).toBeGreaterThan(0);
    expect(idb.counts.opens).toBeGreaterThan(1); // the database was opened again
    await first.client.destroy();

    // A reload once storage works: the same thread, the whole transcript, the next traceId.
    const reload = tab(indexedDbStore(clientId, silentLogger(), idb.open), { clientId });
    await reload.client.ready;
    expect(reload.client.threadId).toBe(threadId);
    expect(users(reload)).toEqual(users(first));
    const again = await openSocket(reload);
    await reload.client.send('eight');
    await settle();
    expect(sends(again).map((p) => p.traceId)).toEqual([8]);
  });

  it('says so once in the console, and once more when storage works again', async () => {
    const idb = flakyIdb();
    const clientId = `once-${++clientIds}`;
    const logger = silentLogger();
    const t = tab(indexedDbStore(clientId, logger, idb.open), { clientId });
    await openSocket(t);
    await t.client.send('saved');
    await settle();
    idb.quota();
    for (const text of ['a', 'b', 'c']) await t.client.send(text);
    await settle();
    expect(logger.warn.mock.calls.filter(([text]) => String(text).includes('storage failed'))).toHaveLength(1);
    idb.ok();
    await t.client.send('d');
    await settle();
    expect(logger.info.mock.calls.filter(([text]) => String(text).includes('works again'))).toHaveLength(1);
  });
});

describe('a socket that dies quietly, and a message that failed on it', () => {
  it('a send arms the dead-socket deadline: silence after it replaces the socket and the message goes again, same traceId', async () => {
    const t = tab(memoryStore(`dead-${++clientIds}`), { timings: { pingIntervalMs: 25_000, pongTimeoutMs: 10_000 } });
    const first = await openSocket(t);
    await t.client.send('into the void');
    await settle();
    await vi.advanceTimersByTimeAsync(10_000); // long before the next ping (25 s)
    await vi.advanceTimersByTimeAsync(1_000); // the reconnect's backoff
    await settle();
    const second = t.sockets.last();
    expect(second).not.toBe(first);
    second.open();
    await settle();
    expect(sends(second).map((p) => [p.traceId, p.speech])).toEqual([[1, 'into the void']]);
  });

  it('a message failed by its delivery deadline goes again, same traceId, when the next socket opens', async () => {
    const t = tab(memoryStore(`failed-${++clientIds}`), {
      deliveryTimeoutMs: 20_000,
      timings: { pingIntervalMs: 1e9, pongTimeoutMs: 1e9 },
    });
    const first = await openSocket(t);
    await t.client.send('slow service');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(users(t)).toEqual(['slow service:1:failed']);
    first.drop();
    await vi.advanceTimersByTimeAsync(1_000); // the reconnect's backoff
    await settle();
    const second = t.sockets.last();
    expect(second).not.toBe(first);
    second.open();
    await settle();
    expect(sends(second).map((p) => p.traceId)).toEqual([1]);
    expect(users(t)).toEqual(['slow service:1:sent']);
  });
});

describe('a message the service refuses (an error frame)', () => {
  it('fails at once with the reason, is not sent again on reconnect or reload, goes again on retry, and leaves on discard', async () => {
    const store = memoryStore(`refused-${++clientIds}`);
    const t = tab(store);
    const socket = await openSocket(t);
    await t.client.send('fine');
    await t.client.send('too spicy');
    await settle();
    socket.receive({ type: 'message.delivered', payload: { traceId: 1 } });
    socket.receive({ type: 'error', message: 'speech refused by the bot' });
    await settle();
    expect(t.client.entries.value.at(-1)).toMatchObject({ text: 'too spicy', status: 'failed', error: 'speech refused by the bot' });
    expect(t.client.serviceError.value).toBe('speech refused by the bot');
    socket.drop();
    await vi.advanceTimersByTimeAsync(1_000); // the reconnect's backoff
    await settle();
    expect(t.sockets.last()).not.toBe(socket);
    t.sockets.last().open();
    await settle();
    expect(sends(t.sockets.last())).toEqual([]);
    await t.client.destroy();

    for (let reload = 0; reload < 2; reload++) {
      const again = tab(store);
      const next = await openSocket(again);
      expect(sends(next)).toEqual([]);
      expect(users(again)).toEqual(['fine:1:delivered', 'too spicy:2:failed']);
      await again.client.destroy();
    }

    const last = tab(store);
    const next = await openSocket(last);
    last.client.retry(2);
    await settle();
    expect(sends(next).map((p) => [p.traceId, p.speech])).toEqual([[2, 'too spicy']]);
    next.receive({ type: 'error', message: 'still refused' });
    await settle();
    last.client.discard(2);
    await settle();
    expect(users(last)).toEqual(['fine:1:delivered']);
    await last.client.destroy();
    const after = tab(store);
    await openSocket(after);
    expect(users(after)).toEqual(['fine:1:delivered']);
    expect((await store.load(10))?.outbox).toEqual([]);
  });

  it('an error frame with nothing waiting is shown and touches no message', async () => {
    const t = tab(memoryStore(`general-${++clientIds}`));
    const socket = await openSocket(t);
    await t.client.send('hi');
    await settle();
    confirmAll(socket);
    socket.receive({ type: 'error', message: 'invalid frame' });
    await settle();
    expect(users(t)).toEqual(['hi:1:delivered']);
    expect(t.client.serviceError.value).toBe('invalid frame');
  });
});

describe('a stored secret the service refuses', () => {
  async function storedSecretThread(store: ConversationStore) {
    const http = fakeAddressFetch([], { secret: 'secret-1' });
    const t = tab(store, { sdkUrl: 'https://sdk.test' }, http);
    const socket = await openSocket(t);
    await t.client.send('earlier question');
    await settle();
    confirmAll(socket);
    const threadId = t.client.threadId;
    await t.client.destroy();
    return threadId;
  }

  it('403 (the website is not allowed) is an error state: the thread and its messages stay', async () => {
    const store = memoryStore(`s403-${++clientIds}`);
    const threadId = await storedSecretThread(store);
    const t = tab(store, { sdkUrl: 'https://sdk.test' }, fakeAddressFetch([{ status: 403 }]));
    t.client.connect();
    await settle();
    expect(t.client.status.value.state).toBe('error');
    expect(t.client.threadId).toBe(threadId);
    expect(users(t)).toEqual(['earlier question:1:delivered']);
    expect((await store.load(10))?.meta.threadId).toBe(threadId);
  });

  it('401 (the secret is no longer valid) continues in a new thread that shows the old messages as earlier, and the old thread is deleted', async () => {
    const store = memoryStore(`s401-${++clientIds}`);
    const old = await storedSecretThread(store);
    const t = tab(store, { sdkUrl: 'https://sdk.test' }, fakeAddressFetch([{ status: 401 }], { secret: 'secret-2' }));
    t.client.connect();
    await settle();
    await vi.advanceTimersByTimeAsync(1_000); // the reconnect's backoff
    await settle();
    const socket = t.sockets.last();
    socket.open();
    await settle();
    expect(t.client.threadId).not.toBe(old);
    expect(t.client.entries.value).toEqual([expect.objectContaining({ text: 'earlier question', earlier: true })]);
    await t.client.destroy();
    const reload = tab(store, { sdkUrl: 'https://sdk.test' });
    await reload.client.ready;
    expect(reload.client.entries.value.map((e) => e.text)).toEqual(['earlier question']);
    expect(await store.loadOlder(old, Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
  });
});

describe('threads that are left behind', () => {
  it('a configured thread-id that replaces the stored thread deletes the old one from IndexedDB (entries, outbox, counter)', async () => {
    const idb = flakyIdb();
    const clientId = `left-${++clientIds}`;
    const first = tab(indexedDbStore(clientId, silentLogger(), idb.open), { clientId, threadId: 'session-1' });
    const socket = await openSocket(first);
    await first.client.send('in session 1');
    await first.client.send('never confirmed');
    await settle();
    socket.receive({ type: 'message.delivered', payload: { traceId: sends(socket)[0]!.traceId } });
    await first.client.destroy();
    const second = tab(indexedDbStore(clientId, silentLogger(), idb.open), { clientId, threadId: 'session-2' });
    await openSocket(second);
    await second.client.send('in session 2');
    await settle();
    await second.client.destroy();
    const third = tab(indexedDbStore(clientId, silentLogger(), idb.open), { clientId, threadId: 'session-2' });
    await third.client.ready;
    await settle();
    const stored = (await idbKeys(idb.reader())) as unknown[][];
    expect(stored.filter((key) => key[2] === 'session-1')).toEqual([]);
    expect(stored.filter((key) => key[2] === 'session-2').length).toBeGreaterThan(0);
  });
});

describe('a configured thread-id on two devices', () => {
  it('gives each device traceIds the other cannot have taken, growing within each device', async () => {
    const a = tab(memoryStore(`device-a-${++clientIds}`), { threadId: 'shared-thread' }, undefined, () => 0.3);
    const socketA = await openSocket(a);
    for (let i = 0; i < 30; i++) await a.client.send(`a${i}`);
    await vi.advanceTimersByTimeAsync(3_000); // the second device opens the thread 3 s later
    const b = tab(memoryStore(`device-b-${++clientIds}`), { threadId: 'shared-thread' }, undefined, () => 0.7);
    const socketB = await openSocket(b);
    for (let i = 0; i < 30; i++) {
      await a.client.send(`a-late${i}`);
      await b.client.send(`b${i}`);
    }
    await settle();
    const fromA = sends(socketA).map((p) => p.traceId as number);
    const fromB = sends(socketB).map((p) => p.traceId as number);
    expect(new Set([...fromA, ...fromB]).size).toBe(fromA.length + fromB.length);
    for (const list of [fromA, fromB]) for (let i = 1; i < list.length; i++) expect(list[i]!).toBeGreaterThan(list[i - 1]!);
    expect(fromA.every(Number.isSafeInteger) && fromB.every(Number.isSafeInteger)).toBe(true);
  });
});
