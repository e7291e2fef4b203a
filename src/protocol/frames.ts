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

// Incoming frames: a field the client can live without reads as absent when it is null or of
// another type, instead of costing the visitor the whole reply. Only what the client cannot do
// without (a threadId, the messages, a response's type, a text's text) is required.
function lenient<T extends z.ZodMiniType>(schema: T) {
  return z.catch(z.optional(schema), undefined);
}

/** 2.3 Originator of a received message. Roles: `bot`, `external`, and agents' (`moderator`, `user`, …). */
export const Originator = z.object({
  name: lenient(z.string()),
  role: lenient(z.string()),
  userId: lenient(z.string()),
  profile: lenient(z.object({ picture: lenient(z.string()), fullName: lenient(z.string()) })),
});
export type Originator = z.infer<typeof Originator>;

/** 2.5 Quick reply inside a text response. */
export const QuickReply = z.object({
  label: z.string(),
  value: lenient(z.string()),
  type: lenient(z.string()),
});
export type QuickReply = z.infer<typeof QuickReply>;

/** 2.5 Response template. Types other than `text` are not specified, so payload stays open. */
export const Response = z.object({
  type: z.string(),
  payload: z.optional(z.unknown()),
  delay: lenient(z.number()),
});
export type Response = z.infer<typeof Response>;

/** 2.5 Payload of a `text` response. A broken quick-reply list is dropped, the text still shows. */
export const TextResponsePayload = z.object({
  text: z.string(),
  quickReplies: lenient(z.array(QuickReply)),
});
export type TextResponsePayload = z.infer<typeof TextResponsePayload>;

/** 2.5 Message template inside `message.received`; only the fields the client uses are read. */
export const ReceivedMessage = z.object({
  fallback: lenient(z.string()),
  silent: lenient(z.boolean()),
  originator: lenient(Originator),
  responses: lenient(z.array(Response)),
  meta: lenient(z.object({ keepTyping: lenient(z.boolean()) })),
});
export type ReceivedMessage = z.infer<typeof ReceivedMessage>;

/** 2.5 `message.received` payload. */
export const ReceivedPayload = z.object({
  threadId: z.string(),
  messages: z.array(ReceivedMessage),
  originator: lenient(Originator),
});
export type ReceivedPayload = z.infer<typeof ReceivedPayload>;

// traceId is an integer on the socket, but the spec shows it as a string elsewhere (2.6).
const TraceId = z.pipe(
  z.union([z.int(), z.string().check(z.regex(/^\d+$/))]),
  z.transform((value) => Number(value)),
);

/** 4.2 `message.delivered`: an echo of threadId, traceId and speech. */
export const DeliveredPayload = z.object({
  threadId: lenient(z.string()),
  traceId: lenient(TraceId),
  speech: lenient(z.string()),
});
export type DeliveredPayload = z.infer<typeof DeliveredPayload>;

/** 4.2 / 6.1 Frames the service sends. */
export const IncomingFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('message.delivered'), payload: DeliveredPayload }),
  z.object({ type: z.literal('message.received'), payload: ReceivedPayload }),
  z.object({ type: z.literal('error'), message: lenient(z.string()) }),
]);
export type IncomingFrame = z.infer<typeof IncomingFrame>;
