// The conversation's durable state: what a store keeps and the contract every store keeps. The
// stores themselves, which import this contract (so it does not re-export them): memory-store.ts
// (storage="memory", where the browser refuses IndexedDB, tests), session-store.ts
// (storage="session") and indexeddb-store.ts (storage="local", which falls back to this page's
// memory while IndexedDB fails).
import type { SendRequest } from '../conversation/send-payloads.ts';
import type { StoredOutgoing, TranscriptEntry, UserEntry } from '../conversation/transcript.ts';

/** What is kept of the thread besides its entries. */
export interface ThreadMeta {
  version: 2;
  threadId: string;
  /** The client-nonce mode's secret for this thread. */
  nonce?: string;
  /** The start event has been queued for this thread (it is sent once per thread). */
  startEventQueued: boolean;
  /** Received entries up to this seq have been seen in some tab. */
  readSeq: number;
}

/** A message the service has not confirmed yet: what a resend needs, with its original traceId. */
export interface OutboxRecord {
  entry: UserEntry;
  outgoing: StoredOutgoing;
}

export interface StoredConversation {
  meta: ThreadMeta;
  /** The latest entries, oldest first. */
  entries: TranscriptEntry[];
  /** Undelivered messages, however old, by traceId. */
  outbox: OutboxRecord[];
  /** Older entries remain in the store. */
  hasOlder: boolean;
}

/** One write: everything in it lands together or not at all. */
export interface Changes {
  /** A meta for another thread than the stored one replaces that thread: its records go. */
  meta?: ThreadMeta;
  entries?: TranscriptEntry[];
  /** Entries to delete (a refused message the visitor discarded). */
  removed?: TranscriptEntry[];
  outbox?: OutboxRecord[];
  /** traceIds whose outbox records can go: delivered or discarded. */
  delivered?: number[];
  /** Requests queued by other tabs (`queue`) that are now taken in: their queue records go. */
  taken?: string[];
}

/**
 * `stored`: durable. `memory`: kept in this page until storage works again (it is retried with
 * the next write). `supersededBy`: a tab with this higher epoch wrote since; nothing was written.
 */
export type WriteResult = 'stored' | 'memory' | { supersededBy: number };

export interface ConversationStore {
  /**
   * The stored thread with its latest `limit` entries, or undefined when none is stored. Rejects
   * when storage cannot be read and this page holds nothing of it: unknown, which is not empty.
   * Trims history to MAX_STORED_ENTRIES.
   */
  load(limit: number): Promise<StoredConversation | undefined>;
  /** Up to `limit` entries before `before` (a seq), oldest first. */
  loadOlder(threadId: string, before: number, limit: number): Promise<TranscriptEntry[]>;
  /**
   * Never rejects. `epoch` fences a tab that lost the lead without noticing: a write from an
   * epoch below the highest one written is refused (`supersededBy`).
   */
  write(threadId: string, changes: Changes, epoch?: number): Promise<WriteResult>;
  /**
   * The thread's next traceId, taken for good before the message is sent: atomic across tabs,
   * so two tabs (or a reload) never use one twice. Never below `atLeast`, which the caller sets
   * above every traceId it has seen, so a counter that storage lost or never got cannot go back.
   */
  reserveTraceId(threadId: string, atLeast: number): Promise<number>;
  /** Deletes a thread's entries, outbox and traceId counter (after a reset). */
  dropThread(threadId: string): Promise<void>;
  /**
   * Keeps a request typed in a tab that does not hold the socket, until the holder takes it in
   * (`Changes.taken`): if both tabs go away meanwhile, the next holder finds it. False: not kept.
   */
  queue(request: SendRequest): Promise<boolean>;
  /** Forgets a queued request (its message is safe elsewhere). */
  unqueue(rid: string): Promise<void>;
  /** Queued requests, oldest first. */
  queued(): Promise<SendRequest[]>;
  clear(): Promise<void>;
}
