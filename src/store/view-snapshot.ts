// What this tab showed when it last went away (a reload, a navigation), kept in sessionStorage:
// one write per page hide, read synchronously at the next start, so a reload shows the latest
// messages before IndexedDB has even opened (its first open at page load takes 30-100 ms).
// The stored conversation replaces it as soon as it is loaded.
import { slot } from '../browser/slots.ts';
import type { Logger } from '../protocol/parse.ts';
import { checkWith, valid } from './record-checks.ts';
import { StateSchema } from './record-schemas.ts';
import type { ReplicaState } from '../conversation/replica.ts';

/** Enough to fill the panel. */
const SNAPSHOT_ENTRIES = 30;

export function viewSnapshot(clientId: string, logger: Logger) {
  // Checked as a state from another tab is: a damaged or forged snapshot is not shown.
  const isState = valid(checkWith(StateSchema), logger);
  const kept = slot('view', clientId);
  return {
    read(): ReplicaState | undefined {
      // None (no storage: a sandboxed frame, Node) or damaged: IndexedDB will do.
      const [state] = isState(kept.json());
      return state && { ...state, typing: false, status: { state: 'idle' } };
    },
    write(state: ReplicaState): void {
      // A thread with nothing in it (new, or just forgotten) needs no picture.
      if (!state.entries.length) return kept.remove();
      try {
        const { serviceError: _error, ...shown } = state;
        const entries = state.entries.slice(-SNAPSHOT_ENTRIES);
        const more = state.hasOlder || entries.length < state.entries.length;
        // A thread with messages is one this browser has: the next start connects at once.
        const stored = state.stored || entries.length > 0;
        kept.set(JSON.stringify({ ...shown, entries, hasOlder: more, stored }));
      } catch {
        // Full or refused: the next start reads IndexedDB, a little later.
      }
    },
  };
}
