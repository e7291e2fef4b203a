// What the framework typings share (parley-chat/react, /preact, /vue, /svelte, /solid): the
// attributes as HTML spells them, the properties a framework may set, and the events.
// Types only: nothing here reaches a bundle.
import type { ParleyChatElement, ParleyChatEventMap, ParleyRenderers } from '../loader/api.ts';
import type { Strings } from '../i18n/strings.ts';

export type { ParleyChatElement, ParleyChatEventMap, ParleyRenderers };

/**
 * `<parley-chat>`'s attributes, spelled as in HTML, except `open`: bind the `isOpen` property
 * instead, since `open` is also the `open()` method, which React, Preact, Vue and Solid would
 * overwrite when they set it as a property (and Svelte turns `open={false}` into `open="false"`).
 * `src/loader/manifest.test.ts` checks these names against the attributes the element observes.
 */
export interface ParleyChatAttributes {
  /** The channel's `clientId` (required). */
  'client-id'?: string;
  /** Address of the service (required). */
  'base-url'?: string;
  /** Set: client-nonce mode, `GET {sdk-url}/socket.info` with the four secret headers. */
  'sdk-url'?: string;
  /** Prefix of the client-nonce headers (default `x-svc`). */
  'header-prefix'?: string;
  storage?: 'local' | 'session' | 'memory';
  /** Use this thread instead of the stored or a new one. */
  'thread-id'?: string;
  /** An event sent once, when a new thread first connects. */
  'start-event'?: string;
  /** The widget's language, a BCP 47 tag (`nl`, `pt-BR`): its texts and `metadata.language`; default from the browser. */
  language?: string;
  /** The panel's title. */
  heading?: string;
  /** While the page is hidden, its title shows the unread count. Off unless set. */
  'notify-title'?: boolean | '' | 'true' | 'false';
  /** A short sound for a message that arrives while the page is hidden or the panel closed. Off unless set. */
  'notify-sound'?: boolean | '' | 'true' | 'false';
  /** Bot and agent texts drawn as a safe subset of Markdown (bold, italics, code, links, lists, quotes). Off unless set. */
  markdown?: boolean;
  /** `launcher` (default) or `inline`: the chat in the page's flow, filling the element's box. */
  layout?: 'launcher' | 'inline';
  /** `button` (default): the floating launcher; `none`: the site opens the panel itself (`open()`, `data-parley-open`). */
  launcher?: 'button' | 'none';
  /** A short greeting in a bubble beside the launcher, after `teaser-delay` seconds (default 3). */
  teaser?: string;
  /** Seconds before the teaser shows. */
  'teaser-delay'?: number | `${number}`;
}

/** The properties worth setting from a template: the open state, the UI strings, the site's renderers. */
export interface ParleyChatProperties {
  /** The panel is open (reflected as the `open` attribute). */
  isOpen?: boolean;
  /** Overrides of any UI string (see `defaultStrings`). */
  strings?: Partial<Strings>;
  /** The site's own drawing of response types (`custom`, or a template): each returns a DOM node, or null for the widget's. */
  renderers?: ParleyRenderers;
}

/** A listener of one of the element's events. */
export type ParleyChatListener<K extends keyof ParleyChatEventMap> = (event: ParleyChatEventMap[K]) => void;

/**
 * The events as props: `${Prefix}parley:message` and so on. React 19, Preact and Svelte 5 take
 * `onparley:message`; so does Solid (it turns `on` + a name into a listener).
 */
export type ParleyChatEventProps<Prefix extends string> = {
  [K in keyof ParleyChatEventMap as `${Prefix}${K}`]?: ParleyChatListener<K>;
};

/** Vue's spelling of the events as props: `onParley:message` (`@parley:message` in a template). */
export type ParleyChatVueEventProps = {
  [K in keyof ParleyChatEventMap as `on${Capitalize<K>}`]?: ParleyChatListener<K>;
};
