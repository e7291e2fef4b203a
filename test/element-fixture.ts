// A <parley-chat> of a class of its own, with its chat at hand and fake sockets, address
// requests, storage and timers: for the element's unit tests (element.test.ts, triggers.test.ts).
import { vi } from 'vitest';
import { fakeAddressFetch, fakePlatform, fakeSocketClass, silentLogger } from './fakes.ts';
import { memoryStore } from '../src/store/memory-store.ts';
import { elementClassWithChat } from './chat-element.ts';
import type { ParleyChatElement } from '../src/loader/parley-chat.ts';

let tagCount = 0;

/** A new tag name, for a class of one's own. */
export const nextTag = (prefix = 'parley-test') => `${prefix}-${++tagCount}`;

export function setup() {
  const sockets = fakeSocketClass();
  const http = fakeAddressFetch();
  const logger = silentLogger();
  const store = memoryStore();
  const tag = nextTag();
  const deps = {
    platform: fakePlatform({ fetch: http.fetch, WebSocket: sockets.SocketClass, logger }),
    store,
  };
  customElements.define(tag, elementClassWithChat(deps));
  const create = (attributes: Record<string, string> = { 'client-id': 'c1', 'base-url': 'https://service.test' }) => {
    const element = document.createElement(tag) as ParleyChatElement;
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.body.append(element);
    return element;
  };
  return { sockets, http, logger, store, create, tag, deps };
}

/** An element on the page, opened, with its socket open. */
export async function openConnected(t: ReturnType<typeof setup>) {
  const element = t.create();
  element.open();
  await settle();
  const socket = t.sockets.last();
  socket.open();
  return { element, socket };
}

export async function settle() {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
}

/** The page as a test found it: no element, and no tab state or conversation marks to carry into the next test. */
export function clearPage(): void {
  document.body.replaceChildren();
  sessionStorage.clear();
  localStorage.clear();
}
