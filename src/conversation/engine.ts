// The conversation as the tab that holds the socket runs it: the connection, the outbox, the
// player of received messages and the journal. It is the only writer of the stored thread and
// the only allocator of traceIds; it reports every change as an op, which the tab applies and
// passes on to the other tabs.
import { effect, untracked } from '@preact/signals-core';
import type { AddressResult } from '../connection/address.ts';
import type { Clock } from '../connection/clock.ts';
import { createConnection, type ConnectionTimings, type SocketConstructor } from '../connection/connection.ts';
import type { Environment } from '../connection/environment.ts';
import { statusOf } from '../connection/status.ts';
import type { IncomingFrame } from '../protocol/frames.ts';
import type { Logger } from '../protocol/parse.ts';
import { createJournal } from './journal.ts';
import type { SendRequest } from './outgoing.ts';
import { createOutbox } from './outbox.ts';
import type { ConversationStore, OutboxRecord, StoredConversation, ThreadMeta } from './persistence.ts';
import { createPlayer } from './player.ts';
import { expandReceived } from './received.ts';
import { startingPoint } from './starting-point.ts';
import { requestThreadAddress } from './thread-address.ts';
import type { Op, ReplicaState } from './replica.ts';
import { createTraceFloor } from './trace-ids.ts';
import type { TranscriptEntry, UserEntry } from './transcript.ts';
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

/** traceId is an integer on the socket; the spec shows it as a string elsewhere (2.6). */
function toTraceId(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return Number.isSafeInteger(number) ? (number as number) : undefined;
}

/** Entries read at start: enough to fill the panel; older ones come as the visitor scrolls back. */
const FIRST_LOAD = 50;

const newMeta = (threadId: string): ThreadMeta => ({ version: 2, threadId, startEventQueued: false, readSeq: 0 });

export function createEngine(options: EngineOptions) {
  const { clock, logger, store, publish, emit } = options;
  const random = options.random ?? Math.random;
  const journal = createJournal(store, { epoch: options.epoch, onSuperseded: (epoch) => options.onSuperseded?.(epoch) });
  const traceFloor = createTraceFloor(clock, random);
  let meta = newMeta(options.threadId || options.uuid());
  traceFloor.reset(!!options.threadId);
  let lastSeq = 0;
  /** The thread has been used (connected or written to), so it is worth keeping. */
  let activated = false;
  let destroyed = false;
  let serviceError: string | undefined;
  let receivedCount = 0;
  const idSalt = Math.floor(random() * 36 ** 4).toString(36);
  /** Requests already taken in this thread: a tab that resends after a hand-off is not sent twice. */
  let taken = new Set<string>();
  let queue: Promise<unknown> = Promise.resolve();

  /** Positions only grow, whatever the clock does; time-based so a new holder continues above. */
  const nextSeq = () => (lastSeq = Math.max(lastSeq + 1, clock.now()));

  function change(entry: TranscriptEntry, persist = true): void {
    if (persist) journal.entry(meta.threadId, entry);
    publish({ op: 'put', entries: [entry] });
  }

  function saveMeta(next: Partial<ThreadMeta>): void {
    meta = { ...meta, ...next };
    if (activated) journal.meta(meta);
  }

  const outbox = createOutbox({ clock, deliveryTimeoutMs: options.deliveryTimeoutMs, onChange: (entry) => change(entry) });
  const player = createPlayer({ clock, onReveal: (entry) => change(entry, false) });

  const connection = createConnection(
    {
      requestAddress: askForAddress,
      onFrame: handleFrame,
      onStateChange(state, previous) {
        if (previous.kind === 'open') outbox.connectionLost();
        if (state.kind === 'open') flush();
        if (state.kind === 'closed' && state.reason === 'fatal' && state.error) {
          emit('error', { message: state.error.message, source: 'connection' });
        }
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
    const thread = meta;
    const { result, newSecret, secretRefused } = await requestThreadAddress(options, thread, abort);
    // A newer secret from any response replaces the thread's nonce.
    if (newSecret && meta.threadId === thread.threadId) saveMeta({ nonce: newSecret });
    if (!secretRefused || result.ok) return result;
    // The service no longer accepts this thread's secret, and retrying cannot change that:
    // continue in a new thread rather than stay locked out on every reload.
    logger.warn("[parley] the service refused this thread's secret; continuing in a new thread");
    continueInNewThread();
    return { ok: false, error: { ...result.error, final: false } };
  }

  function handleFrame(frame: IncomingFrame): void {
    switch (frame.type) {
      case 'message.delivered': {
        const traceId = toTraceId(frame.payload.traceId);
        if (frame.payload.threadId !== undefined && frame.payload.threadId !== meta.threadId) return;
        if (traceId === undefined || !outbox.delivered(traceId)) return; // an echo we already had
        journal.delivered(meta.threadId, traceId);
        emit('delivered', { traceId });
        return;
      }
      case 'message.received':
        if (frame.payload.threadId !== meta.threadId) {
          logger.warn(`[parley] dropped a message for another thread (${frame.payload.threadId})`);
          return;
        }
        receive(frame);
        emit('message', frame.payload);
        return;
      case 'error':
        return refused(typeof frame.message === 'string' ? frame.message : 'the service could not process a message');
      case 'pong':
        return;
    }
  }

  /** An `error` frame: the message it answers fails with the reason, kept for the visitor's retry. */
  function refused(message: string): void {
    logger.warn(`[parley] service error: ${message}`);
    const record = outbox.refuse(message);
    if (record) journal.outbox(meta.threadId, record);
    serviceError = message;
    publish({ op: 'error', message });
    emit('error', { message, source: 'service' });
  }

  // Stored when they arrive, shown after their delay: a hand-off in between loses nothing.
  function receive(frame: Extract<IncomingFrame, { type: 'message.received' }>): void {
    const expanded = expandReceived(frame.payload, {
      now: clock.now(),
      nextId: () => `r${idSalt}${(receivedCount++).toString(36)}`,
      logger,
    });
    const timed = expanded.entries.map((item) => ({ ...item, entry: { ...item.entry, seq: nextSeq() } }));
    activated = true;
    for (const item of timed) journal.entry(meta.threadId, item.entry);
    player.enqueue(timed, expanded.keepTyping);
  }

  function flush(): void {
    if (connection.state.kind !== 'open') return;
    const { nonce } = meta;
    outbox.flush((record) =>
      connection.send({
        type: 'message.send',
        payload: options.sdkUrl && nonce ? { ...record.outgoing, nonce } : record.outgoing,
      }),
    );
  }

  /** Takes requests one at a time, so traceIds grow in the order messages were submitted. */
  function enqueue(request: SendRequest): Promise<void> {
    const next = queue.then(() => take(request));
    queue = next.catch(() => undefined);
    return next;
  }

  /** A request's traceId: the one a former holder gave it, or a new one. */
  async function traceIdFor(request: SendRequest, threadId: string): Promise<number> {
    if (request.traceId && request.traceId > 0) return request.traceId;
    return store.reserveTraceId(threadId, traceFloor.next());
  }

  async function take(request: SendRequest): Promise<void> {
    if (destroyed || taken.has(request.rid)) return;
    taken.add(request.rid);
    const threadId = meta.threadId;
    const traceId = await traceIdFor(request, threadId);
    if (destroyed) return;
    if (meta.threadId !== threadId) {
      // A new thread meanwhile: the message goes there, behind its start event.
      taken.delete(request.rid);
      void enqueue({ ...request, traceId: undefined });
      return;
    }
    traceFloor.saw(traceId);
    const entry: UserEntry = {
      kind: 'user',
      id: `u${request.rid}`,
      traceId,
      text: request.text,
      at: request.at,
      seq: nextSeq(),
      status: 'pending',
      ...(request.hidden ? { hidden: true } : {}),
    };
    const record: OutboxRecord = { entry, outgoing: { threadId, traceId, ...request.draft } };
    activated = true;
    journal.meta(meta);
    journal.outbox(threadId, record);
    journal.taken(threadId, request.rid);
    change(entry);
    outbox.add(record, false);
    // Durable before it leaves: a reload can neither lose it nor reuse its traceId. Where storage
    // fails it leaves all the same (the tab that typed it keeps its copy until it is delivered).
    const where = await journal.flushed();
    if (destroyed || typeof where === 'object') return;
    outbox.markDurable(traceId);
    if (where === 'stored') publish({ op: 'saved', ids: [entry.id] });
    flush();
  }

  function queueStartEvent(): void {
    if (!options.startEvent || meta.startEventQueued) return;
    saveMeta({ startEventQueued: true });
    void enqueue(options.startEventRequest(options.startEvent));
  }

  function startConnection(): void {
    if (destroyed) return;
    if (!activated) {
      activated = true;
      journal.meta(meta);
    }
    queueStartEvent();
    connection.start();
  }

  /** A new thread, empty or showing the given entries of an earlier one. */
  function startThread(threadId: string, earlier: TranscriptEntry[] = []): void {
    outbox.clear();
    player.cancel();
    taken = new Set();
    meta = newMeta(threadId);
    traceFloor.reset(false);
    serviceError = undefined;
    if (activated) journal.meta(meta);
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
    lastSeq = Math.max(lastSeq, ...earlier.map((entry) => entry.seq));
    queueStartEvent();
    for (const { entry, outgoing } of undelivered) {
      const { threadId: _thread, traceId: _trace, ...draft } = outgoing;
      void enqueue({ rid: entry.id.slice(1), draft, text: entry.text, at: entry.at });
    }
  }

  function stateOf(entries: TranscriptEntry[], hasOlder: boolean, stored: boolean): ReplicaState {
    return {
      threadId: meta.threadId,
      entries,
      hasOlder,
      stored,
      readSeq: meta.readSeq,
      typing: false,
      status: statusOf(connection.state),
      ...(serviceError !== undefined ? { serviceError } : {}),
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
    if (destroyed) return;
    const start = startingPoint({ stored, readable, shown: options.shown?.(), threadId: options.threadId });
    if (start.meta) {
      meta = start.meta;
      activated = true;
      taken = start.taken;
      lastSeq = start.lastSeq;
      for (const record of start.outbox) outbox.add(record, true);
      for (const entry of start.missing) journal.entry(meta.threadId, entry);
      // Under this lead's epoch: a former holder's late writes are refused from now on.
      if (start.stored) journal.meta(meta);
    }
    // Whatever storage lost or never got, no traceId this tab has seen is handed out again.
    traceFloor.reset(!!options.threadId);
    for (const traceId of start.traceIds.values()) traceFloor.saw(traceId);
    publish({ op: 'state', state: stateOf(start.entries, start.hasOlder, start.stored) });
    // What this tab carries, then what tabs that went away left queued (taken once each, by rid),
    // with the traceId it was given where this tab saw one: the service dedupes by traceId.
    for (const request of options.carried ?? []) void enqueue(request);
    for (const request of await store.queued()) {
      if (!destroyed) void enqueue({ ...request, traceId: request.traceId ?? start.traceIds.get(`u${request.rid}`) });
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
      if (record) journal.outbox(meta.threadId, record); // no longer refused, also after a reload
      startConnection();
      flush();
    },
    /** Entries another tab showed that this conversation lacks (a holder went away before storing them). */
    adopt(entries: TranscriptEntry[]): void {
      const known = new Set(options.shown?.()?.entries.map((entry) => entry.id));
      const lacking = entries.filter((entry) => !known.has(entry.id));
      for (const entry of lacking) {
        journal.entry(meta.threadId, entry);
        lastSeq = Math.max(lastSeq, entry.seq);
        if (entry.kind === 'user') {
          taken.add(entry.id.slice(1));
          traceFloor.saw(entry.traceId);
        }
      }
      if (lacking.length) publish({ op: 'put', entries: lacking });
    },
    /** The visitor gives up a failed message: it leaves the outbox and the transcript. */
    discard(traceId: number): void {
      const record = outbox.discard(traceId);
      if (!record) return;
      journal.delivered(meta.threadId, traceId);
      journal.remove(meta.threadId, record.entry);
      publish({ op: 'remove', ids: [record.entry.id] });
    },
    dismissError(): void {
      serviceError = undefined;
      publish({ op: 'error' });
    },
    /** Received entries up to `seq` were shown in some tab. */
    read(seq: number): void {
      if (seq <= meta.readSeq) return;
      saveMeta({ readSeq: seq });
      publish({ op: 'read', seq });
    },
    /** Starts a new, empty thread; reconnects if connected. */
    async reset(): Promise<void> {
      await ready;
      const wasActive = connection.state.kind !== 'idle' && connection.state.kind !== 'closed';
      connection.stop();
      const old = meta.threadId;
      startThread(options.uuid());
      if (wasActive) startConnection();
      await journal.flushed();
      await store.dropThread(old).catch(() => undefined);
    },
    /** Stops the socket and every timer; resolves when pending writes are done. */
    async destroy(): Promise<void> {
      destroyed = true;
      connection.stop();
      outbox.clear();
      player.cancel();
      stopTyping();
      await journal.flushed();
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
