// Every Web Storage key the widget writes, in one place: where each lives and what it holds.
// Everything that keeps something in Web Storage goes through a slot here, or, in the loader's
// and the teaser's code (which cannot carry this file), through its key's name (slot-keys.ts), so
// a list of what is stored (the site owners' guide, "Privacy") and deleting it all (forget())
// cannot miss one.
import { webStorage, type SafeStorage } from './features.ts';
import { slotKey, type SlotName } from './slot-keys.ts';
import { modeAllows, type StorageMode } from './storage-mode.ts';

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
  /** storage="session": the conversation itself, kept while the tab's session lasts. */
  session: 'sessionStorage',
  /** '1' once the visitor dismissed the teaser: not shown again in this browser session (layouts/teaser.ts). */
  teaser: 'sessionStorage',
};

/** One key of one clientId: never throws (SafeStorage's reads and writes). */
export interface Slot {
  get(): ReturnType<SafeStorage['get']>;
  set(value: string): boolean;
  remove(): void;
  /** The value as JSON: undefined when absent, unreadable or damaged (whoever wrote it). */
  json(): unknown;
}

/** The storage mode of each clientId in this page: `local` until a client says otherwise. */
const modes = new Map<string, StorageMode>();

/**
 * A slot reads and writes only where its clientId's storage mode allows (elsewhere it holds
 * nothing and keeps nothing); removing is always allowed.
 */
export function slot(name: SlotName, clientId: string): Slot {
  const area = webStorage(SLOT_AREAS[name]);
  const key = slotKey(name, clientId);
  const allowed = () => modeAllows(modes.get(clientId) ?? 'local', SLOT_AREAS[name]);
  const get = () => (allowed() ? area.get(key) : null);
  return {
    get,
    set: (value) => allowed() && area.set(key, value),
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

const slotNames = Object.keys(SLOT_AREAS) as SlotName[];

/** Sets the storage mode of a clientId's slots; what the new mode does not allow is deleted. */
export function setSlotsMode(clientId: string, mode: StorageMode): void {
  modes.set(clientId, mode);
  for (const name of slotNames) if (!modeAllows(mode, SLOT_AREAS[name])) slot(name, clientId).remove();
}

/** Deletes every Web Storage key the widget wrote for this clientId in this tab's browser. */
export function forgetSlots(clientId: string): void {
  for (const name of slotNames) slot(name, clientId).remove();
}
