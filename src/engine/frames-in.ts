// What the holding tab does with each frame from the service: confirmations, received messages
// (stored when they arrive, shown after their delay), `error` frames (the message they answer
// fails with the reason), pongs (nothing: the keep-alive saw them).
import type { Clock } from '../browser/clock.ts';
import type { IncomingFrame } from '../protocol/frames.ts';
import type { Logger } from '../protocol/parse.ts';
import type { ChatClientEventMap } from '../conversation/events.ts';
import type { createJournal } from '../store/journal.ts';
import type { createOutbox } from './outbox.ts';
import type { createPlayer } from './player.ts';
import { expandReceived } from '../conversation/received-entries.ts';
import type { Op } from '../conversation/replica.ts';
import type { ThreadState } from './thread-state.ts';

export interface IncomingDeps {
  state: ThreadState;
  clock: Clock;
  logger: Logger;
  outbox: ReturnType<typeof createOutbox>;
  journal: ReturnType<typeof createJournal>;
  player: ReturnType<typeof createPlayer>;
  publish: (op: Op) => void;
  emit: <K extends keyof ChatClientEventMap>(type: K, detail: ChatClientEventMap[K]) => void;
  /** Makes received entries' ids unique to this lead. */
  idSalt: string;
}

/** traceId is an integer on the socket; the spec shows it as a string elsewhere (2.6). */
export function toTraceId(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return Number.isSafeInteger(number) ? (number as number) : undefined;
}

export function createIncoming(deps: IncomingDeps): (frame: IncomingFrame) => void {
  const { state, clock, logger, outbox, journal, player, publish, emit } = deps;
  let receivedCount = 0;

  function handleFrame(frame: IncomingFrame): void {
    switch (frame.type) {
      case 'message.delivered': {
        const traceId = toTraceId(frame.payload.traceId);
        if (frame.payload.threadId !== undefined && frame.payload.threadId !== state.meta.threadId) return;
        if (traceId === undefined || !outbox.delivered(traceId)) return; // an echo we already had
        journal.delivered(state.meta.threadId, traceId);
        emit('delivered', { traceId });
        return;
      }
      case 'message.received':
        if (frame.payload.threadId !== state.meta.threadId) {
          logger.warn(`[parley] dropped a message for another thread (${frame.payload.threadId})`);
          return;
        }
        receive(frame);
        emit('message', frame.sent ?? frame.payload);
        return;
      case 'error':
        return refused(typeof frame.message === 'string' ? frame.message : 'the service could not process a message');
      case 'pong':
        return;
    }
  }

  /** An `error` frame: the message it answers fails with the reason, kept for the visitor's retry. */
  function refused(message: string): void {
    logger.warn(`[parley] service error: ${message}`);
    const record = outbox.refuse(message);
    if (record) journal.outbox(state.meta.threadId, record);
    state.serviceError = message;
    publish({ op: 'error', message });
    emit('error', { message, source: 'service' });
  }

  // Stored when they arrive, shown after their delay: a hand-off in between loses nothing.
  function receive(frame: Extract<IncomingFrame, { type: 'message.received' }>): void {
    const expanded = expandReceived(frame.payload, {
      now: clock.now(),
      nextId: () => `r${deps.idSalt}${(receivedCount++).toString(36)}`,
      logger,
    });
    const timed = expanded.entries.map((item) => ({ ...item, entry: { ...item.entry, seq: state.nextSeq() } }));
    state.activated = true;
    for (const item of timed) journal.entry(state.meta.threadId, item.entry);
    player.enqueue(timed, expanded.keepTyping);
  }

  return handleFrame;
}
