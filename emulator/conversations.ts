// What the service does with a message, whichever door it came in by: the socket (a widget),
// the REST API (a back end, or a human agent as `moderator`), or a manual event trigger. It
// keeps the transcript, moves the conversation state (states.ts), lets the bot answer from
// the flows, and tells the sockets, the webhook and the console's feed.
import type { Clock } from './clock.ts';
import type { Feed } from './feed.ts';
import { buildReplies, handoverOf, type BotInput, type Match, type ReplyFrame } from './flows/flows.ts';
import { slotParams, takeTurn } from './flows/turns.ts';
import { asReceived } from './originators.ts';
import type { EmulatorLog } from './log.ts';
import type { Originator, ReceivedMessage, TranscriptEntry } from './model.ts';
import type { ResolvedOptions } from './options.ts';
import type { MessagePayload } from './rest/schemas.ts';
import type { SendPayload } from './socket/frames.ts';
import type { SocketHub, SocketRecord } from './socket/sockets.ts';
import { botAnswers, transition, type ConversationEvent, type Refusal } from './states.ts';
import type { Thread, ThreadStore } from './threads.ts';
import type { WebhookDispatcher } from './webhooks/dispatcher.ts';
import type { Flow } from './flows/flows.ts';

/** Where the bot's answers go: a socket thread's sockets (and `outbound`), or the webhook's `message`. */
export type Channel = 'socket' | 'rest';

/** Conversation control a back end (REST) or the console asks for. */
export type ControlAction = 'handover' | 'resolve' | 'pause' | 'resume' | 'takeover';

export interface ConversationDeps {
  options: ResolvedOptions;
  clock: Clock;
  log: EmulatorLog;
  threads: ThreadStore;
  sockets: () => SocketHub;
  flows: () => Flow[];
  webhooks: WebhookDispatcher;
  feed: Feed;
  /** The emulator's own address (ending in /), for relative addresses in flow templates. */
  mediaBase?: () => string | undefined;
}

/** writeConcern waits at most this long for delayed replies. */
const WRITE_CONCERN_LIMIT_MS = 30_000;

// oxlint-disable-next-line max-lines-per-function -- a whole subsystem in one closure, to split along its seams (issue 29)
export function createConversations(deps: ConversationDeps) {
  const timers = new Set<unknown>();
  let replies = { hold: false, delayMs: 0 };
  let held: (() => void)[] = [];

  // ---------------- output ----------------

  /** Socket frames go now, later (delayMs) or when released (hold): the control API's knobs. */
  function emitSocket(target: SocketRecord | string, frame: unknown): void {
    const deliver = () => (typeof target === 'string' ? deps.sockets().deliver(target, frame) : deps.sockets().send(target, frame));
    if (replies.hold) held.push(deliver);
    else if (replies.delayMs > 0) later(replies.delayMs, deliver);
    else deliver();
  }

  function later(ms: number, fn: () => void): Promise<void> {
    return new Promise((resolve) => {
      const handle = deps.clock.setTimeout(() => {
        timers.delete(handle);
        fn();
        resolve();
      }, ms);
      timers.add(handle);
    });
  }

  function publish(thread: Thread, entry?: TranscriptEntry): void {
    if (entry) deps.feed.publish({ kind: 'entry', entry });
    deps.feed.publish({ kind: 'thread', thread: deps.threads.summary(thread, deps.sockets().threadSockets(thread.threadId).length) });
  }

  function record(thread: Thread, fields: Omit<TranscriptEntry, 'id' | 'at' | 'threadId'>): TranscriptEntry {
    const entry = deps.threads.append(thread, fields);
    publish(thread, entry);
    return entry;
  }

  // ---------------- state ----------------

  /** Applies a state event and carries out its effects; a refusal is returned, nothing changed. */
  function apply(thread: Thread, event: ConversationEvent): Refusal | undefined {
    const result = transition(thread.conversation, event);
    if ('refused' in result) return result.refused;
    thread.conversation = result.conversation;
    for (const effect of result.effects) {
      if (effect.kind === 'webhook') deps.webhooks.emit(effect.event, stateEventBody(thread));
      else if (effect.kind === 'cancelResumeTimer') cancelResume(thread);
      else armResume(thread, effect.at);
    }
    publish(thread);
    return undefined;
  }

  function stateEventBody(thread: Thread): Record<string, unknown> {
    const bot = thread.conversation.bot;
    return {
      threadId: thread.threadId,
      status: thread.conversation.status,
      ...(bot.state === 'paused' ? { reason: bot.reason, ...(bot.until !== undefined ? { until: new Date(bot.until).toISOString() } : {}) } : {}),
    };
  }

  function armResume(thread: Thread, at: number): void {
    cancelResume(thread);
    const handle = deps.clock.setTimeout(() => {
      timers.delete(handle);
      thread.resumeTimer = undefined;
      // Node's timers count from the event loop's cached time, so one may fire a few ms before
      // Date.now() reaches `at`; the tick would then change nothing and the pause never end.
      if (deps.clock.now() < at) return armResume(thread, at);
      apply(thread, { type: 'tick', now: deps.clock.now() });
    }, Math.max(0, at - deps.clock.now()));
    thread.resumeTimer = handle;
    timers.add(handle);
  }

  function cancelResume(thread: Thread): void {
    if (thread.resumeTimer === undefined) return;
    deps.clock.clearTimeout(thread.resumeTimer);
    timers.delete(thread.resumeTimer);
    thread.resumeTimer = undefined;
  }

  /** A late timer must not let the bot answer during a pause that has already ended, or vice versa. */
  function botMayAnswer(thread: Thread): boolean {
    apply(thread, { type: 'tick', now: deps.clock.now() });
    return botAnswers(thread.conversation);
  }

  // ---------------- the bot ----------------

  /** The step that answers, with all it sends (turns.ts: NOTHING and SLOT steps); moves the thread's cursor. */
  function match(thread: Thread, input: BotInput): Match | undefined {
    const found = takeTurn(deps.flows(), input, thread);
    deps.log.info(`match "${input.speech}" -> ${found?.step.stepId ?? 'nothing'} (${found?.how})`);
    return found;
  }

  /** The input with the params the thread's slots took (a message's own win). */
  function withSlotParams(thread: Thread, input: BotInput): BotInput {
    const kept = slotParams(thread);
    return Object.keys(kept).length ? { ...input, params: { ...kept, ...input.params } } : input;
  }

  /** The bot answers on the thread's channel, each message after its wait; resolves when all went out. */
  function answer(thread: Thread, input: BotInput, channel: Channel): Promise<void> {
    const found = match(thread, input);
    const frames = buildReplies(found, withSlotParams(thread, input), deps.mediaBase?.());
    const sent: Promise<void>[] = [];
    let at = 0;
    for (const frame of frames) {
      at += frame.afterMs;
      if (at === 0) sendBotMessage(thread, frame, channel);
      else sent.push(later(at, () => sendBotMessage(thread, frame, channel)));
    }
    const handover = handoverOf(found);
    if (handover) {
      const start = () => void apply(thread, { type: 'handover', secondsToPause: handover.secondsToPause ?? deps.options.handoverPauseSeconds, now: deps.clock.now() });
      if (at === 0) start();
      else sent.push(later(at, start));
    }
    return Promise.all(sent).then(() => undefined);
  }

  function sendBotMessage(thread: Thread, frame: ReplyFrame, channel: Channel): void {
    const payload = frame.payload as unknown as { threadId: string; messages: ReceivedMessage[]; originator: Originator };
    const source = payload.originator.role === 'moderator' ? 'moderator' : 'bot';
    record(thread, { source, via: channel, originator: payload.originator, messages: payload.messages });
    if (channel === 'rest') {
      deps.webhooks.emit('message', { ...payload });
      return;
    }
    emitSocket(thread.threadId, { type: 'message.received', payload });
    deps.webhooks.emit('outbound', { channel: 'socket', ...payload });
  }

  // ---------------- the socket door ----------------

  /** A valid `message.send` from a socket; a string is an `error` to answer instead. */
  function onSocketSend(rec: SocketRecord, p: SendPayload): string | undefined {
    const thread = deps.threads.ensure(p.threadId);
    thread.channel ??= 'socket';
    const repeat = checkTrace(thread, p);
    if (typeof repeat === 'string') return repeat;
    if (repeat) {
      deps.log.info(`traceId ${p.traceId} on ${p.threadId} again: acknowledged again, not answered`);
      emitSocket(rec, { type: 'message.delivered', payload: repeat });
      return undefined;
    }
    const { nonce: _nonce, ...echo } = p;
    if (p.traceId !== undefined) rememberTrace(thread, p.traceId, p.speech, echo);
    // Real clients read the whole payload back (emulator contract, "Real clients"); not the nonce.
    emitSocket(rec, { type: 'message.delivered', payload: echo });

    const originator: Originator = p.originator ?? { role: 'external' };
    const moderator = originator.role === 'moderator';
    const eventName = p.attachment?.payload.name;
    record(thread, {
      source: moderator ? 'moderator' : 'visitor',
      via: 'socket',
      originator,
      speech: p.speech,
      ...(eventName !== undefined ? { event: eventName } : {}),
      ...(p.traceId !== undefined ? { traceId: p.traceId } : {}),
    });
    deps.webhooks.emit('inbound', { threadId: thread.threadId, channel: 'socket', originator, payload: echo });
    if (moderator) {
      apply(thread, { type: 'moderatorMessage', now: deps.clock.now() });
      return undefined;
    }
    apply(thread, { type: 'visitorMessage' });
    if (botMayAnswer(thread)) {
      const params = p.metadata?.params;
      void answer(thread, { threadId: p.threadId, speech: p.speech, kind: eventName !== undefined ? 'event' : 'text', ...(eventName !== undefined ? { eventName } : {}), ...(params ? { params } : {}) }, 'socket');
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
    if (!problem) return undefined;
    if (deps.options.strict) return problem;
    deps.log.departure('socket', problem, thread.threadId);
    return undefined;
  }

  /** The recent traceIds only (bounds.ts): a resend of a forgotten one is taken as a new message. */
  function rememberTrace(thread: Thread, traceId: number, speech: string, echo: Record<string, unknown>): void {
    deps.threads.remember(thread, traceId, { speech, echo });
  }

  // ---------------- the REST door ----------------

  /**
   * POST messages/:threadId. An `external` message is answered by the bot to the webhook
   * (`message`), or returned when `sync`; a `moderator` message pauses the bot and reaches the
   * thread's sockets. Resolves when the action completed (with writeConcern, its replies too).
   */
  async function restMessage(threadId: string, payload: MessagePayload, query: { sync: boolean; writeConcern: boolean }): Promise<RestOutcome> {
    const originator = payload.originator as Originator;
    if (originator.role === 'moderator') return moderatorMessage(threadId, payload, originator);
    const thread = deps.threads.ensure(threadId);
    thread.channel ??= 'rest';
    const input = botInput(threadId, payload);
    record(thread, { source: 'rest', via: 'rest', originator, speech: input.speech, ...(input.eventName ? { event: input.eventName } : {}), ...(payload.type === 'location' || payload.type === 'media' ? { payload: { ...payload } } : {}), ...(payload.traceId !== undefined ? { traceId: payload.traceId } : {}) });
    apply(thread, { type: 'visitorMessage' });
    if (!botMayAnswer(thread)) return { kind: 'ok', reply: query.sync ? syncReply(thread, input, originator, [], undefined, payload.traceId) : undefined };
    if (query.sync) return { kind: 'ok', reply: answerNow(thread, input, originator, payload.traceId) };
    const done = answer(thread, input, 'rest');
    if (query.writeConcern) await Promise.race([done, later(WRITE_CONCERN_LIMIT_MS, () => {})]);
    return { kind: 'ok' };
  }

  /** Sync mode: "timers and delays do not work" (spec 4.3), so every reply comes back at once. */
  function answerNow(thread: Thread, input: BotInput, user: Originator, traceId: number | undefined): Record<string, unknown> {
    const found = match(thread, input);
    const messages = buildReplies(found, withSlotParams(thread, input), deps.mediaBase?.()).flatMap((frame) => frame.payload.messages as unknown as ReceivedMessage[]);
    record(thread, { source: 'bot', via: 'rest', originator: BOT_ORIGINATOR, messages });
    const handover = handoverOf(found);
    if (handover) apply(thread, { type: 'handover', secondsToPause: handover.secondsToPause ?? deps.options.handoverPauseSeconds, now: deps.clock.now() });
    return syncReply(thread, input, user, messages, found, traceId);
  }

  function syncReply(thread: Thread, input: BotInput, user: Originator, messages: ReceivedMessage[], found: Match | undefined, traceId: number | undefined) {
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
      return { kind: 'refused', status: 400, field: 'payload.type', message: 'payload.type: a moderator sends text, location or media; run an event with trigger/event' };
    }
    const thread = deps.threads.ensure(threadId);
    thread.channel ??= 'socket';
    const message: ReceivedMessage = { fallback: moderatorFallback(payload), silent: false, originator, responses: [moderatorResponse(payload)] };
    const received = { threadId, messages: [message], originator };
    record(thread, { source: 'moderator', via: 'rest', originator, messages: [message], ...(payload.type === 'text' ? { speech: payload.speech } : { payload: { ...payload } }) });
    emitSocket(threadId, { type: 'message.received', payload: received });
    apply(thread, { type: 'moderatorMessage', now: deps.clock.now() });
    return { kind: 'ok' };
  }

  // ---------------- control ----------------

  /** handover, resolve, pause, resume, takeover on a known thread. */
  function control(threadId: string, action: ControlAction, secondsToPause?: number): Refusal | undefined {
    const thread = deps.threads.get(threadId);
    if (!thread) return { status: 404, message: `unknown thread "${threadId}"` };
    const now = deps.clock.now();
    if (action === 'handover') return apply(thread, { type: 'handover', secondsToPause: secondsToPause ?? deps.options.handoverPauseSeconds, now });
    return apply(thread, { type: action } as ConversationEvent);
  }

  /**
   * POST trigger/event/:threadId. Decision: a trigger is a deliberate act of the back end, so the
   * event's step runs even while the bot is paused; its messages go to the thread's channel.
   */
  function triggerEvent(threadId: string, eventName: string): Refusal | undefined {
    const thread = deps.threads.get(threadId);
    if (!thread) return { status: 404, message: `unknown thread "${threadId}"` };
    void answer(thread, { threadId, speech: eventName, kind: 'event', eventName }, thread.channel ?? 'socket');
    return undefined;
  }

  return {
    onSocketSend,
    restMessage,
    control,
    triggerEvent,
    get replies() {
      return { ...replies, held: held.length };
    },
    setReplies(next: { hold?: boolean; delayMs?: number }): void {
      replies = { ...replies, ...next };
      if (replies.hold) return;
      const queue = held;
      held = [];
      for (const deliver of queue) deliver();
    },
    reset(): void {
      for (const handle of timers) deps.clock.clearTimeout(handle);
      timers.clear();
      held = [];
      replies = { hold: false, delayMs: 0 };
    },
  };
}
export type Conversations = ReturnType<typeof createConversations>;

export type RestOutcome =
  | { kind: 'ok'; reply?: Record<string, unknown> | undefined }
  | { kind: 'refused'; status: number; field: string; message: string };

const BOT_ORIGINATOR: Originator = { name: 'Parley Bot', role: 'bot', userId: 'bot' };

/** What the bot matches a REST message on. */
function botInput(threadId: string, payload: MessagePayload): BotInput {
  switch (payload.type) {
    case 'text':
      return { threadId, speech: payload.speech, kind: 'text', ...(payload.metadata?.params ? { params: payload.metadata.params } : {}) };
    case 'event':
      return { threadId, speech: payload.eventName, kind: 'event', eventName: payload.eventName, ...(payload.params ? { params: payload.params } : {}) };
    case 'location':
      return { threadId, speech: payload.title ?? `${payload.lat},${payload.long}`, kind: 'location', ...(payload.params ? { params: payload.params } : {}) };
    case 'media':
      return { threadId, speech: payload.title ?? payload.url, kind: 'media', mediaType: payload.mediaType, ...(payload.params ? { params: payload.params } : {}) };
  }
}

function moderatorFallback(payload: Exclude<MessagePayload, { type: 'event' }>): string {
  if (payload.type === 'text') return payload.speech;
  if (payload.type === 'location') return payload.title ?? `${payload.lat},${payload.long}`;
  return payload.title ?? payload.url;
}

/** A moderator's REST message as the response template the widget receives. */
function moderatorResponse(payload: Exclude<MessagePayload, { type: 'event' }>): ReceivedMessage['responses'][number] {
  if (payload.type === 'text') return { type: 'text', payload: { text: payload.speech } };
  if (payload.type === 'location') return { type: 'location', payload: { lat: payload.lat, long: payload.long, ...(payload.title ? { title: payload.title } : {}) } };
  return { type: payload.mediaType, payload: { url: payload.url, ...(payload.title ? { title: payload.title } : {}) } };
}

/**
 * A message of a sync reply with the fields spec 2.5 adds there. Decisions: `msgId` numbers the
 * thread's messages (`<threadId>:<entry>:<index>`); `prevMsgId` is the one before it (the
 * visitor's, for the first); `childMsgId` and `prevChildMsgId` the next and previous messages of
 * the same reply (null at either end); `flow.metadata` is empty (the flows file has none).
 */
function syncMessage(message: ReceivedMessage, index: number, count: number, at: { thread: Thread; found: Match | undefined; now: number }) {
  const entry = at.thread.transcript.length;
  const id = (i: number) => `${at.thread.threadId}:${entry}:${i}`;
  const flow = (message as { flow?: Record<string, unknown> }).flow;
  const meta = (message as { meta?: Record<string, unknown> }).meta;
  return {
    ...message,
    ...(flow ? { flow: { ...flow, group: at.found?.flow.group ?? '', metadata: [] } } : {}),
    actions: at.found?.step.actions.map((action) => action.type) ?? [],
    intents: at.found?.step.intent ? [at.found.step.intent.title] : [],
    entities: [],
    slot: at.found?.step.type === 'SLOT',
    contexts: at.found?.step.contexts ?? [],
    meta: {
      msgId: id(index),
      prevMsgId: index === 0 ? `${at.thread.threadId}:${entry - 1}` : id(index - 1),
      childMsgId: index + 1 < count ? id(index + 1) : null,
      prevChildMsgId: index > 0 ? id(index - 1) : null,
      createdAt: at.now,
      keepTyping: false,
      ...meta,
    },
  };
}
