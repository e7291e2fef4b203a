// The socket door: a valid `message.send` from a widget (or a moderator's socket) is
// acknowledged, recorded, told to the webhook and answered by the bot; a repeated traceId is
// acknowledged again without an answer.
import type { Originator } from '../core/model.ts';
import type { SocketRecord } from '../socket/connections.ts';
import type { SendPayload } from '../socket/frames.ts';
import type { Thread } from '../threads/threads.ts';
import type { Bot } from './bot.ts';
import type { ConversationDeps } from './deps.ts';
import type { Recording } from './recording.ts';
import type { SocketOutput } from './socket-output.ts';
import type { ConversationState } from './state.ts';
import { refuses } from '../core/strictness.ts';

export interface SocketDoorParts {
  recording: Recording;
  output: SocketOutput;
  state: ConversationState;
  bot: Bot;
}

/** A valid `message.send` from a socket; a string is an `error` to answer instead. */
export type SocketSendHandler = (rec: SocketRecord, p: SendPayload) => string | undefined;

export function createSocketDoor(
  deps: Pick<ConversationDeps, 'threads' | 'log' | 'options' | 'clock' | 'webhooks'>,
  parts: SocketDoorParts,
): SocketSendHandler {
  const { recording, output, state, bot } = parts;

  function onSocketSend(rec: SocketRecord, p: SendPayload): string | undefined {
    const thread = deps.threads.ensure(p.threadId);
    thread.channel ??= 'socket';
    const repeat = checkTrace(thread, p);
    if (typeof repeat === 'string') return repeat;
    if (repeat) {
      deps.log.info(`traceId ${p.traceId} on ${p.threadId} again: acknowledged again, not answered`);
      output.emit(rec, { type: 'message.delivered', payload: repeat });
      return undefined;
    }
    const { nonce: _nonce, ...echo } = p;
    if (p.traceId !== undefined) rememberTrace(thread, p.traceId, p.speech, echo);
    // Real clients read the whole payload back (emulator contract, "Real clients"); not the nonce.
    output.emit(rec, { type: 'message.delivered', payload: echo });

    const originator: Originator = p.originator ?? { role: 'external' };
    const moderator = originator.role === 'moderator';
    const eventName = p.attachment?.payload.name;
    recording.record(thread, {
      source: moderator ? 'moderator' : 'visitor',
      via: 'socket',
      originator,
      speech: p.speech,
      ...(eventName !== undefined ? { event: eventName } : {}),
      ...(p.traceId !== undefined ? { traceId: p.traceId } : {}),
    });
    deps.webhooks.emit('inbound', { threadId: thread.threadId, channel: 'socket', originator, payload: echo });
    if (moderator) {
      state.apply(thread, { type: 'moderatorMessage', now: deps.clock.now() });
      return undefined;
    }
    state.apply(thread, { type: 'visitorMessage' });
    if (state.botMayAnswer(thread)) {
      const params = p.metadata?.params;
      void bot.answer(
        thread,
        {
          threadId: p.threadId,
          speech: p.speech,
          kind: eventName !== undefined ? 'event' : 'text',
          ...(eventName !== undefined ? { eventName } : {}),
          ...(params ? { params } : {}),
        },
        'socket',
      );
    }
    return undefined;
  }

  /**
   * A traceId seen before on the thread: the first echo when the same message comes again (a
   * client resends what was never confirmed), an error text when strict mode refuses it.
   */
  function checkTrace(thread: Thread, p: SendPayload): Record<string, unknown> | string | undefined {
    if (p.traceId === undefined) return undefined;
    const seen = thread.traces.get(p.traceId);
    if (seen && seen.speech === p.speech) return seen.echo;
    const problem = seen
      ? `traceId ${p.traceId} was already used on thread "${thread.threadId}" for another message`
      : thread.lastTraceId !== undefined && p.traceId <= thread.lastTraceId
        ? `traceId ${p.traceId} is not above the thread's last traceId ${thread.lastTraceId}`
        : undefined;
    return problem && refuses(deps, 'socket', problem, thread.threadId) ? problem : undefined;
  }

  /** The recent traceIds only (retention.ts, `traces`): a resend of a forgotten one is taken as a new message. */
  function rememberTrace(thread: Thread, traceId: number, speech: string, echo: Record<string, unknown>): void {
    deps.threads.remember(thread, traceId, { speech, echo });
  }

  return onSocketSend;
}
