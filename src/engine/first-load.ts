// Loading, when the engine starts: the stored conversation (or what this tab shows, when storage
// cannot be read) is published as the whole state, then the requests waiting are taken in.
import type { EngineCore, Enqueue } from './core.ts';
import type { StoredConversation } from '../store/contract.ts';
import { startingPoint } from './starting-point.ts';
import { userEntryId } from '../conversation/entry-ids.ts';

/** Entries read at start: enough to fill the panel; older ones come as the visitor scrolls back. */
const FIRST_LOAD = 50;

export async function loadConversation(
  { options, state, journal, outbox, traceFloor, publish, stateOf }: EngineCore,
  enqueue: Enqueue,
): Promise<void> {
  const { store } = options;
  let stored: StoredConversation | undefined;
  let readable = true;
  try {
    stored = await store.load(FIRST_LOAD);
  } catch {
    readable = false;
  }
  if (state.destroyed) return;
  const start = startingPoint({ stored, readable, shown: options.shown?.(), threadId: options.threadId });
  if (start.meta) {
    state.resume(start.meta, start.taken, start.lastSeq);
    for (const record of start.outbox) outbox.add(record, true);
    for (const entry of start.missing) journal.entry(state.meta.threadId, entry);
    // Under this lead's epoch: a former holder's late writes are refused from now on.
    if (start.stored) journal.meta(state.meta);
  }
  // Whatever storage lost or never got, no traceId this tab has seen is handed out again.
  traceFloor.reset(!!options.threadId);
  for (const traceId of start.traceIds.values()) traceFloor.saw(traceId);
  publish({ op: 'state', state: stateOf(start.entries, start.hasOlder, start.stored) });
  // What this tab carries, then what tabs that went away left queued (taken once each, by rid),
  // with the traceId it was given where this tab saw one: the service dedupes by traceId.
  for (const request of options.carried ?? []) void enqueue(request);
  for (const request of await store.queued()) {
    if (!state.destroyed) void enqueue({ ...request, traceId: request.traceId ?? start.traceIds.get(userEntryId(request.rid)) });
  }
}
