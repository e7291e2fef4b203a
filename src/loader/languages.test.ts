// @vitest-environment happy-dom
// The element in the visitor's language: the panel waits for its language's texts (never English
// first), falls back to English with a console warning when they cannot load, and switches them
// in place when `language` changes on a live element (same socket, same conversation).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAddressFetch, fakePlatform, fakeSocketClass } from '../../test/fakes.ts';
import { mountChat } from '../chat/mount-chat.ts';
import { memoryStore } from '../store/memory-store.ts';
import { loadLanguageChunk } from '../i18n/language-chunks.ts';
import type { Translation } from '../i18n/translation.ts';
import fr from '../i18n/languages/fr.ts';
import de from '../i18n/languages/de.ts';
import { defaultStrings } from '../i18n/strings.ts';
import { createParleyChatClass, type ParleyChatElement } from './parley-chat.ts';

let tagCount = 0;

/** An element class whose chat is at hand and whose languages load when the test says so. */
function setup(loadLanguage: (tag: string) => Promise<Translation> = loadLanguageChunk) {
  const sockets = fakeSocketClass();
  const http = fakeAddressFetch();
  const deps = {
    platform: fakePlatform({ fetch: http.fetch, WebSocket: sockets.SocketClass }),
    store: memoryStore(),
  };
  const load = vi.fn(loadLanguage);
  const tag = `parley-languages-${++tagCount}`;
  customElements.define(
    tag,
    createParleyChatClass(
      () => Promise.resolve({ mountChat, loadLanguage: load }),
      () => import('../layouts/layouts.ts'),
      deps,
    ),
  );
  const create = (attributes: Record<string, string> = {}) => {
    const element = document.createElement(tag) as ParleyChatElement;
    for (const [name, value] of Object.entries({ 'client-id': 'c1', 'base-url': 'https://service.test', ...attributes }))
      element.setAttribute(name, value);
    document.body.append(element);
    return element;
  };
  return { sockets, load, create };
}

/** A language file that arrives (or fails) when the test says so. */
function pendingLanguage() {
  const pending: Array<{ resolve: (translation: Translation) => void; reject: (error: Error) => void }> = [];
  const load = (_tag: string) => new Promise<Translation>((resolve, reject) => pending.push({ resolve, reject }));
  return { load, pending };
}

const shadow = (element: ParleyChatElement) => element.shadowRoot!;
const composer = (element: ParleyChatElement) => shadow(element).querySelector<HTMLTextAreaElement>('textarea');
const frame = (element: ParleyChatElement) => shadow(element).querySelector('.root')!;

async function settle() {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
}

/** A language's chunk is a real dynamic import: wait for what it brings, then for the connection's frame. */
async function shown(check: () => void) {
  await vi.waitFor(check);
  await vi.advanceTimersByTimeAsync(20);
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("<parley-chat> in the visitor's language", () => {
  it("opens its panel only once the language's texts are here: never English first", async () => {
    const language = pendingLanguage();
    const t = setup(language.load);
    const element = t.create({ language: 'de-AT' });
    element.open();
    await settle();
    expect(t.load).toHaveBeenCalledWith('de');
    expect(shadow(element).querySelector('[role="dialog"]')).toBeNull();
    expect(shadow(element).querySelector('[part~="launcher"]')!.getAttribute('aria-busy')).toBe('true');
    language.pending[0]!.resolve(de);
    await settle();
    expect(composer(element)!.placeholder).toBe(de.messagePlaceholder);
    expect(shadow(element).querySelector('[part~="close"]')!.getAttribute('aria-label')).toBe(de.closeChat);
    expect(frame(element).getAttribute('lang')).toBe('de');
  });

  it("takes the browser's languages in order when no attribute says one", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fil-PH', 'pt-BR', 'en']);
    const t = setup();
    const element = t.create();
    element.open();
    await shown(() => expect(composer(element)).not.toBeNull());
    expect(t.load).toHaveBeenCalledWith('pt-BR');
    expect(frame(element).getAttribute('lang')).toBe('pt-BR');
  });

  it('speaks English to a browser that prefers it, whatever languages follow it', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'de', 'fr']);
    const t = setup();
    const element = t.create();
    element.open();
    await shown(() => expect(composer(element)).not.toBeNull());
    expect(t.load).not.toHaveBeenCalled();
    expect(frame(element).getAttribute('lang')).toBe('en');
    expect(composer(element)!.placeholder).toBe(defaultStrings.messagePlaceholder);
  });

  it("shows English, and says why in the console, when the language's file cannot load", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const t = setup(() => Promise.reject(new Error('could not load https://cdn.test/parley-ar.x.js: the server answers 404')));
    const element = t.create({ language: 'ar' });
    element.open();
    await settle();
    expect(composer(element)!.placeholder).toBe('Write a message…');
    expect(frame(element).getAttribute('lang')).toBe('en');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/"ar" texts could not be loaded, so the chat shows English: .*answers 404/));
  });

  it('switches its texts in place when `language` changes: the same socket, the same conversation', async () => {
    const t = setup();
    const element = t.create({ language: 'de' });
    element.open();
    await shown(() => expect(composer(element)!.placeholder).toBe(de.messagePlaceholder));
    const socket = t.sockets.last();
    socket.open();
    await element.send('Hallo');
    await settle();
    expect(socket.frames().at(-1)!.payload!.metadata).toMatchObject({ language: 'de' });

    element.setAttribute('language', 'fr-CA');
    await shown(() => expect(composer(element)!.placeholder).toBe(fr.messagePlaceholder));
    expect(frame(element).getAttribute('lang')).toBe('fr');
    expect(t.sockets.sockets).toHaveLength(1);
    expect(socket.readyState).toBe(1);
    expect(shadow(element).querySelector('[part~="message"]')!.textContent).toContain('Hallo');
    await element.send('Bonjour');
    await settle();
    expect(socket.frames().at(-1)!.payload!.metadata).toMatchObject({ language: 'fr' });

    element.setAttribute('language', 'he');
    await shown(() => expect([frame(element).getAttribute('lang'), frame(element).getAttribute('dir')]).toEqual(['he', 'rtl']));
  });

  it("counts unread messages on its launcher in the language's plural forms", async () => {
    const t = setup();
    const element = t.create({ language: 'pl' });
    element.open();
    await shown(() => expect(composer(element)).not.toBeNull());
    const socket = t.sockets.last();
    socket.open();
    element.close();
    const threadId = element.threadId;
    const reply = (text: string) =>
      socket.receive({ type: 'message.received', payload: { threadId, messages: [{ responses: [{ type: 'text', payload: { text } }] }] } });
    const said = () => shadow(element).querySelector('#parley-unread')?.textContent;
    reply('Jeden');
    await settle();
    expect(said()).toBe('1 nieprzeczytana wiadomość');
    reply('Dwa');
    reply('Trzy');
    await settle();
    expect(said()).toBe('3 nieprzeczytane wiadomości');
  });
});
