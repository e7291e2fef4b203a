// The chat itself, loaded by the element on intent (or at once for a returning visitor): the
// headless client, its DOM events, and the Preact panel in the element's shadow root.
import { computed, effect, signal } from '@preact/signals-core';
import { h, render } from 'preact';
import { watchInline } from './inline-layout.ts';
import { warnOfLayoutValues } from '../layouts/layout-values.ts';
import { createChatClient, headStart, type ChatClientOptions } from '../client/create-chat-client.ts';
import { ChatApp } from '../ui/App.tsx';
import { Panel } from '../ui/Panel.tsx';
import { panelStrings, say } from '../i18n/strings.ts';
import { widgetCss } from '../ui/styles.ts';
import { dayLabel, prepareClock } from '../ui/time.ts';
import type { WidgetView } from '../ui/view.ts';
import { optionsFromAttributes } from '../loader/attributes.ts';
import type { ChatHost, ElementState, MountedChat } from '../loader/chat-host.ts';
import type { ParleyChatElement } from '../loader/api.ts';
import { sheetOf } from '../loader/styles.ts';
import { notificationsAsked, watchNotifications } from './notifications-part.ts';
import { trackVisualViewport } from './viewport.ts';
import { richArrivedSignal } from '../ui/rich-slot.ts';
import { menuArrivedSignal } from '../ui/menu-slot.ts';
import { markdownArrivedSignal } from '../ui/markdown-slot.ts';

// Where the chat's parts come from, said by each build with the chat (define.ts, embed/chat.ts).
export { partsFrom } from '../parts/part.ts';

let chatSheet: CSSStyleSheet | undefined;
let richSheet: CSSStyleSheet | undefined;
let menuSheet: CSSStyleSheet | undefined;
let markdownSheet: CSSStyleSheet | undefined;

function adopt(root: ShadowRoot, sheet: CSSStyleSheet): void {
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

export function mountChat(host: ChatHost): MountedChat {
  const { element, root } = host;
  const state = signal<ElementState>(host.state);
  chatSheet ??= sheetOf(widgetCss);
  adopt(root, chatSheet);
  warnOfLayoutValues(element, ['launcher']);

  // A bad configuration is the client's to explain: an `error` status and a console error.
  const options = optionsFromAttributes(element);
  const client = createChatClient({ ...host.deps, ...options, ...(host.user ? { user: host.user } : {}) } as ChatClientOptions);
  const teardown = wireEvents(host, client);
  // Opened before the chat arrived: the tab remembers it, as for an open once the chat is here.
  if (host.state.open) client.setPanelOpen(true);
  // Opened by the visitor: the connection gets its head start before the panel is drawn.
  if (host.state.open && host.state.askedOpen && client.status.value.state !== 'error') headStart(options, host.deps.platform);

  const open = computed(() => state.value.open);
  const layout = watchInline(element, host.mountPoint, () => client.connect());
  teardown.push(layout.stop);
  const strings = computed(() => {
    const { words, strings: overrides } = state.value;
    return panelStrings(words.language, words.translation, overrides);
  });
  // A draft the page put in (open({ draft })): the composer takes it, then it is gone.
  let lastDraft = host.state.draft;
  const draft = signal(lastDraft?.text);
  const markdown = signal(element.hasAttribute('markdown'));
  // The element, as the site sees it: its renderers draw with its own send() and sendEvent().
  const site = element as ParleyChatElement;
  const renderers = signal(site.renderers);
  const view: WidgetView = {
    client,
    drawing: computed(() => ({ markdown: markdown.value, renderers: renderers.value, element: site })),
    open,
    inline: layout.inline,
    draft,
    askedOpen: host.state.askedOpen,
    // Read again with each change of the element's state (an attribute changed: a new state).
    heading: computed(() => (state.value && element.getAttribute('heading')?.trim()) || strings.value.heading),
    strings,
    setOpen: host.setOpen,
    focusLauncher: () => focusOpener(state.value.opener, element, host.launcher),
  };
  render(h(ChatApp, { view }), host.mountPoint);
  if (!open.value && !layout.inline.value) teardown.push(primePanel(root, view));
  teardown.push(
    watchViewport(root, open),
    effect(() => {
      const count = client.unread.value;
      // No Intl objects for none, nor while the panel (which hides the launcher) is open: the
      // first answer's count would make them in the task that shows it.
      host.launcher.setUnread(count, count > 0 && !open.value ? say(strings.value, 'unread', { count }) : '');
    }),
  );
  // The rich templates', the menu's and the Markdown's styles, after the chat's, once their code is here.
  teardown.push(
    effect(() => {
      const templates = richArrivedSignal.value;
      const menu = menuArrivedSignal.value;
      const markdown = markdownArrivedSignal.value;
      if (templates) adopt(root, (richSheet ??= sheetOf(templates.richCss)));
      if (menu) adopt(root, (menuSheet ??= sheetOf(menu.menuCss)));
      if (markdown) adopt(root, (markdownSheet ??= sheetOf(markdown.markdownCss)));
    }),
  );
  const notify = signal(notificationsAsked(element));
  teardown.push(watchNotifications({ clientId: options.clientId ?? '', unread: client.unread, open, notify }));
  // The messages' clock (its locale's Intl object, a tenth of a second on a slow phone) loads in
  // a task of its own: at once for a panel open before a reload, whose messages show as soon as
  // storage is read; for a panel the visitor just opened, once the connection has started: while
  // its address request is on its way, or while the socket opens on the address the head start
  // already has (the socket is made first, in the task that starts the connection).
  if (client.panelOpen.value || open.value) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const prepare = () =>
      (timer ??= setTimeout(() => {
        const { language } = strings.value;
        prepareClock(language);
        dayLabel(0, 0, language); // and the days' words ("Today"), which the first message says too
      }));
    if (!host.state.askedOpen) prepare();
    else teardown.push(effect(() => void (client.status.value.state !== 'idle' && prepare())));
    teardown.push(() => clearTimeout(timer));
  }

  let live = true;
  void client.ready.then(() => {
    if (!live) return;
    // Connect at load only for a visitor who already has a conversation here.
    if (client.panelOpen.value) host.setOpen(true);
    if (open.value || client.hadStoredThread.value) client.connect();
  });

  return {
    client,
    update(next) {
      const opened = next.open !== state.value.open;
      state.value = { ...next };
      if (next.draft && next.draft !== lastDraft) draft.value = (lastDraft = next.draft).text;
      markdown.value = element.hasAttribute('markdown');
      renderers.value = site.renderers;
      const asked = notificationsAsked(element);
      if (JSON.stringify(asked) !== JSON.stringify(notify.value)) notify.value = asked;
      // A live `language` changes the texts in place and what the next messages say they are in.
      client.setLanguage(optionsFromAttributes(element).language);
      if (!opened) return;
      client.setPanelOpen(next.open);
      // After the frame that shows the panel: connecting (tabs, storage, the address request)
      // would lengthen the task the visitor's click started.
      if (next.open) afterFrame(() => live && state.value.open && client.connect());
    },
    destroy() {
      live = false;
      for (const stop of teardown) stop();
      render(null, host.mountPoint);
      if (element.dataset.connection !== 'idle') {
        element.dataset.connection = 'idle';
        host.emit('parley:connection', { state: 'idle' });
      }
      void client.destroy();
    },
  };
}

/** Runs `work` in a task after the next frame (at once where there are no frames to wait for); returns a cancel. */
function afterFrame(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
    timer = setTimeout(work);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => (timer = setTimeout(work)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** The client's events as the element's DOM events and `data-connection`. */
function wireEvents(host: ChatHost, client: ReturnType<typeof createChatClient>): Array<() => void> {
  const { element, emit } = host;
  element.dataset.connection = client.status.value.state;
  const stops = [
    client.on('message', (payload) => emit('parley:message', payload)),
    client.on('delivered', (detail) => emit('parley:delivered', detail)),
    client.on('connection', ({ state }) => {
      element.dataset.connection = state;
      emit('parley:connection', { state });
    }),
    client.on('error', ({ message }) => emit('parley:error', { message })),
  ];
  const status = client.status.value;
  if (status.state === 'error') emit('parley:error', { message: status.error.message });
  return stops;
}

/** The visual viewport is watched only while the panel is open. */
function watchViewport(root: ShadowRoot, open: { value: boolean }): () => void {
  let stop: (() => void) | undefined;
  const dispose = effect(() => {
    if (open.value) stop ??= trackVisualViewport(root);
    else {
      stop?.();
      stop = undefined;
    }
  });
  return () => {
    dispose();
    stop?.();
  };
}

/**
 * Draws the panel once, unseen, when the page is next idle, then takes it away: the visitor's
 * click then finds the panel's code compiled and the stylesheets' rules matched, and the panel
 * comes in the next frame. It is drawn in a closed shadow root of its own, so nothing outside
 * (ids, parts, a test's selectors) ever sees a second panel; nothing of the conversation
 * changes (nothing read, nothing focused).
 */
function primePanel(root: ShadowRoot, view: WidgetView): () => void {
  const box = document.createElement('div');
  box.inert = true;
  const inner = box.attachShadow({ mode: 'closed' });
  inner.adoptedStyleSheets = root.adoptedStyleSheets;
  const panel = document.createElement('div');
  panel.className = 'primer';
  inner.append(panel);
  let cancelFrame = () => {};
  const done = () => {
    cancelFrame();
    render(null, panel);
    box.remove();
  };
  const draw = () => {
    if (view.open.value) return;
    root.append(box);
    const noop = () => undefined;
    render(
      h(Panel, {
        client: view.client,
        draft: signal(undefined),
        strings: view.strings.value,
        heading: view.heading.value,
        autoFocus: false,
        restored: true,
        onClose: noop,
        onCloseWithFocus: noop,
      }),
      panel,
    );
    // Taken away after the frame that styles and lays it out.
    cancelFrame = afterFrame(done);
  };
  const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  const cancelIdle = globalThis.cancelIdleCallback ?? clearTimeout;
  const handle = idle(draw, { timeout: 100 });
  return () => {
    cancelIdle(handle);
    done();
  };
}

// Back to the element that opened the panel while it is still on the page, else the launcher
// (also when the opener was the page's body or the element itself: focus was nowhere, or inside).
function focusOpener(opener: Element | null | undefined, element: HTMLElement, launcher: { focus(): void }): void {
  (opener instanceof HTMLElement && opener.isConnected && !opener.contains(element) ? opener : launcher).focus();
}
