// @vitest-environment happy-dom
// A reload right after Enter, before IndexedDB committed the message: the next page of the tab
// sends it, once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePlatform, fakeSocketClass } from '../../test/fakes.ts';
import { createChatClient } from './create-chat-client.ts';
import { type ConversationStore } from '../store/contract.ts';
import { memoryStore } from '../store/memory-store.ts';

let stores = 0;

function page(store: ConversationStore) {
  const sockets = fakeSocketClass();
  const client = createChatClient({
    clientId: 'unsent',
    baseUrl: 'https://service.test',
    platform: fakePlatform({ WebSocket: sockets.SocketClass }),
    tabs: false,
    store,
    locale: { language: () => 'en', timezoneHours: () => 0 },
  });
  return { client, sockets };
}

async function settle() {
  for (let i = 0; i < 8; i++) await vi.advanceTimersByTimeAsync(0);
}

const sends = (t: ReturnType<typeof page>) =>
  t.sockets
    .last()
    .frames()
    .filter((f) => f.type === 'message.send')
    .map((f) => (f.payload as { speech: string }).speech);

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('a message typed right before the page went away', () => {
  it('is sent by the next page of the tab when its save had not landed, once', async () => {
    // The first page's writes never land (the page is gone before IndexedDB commits).
    const inner = memoryStore(`unsent-${++stores}`);
    const unsaved: ConversationStore = { ...inner, write: () => new Promise(() => {}) };
    const first = page(unsaved);
    await first.client.ready;
    void first.client.send('are you there?');
    await settle();
    expect(first.client.entries.value.map((e) => e.kind === 'user' && `${e.text}:${e.status}`)).toEqual(['are you there?:pending']);
    globalThis.dispatchEvent(new Event('pagehide'));
    void first.client.destroy();

    const second = page(memoryStore(`unsent-${++stores}`));
    await second.client.ready;
    await settle();
    expect(second.client.entries.value.some((e) => e.kind === 'user' && e.text === 'are you there?')).toBe(true);
    second.client.connect();
    await settle();
    second.sockets.last().open();
    await settle();
    expect(sends(second).filter((speech) => speech === 'are you there?')).toHaveLength(1);

    // A third page finds nothing left over.
    globalThis.dispatchEvent(new Event('pagehide'));
    void second.client.destroy();
    expect(sessionStorage.getItem('parley:unsent:unsent')).toBeNull();
  });
});
