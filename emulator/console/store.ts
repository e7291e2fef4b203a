// The console's model: the emulator's state as signals, kept live by the feed (Server-Sent
// Events). The feed only carries changes, so each (re)opening of it reloads the state; events
// that arrive while a load is under way wait for it and are applied after, so none is lost and
// none is undone by an older snapshot (every event replaces a whole record, keyed by id).
// The feed's connection is feed-connection.ts; the selected transcript's loading, selected-transcript.ts.
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-core';
import type { BoundName } from '../safety/retention.ts';
import type { ConsoleSettings, FeedEvent, ThreadSummary, TranscriptEntry, WebhookAttempt, WebhookDelivery } from '../core/model.ts';
import { messageOf, type ConsoleApi } from './api.ts';
import { createFeedConnection, type FeedSourceConstructor, type FeedStatus } from './feed-connection.ts';
import { createSelectedTranscript } from './selected-transcript.ts';

export { messageOf } from './api.ts';
export { RETRY_MS, type FeedSource, type FeedStatus } from './feed-connection.ts';

export interface ConsoleStore {
  readonly settings: ReadonlySignal<ConsoleSettings | undefined>;
  /** Those waiting for an agent (handover) first, then the newest activity first. */
  readonly threads: ReadonlySignal<ThreadSummary[]>;
  /** Newest first. */
  readonly webhooks: ReadonlySignal<WebhookDelivery[]>;
  readonly selectedId: ReadonlySignal<string | undefined>;
  readonly selected: ReadonlySignal<ThreadSummary | undefined>;
  /** The selected thread's transcript; undefined while it loads (or when none is selected). */
  readonly transcript: ReadonlySignal<TranscriptEntry[] | undefined>;
  /** Why the selected thread could not be loaded. */
  readonly transcriptError: ReadonlySignal<string | undefined>;
  /** Threads with entries the agent has not looked at. */
  readonly unread: ReadonlySignal<ReadonlySet<string>>;
  /** The emulator's bounds that dropped older items (it keeps a bounded history). */
  readonly dropped: ReadonlySignal<ReadonlySet<BoundName>>;
  readonly feed: ReadonlySignal<FeedStatus>;
  /** Why the state could not be loaded (cleared by the next good load). */
  readonly loadError: ReadonlySignal<string | undefined>;
  select(threadId: string | undefined): void;
  /** Loads the whole state again (and the selected transcript). */
  refresh(): Promise<void>;
  setWebhookUrl(url: string | null): Promise<void>;
  /**
   * Sends a delivery's event again now; resolves with its new attempt. The log shows the attempt
   * when the feed brings the delivery (an answer is never applied over a newer feed event).
   */
  resendWebhook(deliveryId: string): Promise<WebhookAttempt>;
  /** Opens the feed (the first open loads the state). */
  start(): void;
  dispose(): void;
}

export interface ConsoleStoreOptions {
  api: ConsoleApi;
  EventSource: FeedSourceConstructor;
  /** Address of the feed, relative to the page. */
  feedUrl?: string;
}

export function createConsoleStore(options: ConsoleStoreOptions): ConsoleStore {
  const { api } = options;
  const settings = signal<ConsoleSettings | undefined>(undefined);
  const threadMap = signal<ReadonlyMap<string, ThreadSummary>>(new Map());
  const webhookMap = signal<ReadonlyMap<string, WebhookDelivery>>(new Map());
  const selectedId = signal<string | undefined>(undefined);
  const transcript = signal<TranscriptEntry[] | undefined>(undefined);
  const transcriptError = signal<string | undefined>(undefined);
  const unread = signal<ReadonlySet<string>>(new Set());
  const dropped = signal<ReadonlySet<BoundName>>(new Set());
  const feed = signal<FeedStatus>('connecting');
  const loadError = signal<string | undefined>(undefined);

  const threads = computed(() => [...threadMap.value.values()].sort(byWaitingThenActivity));
  const webhooks = computed(() => [...webhookMap.value.values()].sort((a, b) => b.createdAt - a.createdAt));
  const selected = computed(() => (selectedId.value === undefined ? undefined : threadMap.value.get(selectedId.value)));

  // Feed events held while the state loads.
  let stateHeld: FeedEvent[] | undefined;
  let stateLoad = 0;
  const putThread = (thread: ThreadSummary) => (threadMap.value = withEntry(threadMap.value, thread.threadId, thread));
  const selection = createSelectedTranscript({ api, transcript, transcriptError, putThread });

  const markUnread = (threadId: string, isUnread: boolean) => {
    if (unread.value.has(threadId) === isUnread) return;
    const next = new Set(unread.value);
    if (isUnread) next.add(threadId);
    else next.delete(threadId);
    unread.value = next;
  };

  const addEntry = (entry: TranscriptEntry) => {
    if (entry.threadId !== selectedId.value) return markUnread(entry.threadId, true);
    selection.add(entry);
  };

  const apply = (event: FeedEvent) => {
    switch (event.kind) {
      case 'thread':
        return void putThread(event.thread);
      case 'entry':
        return addEntry(event.entry);
      case 'webhook':
        webhookMap.value = withEntry(webhookMap.value, event.delivery.id, event.delivery);
        return;
      case 'dropped':
        if (!dropped.value.has(event.bound)) dropped.value = new Set([...dropped.value, event.bound]);
        return;
      case 'reset':
        unread.value = new Set();
        void refresh();
        return;
    }
  };

  const receive = (event: FeedEvent) => {
    if (stateHeld) stateHeld.push(event);
    else batch(() => apply(event));
  };

  async function refresh(): Promise<void> {
    const load = ++stateLoad;
    stateHeld ??= [];
    try {
      const state = await api.state();
      if (load !== stateLoad) return;
      batch(() => {
        settings.value = state.settings;
        threadMap.value = new Map(state.threads.map((thread) => [thread.threadId, thread]));
        webhookMap.value = new Map(state.webhooks.map((delivery) => [delivery.id, delivery]));
        dropped.value = new Set(state.dropped ?? []);
        loadError.value = undefined;
      });
    } catch (error) {
      if (load !== stateLoad) return;
      loadError.value = messageOf(error);
    }
    const held = stateHeld ?? [];
    stateHeld = undefined;
    const threadId = selectedId.peek();
    // The transcript reload takes the entries from now on; the held ones merge in by id.
    const reload = threadId === undefined ? undefined : selection.load(threadId);
    batch(() => held.forEach(apply));
    await reload;
  }

  const connection = createFeedConnection({
    EventSource: options.EventSource,
    url: options.feedUrl ?? 'api/feed',
    status: feed,
    reload: () => void refresh(),
    receive,
  });

  return {
    settings,
    threads,
    webhooks,
    selectedId,
    selected,
    transcript,
    transcriptError,
    unread,
    dropped,
    feed,
    loadError,
    select(threadId) {
      if (threadId === selectedId.peek()) return;
      batch(() => {
        selectedId.value = threadId;
        transcript.value = undefined;
        transcriptError.value = undefined;
        if (threadId !== undefined) markUnread(threadId, false);
      });
      if (threadId === undefined) selection.forget();
      else void selection.load(threadId);
    },
    refresh,
    async setWebhookUrl(url) {
      settings.value = await api.setWebhookUrl(url);
    },
    resendWebhook: (deliveryId) => api.resendWebhook(deliveryId),
    start: connection.start,
    dispose: connection.dispose,
  };
}

/** Those waiting for an agent (handover) first, then the latest activity first. */
function byWaitingThenActivity(a: ThreadSummary, b: ThreadSummary): number {
  return (
    Number(b.status === 'handover') - Number(a.status === 'handover') ||
    b.lastActivityAt - a.lastActivityAt ||
    (a.threadId < b.threadId ? -1 : 1)
  );
}

/** A copy of `map` with `key` set: signals see a new map. */
function withEntry<V>(map: ReadonlyMap<string, V>, key: string, value: V): ReadonlyMap<string, V> {
  const next = new Map(map);
  next.set(key, value);
  return next;
}
