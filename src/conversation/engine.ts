// The conversation as the tab that holds the socket runs it: the connection, the outbox, the
// player of received messages and the journal. It is the only writer of the stored thread and
// the only allocator of traceIds; it reports every change as an op, which the tab applies and
// passes on to the other tabs.
import { effect, untracked } from '@preact/signals-core';
import type { AddressResult } from '../connection/address.ts';
import type { Clock } from '../connection/clock.ts';
import { troubleKey, type ConnectionState } from '../connection/machine.ts';
import { createConnection, type ConnectionTimings, type SocketConstructor } from '../connection/connection.ts';
import type { Environment } from '../connection/environment.ts';
import { statusOf } from '../connection/status.ts';
import type { Logger } from '../protocol/parse.ts';
import { createIncoming } from './incoming.ts';
import { createIntake } from './intake.ts';
import { createJournal } from './journal.ts';
import type { SendRequest } from './outgoing.ts';
import { createOutbox } from './outbox.ts';
import type { ConversationStore, StoredConversation, ThreadMeta } from './persistence.ts';
import { createPlayer } from './player.ts';
import { startingPoint } from './starting-point.ts';
import { requestThreadAddress } from './thread-address.ts';
import type { Op, ReplicaState } from './replica.ts';
import { threadState } from './thread-state.ts';
import { createTraceFloor } from './trace-ids.ts';
import type { TranscriptEntry } from './transcript.ts';
import type { ChatClientEventMap } from './events.ts';

export type { SendRequest } from './outgoing.ts';

export interface EngineOptions {
  clientId: string;
  /** Resolved http(s) addresses. */
  baseUrl: string;
  sdkUrl?: string;
  headerPrefix?: string;
  threadId?: string;
  startEvent?: string;
  timings?: Partial<ConnectionTimings>;
  deliveryTimeoutMs: number;
  fetch: typeof globalThis.fetch;
  /** The page's protocol (`https:` refuses ws:// endpoints). */
  pageProtocol?: string;
  WebSocket?: SocketConstructor;
  clock: Clock;
  random?: () => number;
  uuid: () => string;
  store: ConversationStore;
  environment?: Environment;
  logger: Logger;
  /** The lead this engine runs under: higher than every earlier one (see tabs/coordinator.ts). */
  epoch?: number;
  /** Another tab leads now, under this epoch (the store refused a write): stop at once. */
  onSuperseded?: (epoch: number) => void;
  /** Messages this tab typed that are not safe yet (a hand-off): taken in first, keeping their traceIds. */
  carried?: SendRequest[];
  /** What this tab shows of the conversation: continued when storage cannot be read. */
  shown?: () => ReplicaState | undefined;
  /** Builds the start event's request (the tab's user and locale). */
  startEventRequest: (name: string) => SendRequest;
  /** Every change, for this tab and the others. */
  publish: (op: Op) => void;
  emit: <K extends keyof ChatClientEventMap>(type: K, detail: ChatClientEventMap[K]) => void;
}

/** Entries read at start: enough to fill the panel; older ones come as the visitor scrolls back. */
const FIRST_LOAD = 50;

const newMeta = (threadId: string): ThreadMeta => ({ version: 2, threadId, startEventQueued: false, readSeq: 0 });

// oxlint-disable-next-line max-lines-per-function -- a whole subsystem in one closure, to split along its seams (issue 29)
export function createEngine(options: EngineOptions) {
  const { clock, logger, store, publish, emit } = options;
  const random = options.random ?? Math.random;
  const journal = createJournal(store, { epoch: options.epoch, onSuperseded: (epoch) => options.onSuperseded?.(epoch) });
  const traceFloor = createTraceFloor(clock, random);
  const state = threadState(newMeta(options.threadId || options.uuid()), clock);
  traceFloor.reset(!!options.threadId);

  function change(entry: TranscriptEntry, persist = true): void {
    if (persist) journal.entry(state.meta.threadId, entry);
    publish({ op: 'put', entries: [entry] });
  }

  function saveMeta(next: Partial<ThreadMeta>): void {
    state.meta = { ...state.meta, ...next };
    if (state.activated) journal.meta(state.meta);
  }

  const outbox = createOutbox({ clock, deliveryTimeoutMs: options.deliveryTimeoutMs, onChange: (entry) => change(entry) });
  // Stored when they came (incoming.ts): revealed entries are only published, together.
  const player = createPlayer({ clock, onReveal: (entries) => publish({ op: 'put', entries }) });
  const { enqueue } = createIntake({ state, store, traceFloor, journal, outbox, publish, onEntry: change, flush: () => flush() });
  const handleFrame = createIncoming({ state, clock, logger, outbox, journal, player, publish, emit, idSalt: Math.floor(random() * 36 ** 4).toString(36) });

  // The technical reason for the page's developer, in parley:error: once per reason while it is
  // retried (the panel tells the visitor in words), and when it is given up.
  let troubleReported: string | undefined;
  function reportTrouble(state: ConnectionState): void {
    if (state.kind === 'open') troubleReported = undefined;
    const failed = (state.kind === 'waiting' || (state.kind === 'closed' && state.reason === 'fatal')) && state.error;
    if (!failed || (state.kind === 'waiting' && troubleKey(failed) === troubleReported)) return;
    troubleReported = troubleKey(failed);
    emit('error', { message: failed.message, source: 'connection' });
  }

  const connection = createConnection(
    {
      requestAddress: askForAddress,
      onFrame: (frame) => handleFrame(frame),
      onStateChange(state, previous) {
        if (previous.kind === 'open') outbox.connectionLost();
        if (state.kind === 'open') flush();
        reportTrouble(state);
        publish({ op: 'status', status: statusOf(state) });
      },
      timings: options.timings,
    },
    { WebSocket: options.WebSocket, clock, random: options.random, environment: options.environment, logger },
  );

  // Untracked: what publish reads must not make this effect run again.
  const stopTyping = effect(() => {
    const on = player.typing.value;
    untracked(() => publish({ op: 'typing', on }));
  });

  async function askForAddress(abort: AbortSignal): Promise<AddressResult> {
    const thread = state.meta;
    const { result, newSecret, secretRefused } = await requestThreadAddress(options, thread, abort);
    // A newer secret from any response replaces the thread's nonce.
    if (newSecret && state.meta.threadId === thread.threadId) saveMeta({ nonce: newSecret });
    if (!secretRefused || result.ok) return result;
    // The service no longer accepts this thread's secret, and retrying cannot change that:
    // continue in a new thread rather than stay locked out on every reload.
    logger.warn("[parley] the service refused this thread's secret; continuing in a new thread");
    continueInNewThread();
    return { ok: false, error: { ...result.error, final: false } };
  }

  function flush(): void {
    if (connection.state.kind !== 'open') return;
    const { nonce } = state.meta;
    outbox.flush((record) =>
      connection.send({
        type: 'message.send',
        payload: options.sdkUrl && nonce ? { ...record.outgoing, nonce } : record.outgoing,
      }),
    );
  }

  function queueStartEvent(): void {
    if (!options.startEvent || state.meta.startEventQueued) return;
    saveMeta({ startEventQueued: true });
    void enqueue(options.startEventRequest(options.startEvent));
  }

  function startConnection(): void {
    if (state.destroyed) return;
    if (!state.activated) {
      state.activated = true;
      journal.meta(state.meta);
    }
    queueStartEvent();
    connection.start();
  }

  /** A new thread, empty or showing the given entries of an earlier one. */
  function startThread(threadId: string, earlier: TranscriptEntry[] = []): void {
    outbox.clear();
    player.cancel();
    state.taken = new Set();
    state.meta = newMeta(threadId);
    traceFloor.reset(false);
    state.serviceError = undefined;
    if (state.activated) journal.meta(state.meta);
    for (const entry of earlier) journal.entry(threadId, entry);
    publish({ op: 'state', state: stateOf(earlier, false, false) });
  }

  /**
   * A new thread that takes along the messages the old one never delivered, and shows the old
   * one's messages above, marked as an earlier conversation.
   */
  function continueInNewThread(): void {
    const undelivered = outbox.drain().filter((record) => !record.entry.hidden);
    const moving = new Set(undelivered.map((record) => record.entry.id));
    const earlier = (options.shown?.()?.entries ?? [])
      .filter((entry) => !moving.has(entry.id) && !(entry.kind === 'user' && entry.hidden))
      .map((entry) => ({ ...entry, earlier: true as const }));
    startThread(options.uuid(), earlier);
    state.lastSeq = Math.max(state.lastSeq, ...earlier.map((entry) => entry.seq));
    queueStartEvent();
    for (const { entry, outgoing } of undelivered) {
      const { threadId: _thread, traceId: _trace, ...draft } = outgoing;
      void enqueue({ rid: entry.id.slice(1), draft, text: entry.text, at: entry.at });
    }
  }

  function stateOf(entries: TranscriptEntry[], hasOlder: boolean, stored: boolean): ReplicaState {
    return {
      threadId: state.meta.threadId,
      entries,
      hasOlder,
      stored,
      readSeq: state.meta.readSeq,
      typing: false,
      status: statusOf(connection.state),
      ...(state.serviceError !== undefined ? { serviceError: state.serviceError } : {}),
    };
  }

  async function load(): Promise<void> {
    let stored: StoredConversation | undefined;
    let readable = true;
    try {
      stored = await store.load(FIRST_LOAD);
    } catch {
      readable = false;
    }
    if (state.destroyed) return;
    const start = startingPoint({ stored, readable, shown: options.shown?.(), threadId: options.threadId });
    if (start.meta) {
      state.meta = start.meta;
      state.activated = true;
      state.taken = start.taken;
      state.lastSeq = start.lastSeq;
      for (const record of start.outbox) outbox.add(record, true);
      for (const entry of start.missing) journal.entry(state.meta.threadId, entry);
      // Under this lead's epoch: a former holder's late writes are refused from now on.
      if (start.stored) journal.meta(state.meta);
    }
    // Whatever storage lost or never got, no traceId this tab has seen is handed out again.
    traceFloor.reset(!!options.threadId);
    for (const traceId of start.traceIds.values()) traceFloor.saw(traceId);
    publish({ op: 'state', state: stateOf(start.entries, start.hasOlder, start.stored) });
    // What this tab carries, then what tabs that went away left queued (taken once each, by rid),
    // with the traceId it was given where this tab saw one: the service dedupes by traceId.
    for (const request of options.carried ?? []) void enqueue(request);
    for (const request of await store.queued()) {
      if (!state.destroyed) void enqueue({ ...request, traceId: request.traceId ?? start.traceIds.get(`u${request.rid}`) });
    }
  }

  const ready: Promise<void> = load();

  return {
    ready,
    /** Takes a message in, connecting first (the start event of a new thread goes before it). */
    async submit(request: SendRequest): Promise<void> {
      await ready;
      startConnection();
      await enqueue(request);
    },
    connect(): void {
      void ready.then(startConnection);
    },
    disconnect(): void {
      connection.stop();
    },
    retryNow(): void {
      connection.retryNow();
    },
    /** Sends a failed message again, with its original traceId, connecting if need be. */
    retry(traceId: number): void {
      if (!outbox.has(traceId)) return;
      const record = outbox.retry(traceId); // undefined: on its way already
      if (record) journal.outbox(state.meta.threadId, record); // no longer refused, also after a reload
      startConnection();
      flush();
    },
    /** Entries another tab showed that this conversation lacks (a holder went away before storing them). */
    adopt(entries: TranscriptEntry[]): void {
      const known = new Set(options.shown?.()?.entries.map((entry) => entry.id));
      const lacking = entries.filter((entry) => !known.has(entry.id));
      for (const entry of lacking) {
        journal.entry(state.meta.threadId, entry);
        state.lastSeq = Math.max(state.lastSeq, entry.seq);
        if (entry.kind === 'user') {
          state.taken.add(entry.id.slice(1));
          traceFloor.saw(entry.traceId);
        }
      }
      if (lacking.length) publish({ op: 'put', entries: lacking });
    },
    /** The visitor gives up a failed message: it leaves the outbox and the transcript. */
    discard(traceId: number): void {
      const record = outbox.discard(traceId);
      if (!record) return;
      journal.delivered(state.meta.threadId, traceId);
      journal.remove(state.meta.threadId, record.entry);
      publish({ op: 'remove', ids: [record.entry.id] });
    },
    dismissError(): void {
      state.serviceError = undefined;
      publish({ op: 'error' });
    },
    /** Received entries up to `seq` were shown in some tab. */
    read(seq: number): void {
      if (seq <= state.meta.readSeq) return;
      saveMeta({ readSeq: seq });
      publish({ op: 'read', seq });
    },
    /** Starts a new, empty thread; reconnects if connected. */
    async reset(): Promise<void> {
      await ready;
      const wasActive = connection.state.kind !== 'idle' && connection.state.kind !== 'closed';
      connection.stop();
      const old = state.meta.threadId;
      startThread(options.uuid());
      if (wasActive) startConnection();
      await journal.flushed();
      await store.dropThread(old).catch(() => undefined);
    },
    /** Stops the socket and every timer; resolves when pending writes are done. */
    async destroy(): Promise<void> {
      state.destroyed = true;
      connection.stop();
      outbox.clear();
      player.cancel();
      stopTyping();
      await journal.flushed();
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
