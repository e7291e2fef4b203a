// Every Web Storage key the widget writes, in one place: where each lives and what it holds.
// Everything that keeps something in Web Storage goes through a slot here, so a list of what is
// stored (the site owners' guide, "Privacy") and deleting it all (forget()) cannot miss one.
import { webStorage, type SafeStorage } from './features.ts';
import { slotKey, type SlotName } from './slot-keys.ts';

export type { SlotName };

export const SLOT_AREAS: Readonly<Record<SlotName, 'localStorage' | 'sessionStorage'>> = {
  /** '1' while IndexedDB holds a conversation for this clientId (the loader reads it). */
  thread: 'localStorage',
  /** The thread and the last traceId handed out, beside IndexedDB's counter. */
  trace: 'localStorage',
  /** When a tab last played the notification sound (one tab plays it). */
  chime: 'localStorage',
  /** '1' while this tab's panel is open (the loader reads it). */
  open: 'sessionStorage',
  /** The composer's unsent text and caret. */
  draft: 'sessionStorage',
  /** What this tab showed when it went away, drawn at the next start before IndexedDB opens. */
  view: 'sessionStorage',
  /** Messages not yet saved when the page went away, handed in again at the next start. */
  unsent: 'sessionStorage',
};

/** One key of one clientId: never throws (SafeStorage's reads and writes). */
export interface Slot {
  get(): ReturnType<SafeStorage['get']>;
  set(value: string): boolean;
  remove(): void;
  /** The value as JSON: undefined when absent, unreadable or damaged (whoever wrote it). */
  json(): unknown;
}

export function slot(name: SlotName, clientId: string): Slot {
  const area = webStorage(SLOT_AREAS[name]);
  const key = slotKey(name, clientId);
  const get = () => area.get(key);
  return {
    get,
    set: (value) => area.set(key, value),
    remove: () => area.remove(key),
    json() {
      try {
        return JSON.parse(get() ?? 'null') ?? undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** Deletes every Web Storage key the widget wrote for this clientId in this tab's browser. */
export function forgetSlots(clientId: string): void {
  for (const name of Object.keys(SLOT_AREAS) as SlotName[]) slot(name, clientId).remove();
}
