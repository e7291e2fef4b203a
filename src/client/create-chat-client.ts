// createChatClient: the headless client, and the wiring of its parts. The conversation is
// shared by every tab of the browser for the same clientId: one tab's engine holds the socket
// (engine/engine.ts), each tab shows a replica of it (conversation/replica.ts), and
// tabs/coordinator.ts decides which is which.
import { askEarly } from '../connection/early-address.ts';
import { signal } from '@preact/signals-core';
import { resolvePlatform } from '../browser/platform.ts';
import { resolveHttpUrl } from '../util/http-url.ts';
import type { ChatClientEventMap, SharedEvent } from '../conversation/events.ts';
import { browserLocale, type ChatUser } from '../conversation/send-payloads.ts';
import { createReplica, type Op } from '../conversation/replica.ts';
import { keptAtPageHide } from './page-hide.ts';
import { MAX_MESSAGE_LENGTH } from '../protocol/limits.ts';
import { browserTabSupport, createCoordinator, type Coordinator } from '../tabs/coordinator.ts';
import { checkOptions } from '../options/check-options.ts';
import { createDrafts } from './drafts.ts';
import { createEmitter } from './emitter.ts';
import { engineFactory } from './engine-factory.ts';
import { loadOlder } from './older.ts';
import { createSending } from './sending.ts';
import { clientStorage } from './storage.ts';
import { configurationError, reportedStatus } from './status.ts';
import { tabDraft, tabPanelState } from '../browser/panel-state.ts';
import { wholeTranscript } from './transcript.ts';
import type { ChatClient } from './chat-client.ts';
import type { ChatClientOptions } from '../options/client-options.ts';

export type { ChatClient, ChatClientEventMap, ChatClientOptions };
export { checkOptions };

/** The longest text message `send()` and the composer take (the socket sets no limit). */
export { MAX_MESSAGE_LENGTH };

/** What a configuration that cannot work shows: nothing, idle (a fresh one each time: replicas keep it). */
const noConversation = (): Op => ({
  op: 'state',
  state: { threadId: '', entries: [], hasOlder: false, stored: false, readSeq: 0, typing: false, status: { state: 'idle' } },
});

/** reset() and forget(), in every tab (none for a configuration that cannot work). */
function threadEnds(
  ready: Promise<void>,
  works: () => boolean,
  coordinator: Pick<Coordinator, 'reset' | 'forget'>,
): Pick<ChatClient, 'reset' | 'forget'> {
  const inEveryTab = (run: () => Promise<void>) => async () => {
    await ready;
    if (works()) await run();
  };
  return { reset: inEveryTab(coordinator.reset), forget: inEveryTab(coordinator.forget) };
}

export function createChatClient(options: ChatClientOptions): ChatClient {
  const platform = resolvePlatform(options.platform);
  const { clock, logger } = platform;
  // The storage mode's store (where the browser refuses IndexedDB, this page's memory).
  const storage = clientStorage(options, logger);
  const { store } = storage;
  const events = createEmitter<ChatClientEventMap>(logger);
  const tabId = Math.random().toString(36).slice(2, 10);
  const drafts = createDrafts({ tabId, clock, locale: options.locale ?? browserLocale, language: options.language, user: options.user });
  const panelState = tabPanelState(options.clientId ?? '');
  const panelOpen = signal(panelState.read());
  const replica = createReplica();
  const { snapshot, unsent, stop: stopKeeping } = keptAtPageHide(options.clientId ?? '', logger, replica);
  let destroyed = false;
  let reconnect = false;

  const configError = configurationError(options, logger);
  const { status, stop: stopStatusEvents } = reportedStatus(replica.status, configError, events.emit);

  const coordinator = createCoordinator({
    name: `parley:${options.clientId}`,
    tabId,
    support: options.tabs === false ? undefined : (options.tabs ?? browserTabSupport()),
    replica,
    store,
    clock,
    isVisible: () => platform.environment.isVisible(),
    logger,
    forgetHere: () => {
      // Forgotten (here or in another tab): the socket is closed, and the next message opens it.
      reconnect = true;
      return storage.forget();
    },
    emit: (event: SharedEvent) => events.emit(event.type, event.detail as never),
    createEngine: engineFactory(options, {
      platform,
      store,
      startEvent: drafts.startEvent,
      shown: () => (replica.loaded.value && replica.threadId.value ? replica.state() : undefined),
    }),
  });

  if (configError) {
    replica.apply(noConversation());
  } else {
    coordinator.join();
    // Until the holder (this tab or another) says what is current, a reload shows at once what
    // this tab showed before it.
    const shown = snapshot.read();
    if (shown && (!options.threadId || shown.threadId === options.threadId)) coordinator.preview(shown);
  }
  const ready: Promise<void> = configError ? Promise.resolve() : coordinator.ready;
  // Forgotten (here or in another tab): the next message opens the socket again.
  const reconnectOnce = () => {
    if (reconnect) coordinator.connect();
    reconnect = false;
  };
  const sending = createSending(ready, () => destroyed || !!configError, coordinator, drafts, unsent, reconnectOnce);

  // Each member is documented on ChatClient (client/chat-client.ts).
  return {
    ready,
    status,
    entries: replica.entries,
    hasOlder: replica.hasOlder,
    typing: replica.typing,
    quickReplies: replica.quickReplies,
    unread: replica.unread,
    readSeq: replica.readSeq,
    serviceError: replica.serviceError,
    panelOpen,
    draft: tabDraft(options.clientId ?? ''),
    loaded: replica.loaded,
    hadStoredThread: replica.stored,
    get threadId(): string {
      return replica.threadId.value;
    },
    connect(): void {
      if (!destroyed && !configError) coordinator.connect();
    },
    disconnect(): void {
      coordinator.disconnect();
    },
    retryNow(): void {
      coordinator.send({ name: 'retryNow' });
    },
    ...sending,
    retry(traceId: number): void {
      coordinator.send({ name: 'retry', traceId });
    },
    discard(traceId: number): void {
      coordinator.send({ name: 'discard', traceId });
    },
    setUser(next: ChatUser): void {
      drafts.setUser(next);
    },
    setLanguage(language: string | undefined): void {
      drafts.setLanguage(language);
    },
    setPanelOpen(open: boolean): void {
      panelOpen.value = open;
      panelState.write(open);
    },
    markRead(): void {
      const seq = replica.latestReceivedSeq();
      if (seq > replica.readSeq.value) coordinator.send({ name: 'read', seq });
    },
    loadOlder: () => loadOlder(replica, store),
    dismissError(): void {
      coordinator.send({ name: 'dismissError' });
    },
    ...threadEnds(ready, () => !configError, coordinator),
    get storage() {
      return storage.mode;
    },
    setStorage: (mode) => storage.setMode(mode),
    transcript: () => wholeTranscript(replica, store),
    on: events.on,
    destroy(): Promise<void> {
      destroyed = true;
      stopKeeping();
      stopStatusEvents();
      events.clear();
      return coordinator.destroy();
    },
  };
}

/**
 * The connection's head start when the visitor opens the chat (issue 43): in plain mode its
 * address is asked for at once, before the panel is drawn, storage read and the tabs' holder
 * chosen; the holder's first attempt takes it (connection/early-address.ts).
 */
export function headStart(options: Partial<ChatClientOptions>, given: ChatClientOptions['platform']): void {
  const baseUrl = resolveHttpUrl(options.baseUrl ?? '');
  const platform = resolvePlatform(given);
  if (baseUrl && options.clientId && !options.sdkUrl?.trim())
    askEarly({ mode: 'plain', baseUrl, clientId: options.clientId }, platform, platform.clock.now());
}
