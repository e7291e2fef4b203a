// <parley-chat>, the part dist/parley.js carries: attributes and properties, the launcher, and
// the methods, which are queued until the chat itself (chat/mount-chat.ts) has loaded: on intent, or at
// once for a returning visitor. Each registration gets a class of its own over the one here,
// which extends HTMLElement only where there is one: importing this file is safe in Node (SSR).
import { hasOptionsProblem } from '../options/check-options.ts';
import type { ChatClient } from '../client/create-chat-client.ts';
import type { ConnectionStateName } from '../connection/status.ts';
import type { ChatUser } from '../conversation/send-payloads.ts';
import { checkEvent, checkUser } from '../client/user-check.ts';
import { hasConversation, threadChannelName } from '../browser/storage-marks.ts';
import type { StorageMode } from '../browser/storage-mode.ts';
import type { Strings } from '../i18n/strings.ts';
import { CLIENT_ATTRIBUTES, UI_PROPERTIES, OBSERVED_ATTRIBUTES, isClientAttribute, optionsFromAttributes } from './attributes.ts';
import type { ChatModule, ElementDeps, LayoutsModule, MountedChat, Teaser } from './chat-host.ts';
import { el, setOrRemove } from './dom.ts';
import { isRightToLeft, launcherWords, widgetLanguage, type Words } from './language.ts';
import { drawLauncher, type Launcher } from './launcher.ts';
import { drawLoadFailure } from './load-failure.ts';
import { adoptFrameStyles } from './styles.ts';
import type { OpenOptions, ParleyChatConstructor, ParleyChatEventMap, ParleyRenderers } from './api.ts';

export type { ElementDeps };
export type { ParleyChatConstructor, ParleyChatElement, ParleyChatEventMap } from './api.ts';

/** Every writable property, for values set before the element was defined. */
const REFLECTED = { ...CLIENT_ATTRIBUTES, ...UI_PROPERTIES };
const UPGRADABLE_PROPERTIES = [
  ...Object.values(REFLECTED).filter((property) => property !== 'threadId'),
  'isOpen',
  'strings',
  'markdown',
  'renderers',
];

/** Brings the chat's code: a script of dist/ (the loader) or a dynamic import (the npm entry). */
export type ChatLoader = () => Promise<ChatModule>;

/** Brings the layouts' code (the teaser, the inline layout): a script of dist/ (the loader) or a dynamic import (the npm entry). */
export type LayoutsLoader = () => Promise<LayoutsModule>;

/** A language's texts for the chat's code (languageLoader). */
type WordsFor = (code: ChatModule, language: string) => Promise<Words>;

/**
 * Made for each registration (a tag name, its chat loader and test seams): a class of its own,
 * as customElements.define wants, over the one below.
 */
export function createParleyChatClass(loadChat: ChatLoader, loadLayouts: LayoutsLoader, deps: ElementDeps = {}): ParleyChatConstructor {
  // What the elements of this class share: the chat's code, the languages' texts, the test seams.
  const chatCode = sharedLoad(loadChat);
  const wordsFor = languageLoader();
  return class extends ParleyChat {
    constructor() {
      super(chatCode, wordsFor, deps, loadLayouts);
    }
  } as unknown as ParleyChatConstructor;
}

/**
 * Where the chat's code is: not needed yet; needed (intent, a method, a stored conversation: here
 * once #chat is set, or waiting for the element to be on the page); failed (the loader's failure
 * panel shows); on its way; on its way again after a failure (that panel, busy). Numbers, in
 * that order, because they are the loader's bytes: on its way is LOADING and above.
 */
const UNWANTED = 0;
const WANTED = 1;
const FAILED = 2;
const LOADING = 3;
const RETRYING = 4;
type Loading = typeof UNWANTED | typeof WANTED | typeof FAILED | typeof LOADING | typeof RETRYING;

// HTMLElement where there is one: importing this file defines the class but runs nothing of a
// browser's (Node, SSR).
const ElementBase = (globalThis.HTMLElement ?? Object) as typeof HTMLElement;

class ParleyChat extends ElementBase {
  static readonly observedAttributes = OBSERVED_ATTRIBUTES;

  readonly #chatCode: ChatLoader;
  readonly #layoutsCode: LayoutsLoader;
  /** The layouts' code mounted (its teaser), once a page with a teaser or an inline layout, or showTeaser(), asked for it. */
  #layouts: Promise<Teaser> | undefined;
  readonly #wordsFor: WordsFor;
  readonly #deps: ElementDeps;

  #chat: MountedChat | undefined;
  #load: Loading = UNWANTED;
  #startQueued = false;
  /** Method calls made before the chat arrived, run in order once it has. */
  #calls: Array<(client: ChatClient) => Promise<void>> = [];
  #user: ChatUser | undefined;
  /** Settles when the calls queued before the chat arrived have run. */
  #turn: Promise<void> | undefined;
  /** The visitor as the chat starts with it: set before any call waits, later ones wait in turn. */
  #userAtMount: ChatUser | undefined;
  #open = false;
  /** The visitor (or the page's script) opened it, rather than a reload restoring it. */
  #askedOpen = false;
  /** Where focus goes back when the panel closes: the page's element that opened it, if any. */
  #opener: Element | null | undefined;
  /** A text open({ draft }) or a `data-parley-open` value puts in the composer (a new object each time); it replaces the composer's text unless the visitor is finishing it. */
  #draft: { text: string } | undefined;
  #overrides: Partial<Strings> = {};
  #renderers: ParleyRenderers = {};
  /** The language chosen (attribute, browser); #words is what shows until its texts are here. */
  #language = widgetLanguage(null);
  #words: Words = { language: this.#language };
  #code: ChatModule | undefined;
  readonly #root: ShadowRoot;
  /** Carries the direction and language to the launcher and the panel; takes no box. */
  readonly #frame = el('div', { class: 'root' });
  readonly #mountPoint = el('div', { class: 'root' });
  readonly #launcher: Launcher;
  #stopAwaiting = () => {};
  #failure: HTMLElement | undefined;

  constructor(chatCode: ChatLoader, wordsFor: WordsFor, deps: ElementDeps, layoutsCode: LayoutsLoader) {
    super();
    this.#chatCode = chatCode;
    this.#layoutsCode = layoutsCode;
    this.#wordsFor = wordsFor;
    this.#deps = deps;
    this.#root = this.attachShadow({ mode: 'open' });
    adoptFrameStyles(this.#root);
    this.#showLanguage();
    this.#launcher = drawLauncher(
      this.#frame,
      launcherWords(this.#words, {}),
      () => this.#want(),
      () => this.#setOpen(true, true),
    );
    this.#frame.append(this.#mountPoint);
    this.#root.append(this.#frame);
  }

  connectedCallback(): void {
    this.#adoptEarlyProperties();
    // No chat yet, no connection: the contract's attribute says so from the start.
    if (!this.#chat) this.dataset.connection = 'idle';
    // An open panel's chat is needed anyway: its file is asked for now, not a task later. Whether
    // this browser has a conversation is read in that task (Web Storage's first read waits for the
    // browser process): the script's own task, and the launcher's first frame, stay short.
    if (!this.#chat && this.#open) this.#chatCode().catch(() => undefined);
    this.#queueStart();
    document.addEventListener('click', this.#onPageClick);
  }

  // Any element of the page with `data-parley-open` opens the panel (its value as a draft), and
  // gets focus back when it closes. A link stays a plain link where this script does not run.
  readonly #onPageClick = (event: Event) => {
    const opener = (event.target as Element).closest?.('[data-parley-open]');
    if (!opener || event.defaultPrevented) return;
    event.preventDefault();
    this.#openWith(opener.getAttribute('data-parley-open'), opener);
  };

  disconnectedCallback(): void {
    // A move within the page (remove, then insert again) keeps the connection: wait a task.
    setTimeout(() => {
      if (this.isConnected) return;
      document.removeEventListener('click', this.#onPageClick);
      this.#stopAwaiting();
      this.#unmount();
    }, 0);
  }

  // Properties set before the element was defined sit on the instance and hide the class's
  // accessors: take their values and let the accessors handle them.
  #adoptEarlyProperties(): void {
    const self = this as unknown as Record<string, unknown>;
    for (const property of UPGRADABLE_PROPERTIES) {
      if (!Object.hasOwn(this, property)) continue;
      const value = self[property];
      delete self[property];
      self[property] = value;
    }
  }

  attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    if (previous === value) return;
    if (name === 'language') this.#chooseLanguage(value);
    else if (name === 'open') this.#setOpen(value !== null, false);
    // A new mode keeps the conversation (no new client); the client refuses one that is none.
    else if (name === 'storage') void this.#chat?.client.setStorage((value ?? 'local') as StorageMode);
    else if (!isClientAttribute(name))
      this.#update(); // the UI's: heading, notify-*, markdown, the layouts'
    else if (this.#chat) {
      // New configuration: a new client. Several attributes set together cost one reconnect.
      this.#unmount();
      this.#queueStart();
    }
  }

  get isOpen(): boolean {
    return this.#open;
  }
  set isOpen(open: boolean) {
    this.#setOpen(Boolean(open), true);
  }

  get markdown(): boolean {
    return this.hasAttribute('markdown');
  }
  set markdown(on: boolean) {
    this.toggleAttribute('markdown', Boolean(on));
  }

  // Kept as the chat's, before it has loaded too; set again, the messages shown are drawn again.
  get renderers(): ParleyRenderers {
    return this.#renderers;
  }
  set renderers(value: ParleyRenderers) {
    this.#renderers = { ...value };
    this.#update();
  }

  get strings(): Partial<Strings> {
    return this.#overrides;
  }
  set strings(value: Partial<Strings>) {
    this.#overrides = { ...value };
    this.#launcher.setStrings(launcherWords(this.#words, this.#overrides));
    this.#update();
  }

  get threadId(): string | undefined {
    // Until the stored conversation is loaded, the client's threadId may not be the real one.
    const client = this.#chat?.client;
    return client?.loaded.value ? client.threadId : undefined;
  }

  get connection(): ConnectionStateName {
    return this.#chat?.client.status.value.state ?? 'idle';
  }

  open(options?: OpenOptions): void {
    this.#openWith(options?.draft, document.activeElement);
  }
  close(): void {
    this.#setOpen(false, true);
  }
  toggle(): void {
    this.#setOpen(!this.#open, true, document.activeElement);
  }

  send(text: string): Promise<void> {
    return this.#withClient('send', (client) => client.send(text));
  }

  sendEvent(name: string, params?: Record<string, unknown>): Promise<void> {
    checkEvent(name, params); // refused at the call, before the chat has even loaded
    return this.#withClient('sendEvent', (client) => client.sendEvent(name, params));
  }

  setUser(user: ChatUser): void {
    const copy = (this.#user = checkUser(user));
    if (this.#chat) this.#chat.client.setUser(copy);
    else if (this.#calls.length > 0) this.#calls.push(async (client) => client.setUser(copy));
    else this.#userAtMount = copy;
  }

  reset(): Promise<void> {
    return this.#withClient('reset', (client) => client.reset());
  }

  showTeaser(text?: string): void {
    this.#withLayouts((teaser) => teaser.show(text));
  }
  hideTeaser(): void {
    this.#withLayouts((teaser) => teaser.hide(), false);
  }

  // The layouts' code comes only for a page with a teaser or the inline layout, or that calls
  // showTeaser(); a file that cannot load is said in the console, and the page goes on without.
  #withLayouts(run: (teaser: Teaser) => void, load = true): void {
    const part = load
      ? (this.#layouts ??= this.#layoutsCode().then((code) =>
          code.mountLayouts({ element: this, frame: this.#frame, open: () => this.#setOpen(true, true), intent: () => this.#want() }),
        ))
      : this.#layouts;
    part?.then(run, (error: Error) => console.warn(`[parley] ${error.message}`)); // "could not load …parley-layouts…: why"
  }

  forget(): Promise<void> {
    return this.#withClient('forget', (client) => client.forget());
  }

  // Before the chat has loaded, a call waits for it (and asks for it); calls run in order.
  #withClient(method: string, run: (client: ChatClient) => Promise<unknown>): Promise<void> {
    const chat = this.#chat;
    if (chat) return (this.#turn ? this.#inTurn(() => run(chat.client)) : run(chat.client)).then(() => undefined);
    if (!this.isConnected) return Promise.reject(new Error(`<parley-chat>.${method}(): the element is not on the page`));
    return new Promise((resolve, reject) => {
      this.#calls.push((client) => run(client).then(() => resolve(), reject));
      this.#want();
    });
  }

  // Decides in a task of its own, so attributes and properties set right after insertion are
  // seen, and the host page's task that ran the script stays short.
  #queueStart(): void {
    if (this.#startQueued) return;
    this.#startQueued = true;
    setTimeout(() => {
      // Cleared here: an element removed before this task runs and inserted again later
      // (StrictMode's double mount, routers) must queue a start again.
      this.#startQueued = false;
      if (!this.isConnected) return;
      if (this.matches('[teaser],[layout]')) this.#withLayouts(() => undefined);
      if (this.#load !== UNWANTED || this.#neededAtOnce()) this.#want();
      else void this.#checkStored();
    }, 0);
  }

  // A returning visitor's chat reconnects and counts unread messages: it loads at once.
  async #checkStored(): Promise<void> {
    const options = optionsFromAttributes(this);
    const kept = await hasConversation(options.clientId!, options.storage);
    // Meanwhile the visitor may have asked for it, or the page taken the element away.
    if (this.#load !== UNWANTED || !this.isConnected) return;
    if (kept) this.#want();
    else this.#awaitConversation();
  }

  // Another tab of this browser starts a conversation for this client-id: this tab shares it
  // (its launcher counts the unread messages too), so it loads the chat then.
  #awaitConversation(): void {
    this.#stopAwaiting();
    try {
      const channel = new BroadcastChannel(threadChannelName(optionsFromAttributes(this).clientId!));
      channel.onmessage = () => this.#want();
      this.#stopAwaiting = () => channel.close();
    } catch {
      // No BroadcastChannel here: this tab's chat loads on intent.
    }
  }

  // An open panel shows; a wrong configuration says so on the page and in the console at load.
  #neededAtOnce(): boolean {
    return this.#open || hasOptionsProblem(optionsFromAttributes(this));
  }

  #want(): void {
    const load = this.#load;
    if (load === UNWANTED) this.#load = WANTED;
    this.#stopAwaiting();
    if (this.#chat || this.#load >= LOADING || !this.isConnected) return;
    this.#load = load === FAILED ? RETRYING : LOADING;
    this.#update();
    // The panel waits for its language's texts: it never shows English first.
    const language = this.#language;
    this.#chatCode().then(
      (code) =>
        this.#wordsFor(code, language).then((words) => {
          this.#load = WANTED;
          this.#code = code;
          this.#showWords(words);
          this.#mount(code);
          if (language !== this.#language) this.#chooseLanguage(this.getAttribute('language'));
        }),
      (error: Error) => {
        this.#load = FAILED;
        console.error(`[parley] ${error.message}`);
        this.#emit('parley:error', { message: error.message });
        this.#update();
      },
    );
  }

  #mount(code: ChatModule): void {
    if (this.#chat || !this.isConnected) return;
    this.#chat = code.mountChat({
      element: this,
      root: this.#root,
      mountPoint: this.#mountPoint,
      deps: this.#deps,
      user: this.#userAtMount,
      state: this.#state(),
      launcher: this.#launcher,
      setOpen: (open) => this.#setOpen(open, false),
      emit: (type, detail) => this.#emit(type, detail),
    });
    this.#update();
    this.#userAtMount = this.#user; // for a later mount (a new configuration)
    // One after the other: a send() made after a reset() goes to the new thread.
    const client = this.#chat.client;
    for (const call of this.#calls.splice(0)) this.#inTurn(() => call(client));
  }

  // Calls queued before the chat arrived run one after the other; a call made while they are
  // still running waits for them too.
  #inTurn<T>(run: () => Promise<T>): Promise<T> {
    const next = (this.#turn ?? Promise.resolve()).then(run);
    const settled = (this.#turn = next.then(
      () => undefined,
      () => undefined,
    ));
    void settled.then(() => {
      if (this.#turn === settled) this.#turn = undefined;
    });
    return next;
  }

  #unmount(): void {
    const chat = this.#chat;
    this.#chat = undefined;
    chat?.destroy();
    this.#update();
  }

  #state() {
    return {
      open: this.#open,
      askedOpen: this.#askedOpen,
      strings: this.#overrides,
      words: this.#words,
      draft: this.#draft,
      opener: this.#opener,
    };
  }

  // What shows: the chat's panel, the loader's failure panel, or the launcher (busy while the
  // chat loads for a visitor who opened it).
  #update(): void {
    const open = this.#open;
    this.#chat?.update(this.#state());
    const failing = open && (this.#load === FAILED || this.#load === RETRYING) && !this.#chat;
    if (failing && !this.#failure) {
      this.#failure = drawLoadFailure(
        this.#frame,
        launcherWords(this.#words, this.#overrides),
        () => this.#want(),
        () => this.#setOpen(false, true),
      );
    } else if (!failing && this.#failure) {
      this.#failure.remove();
      this.#failure = undefined;
    }
    this.#failure?.toggleAttribute('aria-busy', this.#load >= LOADING);
    this.#launcher.show(!(open && (this.#chat || failing)));
    this.#launcher.setBusy(open && this.#load >= LOADING);
  }

  // A language chosen with the chat here: its texts replace the old ones once they have
  // arrived, in place (the conversation and the socket stay). Before, the launcher's name alone.
  #chooseLanguage(attribute: string | null): void {
    const language = (this.#language = widgetLanguage(attribute));
    const code = this.#code;
    if (!code) return this.#showWords({ language });
    void this.#wordsFor(code, language).then((words) => {
      if (this.#language === language) this.#showWords(words);
    });
  }

  #showWords(words: Words): void {
    this.#words = words;
    this.#showLanguage();
    this.#launcher.setStrings(launcherWords(words, this.#overrides));
    this.#update();
  }

  // The language of the texts shown, and its direction (the `language` attribute's too).
  #showLanguage(): void {
    setOrRemove(this.#frame, 'lang', this.#words.language);
    setOrRemove(this.#frame, 'dir', isRightToLeft(this.#words.language, this.getAttribute('language')) ? 'rtl' : null);
  }

  // A draft (not blank) replaces the composer's text, also in a panel already open.
  #openWith(draft: string | null | undefined, opener: Element | null): void {
    if (draft?.trim()) this.#draft = { text: draft };
    this.#setOpen(true, true, opener);
    this.#update();
  }

  #setOpen(open: boolean, asked: boolean, opener?: Element | null): void {
    const changed = this.#open !== open;
    this.#open = open;
    if (changed && open) {
      this.#askedOpen = asked;
      this.#opener = opener;
    }
    setOrRemove(this, 'open', open ? '' : null);
    if (!changed) return;
    if (open) this.#want();
    this.#update();
    this.#emit(open ? 'parley:open' : 'parley:close', null);
  }

  #emit<K extends keyof ParleyChatEventMap>(type: K, detail: ParleyChatEventMap[K]['detail']): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

// clientId <-> client-id and the rest: properties that reflect their attributes.
for (const [attribute, property] of Object.entries(REFLECTED)) {
  if (property === 'threadId') continue; // the read-only threadId property is the live thread
  Object.defineProperty(ParleyChat.prototype, property, {
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute(attribute);
    },
    set(this: HTMLElement, value: string | null) {
      setOrRemove(this, attribute, value);
    },
  });
}

/**
 * A language's texts, fetched once for every element of a class; English, and a console warning
 * saying why, where its file cannot load (tried again the next time it is chosen).
 */
function languageLoader(): (code: ChatModule, language: string) => Promise<Words> {
  const loaded = new Map<string, Promise<Words>>();
  return (code, language) => {
    if (language === 'en') return Promise.resolve({ language });
    let words = loaded.get(language);
    if (!words) {
      words = code.loadLanguage(language).then(
        (translation) => ({ language, translation }),
        (error: unknown) => {
          loaded.delete(language);
          console.warn(
            `[parley] the "${language}" texts could not be loaded, so the chat shows English: ${(error as Error)?.message ?? error}`,
          );
          return { language: 'en' };
        },
      );
      loaded.set(language, words);
    }
    return words;
  };
}

/** One load at a time, shared by every element of a class; a failed one may be tried again. */
function sharedLoad(load: ChatLoader): ChatLoader {
  let pending: Promise<ChatModule> | undefined;
  // Its loaders (loadScript, a dynamic import) fail with an Error.
  return () =>
    (pending ??= load().catch((error: Error) => {
      pending = undefined;
      throw error;
    }));
}
