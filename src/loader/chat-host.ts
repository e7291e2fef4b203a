// Where the loader and the chat meet. The element (the loader, in dist/parley.js) draws the
// launcher and keeps the element's state; the chat (chat/mount-chat.ts, loaded on intent) creates the
// client and renders the panel. Types only: importing this file loads nothing.
import type { ChatClient, ChatClientOptions } from '../client/create-chat-client.ts';
import type { ChatUser } from '../conversation/send-payloads.ts';
import type { Strings } from '../i18n/strings.ts';
import type { Translation } from '../i18n/translation.ts';
import type { ConfigOption } from './attributes.ts';
import type { Words } from './language.ts';
import type { Launcher } from './launcher.ts';
import type { ParleyChatEventMap } from './api.ts';

/** Test seams: anything createChatClient accepts besides the configuration. */
export type ElementDeps = Omit<Partial<ChatClientOptions>, ConfigOption>;

/** The element's own state, which the chat shows. */
export interface ElementState {
  open: boolean;
  /** Opened by the visitor or the page's script (not restored by a reload): the panel takes focus. */
  askedOpen: boolean;
  strings: Partial<Strings>;
  /** The language the panel speaks and its texts (fetched before the panel first shows). */
  words: Words;
  /** The latest draft the page put in (open({ draft }), data-parley-open): a new object each time. */
  draft?: { text: string } | undefined;
  /** The page's element that had focus when the panel opened (data-parley-open, open()): focus goes back to it. */
  opener?: Element | null;
}

export interface ChatHost {
  element: HTMLElement;
  root: ShadowRoot;
  /** Where the chat renders its panel. */
  mountPoint: Element;
  deps: ElementDeps;
  user: ChatUser | undefined;
  state: ElementState;
  launcher: Pick<Launcher, 'setUnread' | 'focus'>;
  /** Opens or closes the panel through the element (which reflects `open` and fires events). */
  setOpen(open: boolean): void;
  emit<K extends keyof ParleyChatEventMap>(type: K, detail: ParleyChatEventMap[K]['detail']): void;
}

export interface MountedChat {
  client: ChatClient;
  /** The element's state changed. */
  update(state: ElementState): void;
  destroy(): void;
}

/** What the chat's file provides. */
export interface ChatModule {
  mountChat(host: ChatHost): MountedChat;
  /** A language's texts (a file beside the chat's, or a chunk of the npm build); rejects with why not. */
  loadLanguage(tag: string): Promise<Translation>;
}

/**
 * What the code of the site's layouts needs of the element (layouts/: the teaser and the inline
 * layout; loaded only on pages with one of them).
 */
export interface LayoutsHost {
  element: HTMLElement & { readonly isOpen: boolean; readonly strings: Partial<Strings> };
  /** Where the launcher is: the teaser goes beside it, with its language and direction. */
  frame: Element;
  /** The bubble was activated: the panel opens, as the launcher opens it. */
  open(): void;
  /** The chat is wanted (the teaser dismissed, the inline chat near the viewport): it starts loading. */
  intent(): void;
}

/** The teaser's bubble: show(text?) and hide(), with the contract's rules inside. */
export interface Teaser {
  show(text?: string): void;
  hide(): void;
}

/** What the layouts' file provides: the inline layout placed and watched, and the teaser. */
export interface LayoutsModule {
  mountLayouts(host: LayoutsHost): Teaser;
}
