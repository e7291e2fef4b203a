// The console's model: the emulator's state as signals, kept live by the feed (Server-Sent
// Events). The feed only carries changes, so each (re)opening of it reloads the state; events
// that arrive while a load is under way wait for it and are applied after, so none is lost and
// none is undone by an older snapshot (every event replaces a whole record, keyed by id).
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-core';
import type { BoundName } from '../retention.ts';
import type { ConsoleSettings, FeedEvent, ThreadSummary, TranscriptEntry, WebhookDelivery } from '../model.ts';
import { ActionError, type ConsoleApi } from './api.ts';

/** The part of EventSource the store uses (a test passes a fake). */
export interface FeedSource {
  readonly readyState: number;
  onopen: ((event: Event) => unknown) | null;
  onmessage: ((event: MessageEvent) => unknown) | null;
  onerror: ((event: Event) => unknown) | null;
  close(): void;
}
export type FeedSourceConstructor = new (url: string) => FeedSource;

/** connecting: first try; live: open; reconnecting: EventSource is retrying; offline: it gave up. */
export type FeedStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

const CLOSED = 2;
/** After EventSource gives up (an answer that is not a stream), the store tries again this late. */
export const RETRY_MS = 5000;

export interface ConsoleStore {
  readonly settings: ReadonlySignal<ConsoleSettings | undefined>;
  /** Newest activity first. */
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

// oxlint-disable-next-line max-lines-per-function -- a whole subsystem in one closure, to split along its seams (issue 29)
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

  const threads = computed(() =>
    // Those waiting for an agent (handover) first, then the latest activity first.
    [...threadMap.value.values()].sort(
      (a, b) => Number(b.status === 'handover') - Number(a.status === 'handover') || b.lastActivityAt - a.lastActivityAt || (a.threadId < b.threadId ? -1 : 1),
    ),
  );
  const webhooks = computed(() => [...webhookMap.value.values()].sort((a, b) => b.createdAt - a.createdAt));
  const selected = computed(() => (selectedId.value === undefined ? undefined : threadMap.value.get(selectedId.value)));

  // Feed events held while the state (stateHeld) or the selected transcript (entriesHeld) loads.
  let stateHeld: FeedEvent[] | undefined;
  let entriesHeld: TranscriptEntry[] | undefined;
  let stateLoad = 0;
  let transcriptLoad = 0;
  let source: FeedSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  const markUnread = (threadId: string, isUnread: boolean) => {
    if (unread.value.has(threadId) === isUnread) return;
    const next = new Set(unread.value);
    if (isUnread) next.add(threadId);
    else next.delete(threadId);
    unread.value = next;
  };

  const addEntry = (entry: TranscriptEntry) => {
    if (entry.threadId !== selectedId.value) return markUnread(entry.threadId, true);
    if (entriesHeld) return void entriesHeld.push(entry);
    const current = transcript.value;
    if (current && !current.some((known) => known.id === entry.id)) transcript.value = [...current, entry];
  };

  const apply = (event: FeedEvent) => {
    switch (event.kind) {
      case 'thread': {
        const next = new Map(threadMap.value);
        next.set(event.thread.threadId, event.thread);
        threadMap.value = next;
        return;
      }
      case 'entry':
        return addEntry(event.entry);
      case 'webhook': {
        const next = new Map(webhookMap.value);
        next.set(event.delivery.id, event.delivery);
        webhookMap.value = next;
        return;
      }
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

  const loadTranscript = async (threadId: string) => {
    const load = ++transcriptLoad;
    entriesHeld = [];
    try {
      const detail = await api.thread(threadId);
      if (load !== transcriptLoad) return;
      const entries = [...detail.transcript];
      const known = new Set(entries.map((entry) => entry.id));
      for (const entry of entriesHeld) if (!known.has(entry.id)) entries.push(entry);
      batch(() => {
        transcript.value = entries;
        transcriptError.value = undefined;
        const next = new Map(threadMap.value);
        next.set(detail.thread.threadId, detail.thread);
        threadMap.value = next;
      });
    } catch (error) {
      if (load !== transcriptLoad) return;
      batch(() => {
        transcript.value = undefined;
        transcriptError.value =
          error instanceof ActionError && error.status === 404 ? 'This thread no longer exists.' : messageOf(error);
      });
    } finally {
      if (load === transcriptLoad) entriesHeld = undefined;
    }
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
    const reload = threadId === undefined ? undefined : loadTranscript(threadId);
    batch(() => held.forEach(apply));
    await reload;
  }

  const connect = () => {
    if (disposed) return;
    const feedSource = new options.EventSource(options.feedUrl ?? 'api/feed');
    source = feedSource;
    feedSource.onopen = () => {
      if (source !== feedSource) return;
      feed.value = 'live';
      void refresh();
    };
    feedSource.onmessage = (message) => {
      if (source !== feedSource) return;
      let event: FeedEvent;
      try {
        event = JSON.parse(String(message.data)) as FeedEvent;
      } catch {
        return; // Not ours: ignored, never a crash.
      }
      if (event && typeof event === 'object' && typeof event.kind === 'string') receive(event);
    };
    feedSource.onerror = () => {
      if (source !== feedSource) return;
      if (feedSource.readyState !== CLOSED) {
        feed.value = 'reconnecting';
        return;
      }
      // EventSource gave up (e.g. the emulator answered 503): try again a little later.
      feed.value = 'offline';
      feedSource.close();
      source = undefined;
      retry = setTimeout(connect, RETRY_MS);
      // Show what can be shown meanwhile (or why nothing can).
      void refresh();
    };
  };

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
      if (threadId === undefined) {
        transcriptLoad++;
        entriesHeld = undefined;
      } else void loadTranscript(threadId);
    },
    refresh,
    async setWebhookUrl(url) {
      settings.value = await api.setWebhookUrl(url);
    },
    start() {
      if (source || disposed) return;
      connect();
    },
    dispose() {
      disposed = true;
      clearTimeout(retry);
      source?.close();
      source = undefined;
    },
  };
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
