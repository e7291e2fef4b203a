// A component reads a signal through this hook and re-renders when it changes. This replaces the
// @preact/signals adapter (which tracks every .value read in render through Preact's option
// hooks) for about 1 kB less: here each component subscribes to exactly what it names.
import type { ReadonlySignal } from '@preact/signals-core';
import { useLayoutEffect, useReducer, useRef } from 'preact/hooks';

export function useSignalValue<T>(source: ReadonlySignal<T>): T {
  // peek: a render inside someone's effect must not become a dependency of that effect.
  const value = source.peek();
  const shown = useRef(value);
  shown.current = value;
  const [, update] = useReducer((n: number) => n + 1, 0);
  // subscribe() calls back at once, so a change between this render and the commit is seen too.
  useLayoutEffect(() => source.subscribe((next) => next !== shown.current && update(0)), [source]);
  return value;
}
