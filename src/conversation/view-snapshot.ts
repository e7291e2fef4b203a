// What this tab showed when it last went away (a reload, a navigation), kept in sessionStorage:
// one write per page hide, read synchronously at the next start, so a reload shows the latest
// messages before IndexedDB has even opened (its first open at page load takes 30-100 ms).
// The stored conversation replaces it as soon as it is loaded.
import { webStorage } from '../browser/features.ts';
import { checks } from './persistence.ts';

const tabStorage = webStorage('sessionStorage');
import type { ReplicaState } from './replica.ts';

/** Enough to fill the panel. */
const SNAPSHOT_ENTRIES = 30;

export function viewSnapshot(clientId: string) {
  const key = `parley:view:${clientId}`;
  return {
    read(): ReplicaState | undefined {
      try {
        const state = JSON.parse(tabStorage.get(key) ?? 'null') as ReplicaState | null;
        if (typeof state?.threadId !== 'string' || !Array.isArray(state.entries) || !state.entries.every(checks.entry)) return undefined;
        return { ...state, typing: false, status: { state: 'idle' } };
      } catch {
        return undefined; // no storage (sandboxed frame, Node) or damaged: IndexedDB will do
      }
    },
    write(state: ReplicaState): void {
      try {
        const { serviceError: _error, ...kept } = state;
        const entries = state.entries.slice(-SNAPSHOT_ENTRIES);
        const more = state.hasOlder || entries.length < state.entries.length;
        // A thread with messages is one this browser has: the next start connects at once.
        const stored = state.stored || entries.length > 0;
        tabStorage.set(key, JSON.stringify({ ...kept, entries, hasOlder: more, stored }));
      } catch {
        // Full or refused: the next start reads IndexedDB, a little later.
      }
    },
  };
}
