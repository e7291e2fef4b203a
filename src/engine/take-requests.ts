// How the holding tab takes a message in: one at a time (traceIds grow in the order messages were
// submitted), each with the traceId a former holder gave it or a new one above every one seen;
// written down (entry, outbox record, the request's id) before it leaves, then sent.
import type { createJournal } from '../store/journal.ts';
import type { SendRequest } from '../conversation/send-payloads.ts';
import type { createOutbox } from './outbox.ts';
import type { ConversationStore, OutboxRecord } from '../store/contract.ts';
import type { Op } from '../conversation/replica.ts';
import type { ThreadState } from './thread-state.ts';
import type { createTraceFloor } from './trace-ids.ts';
import type { UserEntry } from '../conversation/transcript.ts';
import { userEntryId } from '../conversation/entry-ids.ts';
import { serial } from '../util/serial.ts';

export interface IntakeDeps {
  state: ThreadState;
  store: Pick<ConversationStore, 'reserveTraceId'>;
  traceFloor: ReturnType<typeof createTraceFloor>;
  journal: ReturnType<typeof createJournal>;
  outbox: ReturnType<typeof createOutbox>;
  publish: (op: Op) => void;
  /** The message's entry, shown and stored. */
  onEntry: (entry: UserEntry) => void;
}

/** `flush` sends what the outbox holds, if the socket is open. */
export function createIntake(deps: IntakeDeps, flush: () => void) {
  const { state } = deps;
  const inOrder = serial();

  /** Takes requests one at a time, so traceIds grow in the order messages were submitted. */
  function enqueue(request: SendRequest): Promise<void> {
    return inOrder(() => take(request));
  }

  /** A request's traceId: the one a former holder gave it, or a new one. */
  async function traceIdFor(request: SendRequest, threadId: string): Promise<number> {
    if (request.traceId && request.traceId > 0) return request.traceId;
    return deps.store.reserveTraceId(threadId, deps.traceFloor.next());
  }

  async function take(request: SendRequest): Promise<void> {
    if (state.destroyed || state.taken.has(request.rid)) return;
    state.taken.add(request.rid);
    const threadId = state.meta.threadId;
    const traceId = await traceIdFor(request, threadId);
    if (state.destroyed) return;
    if (state.meta.threadId !== threadId) {
      // A new thread meanwhile: the message goes there, behind its start event.
      state.taken.delete(request.rid);
      void enqueue({ ...request, traceId: undefined });
      return;
    }
    deps.traceFloor.saw(traceId);
    const entry: UserEntry = {
      kind: 'user',
      id: userEntryId(request.rid),
      traceId,
      text: request.text,
      at: request.at,
      seq: state.nextSeq(),
      status: 'pending',
      ...(request.hidden ? { hidden: true } : {}),
    };
    const record: OutboxRecord = { entry, outgoing: { threadId, traceId, ...request.draft } };
    state.activated = true;
    deps.journal.meta(state.meta);
    deps.journal.outbox(threadId, record);
    deps.journal.taken(threadId, request.rid);
    deps.onEntry(entry);
    deps.outbox.add(record, false);
    // Durable before it leaves: a reload can neither lose it nor reuse its traceId. Where storage
    // fails it leaves all the same (the tab that typed it keeps its copy until it is delivered).
    const where = await deps.journal.flushed();
    if (state.destroyed || typeof where === 'object') return;
    deps.outbox.markDurable(traceId);
    if (where === 'stored') deps.publish({ op: 'saved', ids: [entry.id] });
    flush();
  }

  return { enqueue };
}
