// What every tab shows of the conversation: the latest entries of the thread, the typing
// indicator, the connection and the read marker. The tab that holds the socket changes it
// through ops; the other tabs apply the same ops from the channel, so all show the same.
// Messages typed here and not yet taken in by that tab show as pending at the end.
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-core';
import type { ConnectionStatus } from '../connection/status.ts';
import type { QuickReply } from '../protocol/frames.ts';
import { activeQuickReplies, bySeq, type TranscriptEntry, type UserEntry } from './transcript.ts';

/** Entries kept in memory beyond those the visitor scrolled back to. */
export const WINDOW_ENTRIES = 200;

export interface ReplicaState {
  threadId: string;
  entries: TranscriptEntry[];
  /** Older entries than these are in storage. */
  hasOlder: boolean;
  /** The thread had been used before this page loaded. */
  stored: boolean;
  readSeq: number;
  typing: boolean;
  status: ConnectionStatus;
  serviceError?: string;
}

export type Op =
  /** Everything at once: a loaded, reset or taken-over conversation. */
  | { op: 'state'; state: ReplicaState }
  /** New or changed entries. */
  | { op: 'put'; entries: TranscriptEntry[] }
  /** Entries that left the transcript (a failed message the visitor discarded). */
  | { op: 'remove'; ids: string[] }
  /** These user entries are in storage now: the tab that typed one may forget its own copy. */
  | { op: 'saved'; ids: string[] }
  | { op: 'typing'; on: boolean }
  | { op: 'status'; status: ConnectionStatus }
  | { op: 'error'; message?: string }
  | { op: 'read'; seq: number };

/** A tab's view of the conversation: signals to read, changed only through its methods. */
export interface Replica {
  readonly threadId: ReadonlySignal<string>;
  /** The latest entries in memory, then those typed here and not yet taken in. */
  readonly entries: ReadonlySignal<readonly TranscriptEntry[]>;
  readonly hasOlder: ReadonlySignal<boolean>;
  readonly stored: ReadonlySignal<boolean>;
  readonly readSeq: ReadonlySignal<number>;
  readonly typing: ReadonlySignal<boolean>;
  readonly status: ReadonlySignal<ConnectionStatus>;
  readonly serviceError: ReadonlySignal<string | undefined>;
  readonly loaded: ReadonlySignal<boolean>;
  apply(op: Op): void;
  /** The state as a tab that just joined needs it. */
  state(): ReplicaState;
  /** Shows a message typed here until the holding tab takes it in. */
  addLocal(entry: UserEntry): void;
  /** Entries the visitor scrolled back to, loaded from storage. */
  prepend(older: readonly TranscriptEntry[], more: boolean): void;
  /** The oldest seq in memory: older entries come from storage. */
  oldestSeq(): number | undefined;
  readonly quickReplies: ReadonlySignal<QuickReply[]>;
  /** Bot and agent messages no tab has shown yet. */
  readonly unread: ReadonlySignal<number>;
  /** The newest received entry's seq: what "read" means when the panel shows it. */
  latestReceivedSeq(): number;
}

/**
 * Inserts or replaces `entry` in seq order; entries older than the window stay in storage
 * (with `hasOlder`, one older than all of `list` is left out).
 */
function place(list: TranscriptEntry[], entry: TranscriptEntry, hasOlder: boolean): void {
  for (let i = list.length - 1; i >= 0; i--) {
    const here = list[i]!;
    if (here.id === entry.id) {
      list[i] = entry;
      return;
    }
    if (bySeq(here, entry) < 0) {
      // Changes reach the newest entries almost always: the scan stops within a few steps.
      // (An entry keeps its seq, so one found older than it cannot be the same entry.)
      list.splice(i + 1, 0, entry);
      return;
    }
  }
  if (!hasOlder || list.length === 0) list.unshift(entry);
}

/** Bot and agent messages after `readSeq` (a site's hidden ones aside). */
export function unreadCount(list: readonly TranscriptEntry[], readSeq: number): number {
  let count = 0;
  for (let i = list.length - 1; i >= 0; i--) {
    const entry = list[i]!;
    if (entry.seq <= readSeq) break;
    if (entry.kind === 'received' && entry.from !== 'user' && !entry.hidden) count++;
  }
  return count;
}

export function createReplica(): Replica {
  const threadId = signal('');
  const window = signal<readonly TranscriptEntry[]>([]);
  /** Typed in this tab, not yet taken in by the tab that holds the socket. */
  const local = signal<readonly UserEntry[]>([]);
  const hasOlder = signal(false);
  const stored = signal(false);
  const readSeq = signal(0);
  const typing = signal(false);
  const status = signal<ConnectionStatus>({ state: 'idle' });
  const serviceError = signal<string | undefined>(undefined);
  const loaded = signal(false);
  /** How many entries the visitor has asked to see (scrolling back raises it). */
  let windowSize = WINDOW_ENTRIES;

  const entries = computed<readonly TranscriptEntry[]>(() => (local.value.length === 0 ? window.value : [...window.value, ...local.value]));

  function trimmed(list: TranscriptEntry[]): TranscriptEntry[] {
    if (list.length <= windowSize) return list;
    hasOlder.value = true;
    return list.slice(list.length - windowSize);
  }

  function put(changed: readonly TranscriptEntry[]): void {
    const list = window.value.slice();
    const before = list.length;
    for (const entry of changed) place(list, entry, hasOlder.value);
    // While the visitor reads older messages, new ones do not push those out of memory.
    if (windowSize > WINDOW_ENTRIES) windowSize += list.length - before;
    window.value = trimmed(list);
    const taken = new Set(changed.map((entry) => entry.id));
    if (local.value.some((entry) => taken.has(entry.id))) local.value = local.value.filter((entry) => !taken.has(entry.id));
  }

  function apply(op: Op): void {
    batch(() => {
      switch (op.op) {
        case 'state': {
          const { state } = op;
          windowSize = WINDOW_ENTRIES;
          threadId.value = state.threadId;
          hasOlder.value = state.hasOlder;
          window.value = trimmed(state.entries);
          stored.value = state.stored;
          readSeq.value = state.readSeq;
          typing.value = state.typing;
          status.value = state.status;
          serviceError.value = state.serviceError;
          const known = new Set(state.entries.map((entry) => entry.id));
          local.value = local.value.filter((entry) => !known.has(entry.id));
          loaded.value = true;
          return;
        }
        case 'put':
          return put(op.entries);
        case 'remove': {
          const gone = new Set(op.ids);
          window.value = window.value.filter((entry) => !gone.has(entry.id));
          return;
        }
        case 'saved':
          return;
        case 'typing':
          typing.value = op.on;
          return;
        case 'status':
          status.value = op.status;
          return;
        case 'error':
          serviceError.value = op.message;
          return;
        case 'read':
          readSeq.value = Math.max(readSeq.value, op.seq);
          return;
      }
    });
  }

  return {
    threadId,
    entries,
    hasOlder,
    stored,
    readSeq,
    typing,
    status,
    serviceError,
    loaded,
    apply,
    /** The state as a tab that just joined needs it. */
    state(): ReplicaState {
      return {
        threadId: threadId.value,
        entries: window.value.slice(-WINDOW_ENTRIES),
        hasOlder: hasOlder.value || window.value.length > WINDOW_ENTRIES,
        stored: stored.value,
        readSeq: readSeq.value,
        typing: typing.value,
        status: status.value,
        ...(serviceError.value !== undefined ? { serviceError: serviceError.value } : {}),
      };
    },
    /** Shows a message typed here until the holding tab takes it in. */
    addLocal(entry: UserEntry): void {
      local.value = [...local.value, entry];
    },
    /** Entries the visitor scrolled back to, loaded from storage. */
    prepend(older: readonly TranscriptEntry[], more: boolean): void {
      const first = window.value[0];
      const fresh = first ? older.filter((entry) => bySeq(entry, first) < 0) : [...older];
      windowSize += fresh.length;
      batch(() => {
        window.value = [...fresh, ...window.value];
        hasOlder.value = more;
      });
    },
    /** The oldest seq in memory: older entries come from storage. */
    oldestSeq: () => window.value[0]?.seq,
    quickReplies: computed(() => (typing.value ? [] : activeQuickReplies(entries.value))),
    /** Bot and agent messages no tab has shown yet. */
    unread: computed(() => unreadCount(window.value, readSeq.value)),
    /** The newest received entry's seq: what "read" means when the panel shows it. */
    latestReceivedSeq(): number {
      const list = window.value;
      for (let i = list.length - 1; i >= 0; i--) if (list[i]!.kind === 'received') return list[i]!.seq;
      return 0;
    },
  };
}
