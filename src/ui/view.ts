// What the UI receives from the element: the headless client plus the element's own state.
// The UI never creates a client, touches attributes or dispatches DOM events itself.
import type { ReadonlySignal, Signal } from '@preact/signals-core';
import type { ChatClient } from '../client/create-chat-client.ts';
import type { PanelStrings } from '../i18n/strings.ts';
import type { ParleyChatElement, ParleyRenderers } from '../loader/api.ts';

/** How bot and agent responses are drawn. */
export interface Drawing {
  /** Texts as Markdown (the `markdown` attribute). */
  markdown: boolean;
  /** The site's renderers (the `renderers` property), and the element their nodes go in. */
  renderers: ParleyRenderers | undefined;
  element: ParleyChatElement;
}

export interface WidgetView {
  /** status, entries, typing, quickReplies, serviceError, and the actions on them. */
  client: ChatClient;
  /** How bot and agent responses are drawn: the `markdown` attribute, the `renderers` property. */
  drawing: ReadonlySignal<Drawing>;
  /** The panel is open. */
  open: ReadonlySignal<boolean>;
  /** The inline layout (layout="inline"): the panel is a region of the page, always shown. */
  inline: ReadonlySignal<boolean>;
  /** A text the page put in the composer (open({ draft })); the composer takes it and clears it. */
  draft: Signal<string | undefined>;
  /** It was opened by the visitor before the chat had loaded: it takes focus and animates in. */
  askedOpen?: boolean;
  /** The panel's title (the `heading` attribute, or strings.heading). */
  heading: ReadonlySignal<string>;
  strings: ReadonlySignal<PanelStrings>;
  /** Open or close the panel; the element reflects it, persists it, connects on first open. */
  setOpen(open: boolean): void;
  /** After the panel closes, focus goes back to what opened it, if still on the page, else to the launcher (loader/launcher.ts). */
  focusLauncher(): void;
}
