// The messages typed in this tab while another tab holds the socket, kept until they are safe:
// saved by the holder, or delivered. Each is also queued in storage before the holder hears of
// it, so that if this tab and the holder both go away, the next holder finds it there. A new
// holder gets them again (with the traceId a former one gave them), and takes each in once.
import type { SendRequest } from '../conversation/send-payloads.ts';
import type { ConversationStore } from '../store/contract.ts';
import type { TranscriptEntry, UserEntry } from '../conversation/transcript.ts';
import { requestIdOf } from '../conversation/entry-ids.ts';

export interface TypedRequests {
  /** Keeps a request; resolves with its entry once a holder has taken it in. */
  add(request: SendRequest): Promise<UserEntry>;
  /** Queues it in storage, for a holder that starts after both tabs went away (false: not kept). */
  persist(request: SendRequest): Promise<boolean>;
  /** The requests kept, in the order they were typed. */
  all(): SendRequest[];
  /** Entries from the holder: taken in (the sender learns it), and delivered ones are safe. */
  seen(entries: readonly TranscriptEntry[]): void;
  /** The holder saved these entries (and removed their queue records with the same write). */
  saved(ids: readonly string[]): void;
  /** Entries that left the transcript. */
  removed(ids: readonly string[]): void;
  /** forget(): nothing typed here is kept any longer (the store's queue is emptied with the rest). */
  clear(): void;
}

export function createTypedRequests(store: Pick<ConversationStore, 'queue' | 'unqueue'>): TypedRequests {
  const kept = new Map<string, SendRequest>();
  const waiters = new Map<string, (entry: UserEntry) => void>();

  function forget(rid: string, stillQueued: boolean): void {
    if (!kept.delete(rid)) return;
    if (stillQueued) void store.unqueue(rid);
  }

  return {
    add(request) {
      kept.set(request.rid, request);
      return new Promise((resolve) => waiters.set(request.rid, resolve));
    },
    persist: (request) => store.queue(request),
    all: () => [...kept.values()],
    seen(entries) {
      for (const entry of entries) {
        if (entry.kind !== 'user') continue;
        const rid = requestIdOf(entry.id);
        const request = kept.get(rid);
        if (request && entry.traceId) kept.set(rid, { ...request, traceId: entry.traceId });
        waiters.get(rid)?.(entry);
        waiters.delete(rid);
        // The holder's own write removed the queue record unless its storage failed: ours cleans up.
        if (entry.status === 'delivered') forget(rid, true);
      }
    },
    saved(ids) {
      for (const id of ids) forget(requestIdOf(id), false);
    },
    removed(ids) {
      for (const id of ids) forget(requestIdOf(id), true);
    },
    clear() {
      kept.clear();
      waiters.clear();
    },
  };
}
