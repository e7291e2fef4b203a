// Says once that a bound dropped something: the first drop of each kind gets one log line and
// one feed event (the console shows a note); later drops of that kind are silent. A reset
// forgets what was said, as it forgets what was kept.
import { BOUNDS, type BoundName } from './retention.ts';

export interface DropNotices {
  /** A bound dropped an entry (said the first time only). */
  dropped(name: BoundName): void;
  /** The kinds that dropped something since the start or the last reset. */
  list(): BoundName[];
  clear(): void;
}

export function createDropNotices(tell: { say(line: string): void; publish(name: BoundName): void }): DropNotices {
  const said = new Set<BoundName>();
  return {
    dropped(name) {
      if (said.has(name)) return;
      said.add(name);
      const bound: { label: string; order?: string } = BOUNDS[name];
      tell.say(
        `older ${bound.label} were dropped: the emulator keeps at most ${describeBound(name)}, ${bound.order ?? 'oldest first'} (said once)`,
      );
      tell.publish(name);
    },
    list: () => [...said],
    clear: () => said.clear(),
  };
}

/** `50000 (32 MB)`, `1000`, `64 MB`. */
export function describeBound(name: BoundName): string {
  const bound: { count?: number; bytes?: number } = BOUNDS[name];
  const bytes = bound.bytes === undefined ? undefined : `${bound.bytes / (1024 * 1024)} MB`;
  if (bound.count === undefined) return bytes ?? 'a bounded number';
  return bytes === undefined ? String(bound.count) : `${bound.count} (${bytes})`;
}
