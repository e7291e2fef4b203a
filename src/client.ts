// createChatClient: the headless client, and the wiring of its parts. The conversation is
// shared by every tab of the browser for the same clientId: one tab's engine holds the socket
// (conversation/engine.ts), each tab shows a replica of it (conversation/replica.ts), and
// tabs/coordinator.ts decides which is which.
import { signal, type ReadonlySignal } from '@preact/signals-core';
import { systemClock } from './connection/clock.ts';
import { browserEnvironment } from './connection/environment.ts';
import type { ConnectionStatus } from './connection/status.ts';
import type { ChatClientEventMap, SharedEvent } from './conversation/events.ts';
import { browserLocale, type ChatUser, type SendRequest } from './conversation/outgoing.ts';
import { memoryStore } from './conversation/memory-store.ts';
import { indexedDbStore } from './conversation/indexeddb-store.ts';
import { indexedDbFactory } from './browser/features.ts';
import { createReplica } from './conversation/replica.ts';
import { viewSnapshot } from './conversation/view-snapshot.ts';
import { unsentRequests } from './client/unsent.ts';
import type { TranscriptEntry, UserEntry } from './conversation/transcript.ts';
import type { QuickReply } from './protocol/frames.ts';
import type { RichAction } from './conversation/rich.ts';
import { MAX_MESSAGE_LENGTH } from './protocol/limits.ts';
import { browserTabSupport, createCoordinator } from './tabs/coordinator.ts';
import { checkOptions } from './check-options.ts';
import { createDrafts, optimisticEntry } from './client/drafts.ts';
import { createEmitter } from './client/emitter.ts';
import { engineFactory } from './client/engine-factory.ts';
import { configurationError, reportedStatus } from './client/status.ts';
import { tabDraft, tabPanelState } from './panel-state.ts';
import { randomUuid } from './util/uuid.ts';
import type { ChatClientOptions } from './client/options.ts';

export type { ChatClientEventMap, ChatClientOptions };
export { checkOptions };

/** The longest text message `send()` and the composer take (the socket sets no limit). */
export { MAX_MESSAGE_LENGTH };

/** Entries read from storage at a time when the visitor scrolls back. */
const OLDER_PAGE = 50;

// oxlint-disable-next-line max-lines-per-function -- a whole subsystem in one closure, to split along its seams (issue 29)
export function createChatClient(options: ChatClientOptions) {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? console;
  // Where the browser refuses IndexedDB (an opaque origin, storage blocked) the conversation lives in this page.
  const store = options.store ?? (indexedDbFactory() ? indexedDbStore(options.clientId ?? '', logger) : memoryStore(`parley:${options.clientId}`));
  const events = createEmitter<ChatClientEventMap>(logger);
  const tabId = Math.random().toString(36).slice(2, 10);
  const drafts = createDrafts({ tabId, clock, locale: options.locale ?? browserLocale, language: options.language, user: options.user });
  const panelState = tabPanelState(options.clientId ?? '');
  const panelOpen = signal(panelState.read());
  const replica = createReplica();
  const snapshot = viewSnapshot(options.clientId ?? '', logger);
  const unsent = unsentRequests(options.clientId ?? '', logger);
  const keepSnapshot = () => {
    if (replica.loaded.value && replica.threadId.value) snapshot.write(replica.state());
    unsent.keep(replica.entries.value);
  };
  globalThis.addEventListener?.('pagehide', keepSnapshot);
  let destroyed = false;

  const configError = configurationError(options, logger);
  const { status, stop: stopStatusEvents } = reportedStatus(replica.status, configError, events.emit);

  const coordinator = createCoordinator({
    name: `parley:${options.clientId}`,
    tabId,
    support: options.tabs === false ? undefined : (options.tabs ?? browserTabSupport()),
    replica,
    store,
    clock,
    isVisible: () => (options.environment ?? browserEnvironment()).isVisible(),
    logger,
    emit: (event: SharedEvent) => events.emit(event.type, event.detail as never),
    createEngine: engineFactory(options, {
      clock,
      uuid: options.uuid ?? randomUuid,
      store,
      logger,
      startEvent: drafts.startEvent,
      shown: () => (replica.loaded.value && replica.threadId.value ? replica.state() : undefined),
    }),
  });

  if (configError) {
    replica.apply({
      op: 'state',
      state: { threadId: '', entries: [], hasOlder: false, stored: false, readSeq: 0, typing: false, status: { state: 'idle' } },
    });
  } else {
    coordinator.join();
    // Until the holder (this tab or another) says what is current, a reload shows at once what
    // this tab showed before it.
    const shown = snapshot.read();
    if (shown && (!options.threadId || shown.threadId === options.threadId)) coordinator.preview(shown);
  }
  const ready: Promise<void> = configError ? Promise.resolve() : coordinator.ready;
  // What the last page of this tab typed but had not saved goes in again, once.
  if (!configError) for (const request of unsent.take()) void submit(request);

  async function submit(sent: SendRequest | undefined): Promise<UserEntry | undefined> {
    await ready;
    if (!sent || destroyed || configError) return undefined;
    unsent.track(sent);
    return coordinator.submit(sent, optimisticEntry(sent));
  }

  return {
    /** Resolves once the conversation (stored, or shared by another tab) is loaded. */
    ready,
    /** The connection as the UI shows it (in every tab: the holding tab's). */
    status: status as ReadonlySignal<ConnectionStatus>,
    /** The latest messages of the thread, in order; hidden user entries (events) included. */
    entries: replica.entries as ReadonlySignal<readonly TranscriptEntry[]>,
    /** Older messages than `entries` are stored: `loadOlder()` brings them. */
    hasOlder: replica.hasOlder as ReadonlySignal<boolean>,
    /** True while a response is waiting for its delay or the service says keepTyping. */
    typing: replica.typing as ReadonlySignal<boolean>,
    /** Quick replies on offer now (those of the latest message, until the user answers). */
    quickReplies: replica.quickReplies,
    /** Bot and agent messages no tab has shown yet. */
    unread: replica.unread,
    /** The seq of the latest message shown in any tab (those after it are unread). */
    readSeq: replica.readSeq as ReadonlySignal<number>,
    /** The last `error` frame's message, until dismissed. */
    serviceError: replica.serviceError as ReadonlySignal<string | undefined>,
    /** The panel was open in this tab before a reload. */
    panelOpen: panelOpen as ReadonlySignal<boolean>,
    /** The composer's unsent text in this tab (kept across closing the panel and reloads). */
    draft: tabDraft(options.clientId ?? ''),
    /** The conversation is loaded; `ready` has resolved. */
    loaded: replica.loaded as ReadonlySignal<boolean>,
    /** This browser already had this conversation when the client was created. */
    hadStoredThread: replica.stored as ReadonlySignal<boolean>,

    get threadId(): string {
      return replica.threadId.value;
    },

    /** Connects (a no-op while connected). The first connection of a new thread sends the start event. */
    connect(): void {
      if (!destroyed && !configError) coordinator.connect();
    },

    /** This tab no longer needs the connection; the holding tab closes its socket. Undelivered messages stay queued. */
    disconnect(): void {
      coordinator.disconnect();
    },

    /** Skips the rest of a reconnect wait. */
    retryNow(): void {
      coordinator.send({ name: 'retryNow' });
    },

    /** Sends a text message; resolves with its transcript entry, or undefined if it could not be queued. */
    async send(text: string): Promise<UserEntry | undefined> {
      return submit(drafts.text(text));
    },

    /** Sends an event attachment; params go in metadata.params. No bubble is shown. */
    async sendEvent(name: string, params?: Record<string, unknown>): Promise<UserEntry | undefined> {
      return submit(drafts.event(name, params));
    },

    /** Answers with a quick reply: the bubble shows its label. */
    async sendQuickReply(reply: QuickReply): Promise<UserEntry | undefined> {
      return submit(drafts.quickReply(reply));
    },

    /**
     * Performs a rich response's button or action that talks to the bot: `postback` sends its
     * text, `event` an event attachment with its params; either way the bubble shows the label.
     */
    async sendAction(label: string, action: RichAction): Promise<UserEntry | undefined> {
      return submit(drafts.action(label, action));
    },

    /** Sends a failed message again, with its original traceId (connecting if need be). */
    retry(traceId: number): void {
      coordinator.send({ name: 'retry', traceId });
    },

    /** Gives up a failed message: it leaves the transcript and is never sent. */
    discard(traceId: number): void {
      coordinator.send({ name: 'discard', traceId });
    },

    /** Name, profile and metadata sent as the originator of the next messages. */
    setUser(next: ChatUser): void {
      drafts.setUser(next);
    },

    /** The language the next messages carry as `metadata.language` (a two-letter code; the browser's when unset). */
    setLanguage(language: string | undefined): void {
      drafts.setLanguage(language);
    },

    /** Remembers whether this tab's panel is open, across its reloads. */
    setPanelOpen(open: boolean): void {
      panelOpen.value = open;
      panelState.write(open);
    },

    /** The messages on screen have been seen: unread counts drop in every tab. */
    markRead(): void {
      const seq = replica.latestReceivedSeq();
      if (seq > replica.readSeq.value) coordinator.send({ name: 'read', seq });
    },

    /** Brings older stored messages into `entries` (the visitor scrolled back). */
    async loadOlder(): Promise<void> {
      const before = replica.oldestSeq();
      if (before === undefined || !replica.hasOlder.value) return;
      const older = await store.loadOlder(replica.threadId.value, before, OLDER_PAGE).catch(() => []);
      // Meanwhile new messages may have pushed the oldest out of memory: these would leave a gap.
      if (replica.oldestSeq() === before) replica.prepend(older, older.length === OLDER_PAGE);
    },

    dismissError(): void {
      coordinator.send({ name: 'dismissError' });
    },

    /** Starts a new thread with an empty transcript, in every tab; reconnects if connected. */
    async reset(): Promise<void> {
      await ready;
      if (!configError) await coordinator.reset();
    },

    /** Adds a listener; returns what removes it. */
    on: events.on,

    /** Closes everything: socket, timers, listeners; another tab takes over. Pending saves still complete. */
    destroy(): Promise<void> {
      destroyed = true;
      globalThis.removeEventListener?.('pagehide', keepSnapshot);
      stopStatusEvents();
      events.clear();
      return coordinator.destroy();
    },
  };
}

export type ChatClient = ReturnType<typeof createChatClient>;
