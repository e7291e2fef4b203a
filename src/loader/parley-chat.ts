// <parley-chat>, the part dist/parley.js carries: attributes, the launcher, and the methods, queued
// (call-queue.ts) until the chat (chat/mount-chat.ts) has loaded (chat-loading.ts): on intent, or at
// once for a returning visitor. Each registration gets a class of its own over the one here, which
// extends HTMLElement only where there is one: importing this file is safe in Node (SSR).
import { hasOptionsProblem } from '../options/check-options.ts';
import type { ChatClient } from '../client/create-chat-client.ts';
import { inTurns, type QueuedCall } from './call-queue.ts';
import { FAILED, LOADING, RETRYING, UNWANTED, WANTED, type Loading } from './chat-loading.ts';
import { awaitConversation, languageLoader, sharedLoad, type ChatLoader, type WordsFor } from './chat-loading.ts';
import type { ConnectionStateName } from '../connection/status.ts';
import type { ChatUser } from '../conversation/send-payloads.ts';
import { checkEvent, checkUser } from '../client/user-check.ts';
import type { StorageMode } from '../browser/storage-mode.ts';
import type { Strings } from '../i18n/strings.ts';
import { hasConversation } from '../browser/storage-marks.ts';
import { OBSERVED_ATTRIBUTES, isClientAttribute, optionsFromAttributes } from './attributes.ts';
import { adoptEarlyProperties, reflectAttributes } from './properties.ts';
import type { ChatModule, ElementDeps, MountedChat } from './chat-host.ts';
import { layoutsPart, type LayoutsLoader, type WithLayouts } from './layouts-part.ts';
import { el, setOrRemove } from './dom.ts';
import { launcherWords, markLanguage, widgetLanguage, type Words } from './language.ts';
import { drawLauncher, type Launcher } from './launcher.ts';
import { drawLoadFailure } from './load-failure.ts';
import { adoptFrameStyles } from './styles.ts';
import type { OpenOptions, ParleyChatConstructor, ParleyChatEventMap, ParleyRenderers } from './api.ts';

export type { ElementDeps };
export type { ParleyChatConstructor, ParleyChatElement, ParleyChatEventMap } from './api.ts';

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

// HTMLElement where there is one: importing this file defines the class but runs nothing of a
// browser's (Node, SSR).
const ElementBase = (globalThis.HTMLElement ?? Object) as typeof HTMLElement;

class ParleyChat extends ElementBase {
  static readonly observedAttributes = OBSERVED_ATTRIBUTES;

  readonly #chatCode: ChatLoader;
  readonly #withLayouts: WithLayouts;
  readonly #wordsFor: WordsFor;
  readonly #deps: ElementDeps;

  #chat: MountedChat | undefined;
  #load: Loading = UNWANTED;
  #startQueued = false;
  /** Method calls made before the chat arrived, run in order once it has. */
  #calls: QueuedCall[] = [];
  readonly #inTurn = inTurns();
  #user: ChatUser | undefined;
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
    this.#withLayouts = layoutsPart(layoutsCode, () => ({
      element: this,
      frame: this.#frame,
      open: () => this.#setOpen(true, true),
      intent: () => this.#want(),
    }));
    this.#wordsFor = wordsFor;
    this.#deps = deps;
    this.#root = this.attachShadow({ mode: 'open' });
    adoptFrameStyles(this.#root);
    markLanguage(this.#frame, this.#words.language, this.getAttribute('language'));
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
    adoptEarlyProperties(this);
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

  forget(): Promise<void> {
    return this.#withClient('forget', (client) => client.forget());
  }

  // Before the chat has loaded, a call waits for it (and asks for it); calls run in order.
  #withClient(method: string, run: (client: ChatClient) => Promise<unknown>): Promise<void> {
    const chat = this.#chat;
    if (chat) return this.#inTurn(() => run(chat.client)).then(() => undefined);
    if (!this.isConnected) return Promise.reject(new Error(`<parley-chat>.${method}(): the element is not on the page`));
    return new Promise((resolve, reject) => {
      this.#calls.push((client) => run(client).then(() => resolve(), reject));
      this.#want();
    });
  }

  // In a task of its own: attributes set right after insertion are seen, the page's task stays short.
  #queueStart(): void {
    if (this.#startQueued) return;
    this.#startQueued = true;
    setTimeout(() => {
      // Cleared here: an element removed before this task runs and inserted again later
      // (StrictMode's double mount, routers) must queue a start again.
      this.#startQueued = false;
      if (!this.isConnected) return;
      if (this.matches('[teaser],[layout]')) this.#withLayouts(() => undefined);
      // An open panel shows; a wrong configuration says so on the page and in the console at load.
      if (this.#load !== UNWANTED || this.#open || hasOptionsProblem(optionsFromAttributes(this))) this.#want();
      else void this.#checkStored();
    }, 0);
  }

  // A returning visitor's chat reconnects and counts unread messages: it loads at once.
  async #checkStored(): Promise<void> {
    const { clientId, storage } = optionsFromAttributes(this);
    const kept = await hasConversation(clientId!, storage);
    // Meanwhile the visitor may have asked for it, or the page taken the element away.
    if (this.#load !== UNWANTED || !this.isConnected) return;
    this.#stopAwaiting();
    if (kept) this.#want();
    else this.#stopAwaiting = awaitConversation(clientId!, () => this.#want());
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
    const client = this.#chat.client;
    for (const call of this.#calls.splice(0)) void this.#inTurn(() => call(client), true);
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

  // What shows: the chat's panel, the failure panel, or the launcher (busy while the chat loads).
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
    } else if (!failing) {
      this.#failure?.remove();
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
    markLanguage(this.#frame, words.language, this.getAttribute('language'));
    this.#launcher.setStrings(launcherWords(words, this.#overrides));
    this.#update();
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

reflectAttributes(ParleyChat.prototype);
