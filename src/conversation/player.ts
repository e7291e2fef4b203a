// Plays received entries back in order, each after its own delay, and says when the other
// side is typing: while an entry waits for its delay, or while the service says keepTyping.
// A new message never waits behind an older one: what still waits is revealed at once, in order,
// so however many messages come, the indicator shows for one message's delays at most.
import { computed, signal } from '@preact/signals-core';
import type { Clock } from '../connection/clock.ts';
import type { TimedEntry } from './received.ts';
import type { ReceivedEntry } from './transcript.ts';

// keepTyping with no follow-up must not leave the indicator on for ever.
export const KEEP_TYPING_LIMIT_MS = 60_000;

export function createPlayer(deps: { clock: Clock; onReveal: (entry: ReceivedEntry) => void }) {
  const { clock } = deps;
  const queued = signal<readonly TimedEntry[]>([]);
  const keepTyping = signal(false);
  let revealTimer: unknown;
  let keepTypingTimer: unknown;

  function play(): void {
    if (revealTimer !== undefined) return;
    const head = queued.value[0];
    if (!head) return;
    const reveal = () => {
      revealTimer = undefined;
      queued.value = queued.value.slice(1);
      deps.onReveal(head.entry);
      play();
    };
    if (head.delay === 0) reveal();
    else revealTimer = clock.setTimeout(reveal, head.delay);
  }

  function setKeepTyping(on: boolean): void {
    if (keepTypingTimer !== undefined) clock.clearTimeout(keepTypingTimer);
    keepTypingTimer = on ? clock.setTimeout(() => (keepTyping.value = false), KEEP_TYPING_LIMIT_MS) : undefined;
    keepTyping.value = on;
  }

  return {
    typing: computed(() => queued.value.length > 0 || keepTyping.value),
    /** Reveals whatever still waits, then plays a message's entries. */
    enqueue(entries: readonly TimedEntry[], keepTypingAfter: boolean): void {
      if (revealTimer !== undefined) clock.clearTimeout(revealTimer);
      revealTimer = undefined;
      const waiting = queued.value;
      queued.value = entries;
      for (const item of waiting) deps.onReveal(item.entry);
      setKeepTyping(keepTypingAfter);
      play();
    },
    /** Drops whatever waits (a new thread); nothing is revealed after this. */
    cancel(): void {
      if (revealTimer !== undefined) clock.clearTimeout(revealTimer);
      revealTimer = undefined;
      queued.value = [];
      setKeepTyping(false);
      if (keepTypingTimer !== undefined) clock.clearTimeout(keepTypingTimer);
      keepTypingTimer = undefined;
    },
  };
}
