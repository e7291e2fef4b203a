// A component reads a signal through this hook and re-renders when it changes (the widget's
// src/ui/use-signal.ts: the emulator imports nothing of src/ but src/protocol).
import type { ReadonlySignal } from '@preact/signals-core';
import { useLayoutEffect, useReducer, useRef } from 'preact/hooks';

export function useSignalValue<T>(source: ReadonlySignal<T>): T {
  const value = source.peek();
  const shown = useRef(value);
  shown.current = value;
  const [, update] = useReducer((n: number) => n + 1, 0);
  // subscribe() calls back at once, so a change between this render and the commit is seen too.
  useLayoutEffect(() => source.subscribe((next) => next !== shown.current && update(0)), [source]);
  return value;
}
