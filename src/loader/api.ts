// The public surface of <parley-chat>: its events, properties and methods, and the tag in
// HTMLElementTagNameMap. Types only, apart from the class (parley-chat.ts) that implements them,
// so the chat's side (chat-host.ts, the frameworks' typings) can name them without a circle.
import type { ConnectionStateName } from '../connection/status.ts';
import type { StorageMode } from '../browser/storage-mode.ts';
import type { ChatUser } from '../conversation/send-payloads.ts';
import type { ReceivedMessage, ReceivedMessageDetail } from '../protocol/frames.ts';
import type { Strings } from '../i18n/strings.ts';

export interface ParleyChatEventMap {
  /** A message from the bot or an agent (the `message.received` payload). */
  'parley:message': CustomEvent<ReceivedMessageDetail>;
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

/** What `open()` takes. */
export interface OpenOptions {
  /** A text put in the composer (replacing what is there), not sent: the visitor edits or sends it. */
  draft?: string;
}

/** A response as the service sent it: its template `type`, its `payload`, its `delay`. */
export interface ParleyResponse {
  type: string;
  payload?: unknown;
  delay?: unknown;
}

/** What a renderer is given besides the response. */
export interface ParleyRenderContext {
  /** The message the response came in: its `fallback`, `originator` and `meta`, with this response as its `responses`. */
  message: ReceivedMessage;
  /** Who sent it. */
  from: 'bot' | 'agent';
  /** The widget's language (a BCP 47 tag). */
  language: string;
  /** Sends a text as the visitor (the element's `send`). */
  send(text: string): Promise<void>;
  /** Sends an event attachment (the element's `sendEvent`), e.g. the slot the visitor chose. */
  sendEvent(name: string, params?: Record<string, unknown>): Promise<void>;
}

/**
 * Draws a response in the page's own DOM: the node returned shows in the response's place, in
 * the element's light DOM through a slot, so the page's CSS styles it. `null` or `undefined`:
 * the widget's own drawing (for `custom`: nothing). Throwing: the message's fallback instead.
 */
export type ParleyRenderer = (response: ParleyResponse, context: ParleyRenderContext) => Node | null | undefined;

/** The `renderers` property: a response `type` (`custom`, or a template such as `card`) to its renderer. */
export type ParleyRenderers = Partial<Record<string, ParleyRenderer>>;

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
  /**
   * `storage`: where the conversation is kept, `local` (default), `session` or `memory`. Raise it
   * when the visitor consents (`el.storage = 'local'`): the conversation shown is kept and stored.
   */
  storage: StorageMode | null;
  /** `start-event`: an event sent once when a new thread first connects. */
  startEvent: string | null;
  /** `language`: a BCP 47 tag (`nl`, `pt-BR`), the widget's language and `metadata.language`; default from the browser. */
  language: string | null;
  /** `layout`: `launcher` (default) or `inline`: the chat in the page's flow, filling the element's box. */
  layout: 'launcher' | 'inline' | null;
  /** `launcher`: `button` (default) or `none`: no floating button, the page opens the panel itself. */
  launcher: 'button' | 'none' | null;
  /** `teaser`: a short greeting in a bubble beside the launcher, after `teaserDelay` seconds. */
  teaser: string | null;
  /** `teaser-delay`: seconds before the teaser shows (default 3). */
  teaserDelay: string | null;
  /** `heading`: the panel's title. */
  heading: string | null;
  /** The panel is open (reflected as the `open` attribute). `open()` and `close()` change it too. */
  isOpen: boolean;
  /** Overrides of any UI string. */
  strings: Partial<Strings>;
  /**
   * `markdown`: bot and agent texts are drawn as a safe subset of Markdown (bold, italics, code,
   * links, lists, quotes); anything else, HTML included, shows as written.
   */
  markdown: boolean;
  /**
   * The site's own drawing of response types (`custom`, or any template it prefers to draw):
   * kept when set before the chat loads; setting it again redraws the messages shown.
   */
  renderers: ParleyRenderers;
  /** The current thread, once the stored conversation is loaded. */
  readonly threadId: string | undefined;
  /** The connection's state, also reflected as `data-connection`. */
  readonly connection: ConnectionStateName;
  /**
   * Opens the panel (and connects, if not yet connected); `draft` goes in the composer, focused,
   * caret at the end, not sent. When it closes, focus goes back to the element that had it.
   */
  open(options?: OpenOptions): void;
  /**
   * Shows the teaser now (`text`, else the `teaser` attribute's), with its rules: not where this
   * browser has a conversation, once the panel was opened, after a dismissal, with `launcher="none"`.
   */
  showTeaser(text?: string): void;
  /** Hides the teaser (and cancels one still waiting for its delay). */
  hideTeaser(): void;
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
  /**
   * Deletes every record and key the widget wrote for this clientId in this browser, in every
   * tab, closes the socket and clears the transcript; the next message starts a new thread.
   * Nothing is sent to the service.
   */
  forget(): Promise<void>;
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

// Beside the interface, not in register.ts: every .d.ts that names ParleyChatElement (the npm
// entry's, each framework's) then brings the tag along. A declaration file drops an import used
// only inside a function body, so from register.ts the tag never reached dist/types/index.d.ts.
declare global {
  interface HTMLElementTagNameMap {
    'parley-chat': ParleyChatElement;
  }
}

export type ParleyChatConstructor = new () => ParleyChatElement;
