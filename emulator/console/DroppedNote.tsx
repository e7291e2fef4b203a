// Says once, beside a list, that the emulator dropped older items of it (its bounds, retention.ts).
import { h } from 'preact';
import type { BoundName } from '../safety/retention.ts';
import type { ConsoleStore } from './store.ts';
import { useSignalValue } from './use-signal.ts';

export function DroppedNote(props: { store: ConsoleStore; bounds: BoundName[]; children: string }) {
  const dropped = useSignalValue(props.store.dropped);
  if (!props.bounds.some((bound) => dropped.has(bound))) return null;
  return (
    <p class="hint dropped" role="note">
      {props.children}
    </p>
  );
}
