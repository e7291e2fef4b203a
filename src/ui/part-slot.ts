// A part of the chat's code that arrives when first needed, not with the chat (the rich
// templates, the panel's menu): the npm build brings it with import() (define.ts), the script-tag
// build as a file of its own beside the chat's (embed/chat.ts); tests hand it over at once.
import { signal, type ReadonlySignal } from '@preact/signals-core';

export interface PartSlot<T> {
  /** The part, once here (reading this asks for nothing). */
  readonly arrived: ReadonlySignal<T | undefined>;
  /** Where the part comes from, when first needed. */
  from(load: () => Promise<T>): void;
  /** The part is here (tests, or a build that has it at hand). */
  hand(part: T): void;
  /** The part once it is here; asks for it the first time (again after a failure). */
  ask(): ReadonlySignal<T | undefined>;
}

/** `withoutIt`: what the visitor goes without while the part cannot load, and why (said in the console). */
export function partSlot<T>(withoutIt: string): PartSlot<T> {
  const arrived = signal<T | undefined>(undefined);
  let source: (() => Promise<T>) | undefined;
  let asked: Promise<unknown> | undefined;
  const hand = (part: T) => {
    arrived.value = part;
  };
  const ask = () => {
    if (!arrived.peek() && source && !asked) {
      asked = source().then(hand, (error: unknown) => {
        asked = undefined; // the next need asks again
        console.warn(`[parley] ${withoutIt}:`, error instanceof Error ? error.message : error);
      });
    }
    return arrived;
  };
  return {
    arrived,
    from: (load) => {
      source = load;
    },
    hand,
    ask,
  };
}
