// The threads the emulator knows: their secret, conversation state, transcript and traceIds.
import type { Clock } from './clock.ts';
import type { ThreadSummary, TranscriptEntry } from './model.ts';
import { newConversation, type Conversation } from './states.ts';

/** The organisation part of listed thread ids (`<id>|o_<org>`, spec 2.7). */
export const ORGANISATION_ID = 'parley';
/** A thread keeps this many transcript entries; older ones are dropped first. */
export const MAX_TRANSCRIPT = 10_000;
/** Frames waiting for a thread's next socket, at most. */
export const MAX_WAITING = 200;

export interface SeenTrace {
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
  conversation: Conversation;
  transcript: TranscriptEntry[];
  /** Socket traceIds received, so a resend is acknowledged again and not answered twice. */
  traces: Map<number, SeenTrace>;
  lastTraceId?: number;
  /** `message.received` frames for a thread with no open socket: sent to its next one. */
  waiting: unknown[];
  /** The handover pause's end, while armed. */
  resumeTimer?: unknown;
}

export interface ThreadStore {
  get(threadId: string): Thread | undefined;
  ensure(threadId: string): Thread;
  list(): Thread[];
  /** Adds an entry (its id and time given here) and returns it. */
  append(thread: Thread, entry: Omit<TranscriptEntry, 'id' | 'at' | 'threadId'>): TranscriptEntry;
  summary(thread: Thread, openSockets: number): ThreadSummary;
  clear(): void;
}

/** A thread id as REST paths may give it: bare, or as listed (`<id>|o_<org>`). */
export function bareThreadId(id: string): string {
  const suffix = `|o_${ORGANISATION_ID}`;
  return id.endsWith(suffix) && id.length > suffix.length ? id.slice(0, -suffix.length) : id;
}

export function listedThreadId(threadId: string): string {
  return `${threadId}|o_${ORGANISATION_ID}`;
}

export function createThreadStore(clock: Clock): ThreadStore {
  const threads = new Map<string, Thread>();
  let entryCount = 0;

  return {
    get: (threadId) => threads.get(threadId),
    ensure(threadId) {
      let thread = threads.get(threadId);
      if (!thread) {
        const now = clock.now();
        thread = { threadId, createdAt: now, lastActivityAt: now, conversation: newConversation(), transcript: [], traces: new Map(), waiting: [] };
        threads.set(threadId, thread);
      }
      return thread;
    },
    list: () => [...threads.values()],
    append(thread, fields) {
      const entry: TranscriptEntry = { id: `m_${++entryCount}`, threadId: thread.threadId, at: clock.now(), ...fields };
      thread.transcript.push(entry);
      if (thread.transcript.length > MAX_TRANSCRIPT) thread.transcript.splice(0, thread.transcript.length - MAX_TRANSCRIPT);
      thread.lastActivityAt = entry.at;
      return entry;
    },
    summary(thread, openSockets) {
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
    },
    clear() {
      threads.clear();
    },
  };
}
