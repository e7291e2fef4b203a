// What the chat client's unit tests (src/client/create-chat-client.test.ts,
// chat-client-threads.test.ts) share: a client on fake sockets, address requests and environment,
// on fake timers, connected on demand, and the messages its socket carried.
import { afterEach, beforeEach, vi } from 'vitest';
import { fakeAddressFetch, fakeEnvironment, fakePlatform, fakeSocketClass, silentLogger, type FakeSocket } from './fakes.ts';
import { createChatClient, type ChatClientOptions } from '../src/client/create-chat-client.ts';
import { type ConversationStore } from '../src/store/contract.ts';
import { memoryStore } from '../src/store/memory-store.ts';
import { OutgoingFrame } from '../src/protocol/outgoing.ts';

let uuids = 0;
const uuid = () => `uuid-${++uuids}`;
let stores = 0;

/** Every test of the file that calls this on fake timers, from 1,000,000 ms, its uuids counted from 1. */
export function fakeTimersPerTest(): void {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    uuids = 0;
  });
  afterEach(() => vi.useRealTimers());
}

/** A client of its own (its store a fresh memory one unless `shared` gives one), with its fakes. */
export function setup(overrides: Partial<ChatClientOptions> = {}, shared: { store?: ConversationStore } = {}) {
  const sockets = fakeSocketClass();
  const http = fakeAddressFetch([], overrides.sdkUrl ? { secret: 'secret-1' } : {});
  const env = fakeEnvironment();
  const logger = silentLogger();
  const store = shared.store ?? memoryStore(`test-${++stores}`);
  const client = createChatClient({
    clientId: 'client-1',
    baseUrl: 'https://service.test',
    platform: fakePlatform({ fetch: http.fetch, WebSocket: sockets.SocketClass, environment: env.environment, logger, uuid }),
    tabs: false,
    store,
    locale: { language: () => 'fr', timezoneHours: () => 5.5 },
    ...overrides,
  });
  return { client, sockets, http, env, logger, store };
}

/** Lets pending promises settle without moving the clock. */
export async function settle() {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
}

/** Connects the client and opens its socket: the socket. */
export async function connected(t: ReturnType<typeof setup>): Promise<FakeSocket> {
  t.client.connect();
  await settle();
  const socket = t.sockets.last();
  socket.open();
  return socket;
}

/** The message.send payloads a socket carried, each checked against the strict outgoing schema. */
export function sendFrames(socket: FakeSocket) {
  for (const frame of socket.frames()) {
    const check = OutgoingFrame.safeParse(frame);
    if (!check.success) throw new Error(`the client sent a frame the spec does not allow: ${JSON.stringify(frame)}`);
  }
  return socket
    .frames()
    .filter((f) => f.type === 'message.send')
    .map((f) => f.payload!);
}
