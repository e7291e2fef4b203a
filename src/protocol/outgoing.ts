// What a client may send on the socket (spec 2.1-2.4, 4.2): one definition, used by the
// client's unit tests (every frame it sends must pass the strict schemas) and by the emulator,
// which refuses what breaks them with `--strict` and otherwise serves real clients leniently.
// The browser bundle imports only the types of this module, never its values.
import * as z from 'zod/mini';

type ObjectFactory = typeof z.strictObject;

/** The strict and the lenient flavours differ only in how objects treat keys the spec does not list. */
function outgoingSchemas(object: ObjectFactory, lenient: boolean) {
  /** 2.3 Profile, socket flavour: `language` and `phoneNumber` are REST only. */
  const Profile = object({
    fullName: z.optional(z.string()),
    firstName: z.optional(z.string()),
    lastName: z.optional(z.string()),
    gender: z.optional(z.enum(['M', 'F', 'U'], { error: 'profile.gender must be "M", "F" or "U"' })),
    locale: z.optional(z.string()),
    timezone: z.optional(z.number()),
    country: z.optional(z.string().check(z.regex(/^[A-Za-z]{2}$/, 'profile.country must be a two-letter country code'))),
    email: z.optional(z.string()),
    picture: z.optional(z.string()),
  });

  /** 2.4 Params: each key a parameter name, each value a list of `{value, match?}`. */
  const Params = z.record(z.string(), z.array(object({ value: z.unknown(), match: z.optional(z.string()) })));

  // 2.4 says "ISO language code"; the two-letter rule is the REST API's. Real clients send
  // full locale tags such as en-US on the socket, which the lenient flavour lets through.
  const language = lenient
    ? z.string().check(z.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'metadata.language must be an ISO language code or locale tag'))
    : z.string().check(z.regex(/^[a-z]{2}$/, 'metadata.language must be a 2-letter lowercase ISO 639-1 code (e.g. "en", not "en-US")'));

  /** 2.4 Message metadata. Offsets run from UTC-12 to UTC+14 (fractions such as 5.5 exist). */
  const MessageMetadata = object({
    language: z.optional(language),
    timezone: z.optional(
      z
        .number({ error: 'metadata.timezone must be a number of hours' })
        .check(z.gte(-12, 'metadata.timezone must be between -12 and 14'), z.lte(14, 'metadata.timezone must be between -12 and 14')),
    ),
    params: z.optional(Params),
  });

  /** 2.2 Attachment: only `event` exists (image and file are announced as future). */
  const EventAttachment = object({
    type: z.literal('event', { error: 'attachment.type must be "event" (image/file attachments are unsupported)' }),
    payload: object({ name: z.string().check(z.minLength(1, 'attachment.payload.name must be a non-empty string')) }),
  });

  /** 2.3 The sender: the end user (`external`) or an agent (`moderator`); metadata values are any JSON. */
  const OutgoingOriginator = object({
    name: z.optional(z.string()),
    role: z.enum(['external', 'moderator'], { error: 'originator.role must be "external" or "moderator"' }),
    profile: z.optional(Profile),
    metadata: z.optional(z.record(z.string(), z.unknown())),
  });

  /** 2.2 `message.send` payload. */
  const OutgoingMessage = object({
    threadId: z.string({ error: 'threadId must be a string' }).check(z.minLength(1, 'threadId must be a non-empty string')),
    traceId: z.optional(z.int({ error: 'traceId must be an integer' })),
    nonce: z.optional(z.string()),
    speech: z.string({ error: 'speech must be a string' }).check(
      // No length: the spec's 255 is the REST API's, the socket sets none (the widget's own limit is drafts.ts').
      z.refine((s) => s.trim().length > 0, 'speech must not be empty or blank'),
    ),
    attachment: z.optional(EventAttachment),
    originator: z.optional(OutgoingOriginator),
    metadata: z.optional(MessageMetadata),
  });

  /** 4.2 Frames a client sends. */
  const OutgoingFrame = z.discriminatedUnion('type', [
    object({ type: z.literal('ping') }),
    object({ type: z.literal('message.send'), payload: OutgoingMessage }),
  ]);

  return { Profile, Params, MessageMetadata, EventAttachment, OutgoingOriginator, OutgoingMessage, OutgoingFrame };
}

/** The spec as written: unknown keys refused, two-letter languages. */
export const strictOutgoing = outgoingSchemas(z.strictObject, false);
/** What real clients of the service evidently get away with: unknown keys kept, locale tags. */
export const lenientOutgoing = outgoingSchemas(z.looseObject as unknown as ObjectFactory, true);

export const { Profile, Params, MessageMetadata, OutgoingMessage, OutgoingFrame } = strictOutgoing;
const { EventAttachment } = strictOutgoing;
export type Profile = z.infer<typeof Profile>;
export type Params = z.infer<typeof Params>;
export type MessageMetadata = z.infer<typeof MessageMetadata>;
type EventAttachment = z.infer<typeof EventAttachment>;
export type OutgoingMessage = z.infer<typeof OutgoingMessage>;
export type OutgoingFrame = z.infer<typeof OutgoingFrame>;
