// The chat itself, loaded by the element on intent (or at once for a returning visitor): the
// headless client, its DOM events, and the Preact panel in the element's shadow root.
import { computed, effect, signal } from '@preact/signals-core';
import { h, render } from 'preact';
import { createChatClient, type ChatClientOptions } from '../client.ts';
import { ChatApp } from '../ui/App.tsx';
import { mergeChatStrings } from '../ui/strings.ts';
import { widgetCss } from '../ui/styles.ts';
import { prepareClock } from '../ui/time.ts';
import type { WidgetView } from '../ui/view.ts';
import { optionsFromAttributes } from '../element/attributes.ts';
import type { ChatHost, ElementState, MountedChat } from '../element/chat-host.ts';
import { sheetOf } from '../element/styles.ts';
import { trackVisualViewport } from './viewport.ts';

let chatSheet: CSSStyleSheet | undefined;

export function mountChat(host: ChatHost): MountedChat {
  const { element, root } = host;
  const state = signal<ElementState>(host.state);
  chatSheet ??= sheetOf(widgetCss);
  if (!root.adoptedStyleSheets.includes(chatSheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, chatSheet];

  // A bad configuration is the client's to explain: an `error` status and a console error.
  const options = optionsFromAttributes(element);
  const client = createChatClient({ ...host.deps, ...options, ...(host.user ? { user: host.user } : {}) } as ChatClientOptions);
  const teardown = wireEvents(host, client);
  // Opened before the chat arrived: the tab remembers it, as for an open once the chat is here.
  if (host.state.open) client.setPanelOpen(true);

  const open = computed(() => state.value.open);
  const strings = computed(() => mergeChatStrings(state.value.strings));
  const view: WidgetView = {
    client,
    open,
    askedOpen: host.state.askedOpen,
    heading: computed(() => state.value.heading?.trim() || strings.value.heading),
    strings,
    setOpen: host.setOpen,
    focusLauncher: host.launcher.focus,
  };
  render(h(ChatApp, { view }), host.mountPoint);
  teardown.push(watchViewport(root, open), effect(() => host.launcher.setUnread(client.unread.value)));
  // The panel was open before a reload: its messages show as soon as they are loaded. Their
  // clock's locale data loads now, in a task of its own, while storage is being read.
  if (client.panelOpen.value || open.value) {
    const timer = setTimeout(prepareClock);
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
      if (!opened) return;
      client.setPanelOpen(next.open);
      if (next.open) client.connect();
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
