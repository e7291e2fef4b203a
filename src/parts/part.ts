// How a part of the chat's code (table.ts) arrives when first needed, one way for all five: asked
// for once, however often it is needed, and again on the next need after a failure, which is
// said once to each that waits for it (components ask without waiting: said once). Where parts
// come from is one function per build: import() in the npm build (define.ts), a file beside the
// chat's in the script-tag build (embed/chat.ts); the headless client and unit tests hand a part
// over at once.
import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { PartName } from './table.ts';

/** Where a failure is said: the console, or a conversation's logger. */
interface Teller {
  warn(...args: unknown[]): void;
}

let source: ((name: PartName) => Promise<unknown>) | undefined;

/** Where the parts come from, when first needed: each build says so before its chat runs. */
export function partsFrom(load: (name: PartName) => Promise<unknown>): void {
  source = load;
}

/** A part, by position (the minifier keeps property names, not positions). */
type Part<T> = readonly [
  /** The part, once here (reading this asks for nothing). */
  arrived: ReadonlySignal<T | undefined>,
  /** The part is here (the headless client, tests). */
  hand: (part: T) => void,
  /**
   * Asks for the part if it is not here, and gives it to `then` once it is: undefined where it
   * cannot load, said to `tell` (each asker's own: the console, a conversation's logger).
   */
  load: (tell: Teller, then?: (part: T | undefined) => void) => void,
  /** What components call: asks for the part the first time (again after a failure); the part once here. */
  ask: () => ReadonlySignal<T | undefined>,
];

/** `without`: what the visitor goes without while it cannot load (table.ts). */
export function part<T>(name: PartName, without: string): Part<T> {
  const arrived = signal<T | undefined>(undefined);
  // The source's own promise (a settled one once handed over): each `then` waits on it directly,
  // so runs as soon as the part is here.
  let asked: Promise<T> | undefined;
  const hand = (part: T) => {
    asked = Promise.resolve((arrived.value = part));
  };
  const load = (tell: Teller, then?: (part: T | undefined) => void) => {
    if (!asked) {
      asked = source!(name) as Promise<T>;
      asked.then(hand, () => (asked = undefined)); // the next need asks again
    }
    asked.then(then, (error: unknown) => {
      tell.warn(`[parley] ${without}:`, error instanceof Error ? error.message : error);
      then?.(undefined);
    });
  };
  return [
    arrived,
    hand,
    load,
    () => {
      if (!asked && source) load(console);
      return arrived;
    },
  ];
}
