// The transcript's entries and the pure functions that move them. Everything here is plain
// data, so it persists as it is and tests need no clock or socket.
import type { OutgoingMessage, QuickReply, ReceivedMessage, Response } from '../protocol/frames.ts';
import type { RichContent } from './rich.ts';

/** pending (not yet on a socket) -> sent (written to an open socket) -> delivered (echoed by the service). */
export type SendStatus = 'pending' | 'sent' | 'delivered' | 'failed';

/** What a message.send carries, minus the nonce, which may change between attempts. */
export type StoredOutgoing = Omit<OutgoingMessage, 'nonce'> & { traceId: number };

export interface UserEntry {
  kind: 'user';
  /** `u` + the request id the sending tab gave it: stable from the moment it is typed. */
  id: string;
  /** Given by the tab that holds the socket; 0 until then. */
  traceId: number;
  /** What the user's bubble shows: the typed text, or a quick reply's label. */
  text: string;
  /** Epoch milliseconds when the user sent it. */
  at: number;
  /** Position in the thread: entries are ordered by it (and stored under it). */
  seq: number;
  status: SendStatus;
  /** The service refused it (an `error` frame) with this reason: failed, and sent again only on retry. */
  error?: string;
  /** Sent for the service only (an event: sendEvent(), the start event): no bubble. */
  hidden?: boolean;
  /** From the thread before this one (the service refused its secret): shown above, set apart. */
  earlier?: boolean;
}

export type Author = 'bot' | 'agent' | 'user';

export interface ReceivedEntry {
  kind: 'received';
  id: string;
  /** Position in the thread, as for user entries. */
  seq: number;
  from: Author;
  /** The originator's name and picture, shown for agents. */
  name?: string;
  picture?: string;
  at: number;
  /** The text; for a rich response, the message's fallback (shown if its media cannot load). */
  text: string;
  /** A rich response (card, carousel, list, buttons, media, location), drawn instead of text. */
  rich?: RichContent;
  /** True when the response could not be rendered and this is the message's fallback. */
  isFallback?: boolean;
  quickReplies?: QuickReply[];
  /** How many responses of its message came after this one and are not shown (a bound: ../protocol/limits.ts). */
  more?: number;
  earlier?: boolean;
  /** The response as received, for the site's renderers (`renderers`): kept for every response but text. */
  response?: Response;
  /** The fields of the message it came in (its fallback, originator, meta), for the renderers' context. */
  message?: Omit<ReceivedMessage, 'responses'>;
  /** Drawn only by the site's renderer (a `custom` response): no bubble of the widget's, not unread, no quick replies. */
  hidden?: boolean;
}

export type TranscriptEntry = UserEntry | ReceivedEntry;

/** Orders entries by their place in the thread. */
export function bySeq(a: TranscriptEntry, b: TranscriptEntry): number {
  return a.seq - b.seq || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Quick replies offered right now: those of the last entry, if it is a received one. */
export function activeQuickReplies(entries: readonly TranscriptEntry[]): QuickReply[] {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.hidden) continue; // an event the user did not see, a response only the site draws
    return entry.kind === 'received' ? (entry.quickReplies ?? []) : [];
  }
  return [];
}
