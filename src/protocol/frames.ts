// Schemas of every socket frame, one per section of ../shared/spec/service-interface.md.
// Incoming schemas are lenient about extra fields (the service adds fields over time) and
// strict about the fields the widget relies on.
import * as z from 'zod/mini';

/** 2.3 Profile of an originator. */
export const Profile = z.object({
  fullName: z.optional(z.string()),
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  gender: z.optional(z.enum(['M', 'F', 'U'])),
  locale: z.optional(z.string()),
  timezone: z.optional(z.number()),
  country: z.optional(z.string()),
  email: z.optional(z.string()),
  picture: z.optional(z.string()),
});
export type Profile = z.infer<typeof Profile>;

/** 2.3 Originator: the sender of a message. Received roles include `user` and `bot`. */
export const Originator = z.object({
  name: z.optional(z.string()),
  role: z.optional(z.string()),
  profile: z.optional(Profile),
  metadata: z.optional(z.record(z.string(), z.unknown())),
  userId: z.optional(z.string()),
});
export type Originator = z.infer<typeof Originator>;

/** 2.4 Params: each key a parameter name, each value a list of `{value, match?}`. */
export const Params = z.record(
  z.string(),
  z.array(z.object({ value: z.unknown(), match: z.optional(z.string()) })),
);
export type Params = z.infer<typeof Params>;

/** 2.4 Message metadata. */
export const MessageMetadata = z.object({
  language: z.optional(z.string()),
  timezone: z.optional(z.number()),
  params: z.optional(Params),
});
export type MessageMetadata = z.infer<typeof MessageMetadata>;

/** 2.2 Attachment: only `event` exists today. */
export const EventAttachment = z.object({
  type: z.literal('event'),
  payload: z.object({ name: z.string() }),
});
export type EventAttachment = z.infer<typeof EventAttachment>;

/** 2.3 The originator of an outgoing message: the end user (`external`) or an agent (`moderator`). */
export const OutgoingOriginator = z.strictObject({
  name: z.optional(z.string()),
  role: z.enum(['external', 'moderator']),
  profile: z.optional(Profile),
  metadata: z.optional(z.record(z.string(), z.unknown())),
});

/**
 * 2.2 Outgoing `message.send` payload. Strict: the service may reject fields the spec does not
 * list, so the unit tests check every payload the client builds against this schema.
 */
export const OutgoingMessage = z.strictObject({
  threadId: z.string().check(z.minLength(1)),
  traceId: z.optional(z.int()),
  nonce: z.optional(z.string()),
  speech: z.string().check(z.minLength(1), z.maxLength(255)),
  attachment: z.optional(EventAttachment),
  originator: z.optional(OutgoingOriginator),
  metadata: z.optional(MessageMetadata),
});
export type OutgoingMessage = z.infer<typeof OutgoingMessage>;

/** 4.2 Frames the client sends. */
export const OutgoingFrame = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ping') }),
  z.strictObject({ type: z.literal('message.send'), payload: OutgoingMessage }),
]);
export type OutgoingFrame = z.infer<typeof OutgoingFrame>;

/** 2.5 Quick reply inside a text response. */
export const QuickReply = z.object({
  label: z.string(),
  value: z.optional(z.string()),
  type: z.optional(z.string()),
});
export type QuickReply = z.infer<typeof QuickReply>;

/** 2.5 Response template. Types other than `text` are not specified, so payload stays open. */
export const Response = z.object({
  type: z.string(),
  payload: z.optional(z.unknown()),
  delay: z.optional(z.number()),
});
export type Response = z.infer<typeof Response>;

/** 2.5 Payload of a `text` response. */
export const TextResponsePayload = z.object({
  text: z.string(),
  quickReplies: z.optional(z.array(QuickReply)),
});
export type TextResponsePayload = z.infer<typeof TextResponsePayload>;

/** 2.5 Message template inside `message.received`. */
export const ReceivedMessage = z.object({
  fallback: z.optional(z.string()),
  silent: z.optional(z.boolean()),
  replyTo: z.optional(z.string()),
  originator: z.optional(Originator),
  actions: z.optional(z.array(z.unknown())),
  responses: z.optional(z.array(Response)),
  flow: z.optional(z.object({ flowId: z.optional(z.string()), title: z.optional(z.string()) })),
  step: z.optional(
    z.object({ stepId: z.optional(z.string()), title: z.optional(z.string()), type: z.optional(z.string()) }),
  ),
  params: z.optional(z.record(z.string(), z.unknown())),
  meta: z.optional(
    z.object({ msgId: z.optional(z.string()), createdAt: z.optional(z.number()), keepTyping: z.optional(z.boolean()) }),
  ),
});
export type ReceivedMessage = z.infer<typeof ReceivedMessage>;

/** 2.5 `message.received` payload. */
export const ReceivedPayload = z.object({
  threadId: z.string(),
  messages: z.array(ReceivedMessage),
  originator: z.optional(Originator),
});
export type ReceivedPayload = z.infer<typeof ReceivedPayload>;

/** 4.2 `message.delivered`: an echo of threadId, traceId and speech. */
export const DeliveredPayload = z.object({
  threadId: z.optional(z.string()),
  traceId: z.optional(z.number()),
  speech: z.optional(z.string()),
});
export type DeliveredPayload = z.infer<typeof DeliveredPayload>;

/** 4.2 / 6.1 Frames the service sends. */
export const IncomingFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('message.delivered'), payload: DeliveredPayload }),
  z.object({ type: z.literal('message.received'), payload: ReceivedPayload }),
  z.object({ type: z.literal('error'), message: z.optional(z.string()) }),
]);
export type IncomingFrame = z.infer<typeof IncomingFrame>;
export type IncomingFrameType = IncomingFrame['type'];
