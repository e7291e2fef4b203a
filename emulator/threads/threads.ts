// The threads the emulator knows: their secret, conversation state, transcript and traceIds.
// What a thread keeps is bounded (retention.ts): per thread, and all threads together, the least
// recently active thread going first.
import { BoundedList, BoundedMap, detached, estimateSize } from '../safety/bounded.ts';
import { BOUNDS, type BoundName, type KeptSizes } from '../safety/retention.ts';
import type { Clock } from '../core/clock.ts';
import type { ThreadSummary, TranscriptEntry } from '../core/model.ts';
import { newConversation, type Conversation } from './states.ts';

/** The organisation part of listed thread ids (`<id>|o_<org>`, spec 2.7). */
const ORGANISATION_ID = 'parley';

interface SeenTrace {
  speech: string;
  /** The `message.delivered` payload first sent, sent again for a repeat. */
  echo: Record<string, unknown>;
}

export interface Thread {
  threadId: string;
  createdAt: number;
  lastActivityAt: number;
  /** Client-nonce mode: the thread's current secret. */
  secret?: string;
  /** Where the bot's answers go: set by the first message (socket, or REST external). */
  channel?: 'socket' | 'rest';
  /** The flow step last answered, for contextual steps. */
  lastStepId?: string;
  /** The SLOT step whose value the bot waits for (flows/turns.ts). */
  awaitingSlot?: string;
  /** What the thread's slots took, as params. */
  slotParams?: Record<string, unknown>;
  conversation: Conversation;
  /** Oldest first; change it through the store (append), which keeps it bounded. */
  transcript: TranscriptEntry[];
  /** The transcript's estimated bytes. */
  transcriptBytes: number;
  /** Socket traceIds received (the recent ones), so a resend is acknowledged again and not answered twice. */
  traces: BoundedMap<number, SeenTrace>;
  lastTraceId?: number;
  /** `message.received` frames for a thread with no open socket: sent to its next one. */
  waiting: BoundedList<unknown>;
  /** The handover pause's end, while armed. */
  resumeTimer?: unknown;
}

export interface ThreadStore {
  get(threadId: string): Thread | undefined;
  ensure(threadId: string): Thread;
  /** In the order they were created. */
  list(): Thread[];
  /** Adds an entry (its id and time given here) and returns it. */
  append(thread: Thread, entry: Omit<TranscriptEntry, 'id' | 'at' | 'threadId'>): TranscriptEntry;
  /** Remembers a socket traceId with its first echo. */
  remember(thread: Thread, traceId: number, seen: SeenTrace): void;
  /** Keeps a frame for the thread's next socket. */
  wait(thread: Thread, frame: unknown): void;
  /** The frames that waited, oldest first; none wait after. */
  takeWaiting(thread: Thread): unknown[];
  summary(thread: Thread, openSockets: number): ThreadSummary;
  /** Threads and all they keep (transcripts, traces, waiting frames), in estimated bytes. */
  kept(): KeptSizes;
  clear(): void;
}

export interface ThreadStoreOptions {
  /** Threads with an open socket are dropped last. */
  inUse?(threadId: string): boolean;
  /** A thread was dropped by a bound (its timers should stop). */
  onForget?(thread: Thread): void;
  /** A bound dropped something (drops.ts says so once). */
  onDrop?(name: BoundName): void;
}

/** A thread id as REST paths may give it: bare, or as listed (`<id>|o_<org>`). */
export function bareThreadId(id: string): string {
  const suffix = `|o_${ORGANISATION_ID}`;
  return id.endsWith(suffix) && id.length > suffix.length ? id.slice(0, -suffix.length) : id;
}

export function listedThreadId(threadId: string): string {
  return `${threadId}|o_${ORGANISATION_ID}`;
}

/** What the console lists of a thread. */
function threadSummary(thread: Thread, openSockets: number): ThreadSummary {
  const { conversation } = thread;
  const bot = conversation.bot;
  const last = thread.transcript.at(-1);
  const lastText = last?.speech ?? last?.event ?? last?.messages?.map((m) => m.fallback).join('\n');
  const named = [...thread.transcript].reverse().find((entry) => entry.source === 'visitor' && entry.originator.name?.trim());
  const visitorName = named?.originator.name?.trim();
  return {
    threadId: thread.threadId,
    listedId: listedThreadId(thread.threadId),
    createdAt: thread.createdAt,
    lastActivityAt: thread.lastActivityAt,
    status: conversation.status,
    botPaused: bot.state === 'paused',
    ...(bot.state === 'paused' && bot.until !== undefined ? { pausedUntil: bot.until } : {}),
    tags: { ...conversation.tags },
    entries: thread.transcript.length,
    ...(lastText ? { lastText } : {}),
    ...(visitorName ? { visitorName } : {}),
    openSockets,
  };
}

export function createThreadStore(clock: Clock, options: ThreadStoreOptions = {}): ThreadStore {
  const threads = new Map<string, Thread>();
  let entryCount = 0;
  /** All threads' estimated bytes (transcripts, traces, waiting frames). */
  let totalBytes = 0;
  const dropped = (name: BoundName) => options.onDrop?.(name);

  const bytesOf = (thread: Thread) => thread.transcriptBytes + thread.traces.bytes + thread.waiting.bytes;

  function create(threadId: string): Thread {
    const now = clock.now();
    return {
      threadId,
      createdAt: now,
      lastActivityAt: now,
      conversation: newConversation(),
      transcript: [],
      transcriptBytes: 0,
      traces: new BoundedMap<number, SeenTrace>(
        BOUNDS.traces,
        (_, seen) => 8 + estimateSize(seen.speech) + estimateSize(seen.echo),
        () => dropped('traces'),
      ),
      waiting: new BoundedList<unknown>(BOUNDS.waiting, estimateSize, () => dropped('waiting')),
    };
  }

  /** Runs a change of the thread and counts its bytes in the total; then keeps the total bounded. */
  function change(thread: Thread, work: () => void): void {
    // A thread already dropped (a late timer's) keeps only its own bounds.
    if (threads.get(thread.threadId) !== thread) return work();
    const before = bytesOf(thread);
    work();
    totalBytes += bytesOf(thread) - before;
    while (totalBytes > BOUNDS.threadBytes.bytes && threads.size > 1) forget(oldestInactive(thread), 'threadBytes');
  }

  /** The least recently active thread other than `keep`, one without an open socket if any. */
  function oldestInactive(keep: Thread): Thread {
    let idle: Thread | undefined;
    let any: Thread | undefined;
    for (const thread of threads.values()) {
      if (thread === keep) continue;
      if (!any || thread.lastActivityAt < any.lastActivityAt) any = thread;
      if (options.inUse?.(thread.threadId)) continue;
      if (!idle || thread.lastActivityAt < idle.lastActivityAt) idle = thread;
    }
    return (idle ?? any)!;
  }

  function forget(thread: Thread, bound: BoundName): void {
    threads.delete(thread.threadId);
    totalBytes -= bytesOf(thread);
    options.onForget?.(thread);
    dropped(bound);
  }

  function trimTranscript(thread: Thread): void {
    const { transcript } = thread;
    let drop = 0;
    let bytes = thread.transcriptBytes;
    // The newest entry always stays.
    while (transcript.length - drop > 1 && (transcript.length - drop > BOUNDS.transcript.count || bytes > BOUNDS.transcript.bytes)) {
      bytes -= estimateSize(transcript[drop]);
      drop++;
    }
    if (!drop) return;
    transcript.splice(0, drop);
    thread.transcriptBytes = bytes;
    dropped('transcript');
  }

  return {
    get: (threadId) => threads.get(threadId),
    ensure(threadId) {
      let thread = threads.get(threadId);
      if (!thread) {
        // An id cut from a longer text (a REST path) must not keep that text alive.
        thread = create(detached(threadId));
        threads.set(thread.threadId, thread);
        if (threads.size > BOUNDS.threads.count) forget(oldestInactive(thread), 'threads');
      }
      return thread;
    },
    list: () => [...threads.values()],
    append(thread, fields) {
      const entry: TranscriptEntry = { id: `m_${++entryCount}`, threadId: thread.threadId, at: clock.now(), ...fields };
      change(thread, () => {
        thread.transcript.push(entry);
        thread.transcriptBytes += estimateSize(entry);
        trimTranscript(thread);
      });
      thread.lastActivityAt = entry.at;
      return entry;
    },
    remember(thread, traceId, seen) {
      change(thread, () => thread.traces.set(traceId, seen));
      thread.lastTraceId = Math.max(thread.lastTraceId ?? traceId, traceId);
    },
    wait(thread, frame) {
      change(thread, () => thread.waiting.push(frame));
    },
    takeWaiting(thread) {
      const frames = thread.waiting.toArray();
      change(thread, () => thread.waiting.clear());
      return frames;
    },
    summary: threadSummary,
    kept: () => ({ threads: { count: threads.size, bytes: totalBytes } }),
    clear() {
      threads.clear();
      totalBytes = 0;
    },
  };
}
