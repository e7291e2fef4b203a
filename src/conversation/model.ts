// The conversation as a model of signals and actions: what a UI reads, and the only place that
// changes it. No sockets and no storage here: client.ts wires those.
import { batch, computed, signal } from '@preact/signals-core';
import type { Clock } from '../connection/clock.ts';
import type { ReceivedPayload } from '../protocol/frames.ts';
import type { Logger } from '../protocol/parse.ts';
import type { Snapshot } from './persistence.ts';
import { expandReceived, type TimedEntry } from './received.ts';
import {
  activeQuickReplies,
  outbox,
  requeueSent,
  updateSendState,
  type SendStatus,
  type StoredOutgoing,
  type TranscriptEntry,
  type UserEntry,
} from './transcript.ts';

export interface ThreadState {
  threadId: string;
  nonce?: string;
  nextTraceId: number;
  startEventQueued: boolean;
}

// The stored transcript keeps the latest entries only (and every undelivered message), so a
// long-lived conversation does not grow the IndexedDB record and each save for ever.
export const STORED_ENTRIES = 500;

// keepTyping with no follow-up must not leave the indicator on for ever.
const KEEP_TYPING_LIMIT_MS = 60_000;

export function createConversationModel(deps: { clock: Clock; logger: Logger; newThreadId: () => string }) {
  const { clock, logger } = deps;
  const thread = signal<ThreadState>({ threadId: deps.newThreadId(), nextTraceId: 1, startEventQueued: false });
  const entries = signal<readonly TranscriptEntry[]>([]);
  /** Received entries waiting for their delay to pass. */
  const queued = signal<readonly TimedEntry[]>([]);
  const keepTyping = signal(false);
  const open = signal(false);

  let revealTimer: unknown;
  let keepTypingTimer: unknown;
  let receivedCount = 0;

  function cancelTimers(): void {
    if (revealTimer !== undefined) clock.clearTimeout(revealTimer);
    if (keepTypingTimer !== undefined) clock.clearTimeout(keepTypingTimer);
    revealTimer = keepTypingTimer = undefined;
  }

  // Reveals queued entries in order; each waits for its own delay after the one before it.
  function play(): void {
    if (revealTimer !== undefined) return;
    const head = queued.value[0];
    if (!head) return;
    const reveal = () => {
      revealTimer = undefined;
      batch(() => {
        queued.value = queued.value.slice(1);
        entries.value = [...entries.value, head.entry];
      });
      play();
    };
    if (head.delay === 0) reveal();
    else revealTimer = clock.setTimeout(reveal, head.delay);
  }

  function setKeepTyping(on: boolean): void {
    if (keepTypingTimer !== undefined) clock.clearTimeout(keepTypingTimer);
    keepTypingTimer = on ? clock.setTimeout(() => (keepTyping.value = false), KEEP_TYPING_LIMIT_MS) : undefined;
    keepTyping.value = on;
  }

  return {
    thread,
    entries,
    open,
    /** Show the typing indicator: a response is waiting for its delay, or the service said keepTyping. */
    typing: computed(() => queued.value.length > 0 || keepTyping.value),
    quickReplies: computed(() => (queued.value.length > 0 ? [] : activeQuickReplies(entries.value))),
    outbox: computed(() => outbox(entries.value)),

    /** Adds a user message with the thread's next traceId; it starts out pending. */
    addOutgoing(message: Omit<StoredOutgoing, 'traceId' | 'threadId'>, display: { text: string; hidden?: boolean }): UserEntry {
      const { threadId, nextTraceId: traceId } = thread.value;
      const entry: UserEntry = {
        kind: 'user',
        id: `u${traceId}`,
        traceId,
        text: display.text,
        at: clock.now(),
        status: 'pending',
        outgoing: { threadId, traceId, ...message },
        ...(display.hidden ? { hidden: true } : {}),
      };
      batch(() => {
        thread.value = { ...thread.value, nextTraceId: traceId + 1 };
        entries.value = [...entries.value, entry];
      });
      return entry;
    },

    setStatus(traceId: number, status: SendStatus): void {
      entries.value = updateSendState(entries.value, traceId, status);
    },

    /** The connection dropped: messages written to it go out again on the next one. */
    requeueSent(): void {
      entries.value = requeueSent(entries.value);
    },

    receive(payload: ReceivedPayload): void {
      const expanded = expandReceived(payload, {
        now: clock.now(),
        nextId: () => `r${clock.now().toString(36)}-${(receivedCount++).toString(36)}`,
        logger,
      });
      batch(() => {
        queued.value = [...queued.value, ...expanded.entries];
        setKeepTyping(expanded.keepTyping);
      });
      play();
    },

    setNonce(nonce: string): void {
      if (thread.value.nonce !== nonce) thread.value = { ...thread.value, nonce };
    },

    /** Starts the thread's traceIds at `first` (a thread with history this browser has not seen). */
    seedTraceId(first: number): void {
      thread.value = { ...thread.value, nextTraceId: Math.max(thread.value.nextTraceId, first) };
    },

    markStartEventQueued(): void {
      thread.value = { ...thread.value, startEventQueued: true };
    },

    /** Replaces everything with a stored snapshot (after a reload). */
    restore(snapshot: Snapshot): void {
      cancelTimers();
      batch(() => {
        thread.value = {
          threadId: snapshot.threadId,
          nextTraceId: snapshot.nextTraceId,
          startEventQueued: snapshot.startEventQueued,
          ...(snapshot.nonce !== undefined ? { nonce: snapshot.nonce } : {}),
        };
        // What was on a socket when the page went away may not have arrived; undelivered
        // messages, failed ones included, go out again.
        entries.value = requeueSent(snapshot.entries, true);
        queued.value = [];
        keepTyping.value = false;
        open.value = snapshot.open ?? false;
      });
    },

    /** The durable state; entries still waiting for their delay are saved as shown. */
    snapshot(): Snapshot {
      const { threadId, nonce, nextTraceId, startEventQueued } = thread.value;
      return {
        version: 1,
        threadId,
        ...(nonce !== undefined ? { nonce } : {}),
        nextTraceId,
        startEventQueued,
        entries: latest([...entries.value, ...queued.value.map((timed) => timed.entry)]),
        open: open.value,
      };
    },

    /** Starts a new, empty thread. */
    reset(threadId: string = deps.newThreadId()): void {
      cancelTimers();
      batch(() => {
        thread.value = { threadId, nextTraceId: 1, startEventQueued: false };
        entries.value = [];
        queued.value = [];
        keepTyping.value = false;
      });
    },

    dispose: cancelTimers,
  };
}

export type ConversationModel = ReturnType<typeof createConversationModel>;

function latest(all: TranscriptEntry[]): TranscriptEntry[] {
  if (all.length <= STORED_ENTRIES) return all;
  const cut = all.length - STORED_ENTRIES;
  return all.filter((entry, index) => index >= cut || (entry.kind === 'user' && entry.status !== 'delivered'));
}
