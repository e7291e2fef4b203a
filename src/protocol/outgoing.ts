// Schemas of the frames the client sends (spec 2.2-2.4, 4.2). The client builds these frames
// itself, so the browser bundle needs only their types; the schemas are strict, and the unit
// tests check every frame the client sends against them. Nothing in the bundle imports the
// values of this module.
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
export const MessageMetadata = z.strictObject({
  language: z.optional(z.string().check(z.regex(/^[a-z]{2}$/))),
  timezone: z.optional(z.number()),
  params: z.optional(Params),
});
export type MessageMetadata = z.infer<typeof MessageMetadata>;

/** 2.2 Attachment: only `event` exists today. */
export const EventAttachment = z.strictObject({
  type: z.literal('event'),
  payload: z.strictObject({ name: z.string() }),
});
export type EventAttachment = z.infer<typeof EventAttachment>;

/** 2.3 The originator of an outgoing message: the end user (`external`) or an agent (`moderator`). */
export const OutgoingOriginator = z.strictObject({
  name: z.optional(z.string()),
  role: z.enum(['external', 'moderator']),
  profile: z.optional(Profile),
  metadata: z.optional(z.record(z.string(), z.unknown())),
});

/** 2.2 Outgoing `message.send` payload: only the fields the spec lists (the service may reject others). */
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
