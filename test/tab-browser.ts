// Several tabs of one fake browser, each a createChatClient with the same clientId, sharing fake
// Web Locks, a fake BroadcastChannel and one store (IndexedDB is one per browser); a tab may be
// given a store of its own (a wrapper whose writes are slow or fail). Fake time throughout.
import { vi } from 'vitest';
import { createChatClient, type ChatClient } from '../src/client/create-chat-client.ts';
import { memoryStore } from '../src/store/memory-store.ts';
import type { ConversationStore } from '../src/store/contract.ts';
import { fakeAddressFetch, fakeEnvironment, fakePlatform, fakeSocketClass, type FakeSocket } from './fakes.ts';
import { fakeBrowser } from './fake-tabs.ts';

let uuids = 0;
const uuid = () => `uuid-${++uuids}`;
let stores = 0;

/** Lets channel messages and timers run; nested zero-delay timers are clamped to 4 ms, as in browsers. */
export const settle = async () => {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(5);
};

export function browserWithTabs(options: { withTabs?: boolean } = {}) {
  const browser = fakeBrowser();
  const sockets = fakeSocketClass();
  const http = fakeAddressFetch();
  const store: ConversationStore = memoryStore(`tabs-${++stores}`);
  const clients: ChatClient[] = [];
  const open = (own: ConversationStore = store) => {
    const tab = browser.tab();
    const env = fakeEnvironment();
    const client = createChatClient({
      clientId: 'client-1',
      baseUrl: 'https://service.test',
      platform: fakePlatform({ fetch: http.fetch, WebSocket: sockets.SocketClass, environment: env.environment, uuid }),
      store: own,
      tabs: options.withTabs === false ? false : tab.support,
      locale: { language: () => 'en', timezoneHours: () => 0 },
    });
    clients.push(client);
    return { client, tab, env };
  };
  return { browser, sockets, http, store, open, clients };
}

export type TabBrowser = ReturnType<typeof browserWithTabs>;

/** Opens whatever socket the holder asked for. */
export async function openLatest(b: TabBrowser): Promise<FakeSocket> {
  await settle();
  const socket = b.sockets.last();
  if (socket.readyState === 0) socket.open();
  await settle();
  return socket;
}

/** The message.send payloads a socket carried. */
export const sends = (socket: FakeSocket) =>
  socket
    .frames()
    .filter((f) => f.type === 'message.send')
    .map((f) => f.payload!);
