// The REST door: POST messages/:threadId. An `external` message is answered by the bot to the
// webhook (`message`), or returned when `sync`; a `moderator` message pauses the bot and reaches
// the thread's sockets.
import { buildReplies, handoverOf, type BotInput, type Match } from '../flows/flows.ts';
import { asReceived } from '../threads/originators.ts';
import type { Originator, ReceivedMessage } from '../core/model.ts';
import type { MessagePayload } from '../spec/rest-schemas.ts';
import type { Thread } from '../threads/threads.ts';
import type { Bot } from './bot.ts';
import type { ConversationDeps } from './deps.ts';
import type { Recording } from './recording.ts';
import { BOT_ORIGINATOR } from '../threads/originators.ts';
import { botInput, moderatorFallback, moderatorResponse, syncMessage } from './rest-shapes.ts';
import type { SocketOutput } from './socket-output.ts';
import type { ConversationState } from './state.ts';
import type { ConversationTimers } from './timers.ts';

/** writeConcern waits at most this long for delayed replies. */
const WRITE_CONCERN_LIMIT_MS = 30_000;

type RestOutcome =
  { kind: 'ok'; reply?: Record<string, unknown> | undefined } | { kind: 'refused'; status: number; field: string; message: string };

/** Resolves when the action completed (with writeConcern, its replies too). */
export type RestMessageHandler = (
  threadId: string,
  payload: MessagePayload,
  query: { sync: boolean; writeConcern: boolean },
) => Promise<RestOutcome>;

export interface RestDoorParts {
  timers: ConversationTimers;
  recording: Recording;
  output: SocketOutput;
  state: ConversationState;
  bot: Bot;
}

export function createRestDoor(
  deps: Pick<ConversationDeps, 'threads' | 'options' | 'clock' | 'mediaBase'>,
  parts: RestDoorParts,
): RestMessageHandler {
  const { timers, recording, output, state, bot } = parts;

  async function restMessage(
    threadId: string,
    payload: MessagePayload,
    query: { sync: boolean; writeConcern: boolean },
  ): Promise<RestOutcome> {
    const originator = payload.originator as Originator;
    if (originator.role === 'moderator') return moderatorMessage(threadId, payload, originator);
    const thread = deps.threads.ensure(threadId);
    thread.channel ??= 'rest';
    const input = botInput(threadId, payload);
    recording.record(thread, {
      source: 'rest',
      via: 'rest',
      originator,
      speech: input.speech,
      ...(input.eventName ? { event: input.eventName } : {}),
      ...(payload.type === 'location' || payload.type === 'media' ? { payload: { ...payload } } : {}),
      ...(payload.traceId !== undefined ? { traceId: payload.traceId } : {}),
    });
    state.apply(thread, { type: 'visitorMessage' });
    if (!state.botMayAnswer(thread))
      return { kind: 'ok', reply: query.sync ? syncReply(thread, input, originator, [], undefined, payload.traceId) : undefined };
    if (query.sync) return { kind: 'ok', reply: answerNow(thread, input, originator, payload.traceId) };
    const done = bot.answer(thread, input, 'rest');
    if (query.writeConcern) await Promise.race([done, timers.later(WRITE_CONCERN_LIMIT_MS, () => {})]);
    return { kind: 'ok' };
  }

  /** Sync mode: "timers and delays do not work" (spec 4.3), so every reply comes back at once. */
  function answerNow(thread: Thread, input: BotInput, user: Originator, traceId: number | undefined): Record<string, unknown> {
    const found = bot.match(thread, input);
    const messages = buildReplies(found, bot.withSlotParams(thread, input), deps.mediaBase?.()).flatMap((frame) => frame.payload.messages);
    recording.record(thread, { source: 'bot', via: 'rest', originator: BOT_ORIGINATOR, messages });
    const handover = handoverOf(found);
    if (handover)
      state.apply(thread, {
        type: 'handover',
        secondsToPause: handover.secondsToPause ?? deps.options.handoverPauseSeconds,
        now: deps.clock.now(),
      });
    return syncReply(thread, input, user, messages, found, traceId);
  }

  function syncReply(
    thread: Thread,
    input: BotInput,
    user: Originator,
    messages: ReceivedMessage[],
    found: Match | undefined,
    traceId: number | undefined,
  ) {
    const now = deps.clock.now();
    return {
      status: 'ok',
      activityId: `act_${now.toString(36)}_${thread.transcript.length}`,
      agentId: 'parley-emulator',
      channelId: 'rest',
      channelName: 'REST API',
      threadId: thread.threadId,
      messages: messages.map((message, i) => syncMessage(message, i, messages.length, { thread, found, now })),
      sentiment: 0,
      accuracy: found?.score ?? 0,
      originator: BOT_ORIGINATOR,
      traceId: traceId === undefined ? '' : String(traceId),
      createdAt: new Date(now).toISOString(),
      replyTo: input.speech,
      user: { ...user, role: 'user' }, // the sender, as the service shows senders (spec 2.3)
      metadata: { params: input.params ?? {} },
      connectionKey: thread.threadId,
    };
  }

  function moderatorMessage(threadId: string, payload: MessagePayload, sender: Originator): RestOutcome {
    const originator = asReceived(sender);
    if (payload.type === 'event') {
      return {
        kind: 'refused',
        status: 400,
        field: 'payload.type',
        message: 'payload.type: a moderator sends text, location or media; run an event with trigger/event',
      };
    }
    const thread = deps.threads.ensure(threadId);
    thread.channel ??= 'socket';
    const message: ReceivedMessage = {
      fallback: moderatorFallback(payload),
      silent: false,
      originator,
      responses: [moderatorResponse(payload)],
    };
    const received = { threadId, messages: [message], originator };
    recording.record(thread, {
      source: 'moderator',
      via: 'rest',
      originator,
      messages: [message],
      ...(payload.type === 'text' ? { speech: payload.speech } : { payload: { ...payload } }),
    });
    output.emit(threadId, { type: 'message.received', payload: received });
    state.apply(thread, { type: 'moderatorMessage', now: deps.clock.now() });
    return { kind: 'ok' };
  }

  return restMessage;
}
