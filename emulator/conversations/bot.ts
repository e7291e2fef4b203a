// The bot: matches an input against the flows (moving the thread's cursor) and sends the
// step's replies, each after its wait, on the thread's channel.
import { buildReplies, handoverOf, type BotInput, type Match, type ReplyFrame } from '../flows/flows.ts';
import { slotParams, takeTurn } from '../flows/turns.ts';
import type { Thread } from '../threads/threads.ts';
import type { ConversationDeps } from './deps.ts';
import type { Recording } from './recording.ts';
import type { SocketOutput } from './socket-output.ts';
import type { ConversationState } from './state.ts';
import type { ConversationTimers } from './timers.ts';

/** Where the bot's answers go: a socket thread's sockets (and `outbound`), or the webhook's `message`. */
type Channel = 'socket' | 'rest';

export interface Bot {
  /** The step that answers, with all it sends (turns.ts: NOTHING and SLOT steps); moves the thread's cursor. */
  match(thread: Thread, input: BotInput): Match | undefined;
  /** The input with the params the thread's slots took (a message's own win). */
  withSlotParams(thread: Thread, input: BotInput): BotInput;
  /** The bot answers on the thread's channel, each message after its wait; resolves when all went out. */
  answer(thread: Thread, input: BotInput, channel: Channel): Promise<void>;
}

export interface BotParts {
  timers: ConversationTimers;
  recording: Recording;
  output: SocketOutput;
  state: ConversationState;
}

export function createBot(
  deps: Pick<ConversationDeps, 'flows' | 'log' | 'options' | 'clock' | 'webhooks' | 'mediaBase'>,
  parts: BotParts,
): Bot {
  const { timers, recording, output, state } = parts;

  function match(thread: Thread, input: BotInput): Match | undefined {
    const found = takeTurn(deps.flows(), input, thread);
    deps.log.info(`match "${input.speech}" -> ${found?.step.stepId ?? 'nothing'} (${found?.how})`);
    return found;
  }

  function withSlotParams(thread: Thread, input: BotInput): BotInput {
    const kept = slotParams(thread);
    return Object.keys(kept).length ? { ...input, params: { ...kept, ...input.params } } : input;
  }

  function answer(thread: Thread, input: BotInput, channel: Channel): Promise<void> {
    const found = match(thread, input);
    const frames = buildReplies(found, withSlotParams(thread, input), deps.mediaBase?.());
    const sent: Promise<void>[] = [];
    let at = 0;
    for (const frame of frames) {
      at += frame.afterMs;
      if (at === 0) sendBotMessage(thread, frame, channel);
      else sent.push(timers.later(at, () => sendBotMessage(thread, frame, channel)));
    }
    const handover = handoverOf(found);
    if (handover) {
      const start = () =>
        void state.apply(thread, {
          type: 'handover',
          secondsToPause: handover.secondsToPause ?? deps.options.handoverPauseSeconds,
          now: deps.clock.now(),
        });
      if (at === 0) start();
      else sent.push(timers.later(at, start));
    }
    return Promise.all(sent).then(() => undefined);
  }

  function sendBotMessage(thread: Thread, frame: ReplyFrame, channel: Channel): void {
    const { payload } = frame;
    const source = payload.originator.role === 'moderator' ? 'moderator' : 'bot';
    recording.record(thread, { source, via: channel, originator: payload.originator, messages: payload.messages });
    if (channel === 'rest') {
      deps.webhooks.emit('message', { ...payload });
      return;
    }
    output.emit(thread.threadId, { type: 'message.received', payload });
    deps.webhooks.emit('outbound', { channel: 'socket', ...payload });
  }

  return { match, withSlotParams, answer };
}
