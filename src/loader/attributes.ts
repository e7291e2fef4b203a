// The element's configuration attributes and the client options they set (the contract's table).
import type { ChatClientOptions } from '../client/create-chat-client.ts';

/** Attributes that configure the client: changing one on a live element reconnects it. */
// The JSDoc of each attribute is its description in dist/custom-elements.json and the editors'
// HTML data (scripts/custom-elements-manifest.ts reads this file); comments cost the bundle nothing.
export const CLIENT_ATTRIBUTES = {
  /** The channel's `clientId` (required). */
  'client-id': 'clientId',
  /** Address of the service (required): plain mode asks `GET {base-url}/socket.info` for a socket address. */
  'base-url': 'baseUrl',
  /** Set: client-nonce mode, `GET {sdk-url}/socket.info` with the four secret headers. */
  'sdk-url': 'sdkUrl',
  /** Prefix of the client-nonce headers (default `x-svc`). */
  'header-prefix': 'headerPrefix',
  /** Use this thread instead of the stored or a new one (attribute only: the `threadId` property is the live thread). */
  'thread-id': 'threadId',
  /** An event sent once, when a new thread first connects. */
  'start-event': 'startEvent',
  /**
   * The widget's language, a BCP 47 tag (`nl`, `pt-BR`): its own texts (32 languages, English
   * built in) and `metadata.language` (the tag's two-letter code). Default: the browser's
   * languages. A right-to-left language mirrors the widget. A change switches the texts in place.
   */
  language: 'language',
  /**
   * Where the conversation is kept in this browser: `local` (default: IndexedDB and Web Storage,
   * kept across visits), `session` (this tab's session only), `memory` (nothing written anywhere:
   * a reload starts over). Raising it at run time (a consent banner said yes) keeps the
   * conversation shown and stores it from then on; lowering it deletes what was stored.
   */
  storage: 'storage',
} as const satisfies Record<string, keyof ChatClientOptions>;

export type ClientAttribute = keyof typeof CLIENT_ATTRIBUTES;
export type ConfigOption = (typeof CLIENT_ATTRIBUTES)[ClientAttribute];

/** Attributes that change only the UI. */
const UI_ATTRIBUTES = [
  /** The panel's title. */
  'heading',
  /**
   * The panel is open; reflects the state both ways. In a framework, bind the `isOpen` property
   * instead: `open` is also the element's `open()` method, which a framework setting properties
   * would overwrite.
   * @property isOpen
   * @type boolean
   */
  'open',
  /**
   * While the page is hidden, its title shows the unread count, "(2) My shop", and comes back
   * when it is visible again. Off unless set (`notify-title="false"` is off too).
   * @type boolean
   */
  'notify-title',
  /**
   * A short soft sound for a message that arrives while the page is hidden or the panel closed:
   * from one tab of the browser, at most once every few seconds, never before the visitor has
   * used the page. Off unless set (`notify-sound="false"` is off too).
   * @type boolean
   */
  'notify-sound',
  /**
   * Bot and agent texts are drawn as a safe subset of Markdown: bold, italics, code, links (http,
   * https, mailto, tel), lists and quotes; anything else, HTML included, shows as written. On
   * when present, as HTML's boolean attributes. The visitor's own texts are never Markdown.
   * @type boolean
   */
  'markdown',
  /**
   * `launcher` (default): a floating launcher and its panel; `inline`: the chat in the page's own
   * flow, filling the element's box (`--parley-height`, default 560px), connected on the visitor's
   * first interaction inside it. From the script tag, `data-target` names where it goes.
   * @type 'launcher' | 'inline'
   */
  'layout',
  /**
   * `button` (default): the floating launcher; `none`: no floating button, the site opens the
   * panel itself (`open()`, or any element with `data-parley-open`).
   * @type 'button' | 'none'
   */
  'launcher',
  /**
   * A short greeting shown in a bubble beside the launcher after `teaser-delay` seconds (at most
   * 140 characters drawn), until the visitor opens the chat or dismisses it; never where this
   * browser already has a conversation, nor with `launcher="none"`.
   */
  'teaser',
  /**
   * Seconds before the teaser shows (default 3).
   * @property teaserDelay
   */
  'teaser-delay',
] as const;

type UiAttribute = (typeof UI_ATTRIBUTES)[number];
/** Every attribute `<parley-chat>` observes. */
export type ObservedAttribute = ClientAttribute | UiAttribute;

export const OBSERVED_ATTRIBUTES: string[] = [...Object.keys(CLIENT_ATTRIBUTES), ...UI_ATTRIBUTES];

/** The properties of the UI's attributes that reflect them as the client's do (element.launcher = 'none'). */
export const UI_PROPERTIES: Readonly<Record<string, string>> = {
  heading: 'heading',
  layout: 'layout',
  launcher: 'launcher',
  teaser: 'teaser',
  'teaser-delay': 'teaserDelay',
};

export function isClientAttribute(name: string): name is ClientAttribute {
  return Object.hasOwn(CLIENT_ATTRIBUTES, name);
}

/** Reads the client options from an element's attributes; empty values count as absent. */
export function optionsFromAttributes(element: Element): Partial<Pick<ChatClientOptions, ConfigOption>> {
  const options: Partial<Record<ConfigOption, string>> = {};
  for (const [attribute, option] of Object.entries(CLIENT_ATTRIBUTES) as Array<[ClientAttribute, ConfigOption]>) {
    const value = element.getAttribute(attribute)?.trim();
    if (value) options[option] = value;
  }
  // As written: checkOptions says what is wrong with a storage that is not one of the modes.
  return options as Partial<Pick<ChatClientOptions, ConfigOption>>;
}
