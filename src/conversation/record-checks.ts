// Stored data may come from an older version or be damaged: check it before trusting it. By
// hand, as `typeof` per field, since zod would add ~0.3 kB to the bundle for these few records.
import type { Logger } from '../protocol/parse.ts';
import type { OutboxRecord, ThreadMeta } from './persistence.ts';
import type { SendRequest } from './outgoing.ts';
import type { TranscriptEntry, UserEntry } from './transcript.ts';

/** History kept per thread; older entries are deleted when a conversation is loaded. */
export const MAX_STORED_ENTRIES = 5_000;

type Shape = Record<string, string>;

function hasShape(value: unknown, shape: Shape): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(shape).every(([key, type]) => {
    const field = (value as Record<string, unknown>)[key];
    return type[0] === '?' ? field === undefined || typeof field === type.slice(1) : typeof field === type;
  });
}

const META: Shape = { threadId: 'string', nonce: '?string', startEventQueued: 'boolean', readSeq: 'number' };
const ENTRY: Shape = { id: 'string', seq: 'number', text: 'string', at: 'number' };
const USER_ENTRY: Shape = { ...ENTRY, traceId: 'number', error: '?string' };
const RECEIVED_ENTRY: Shape = { ...ENTRY, from: 'string' };
const OUTGOING: Shape = { threadId: 'string', traceId: 'number', speech: 'string' };
const REQUEST: Shape = { rid: 'string', text: 'string', at: 'number', traceId: '?number' };
const STATUSES = ['pending', 'sent', 'delivered', 'failed'];

const isUserEntry = (value: unknown) =>
  (value as UserEntry)?.kind === 'user' && hasShape(value, USER_ENTRY) && STATUSES.includes((value as UserEntry).status);
/** Checks of stored records (also used for the tab's view snapshot). */
export const checks = {
  meta: (value: unknown) => (value as ThreadMeta)?.version === 2 && hasShape(value, META),
  entry: (value: unknown) => isUserEntry(value) || ((value as TranscriptEntry)?.kind === 'received' && hasShape(value, RECEIVED_ENTRY)),
  outbox: (value: unknown) => isUserEntry((value as OutboxRecord)?.entry) && hasShape((value as OutboxRecord).outgoing, OUTGOING),
  request: (value: unknown) => hasShape(value, REQUEST) && hasShape((value as SendRequest).draft, { speech: 'string' }),
};

/** A filter that keeps what passes `check` and warns about the rest. */
export const valid = <T>(check: (value: unknown) => boolean, logger: Logger) => (value: unknown): value is T => {
  if (check(value)) return true;
  logger.warn('[parley] ignored a damaged or outdated stored record');
  return false;
};
