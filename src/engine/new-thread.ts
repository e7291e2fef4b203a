// Moving the holding tab's conversation to a new thread: empty (a reset), or carrying what the
// old one never delivered (its secret was refused).
import type { EngineCore, Enqueue } from './core.ts';
import type { ThreadMeta } from '../store/contract.ts';
import type { TranscriptEntry } from '../conversation/transcript.ts';
import { requestIdOf } from '../conversation/entry-ids.ts';

export const newMeta = (threadId: string): ThreadMeta => ({ version: 2, threadId, startEventQueued: false, readSeq: 0 });

export interface ThreadStarts {
  /** A new thread, empty or showing the given entries of an earlier one. */
  startThread(threadId: string, earlier?: TranscriptEntry[]): void;
  /** A new thread that takes along what the old one never delivered (its secret was refused). */
  continueInNewThread(): void;
}

/** Starting a thread, and continuing in a new one. */
export function threadStarts(
  { options, platform, state, journal, outbox, player, traceFloor, publish, stateOf }: EngineCore,
  enqueue: Enqueue,
  queueStartEvent: () => void,
): ThreadStarts {
  /** A new thread, empty or showing the given entries of an earlier one. */
  function startThread(threadId: string, earlier: TranscriptEntry[] = []): void {
    outbox.clear();
    player.cancel();
    state.renew(newMeta(threadId));
    traceFloor.reset(false);
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
    startThread(platform.uuid(), earlier);
    state.saw(Math.max(0, ...earlier.map((entry) => entry.seq)));
    queueStartEvent();
    for (const { entry, outgoing } of undelivered) {
      const { threadId: _thread, traceId: _trace, ...draft } = outgoing;
      void enqueue({ rid: requestIdOf(entry.id), draft, text: entry.text, at: entry.at });
    }
  }

  return { startThread, continueInNewThread };
}
