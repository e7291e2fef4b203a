// The conversation as the tab that holds the socket runs it: the connection, the outbox, the
// player of received messages and the journal. It is the only writer of the stored thread and
// the only allocator of traceIds; it reports every change as an op, which the tab applies and
// passes on to the other tabs. Its parts share one object (core.ts) and are built in the order
// they need each other: frames-in.ts (frames in), socket.ts (the connection), take-requests.ts
// (messages in), new-thread.ts, then first-load.ts (loading) starts it.
import { effect, untracked } from '@preact/signals-core';
import { statusOf } from '../connection/status.ts';
import type { EngineCore } from './core.ts';
import type { EngineOptions } from './options.ts';
import { engineSocket } from './socket.ts';
import { loadConversation } from './first-load.ts';
import { createIncoming } from './frames-in.ts';
import { createIntake } from './take-requests.ts';
import { createJournal } from '../store/journal.ts';
import { newMeta, threadStarts } from './new-thread.ts';
import type { SendRequest } from '../conversation/send-payloads.ts';
import { createOutbox } from './outbox.ts';
import type { ConversationStore, ThreadMeta } from '../store/contract.ts';
import { createPlayer } from './player.ts';
import type { ReplicaState } from '../conversation/replica.ts';
import { threadState, type ThreadState } from './thread-state.ts';
import { createTraceFloor } from './trace-ids.ts';
import type { TranscriptEntry } from '../conversation/transcript.ts';
import { requestIdOf } from '../conversation/entry-ids.ts';

export type { EngineOptions } from './options.ts';

/** What a lead's engine does for the tabs (tabs/commands.ts carries their commands to it). */
export interface Engine {
  /** Resolves once the stored conversation is loaded and published. */
  ready: Promise<void>;
  /** Takes a message in, connecting first (the start event of a new thread goes before it). */
  submit(request: SendRequest): Promise<void>;
  connect(): void;
  disconnect(): void;
  retryNow(): void;
  /** Sends a failed message again, with its original traceId, connecting if need be. */
  retry(traceId: number): void;
  /** Entries another tab showed that this conversation lacks (a holder went away before storing them). */
  adopt(entries: TranscriptEntry[]): void;
  /** The visitor gives up a failed message: it leaves the outbox and the transcript. */
  discard(traceId: number): void;
  dismissError(): void;
  /** Received entries up to `seq` were shown in some tab. */
  read(seq: number): void;
  /** Starts a new, empty thread; reconnects if connected. */
  reset(): Promise<void>;
  /**
   * forget(): the socket closed, an empty thread that is kept nowhere until it is used, and
   * every record of this clientId deleted from the store.
   */
  forget(): Promise<void>;
  /** Stops the socket and every timer; resolves when pending writes are done. */
  destroy(): Promise<void>;
}

interface ThreadEnds {
  ready: Promise<void>;
  connection: { readonly state: { kind: string }; stop(): void };
  state: ThreadState;
  journal: ReturnType<typeof createJournal>;
  store: ConversationStore;
  startThread: () => void;
  startConnection: () => void;
}

/** reset() and forget(): the conversation goes on in a new thread, connected or not, kept or not. */
function newThreads({
  ready,
  connection,
  state,
  journal,
  store,
  startThread,
  startConnection,
}: ThreadEnds): Pick<Engine, 'reset' | 'forget'> {
  return {
    async reset(): Promise<void> {
      await ready;
      const wasActive = connection.state.kind !== 'idle' && connection.state.kind !== 'closed';
      connection.stop();
      const old = state.meta.threadId;
      startThread();
      if (wasActive) startConnection();
      await journal.flushed();
      await store.dropThread(old).catch(() => undefined);
    },
    async forget(): Promise<void> {
      await ready;
      connection.stop();
      // Kept nowhere until it is used: the next message writes it.
      state.activated = false;
      startThread();
      await journal.flushed();
      await store.clear();
    },
  };
}

/** Entries another tab's engine wrote and this one lacks (a hand-off): kept, and their trace ids and requests known. */
function adoptEntries({ options, journal, state, traceFloor, publish }: EngineCore, entries: TranscriptEntry[]): void {
  const known = new Set(options.shown?.()?.entries.map((entry) => entry.id));
  const lacking = entries.filter((entry) => !known.has(entry.id));
  for (const entry of lacking) {
    journal.entry(state.meta.threadId, entry);
    state.saw(entry.seq);
    if (entry.kind === 'user') {
      state.taken.add(requestIdOf(entry.id));
      traceFloor.saw(entry.traceId);
    }
  }
  if (lacking.length) publish({ op: 'put', entries: lacking });
}

export function createEngine(options: EngineOptions): Engine {
  const { platform, store, publish, emit } = options;
  const { clock, logger } = platform;
  // First the parts that need nothing else of the engine.
  const journal = createJournal(store, { epoch: options.epoch, onSuperseded: (epoch) => options.onSuperseded?.(epoch) });
  const traceFloor = createTraceFloor(clock, platform.random);
  const state = threadState(newMeta(options.threadId || platform.uuid()), clock);
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
  // Stored when they came (frames-in.ts): revealed entries are only published, together.
  const player = createPlayer({ clock, onReveal: (entries) => publish({ op: 'put', entries }) });
  // One object for all the parts (take-requests.ts, frames-in.ts and the rest): its names are paid for once.
  const idSalt = Math.floor(platform.random() * 36 ** 4).toString(36);
  const core: EngineCore = {
    options,
    platform,
    state,
    store,
    clock,
    logger,
    traceFloor,
    journal,
    outbox,
    player,
    publish,
    emit,
    idSalt,
    stateOf,
    onEntry: change,
  };
  // Then each part after the parts it takes. The socket's one call into a later part (a refused
  // secret continues in a new thread) comes with an address request's answer: after this returns.
  const { connection, flush } = engineSocket(core, createIncoming(core), saveMeta, () => threads.continueInNewThread());
  const { enqueue } = createIntake(core, flush);
  const threads = threadStarts(core, enqueue, queueStartEvent);

  // Untracked: what publish reads must not make this effect run again.
  const stopTyping = effect(() => {
    const on = player.typing.value;
    untracked(() => publish({ op: 'typing', on }));
  });

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

  const ready: Promise<void> = loadConversation(core, enqueue);

  return {
    ready,
    async submit(request: SendRequest): Promise<void> {
      await ready;
      startConnection();
      await enqueue(request);
    },
    connect: () => void ready.then(startConnection),
    disconnect: () => connection.stop(),
    retryNow: () => connection.retryNow(),
    retry(traceId: number): void {
      if (!outbox.has(traceId)) return;
      const record = outbox.retry(traceId); // undefined: on its way already
      if (record) journal.outbox(state.meta.threadId, record); // no longer refused, also after a reload
      startConnection();
      flush();
    },
    adopt: (entries: TranscriptEntry[]) => adoptEntries(core, entries),
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
    read(seq: number): void {
      if (seq <= state.meta.readSeq) return;
      saveMeta({ readSeq: seq });
      publish({ op: 'read', seq });
    },
    ...newThreads({ ready, connection, state, journal, store, startThread: () => threads.startThread(platform.uuid()), startConnection }),
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
