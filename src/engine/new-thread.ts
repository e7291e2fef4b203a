// Moving the holding tab's conversation to a new thread: empty (a reset), or carrying what the
// old one never delivered (its secret was refused).
import type { EngineCore, Enqueue } from './core.ts';
import type { ThreadMeta } from '../store/contract.ts';
import type { TranscriptEntry } from '../conversation/transcript.ts';
import { requestIdOf } from '../conversation/entry-ids.ts';

export const newMeta = (threadId: string): ThreadMeta => ({ version: 2, threadId, startEventQueued: false, readSeq: 0 });

/** Starting a thread, and continuing in a new one. */
export function threadStarts(
  { options, state, journal, outbox, player, traceFloor, publish, stateOf }: EngineCore,
  enqueue: Enqueue,
  queueStartEvent: () => void,
): [(threadId: string) => void, () => void] {
  /** A new thread, empty or showing the given entries of an earlier one. */
  function startThread(threadId: string, earlier: TranscriptEntry[] = []): void {
    outbox.clear();
    player.cancel();
    state.taken = new Set();
    state.meta = newMeta(threadId);
    traceFloor.reset(false);
    state.serviceError = undefined;
    if (state.activated) journal.meta(state.meta);
    for (const entry of earlier) journal.entry(threadId, entry);
    publish({ op: 'state', state: stateOf(earlier, false, false) });
  }

  /**
   * A new thread that takes along the messages the old one never delivered, and shows the old
   * one's messages above, marked as an earlier conversation.
   */
  function continueInNewThread(): void {
    const undelivered = outbox.drain().filter((record) => !record.entry.hidden);
    const moving = new Set(undelivered.map((record) => record.entry.id));
    const earlier = (options.shown?.()?.entries ?? [])
      .filter((entry) => !moving.has(entry.id) && !(entry.kind === 'user' && entry.hidden))
      .map((entry) => ({ ...entry, earlier: true as const }));
    startThread(options.uuid(), earlier);
    state.lastSeq = Math.max(state.lastSeq, ...earlier.map((entry) => entry.seq));
    queueStartEvent();
    for (const { entry, outgoing } of undelivered) {
      const { threadId: _thread, traceId: _trace, ...draft } = outgoing;
      void enqueue({ rid: requestIdOf(entry.id), draft, text: entry.text, at: entry.at });
    }
  }

  return [startThread, continueInNewThread];
}
