// The shapes of REST messages: what the bot matches one on, a moderator's message as the widget
// receives it, and a sync reply's messages (spec 2.5).
import type { BotInput, Match } from '../flows/flows.ts';
import type { ReceivedMessage } from '../core/model.ts';
import type { MessagePayload } from '../spec/rest-schemas.ts';
import type { Thread } from '../threads/threads.ts';

/** What the bot matches a REST message on. */
export function botInput(threadId: string, payload: MessagePayload): BotInput {
  switch (payload.type) {
    case 'text':
      return { threadId, speech: payload.speech, kind: 'text', ...(payload.metadata?.params ? { params: payload.metadata.params } : {}) };
    case 'event':
      return {
        threadId,
        speech: payload.eventName,
        kind: 'event',
        eventName: payload.eventName,
        ...(payload.params ? { params: payload.params } : {}),
      };
    case 'location':
      return {
        threadId,
        speech: payload.title ?? `${payload.lat},${payload.long}`,
        kind: 'location',
        ...(payload.params ? { params: payload.params } : {}),
      };
    case 'media':
      return {
        threadId,
        speech: payload.title ?? payload.url,
        kind: 'media',
        mediaType: payload.mediaType,
        ...(payload.params ? { params: payload.params } : {}),
      };
  }
}

export function moderatorFallback(payload: Exclude<MessagePayload, { type: 'event' }>): string {
  if (payload.type === 'text') return payload.speech;
  if (payload.type === 'location') return payload.title ?? `${payload.lat},${payload.long}`;
  return payload.title ?? payload.url;
}

/** A moderator's REST message as the response template the widget receives. */
export function moderatorResponse(payload: Exclude<MessagePayload, { type: 'event' }>): ReceivedMessage['responses'][number] {
  if (payload.type === 'text') return { type: 'text', payload: { text: payload.speech } };
  if (payload.type === 'location')
    return { type: 'location', payload: { lat: payload.lat, long: payload.long, ...(payload.title ? { title: payload.title } : {}) } };
  return { type: payload.mediaType, payload: { url: payload.url, ...(payload.title ? { title: payload.title } : {}) } };
}

/**
 * A message of a sync reply with the fields spec 2.5 adds there. Decisions: `msgId` numbers the
 * thread's messages (`<threadId>:<entry>:<index>`); `prevMsgId` is the one before it (the
 * visitor's, for the first); `childMsgId` and `prevChildMsgId` the next and previous messages of
 * the same reply (null at either end); `flow.metadata` is empty (the flows file has none).
 */
export function syncMessage(
  message: ReceivedMessage,
  index: number,
  count: number,
  at: { thread: Thread; found: Match | undefined; now: number },
) {
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
