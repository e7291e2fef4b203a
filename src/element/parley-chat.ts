// <parley-chat>: attributes and properties <-> client options, DOM events, the shadow root.
// The class is made by a function, not at module load, so importing this file touches no
// browser global (Node, SSR).
import { computed, signal } from '@preact/signals-core';
import { h, render } from 'preact';
import { createChatClient, type ChatClient, type ChatClientOptions } from '../client.ts';
import type { ConnectionStateName } from '../connection/status.ts';
import type { ChatUser } from '../conversation/outgoing.ts';
import type { ReceivedPayload } from '../protocol/frames.ts';
import { ChatApp } from '../ui/App.tsx';
import { mergeStrings, type Strings } from '../ui/strings.ts';
import { prepareClock } from '../ui/time.ts';
import type { WidgetView } from '../ui/view.ts';
import { CLIENT_ATTRIBUTES, OBSERVED_ATTRIBUTES, isClientAttribute, optionsFromAttributes, type ConfigOption } from './attributes.ts';
import { adoptWidgetStyles } from './styles.ts';
import { trackVisualViewport } from './viewport.ts';

// Languages written right to left: with one of these as `language`, the widget mirrors.
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'yi', 'dv', 'ug', 'ckb']);

/** Every writable property, for values set before the element was defined. */
const UPGRADABLE_PROPERTIES = [
  ...Object.values(CLIENT_ATTRIBUTES).filter((property) => property !== 'threadId'),
  'heading',
  'isOpen',
  'strings',
];

/** The element's DOM events: all bubble and are composed, so they cross the shadow boundary. */
export interface ParleyChatEventMap {
  /** A message from the bot or an agent (the `message.received` payload). */
  'parley:message': CustomEvent<ReceivedPayload>;
  /** The service confirmed a message of the visitor's. */
  'parley:delivered': CustomEvent<{ traceId: number }>;
  /** The connection's state changed (also reflected as `data-connection`). */
  'parley:connection': CustomEvent<{ state: ConnectionStateName }>;
  /** An error from the service, a refused configuration, or a connection that cannot be made. */
  'parley:error': CustomEvent<{ message: string }>;
  /** The panel opened. */
  'parley:open': CustomEvent<null>;
  /** The panel closed. */
  'parley:close': CustomEvent<null>;
}

/** `<parley-chat>`: the public surface of the element. */
export interface ParleyChatElement extends HTMLElement {
  /** `client-id`: the channel's clientId (required). */
  clientId: string | null;
  /** `base-url`: address of the service (required). */
  baseUrl: string | null;
  /** `sdk-url`: set for client-nonce mode. */
  sdkUrl: string | null;
  /** `header-prefix`: prefix of the client-nonce headers (default `x-svc`). */
  headerPrefix: string | null;
  /** `start-event`: an event sent once when a new thread first connects. */
  startEvent: string | null;
  /** `language`: two-letter `metadata.language`; default from the browser. */
  language: string | null;
  /** `heading`: the panel's title. */
  heading: string | null;
  /** The panel is open (reflected as the `open` attribute). `open()` and `close()` change it too. */
  isOpen: boolean;
  /** Overrides of any UI string. */
  strings: Partial<Strings>;
  /** The current thread, once the stored conversation is loaded. */
  readonly threadId: string | undefined;
  /** The connection's state, also reflected as `data-connection`. */
  readonly connection: ConnectionStateName;
  /** Opens the panel (and connects, if not yet connected). */
  open(): void;
  /** Closes the panel; the conversation stays connected. */
  close(): void;
  /** Opens the panel if closed, closes it if open. */
  toggle(): void;
  /** Sends a text message as the visitor (connects first if needed). */
  send(text: string): Promise<void>;
  /** Sends an event attachment; params go in metadata.params. */
  sendEvent(name: string, params?: Record<string, unknown>): Promise<void>;
  /** Name, profile and metadata sent with the visitor's next messages. */
  setUser(user: ChatUser): void;
  /** Starts a new thread and clears the transcript. */
  reset(): Promise<void>;
  addEventListener<K extends keyof ParleyChatEventMap>(
    type: K,
    listener: (this: ParleyChatElement, event: ParleyChatEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof ParleyChatEventMap>(
    type: K,
    listener: (this: ParleyChatElement, event: ParleyChatEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/** Test seams: anything createChatClient accepts besides the configuration. */
export type ElementDeps = Omit<Partial<ChatClientOptions>, ConfigOption>;

export type ParleyChatConstructor = new () => ParleyChatElement;

export function createParleyChatClass(deps: ElementDeps = {}): ParleyChatConstructor {
  class ParleyChat extends HTMLElement {
    static readonly observedAttributes = OBSERVED_ATTRIBUTES;

    #client: ChatClient | undefined;
    #teardown: Array<() => void> = [];
    #mountQueued = false;
    #user: ChatUser | undefined;
    readonly #isOpen = signal(false);
    readonly #headingAttribute = signal<string | null>(null);
    readonly #stringOverrides = signal<Partial<Strings>>({});
    readonly #strings = computed(() => mergeStrings(this.#stringOverrides.value));
    readonly #language = signal<string | undefined>(undefined);
    readonly #direction = computed(() => {
      const language = this.#language.value?.toLowerCase().split(/[-_]/)[0];
      return language && RTL_LANGUAGES.has(language) ? ('rtl' as const) : undefined;
    });
    #stopViewport: (() => void) | undefined;

    constructor() {
      super();
      adoptWidgetStyles(this.attachShadow({ mode: 'open' }));
    }

    connectedCallback(): void {
      this.#adoptEarlyProperties();
      this.#queueMount();
    }

    disconnectedCallback(): void {
      // A move within the page (remove, then insert again) keeps the connection: wait a task.
      setTimeout(() => {
        if (!this.isConnected) this.#unmount();
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
      if (name === 'language') this.#language.value = value?.trim() || undefined;
      if (name === 'open') this.#setOpen(value !== null);
      else if (name === 'heading') this.#headingAttribute.value = value;
      else if (isClientAttribute(name) && this.#client) {
        // New configuration: a new client. Several attributes set together cost one reconnect.
        this.#unmount();
        this.#queueMount();
      }
    }

    get isOpen(): boolean {
      return this.#isOpen.value;
    }
    set isOpen(open: boolean) {
      this.#setOpen(Boolean(open));
    }

    get heading(): string | null {
      return this.getAttribute('heading');
    }
    set heading(value: string | null) {
      setOrRemove(this, 'heading', value);
    }

    get strings(): Partial<Strings> {
      return this.#stringOverrides.value;
    }
    set strings(value: Partial<Strings>) {
      this.#stringOverrides.value = { ...(value ?? {}) };
    }

    get threadId(): string | undefined {
      // Until the stored conversation is loaded, the client's threadId may not be the real one.
      return this.#client?.loaded.value ? this.#client.threadId : undefined;
    }

    get connection(): ConnectionStateName {
      return this.#client?.status.value.state ?? 'idle';
    }

    open(): void {
      this.#setOpen(true);
    }
    close(): void {
      this.#setOpen(false);
    }
    toggle(): void {
      this.#setOpen(!this.#isOpen.value);
    }

    async send(text: string): Promise<void> {
      await this.#requireClient('send').send(text);
    }

    async sendEvent(name: string, params?: Record<string, unknown>): Promise<void> {
      await this.#requireClient('sendEvent').sendEvent(name, params);
    }

    setUser(user: ChatUser): void {
      this.#user = { ...user };
      this.#client?.setUser(this.#user);
    }

    async reset(): Promise<void> {
      await this.#requireClient('reset').reset();
    }

    #requireClient(method: string): ChatClient {
      // Just inserted or reconfigured: mount now rather than fail the call.
      if (!this.#client && this.isConnected) this.#mount();
      if (!this.#client) throw new Error(`<parley-chat>.${method}(): the element is not on the page`);
      return this.#client;
    }

    // Mounts in a task of its own: attributes and properties set right after insertion are
    // seen, and the host page's task that ran the script stays short (no long task).
    #queueMount(): void {
      if (this.#mountQueued) return;
      this.#mountQueued = true;
      setTimeout(() => {
        // Cleared here, not only in #mount: an element removed before this task runs and
        // inserted again later (StrictMode's double mount, routers) must queue a mount again.
        this.#mountQueued = false;
        if (this.isConnected && !this.#client) this.#mount();
      }, 0);
    }

    #mount(): void {
      this.#mountQueued = false;
      // A bad configuration is the client's to explain: an `error` status and a console error.
      const options = optionsFromAttributes(this);
      const client = createChatClient({ ...deps, ...options, ...(this.#user ? { user: this.#user } : {}) } as ChatClientOptions);
      this.#client = client;
      this.dataset.connection = client.status.value.state;
      this.#teardown = [
        client.on('message', (payload) => this.#emit('parley:message', payload)),
        client.on('delivered', (detail) => this.#emit('parley:delivered', detail)),
        client.on('connection', ({ state }) => {
          this.dataset.connection = state;
          this.#emit('parley:connection', { state });
        }),
        client.on('error', ({ message }) => this.#emit('parley:error', { message })),
      ];
      const status = client.status.value;
      if (status.state === 'error') this.#emit('parley:error', { message: status.error.message });

      const view: WidgetView = {
        client,
        open: this.#isOpen,
        heading: computed(() => this.#headingAttribute.value?.trim() || this.#strings.value.heading),
        strings: this.#strings,
        direction: this.#direction,
        language: this.#language,
        setOpen: (open) => this.#setOpen(open),
      };
      render(h(ChatApp, { view }), this.shadowRoot!);
      this.#syncViewport();
      // The panel was open before a reload: its messages show as soon as they are loaded. Their
      // clock's locale data loads now, in a task of its own, while storage is being read.
      if (client.panelOpen.value || this.#isOpen.value) {
        const timer = setTimeout(prepareClock);
        this.#teardown.push(() => clearTimeout(timer));
      }

      void client.ready.then(() => {
        if (this.#client !== client) return;
        // Connect at load only for a visitor who already has a conversation here.
        if (client.panelOpen.value) this.#setOpen(true);
        if (this.#isOpen.value || client.hadStoredThread.value) client.connect();
      });
    }

    #unmount(): void {
      const client = this.#client;
      if (!client) return;
      this.#client = undefined;
      if (this.dataset.connection !== 'idle') {
        this.dataset.connection = 'idle';
        this.#emit('parley:connection', { state: 'idle' });
      }
      for (const stop of this.#teardown) stop();
      this.#teardown = [];
      render(null, this.shadowRoot!);
      this.#syncViewport();
      void client.destroy();
    }

    // The visual viewport is watched only while a mounted panel is open.
    #syncViewport(): void {
      if (this.#client && this.#isOpen.value) {
        this.#stopViewport ??= trackVisualViewport(this.shadowRoot!);
      } else {
        this.#stopViewport?.();
        this.#stopViewport = undefined;
      }
    }

    #setOpen(open: boolean): void {
      const changed = this.#isOpen.value !== open;
      this.#isOpen.value = open;
      setOrRemove(this, 'open', open ? '' : null);
      this.#syncViewport();
      if (!changed) return;
      this.#client?.setPanelOpen(open);
      if (open) this.#client?.connect();
      this.#emit(open ? 'parley:open' : 'parley:close', null);
    }

    #emit<K extends keyof ParleyChatEventMap>(type: K, detail: ParleyChatEventMap[K]['detail']): void {
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
    }
  }

  // clientId <-> client-id and the rest: properties that reflect their attributes.
  for (const [attribute, property] of Object.entries(CLIENT_ATTRIBUTES)) {
    if (property === 'threadId') continue; // the read-only threadId property is the live thread
    Object.defineProperty(ParleyChat.prototype, property, {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement) {
        return this.getAttribute(attribute);
      },
      set(this: HTMLElement, value: string | null) {
        setOrRemove(this, attribute, value);
      },
    });
  }

  return ParleyChat as unknown as ParleyChatConstructor;
}

function setOrRemove(element: Element, name: string, value: string | null | undefined): void {
  if (value === null || value === undefined) {
    if (element.hasAttribute(name)) element.removeAttribute(name);
  } else if (element.getAttribute(name) !== String(value)) {
    element.setAttribute(name, String(value));
  }
}
