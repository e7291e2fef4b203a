// A thread's transcript as the REST API shows it (spec 2.7): pages of 20, and the thread list.
import type { TranscriptEntry } from '../core/model.ts';
import type { Thread } from '../threads/threads.ts';
import { listedThreadId } from '../threads/threads.ts';
import { visitorAsReceived } from '../threads/originators.ts';

/** Spec 8: GET messages and GET threads return 20 entries per page. */
const PAGE_SIZE = 20;

/**
 * Decision: page 1 holds the 20 newest entries, oldest first within the page (a chat shows them
 * so); page 2 the 20 before them, and so on. A page past the last is empty; `pages` is at least 1.
 */
export function historyPage(thread: Thread, page: number) {
  const entries = thread.transcript;
  const pages = Math.max(1, Math.ceil(entries.length / PAGE_SIZE));
  const end = entries.length - (page - 1) * PAGE_SIZE;
  const slice = end > 0 ? entries.slice(Math.max(0, end - PAGE_SIZE), end) : [];
  return { history: slice.map(historyItem), threadId: thread.threadId, page, pages };
}

function historyItem(entry: TranscriptEntry) {
  const createdAt = new Date(entry.at).toISOString();
  if (entry.messages) {
    return {
      originator: entry.originator,
      messages: entry.messages.map((m) => ({
        fallback: m.fallback,
        replyTo: m.replyTo,
        contexts: [],
        params: m.params ?? {},
        intents: [],
        createdAt,
        responses: m.responses,
      })),
    };
  }
  const text = entry.speech ?? entry.event ?? '';
  return {
    originator: visitorAsReceived(entry.originator),
    messages: [
      {
        fallback: text,
        contexts: [],
        params: {},
        intents: [],
        createdAt,
        responses: [{ type: 'text', payload: { text } }],
        ...(entry.payload ? { payload: entry.payload } : {}),
      },
    ],
  };
}

/** Decision: threads are listed most recently active first, as `<id>|o_<org>` (spec 2.7). */
export function threadsPage(threads: Thread[], page: number) {
  const sorted = [...threads].sort((a, b) => b.lastActivityAt - a.lastActivityAt);
  const pages = Math.max(1, Math.ceil(sorted.length / PAGE_SIZE));
  const slice = sorted.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  // Spec 4.4 shows `page` as a string in this answer, unlike history's.
  return { threads: slice.map((t) => listedThreadId(t.threadId)), page: String(page), pages };
}
