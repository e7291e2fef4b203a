// Schemas of the frames the service sends, one per section of
// ../shared/spec/service-interface.md. They accept fields they do not know (the service adds
// fields over time) and read only what the client uses. Nulls are removed before parsing
// (parse.ts), so an optional field sent as null reads as absent.
import * as z from 'zod/mini';

/** 2.3 Originator of a received message. Roles: `bot`; `external` and `user`, the end user; any other an agent's (`moderator`, …). */
export const Originator = z.object({
  name: z.optional(z.string()),
  role: z.optional(z.string()),
  profile: z.optional(z.object({ picture: z.optional(z.string()) })),
});
export type Originator = z.infer<typeof Originator>;

/** 2.5 Quick reply inside a text response. */
export const QuickReply = z.object({
  label: z.string(),
  value: z.optional(z.string()),
  type: z.optional(z.string()),
});
export type QuickReply = z.infer<typeof QuickReply>;

/** 2.5 Response template. Types other than `text` are not specified, so the payload stays open. */
export const Response = z.object({
  type: z.string(),
  payload: z.optional(z.unknown()),
  delay: z.optional(z.unknown()),
});
export type Response = z.infer<typeof Response>;

/** 2.5 Payload of a `text` response. */
export const TextResponsePayload = z.object({
  text: z.string(),
  quickReplies: z.optional(z.unknown()),
});

/** A received message's own fields, besides its responses (kept with a response for the site's renderers). */
export const MessageFields = {
  fallback: z.optional(z.string()),
  silent: z.optional(z.boolean()),
  originator: z.optional(Originator),
  meta: z.optional(z.object({ keepTyping: z.optional(z.boolean()) })),
};

/** 2.5 Message template inside `message.received`; only the fields the client uses are read. */
export const ReceivedMessage = z.object({
  ...MessageFields,
  responses: z.optional(z.array(Response)),
});
export type ReceivedMessage = z.infer<typeof ReceivedMessage>;

/** 2.5 `message.received` payload. */
export const ReceivedPayload = z.object({
  threadId: z.string(),
  messages: z.array(ReceivedMessage),
  originator: z.optional(Originator),
});
export type ReceivedPayload = z.infer<typeof ReceivedPayload>;

/**
 * 4.2 `message.delivered`: an echo of the sent payload (the spec lists threadId, traceId and
 * speech; the service echoes it whole); the client reads these two. traceId is an integer on the
 * socket, but the spec shows it as a string elsewhere (2.6): the client reads either.
 */
const DeliveredPayload = z.object({
  threadId: z.optional(z.string()),
  traceId: z.optional(z.unknown()),
});

/**
 * 4.2 / 6.1 Frames the service sends, by type: parse.ts picks the schema by the frame's `type`
 * (so the schemas need not check it again) and puts the type back on the result.
 */
export const IncomingFrames = {
  pong: z.object({}),
  'message.delivered': z.object({ payload: DeliveredPayload }),
  'message.received': z.object({ payload: ReceivedPayload }),
  error: z.object({ message: z.optional(z.unknown()) }),
};
export type IncomingFrame = {
  [K in keyof typeof IncomingFrames]: { type: K } & z.infer<(typeof IncomingFrames)[K]> &
    (K extends 'message.received' ? { sent?: ReceivedMessageDetail } : unknown);
}[keyof typeof IncomingFrames];

/**
 * A `message.received` payload as the service sent it, for the page (`parley:message`): every
 * field, the spec's and any other (`flow`, `step`, `params`, `actions`, `replyTo`, the originator's
 * `userId`…), nulls as sent. The schema decides what the widget draws, never what the page sees.
 */
export type ReceivedMessageDetail = ReceivedPayload & { readonly [field: string]: unknown };

export type { OutgoingFrame, OutgoingMessage, Profile, Params, MessageMetadata } from './outgoing.ts';
