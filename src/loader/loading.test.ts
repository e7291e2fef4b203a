// @vitest-environment happy-dom
// The element as a loader: the chat's code is asked for only on intent (or at once for a
// returning visitor or a wrong configuration), calls made before it arrives run once, in order,
// and a file that cannot load leaves the launcher working, with an error panel and "Try again".
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAddressFetch, fakePlatform, fakeSocketClass } from '../../test/fakes.ts';
import { memoryStore } from '../store/memory-store.ts';
import { slotKey } from '../browser/slot-keys.ts';
import { announceConversation, DATABASE_NAME } from '../browser/storage-marks.ts';

const threadMarkKey = (clientId: string) => slotKey('thread', clientId);
const panelOpenKey = (clientId: string) => slotKey('open', clientId);
import type { ChatModule } from './chat-host.ts';
import { mountChat } from '../chat/mount-chat.ts';
import { loadLanguageChunk } from '../i18n/language-chunks.ts';
import { LAUNCHER_NAMES } from '../i18n/launcher-names.ts';
import { createParleyChatClass, type ParleyChatElement } from './parley-chat.ts';

let tagCount = 0;

/** An element class whose chat file loads when the test says so (or fails to). */
function setup() {
  const sockets = fakeSocketClass();
  const http = fakeAddressFetch();
  const loads: Array<{ resolve: (code: ChatModule) => void; reject: (error: Error) => void }> = [];
  const load = vi.fn(() => new Promise<ChatModule>((resolve, reject) => loads.push({ resolve, reject })));
  const deps = {
    platform: fakePlatform({ fetch: http.fetch, WebSocket: sockets.SocketClass }),
    store: memoryStore(),
  };
  const tag = `parley-loading-${++tagCount}`;
  customElements.define(
    tag,
    createParleyChatClass(load, () => import('../layouts/layouts.ts'), deps),
  );
  const create = (attributes: Record<string, string> = {}) => {
    const element = document.createElement(tag) as ParleyChatElement;
    for (const [name, value] of Object.entries({ 'client-id': 'c1', 'base-url': 'https://service.test', ...attributes }))
      element.setAttribute(name, value);
    document.body.append(element);
    return element;
  };
  const arrive = async () => {
    loads.at(-1)!.resolve({ mountChat, loadLanguage: loadLanguageChunk });
    await settle();
  };
  const fail = async () => {
    loads.at(-1)!.reject(new Error('could not load https://cdn.test/parley-chat.abc.js: not found'));
    await settle();
  };
  return { sockets, http, load, deps, create, arrive, fail };
}

const shadow = (element: ParleyChatElement) => element.shadowRoot!;
const launcherOf = (element: ParleyChatElement) => shadow(element).querySelector<HTMLButtonElement>('[part~="launcher"]')!;

async function settle() {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
});

/** A BroadcastChannel message's way to another channel of the same name: real time, not the fake timers'. */
async function crossTab() {
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 20));
  vi.useFakeTimers();
}

/** The chat ran in this browser before: it opened its database as it started. */
async function chatRanBefore() {
  vi.useRealTimers(); // fake-indexeddb's steps are timers
  await new Promise(
    (resolve) => (indexedDB.open(DATABASE_NAME).onsuccess = (event) => resolve((event.target as IDBOpenDBRequest).result.close())),
  );
  vi.useFakeTimers();
}
afterEach(async () => {
  document.body.replaceChildren();
  vi.useRealTimers();
  await new Promise((resolve) => (indexedDB.deleteDatabase(DATABASE_NAME).onsuccess = resolve));
});

describe('<parley-chat> as a loader', () => {
  it('draws the launcher and loads nothing until the visitor shows intent', async () => {
    const t = setup();
    const element = t.create();
    await settle();
    expect(launcherOf(element).getAttribute('aria-label')).toBe('Open chat');
    expect(element.dataset.connection).toBe('idle');
    expect(t.load).not.toHaveBeenCalled();

    launcherOf(element).dispatchEvent(new Event('pointerenter'));
    expect(t.load).toHaveBeenCalledTimes(1);
    await t.arrive();
    // Loaded on hover, not opened: no connection yet.
    expect(t.http.requests).toHaveLength(0);
    launcherOf(element).click();
    await settle();
    expect(launcherOf(element).hidden).toBe(true);
    expect(shadow(element).querySelector('[role="dialog"]')).not.toBeNull();
    // It connects once the frame that shows the panel is drawn.
    expect(t.http.requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(20);
    expect(t.http.requests).toHaveLength(1);
  });

  it('on intent, draws the panel once where nothing shows, then takes it away: nothing read, nothing connected', async () => {
    const t = setup();
    const element = t.create();
    await settle();
    const attach = vi.spyOn(HTMLElement.prototype, 'attachShadow');
    launcherOf(element).dispatchEvent(new Event('pointerenter'));
    await t.arrive();
    await vi.advanceTimersByTimeAsync(5); // the page is idle
    const primer = attach.mock.results.map((result) => result.value as ShadowRoot).find((root) => root.querySelector('[role="dialog"]'));
    attach.mockRestore();
    expect(primer).toBeDefined();
    expect(primer!.host.hasAttribute('inert')).toBe(true);
    expect(shadow(element).querySelector('[role="dialog"]')).toBeNull(); // nothing of it in the element's own tree
    await vi.advanceTimersByTimeAsync(40); // the frame that lays it out, then a task
    expect(primer!.host.isConnected).toBe(false);
    expect(primer!.querySelector('[role="dialog"]')).toBeNull();
    expect(t.http.requests).toHaveLength(0);
    expect(launcherOf(element).hidden).toBe(false);
  });

  it('opened before the chat arrived, the tab remembers the open panel for its next load', async () => {
    const t = setup();
    const element = t.create();
    element.open();
    await t.arrive();
    expect(sessionStorage.getItem(panelOpenKey('c1'))).toBe('1');
    element.close();
    expect(sessionStorage.getItem(panelOpenKey('c1'))).toBeNull();
  });

  it('reads no Web Storage on a first visit (its first read waits for the browser process): IndexedDB has no database of the chat', async () => {
    localStorage.setItem(threadMarkKey('c1'), '1'); // not the chat's: without its database, not read
    const read = vi.spyOn(Storage.prototype, 'getItem');
    const t = setup();
    t.create();
    await settle();
    expect(read).not.toHaveBeenCalled();
    expect(t.load).not.toHaveBeenCalled();
  });

  it('loads at once for a browser that has a conversation for this client-id, and reconnects', async () => {
    await chatRanBefore();
    localStorage.setItem(threadMarkKey('c1'), '1');
    const t = setup();
    t.create();
    await settle();
    expect(t.load).toHaveBeenCalledTimes(1);
    const other = setup();
    other.create({ 'client-id': 'someone-else' });
    await settle();
    expect(other.load).not.toHaveBeenCalled();
  });

  it('loads when another tab starts a conversation for this client-id, to share it', async () => {
    const t = setup();
    t.create();
    await settle();
    // What the other tab's chat says once it stored the conversation (store/indexeddb-store.ts).
    announceConversation('someone-else');
    await crossTab();
    expect(t.load).not.toHaveBeenCalled();
    announceConversation('c1');
    await crossTab();
    expect(t.load).toHaveBeenCalledTimes(1);
  });

  it('listens for other tabs without a storage event listener (adding one opens both storage areas on every page view)', async () => {
    const listen = vi.spyOn(window, 'addEventListener');
    const t = setup();
    t.create();
    await settle();
    expect(listen.mock.calls.map(([type]) => type)).not.toContain('storage');
  });

  it('loads at once when the configuration is wrong, so the error shows at page load', async () => {
    const t = setup();
    t.create({ 'client-id': '' });
    await settle();
    expect(t.load).toHaveBeenCalledTimes(1);
  });

  it('runs calls made before the chat arrived once each, in order', async () => {
    const t = setup();
    const element = t.create();
    const calls = [element.send('before the reset')];
    // reset() starts over: what was sent before it and never delivered goes with the old thread.
    calls.push(element.reset());
    element.setUser({ name: 'Ada' });
    calls.push(element.send('first'));
    element.setUser({ name: 'Bob' });
    calls.push(element.sendEvent('checkout', { plan: 'pro' }), element.send('second'));
    element.open();
    expect(t.load).toHaveBeenCalledTimes(1);
    await t.arrive();
    await Promise.all(calls);
    t.sockets.last().open();
    await settle();
    const sent = t.sockets.sockets
      .flatMap((socket) => socket.frames())
      .filter((frame) => frame.type === 'message.send')
      .map((frame) => frame.payload);
    expect(sent).toMatchObject([
      { speech: 'first', originator: { name: 'Ada' }, threadId: element.threadId },
      { speech: 'checkout', attachment: { type: 'event' }, originator: { name: 'Bob' } },
      { speech: 'second', originator: { name: 'Bob' } },
    ]);
    expect(t.load).toHaveBeenCalledTimes(1);
  });

  it('setUser and sendEvent refuse bad input at the call, before the chat is here, and queue nothing', async () => {
    const t = setup();
    const element = t.create();
    element.setUser({ name: 'Ada' });
    expect(() => element.setUser({ profile: { phoneNumber: '+31612345678' } } as never)).toThrow('REST-only field profile.phoneNumber');
    expect(() => element.sendEvent('')).toThrow(TypeError);
    expect(t.load).not.toHaveBeenCalled();
    const sending = element.send('hello');
    await t.arrive();
    await sending;
    t.sockets.last().open();
    await settle();
    const sent = t.sockets.sockets
      .flatMap((socket) => socket.frames())
      .filter((frame) => frame.type === 'message.send')
      .map((frame) => frame.payload);
    expect(sent).toMatchObject([{ speech: 'hello', originator: { role: 'external', name: 'Ada' } }]);
    expect(JSON.stringify(sent)).not.toContain('phoneNumber');
  });

  it('a call made while the queued ones still run waits for them', async () => {
    const t = setup();
    const element = t.create();
    const queued = [element.reset()];
    await t.arrive();
    const late = element.send('after the reset');
    await Promise.all([...queued, late]);
    element.open();
    await settle();
    t.sockets.last().open();
    await settle();
    expect(
      t.sockets
        .last()
        .frames()
        .map((frame) => frame.payload),
    ).toMatchObject([{ speech: 'after the reset', threadId: element.threadId }]);
  });

  it('a file that cannot load: the launcher stays, opening shows why with "Try again", which loads it again', async () => {
    const t = setup();
    const element = t.create();
    const errors: string[] = [];
    element.addEventListener('parley:error', (event) => errors.push(event.detail.message));
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    const sent = element.send('kept');
    launcherOf(element).click();
    expect(launcherOf(element).getAttribute('aria-busy')).toBe('true');
    await t.fail();

    expect(errors).toEqual([expect.stringContaining('https://cdn.test/parley-chat.abc.js')]);
    expect(console).toHaveBeenCalledWith(expect.stringContaining('https://cdn.test/parley-chat.abc.js'));
    const panel = shadow(element).querySelector<HTMLElement>('[part~="panel"]')!;
    expect(panel.getAttribute('role')).toBe('dialog');
    expect(panel.querySelector('[role="alert"]')!.textContent).toContain('The chat could not be loaded.');
    const tryAgain = shadow(element).querySelector<HTMLButtonElement>('[part~="try-again"]')!;
    expect(shadow(element).activeElement).toBe(tryAgain);

    // Closed, the launcher works; opened again, the same explanation.
    shadow(element).querySelector<HTMLButtonElement>('[part~="close"]')!.click();
    expect(launcherOf(element).hidden).toBe(false);
    expect(shadow(element).querySelector('[part~="panel"]')).toBeNull();
    launcherOf(element).click();
    shadow(element).querySelector<HTMLButtonElement>('[part~="try-again"]')!.click();
    expect(t.load).toHaveBeenCalledTimes(2);
    await t.arrive();

    expect(shadow(element).querySelector('[part~="try-again"]')).toBeNull();
    expect(shadow(element).querySelector('[role="log"]')).not.toBeNull();
    t.sockets.last().open();
    await sent;
    await settle();
    expect(
      t.sockets
        .last()
        .frames()
        .map((frame) => frame.payload),
    ).toMatchObject([{ speech: 'kept' }]);
  });

  it('names its launcher in the chosen language and mirrors for a right-to-left one, from the first frame, fetching nothing', () => {
    const t = setup();
    const element = t.create({ language: 'ar-EG' });
    const root = shadow(element).querySelector('.root')!;
    const name = () => shadow(element).querySelector('[part~="launcher"]')!.getAttribute('aria-label');
    expect([root.getAttribute('dir'), root.getAttribute('lang'), name()]).toEqual(['rtl', 'ar', LAUNCHER_NAMES.ar]);
    element.setAttribute('language', 'nl');
    expect([root.getAttribute('dir'), root.getAttribute('lang'), name()]).toEqual([null, 'nl', LAUNCHER_NAMES.nl]);
    element.setAttribute('language', 'tlh'); // none of the widget's: English
    expect([root.getAttribute('lang'), name()]).toEqual(['en', 'Open chat']);
    expect(t.load).not.toHaveBeenCalled();
  });

  it('shows the unread count of messages that arrive while closed on its launcher', async () => {
    const t = setup();
    const element = t.create();
    element.open();
    await t.arrive();
    const socket = t.sockets.last();
    socket.open();
    element.close();
    const threadId = element.threadId;
    socket.receive({
      type: 'message.received',
      payload: { threadId, messages: [{ responses: [{ type: 'text', payload: { text: 'Still there?' } }] }] },
    });
    await settle();
    expect(launcherOf(element).textContent).toContain('1 unread');
    expect(shadow(element).querySelector('[part~="badge"]')!.textContent).toBe('1');
  });
});
