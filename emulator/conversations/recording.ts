// The transcript and the console's feed: what happened on a thread is written once and shown.
import type { TranscriptEntry } from '../core/model.ts';
import type { Thread } from '../threads/threads.ts';
import type { ConversationDeps } from './deps.ts';

export interface Recording {
  /** Tells the feed the thread changed (and its new entry, if any). */
  publish(thread: Thread, entry?: TranscriptEntry): void;
  /** Appends an entry to the thread's transcript and publishes it. */
  record(thread: Thread, fields: Omit<TranscriptEntry, 'id' | 'at' | 'threadId'>): TranscriptEntry;
}

export function createRecording(deps: Pick<ConversationDeps, 'threads' | 'feed' | 'sockets'>): Recording {
  function publish(thread: Thread, entry?: TranscriptEntry): void {
    if (entry) deps.feed.publish({ kind: 'entry', entry });
    deps.feed.publish({ kind: 'thread', thread: deps.threads.summary(thread, deps.sockets().threadSockets(thread.threadId).length) });
  }

  return {
    publish,
    record(thread, fields) {
      const entry = deps.threads.append(thread, fields);
      publish(thread, entry);
      return entry;
    },
  };
}
