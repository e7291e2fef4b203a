// The transcript's entries and the pure functions that move them. Everything here is plain
// data, so it persists as it is and tests need no clock or socket.
import type { OutgoingMessage, QuickReply } from '../protocol/frames.ts';

/** pending (not yet on a socket) -> sent (written to an open socket) -> delivered (echoed by the service). */
export type SendStatus = 'pending' | 'sent' | 'delivered' | 'failed';

/** What a message.send carries, minus the nonce, which may change between attempts. */
export type StoredOutgoing = Omit<OutgoingMessage, 'nonce'> & { traceId: number };

export interface UserEntry {
  kind: 'user';
  /** Stable and unique within the thread: `u<traceId>`. */
  id: string;
  traceId: number;
  /** What the user's bubble shows: the typed text, or a quick reply's label. */
  text: string;
  /** Epoch milliseconds when the user sent it. */
  at: number;
  status: SendStatus;
  /** The frame's payload, kept so a resend is identical to the first send. */
  outgoing: StoredOutgoing;
  /** Sent for the service only (the start event): no bubble. */
  hidden?: boolean;
}

export type Author = 'bot' | 'agent' | 'user';

export interface ReceivedEntry {
  kind: 'received';
  id: string;
  from: Author;
  /** The originator's name and picture, shown for agents. */
  name?: string;
  picture?: string;
  at: number;
  text: string;
  /** True when the response could not be rendered and this is the message's fallback. */
  isFallback?: boolean;
  quickReplies?: QuickReply[];
}

export type TranscriptEntry = UserEntry | ReceivedEntry;

/** Entries that still have to reach the service, oldest first. Failed ones wait for a retry. */
export function outbox(entries: readonly TranscriptEntry[]): UserEntry[] {
  return entries
    .filter((entry): entry is UserEntry => entry.kind === 'user' && (entry.status === 'pending' || entry.status === 'sent'))
    .sort((a, b) => a.traceId - b.traceId);
}

/**
 * Moves one user entry to a new send status. Delivery is final: a late `sent` or `failed`
 * never undoes it. Returns the same array when nothing changes.
 */
export function updateSendState(
  entries: readonly TranscriptEntry[],
  traceId: number,
  status: SendStatus,
): readonly TranscriptEntry[] {
  const index = entries.findIndex((entry) => entry.kind === 'user' && entry.traceId === traceId);
  const entry = entries[index] as UserEntry | undefined;
  if (!entry || entry.status === status || entry.status === 'delivered') return entries;
  const next = entries.slice();
  next[index] = { ...entry, status };
  return next;
}

/**
 * After a connection is lost, what was written to it may not have arrived: send it again. After
 * a reload (`includeFailed`), failed messages get another chance too.
 */
export function requeueSent(entries: readonly TranscriptEntry[], includeFailed = false): readonly TranscriptEntry[] {
  const requeue = (entry: TranscriptEntry) =>
    entry.kind === 'user' && (entry.status === 'sent' || (includeFailed && entry.status === 'failed'));
  if (!entries.some(requeue)) return entries;
  return entries.map((entry) => (requeue(entry) ? { ...entry, status: 'pending' as const } : entry));
}

/** Quick replies offered right now: those of the last entry, if it is a received one. */
export function activeQuickReplies(entries: readonly TranscriptEntry[]): QuickReply[] {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.kind === 'user' && entry.hidden) continue; // an event the user did not see
    return entry.kind === 'received' ? (entry.quickReplies ?? []) : [];
  }
  return [];
}
