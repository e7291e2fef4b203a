// Plays received entries back in order, each after its own delay, and says when the other
// side is typing: while an entry waits for its delay, or while the service says keepTyping.
// A new message never waits behind an older one: what still waits is revealed at once, in order,
// so however many messages come, the indicator shows for one message's delays at most.
import { computed, signal } from '@preact/signals-core';
import type { Clock } from '../browser/clock.ts';
import type { TimedEntry } from '../conversation/received-entries.ts';
import type { ReceivedEntry } from '../conversation/transcript.ts';

// keepTyping with no follow-up must not leave the indicator on for ever.
const KEEP_TYPING_LIMIT_MS = 60_000;

/** `onReveal` gets the entries that appear together, in order: one call (one change to publish) for many. */
export function createPlayer(deps: { clock: Clock; onReveal: (entries: ReceivedEntry[]) => void }) {
  const { clock } = deps;
  // The message playing, and the index of its next entry; `waiting` counts those not shown yet.
  let queue: readonly TimedEntry[] = [];
  let next = 0;
  const waiting = signal(0);
  const keepTyping = signal(false);
  let revealTimer: unknown;
  let keepTypingTimer: unknown;

  /** Shows the next entry and those after it without a delay (a message may hold thousands). */
  function play(): void {
    const shown: ReceivedEntry[] = [];
    do shown.push(queue[next++]!.entry);
    while (next < queue.length && queue[next]!.delay === 0);
    deps.onReveal(shown);
    wait();
  }

  function wait(): void {
    if (next < queue.length) revealTimer = clock.setTimeout(() => ((revealTimer = undefined), play()), queue[next]!.delay);
    waiting.value = queue.length - next;
  }

  function stop(): readonly TimedEntry[] {
    if (revealTimer !== undefined) clock.clearTimeout(revealTimer);
    revealTimer = undefined;
    const rest = queue.slice(next);
    queue = [];
    next = 0;
    waiting.value = 0;
    return rest;
  }

  function setKeepTyping(on: boolean): void {
    if (keepTypingTimer !== undefined) clock.clearTimeout(keepTypingTimer);
    keepTypingTimer = on ? clock.setTimeout(() => (keepTyping.value = false), KEEP_TYPING_LIMIT_MS) : undefined;
    keepTyping.value = on;
  }

  return {
    typing: computed(() => waiting.value > 0 || keepTyping.value),
    /** Reveals whatever still waits, then plays a message's entries. */
    enqueue(entries: readonly TimedEntry[], keepTypingAfter: boolean): void {
      const rest = stop();
      if (rest.length) deps.onReveal(rest.map((item) => item.entry));
      queue = entries;
      setKeepTyping(keepTypingAfter);
      if (entries[0]?.delay === 0) play();
      else wait();
    },
    /** Drops whatever waits (a new thread); nothing is revealed after this. */
    cancel(): void {
      stop();
      setKeepTyping(false);
      if (keepTypingTimer !== undefined) clock.clearTimeout(keepTypingTimer);
      keepTypingTimer = undefined;
    },
  };
}
