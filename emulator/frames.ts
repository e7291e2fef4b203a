// What the mock service accepts on the socket, as zod schemas (spec 2.1-2.4 + widget contract).
// Deliberately strict: the mock exists to catch client bugs, so every object rejects keys the
// spec does not list, and anything the spec marks "REST only" or "received only" is refused.
import { z } from 'zod';

/** Spec 2.1: `{type, payload?}`; nothing else at the top level. */
export const Envelope = z.strictObject({
  type: z.string().min(1, 'type must be a non-empty string'),
  payload: z.unknown().optional(),
});

/** Spec 2.2: attachment; only `event` is supported (image/file are announced as future). */
export const Attachment = z.strictObject({
  type: z.literal('event', { error: 'attachment.type must be "event" (image/file attachments are unsupported)' }),
  payload: z.strictObject({
    name: z.string().min(1, 'attachment.payload.name must be a non-empty string'),
  }),
});

/** Spec 2.3 profile, socket flavour: `language` and `phoneNumber` are REST only, so refused here. */
export const Profile = z.strictObject({
  fullName: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  gender: z.enum(['M', 'F', 'U']).optional(),
  locale: z.string().optional(),
  timezone: z.number().finite().optional(),
  country: z.string().regex(/^[A-Za-z]{2}$/, 'profile.country must be a two-letter country code').optional(),
  email: z.string().optional(),
  picture: z.string().optional(),
});

/** Spec 2.3 originator when sending: role is `external` or `moderator`; `userId` only appears on received ones. */
export const SendOriginator = z.strictObject({
  name: z.string().optional(),
  role: z.enum(['external', 'moderator'], { error: 'originator.role must be "external" or "moderator"' }),
  profile: Profile.optional(),
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});

/** Spec 2.4 params: each key maps to a list of `{value, match?}`. */
const ParamValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.unknown()),
  z.record(z.string(), z.unknown()),
]);
export const Params = z.record(
  z.string(),
  z.array(z.strictObject({ value: ParamValue, match: z.string().optional() })),
);

/** Spec 2.4 + contract: language is a 2-letter lowercase ISO 639-1 code; timezone hours from UTC. */
export const Metadata = z.strictObject({
  language: z
    .string()
    .regex(/^[a-z]{2}$/, 'metadata.language must be a 2-letter lowercase ISO 639-1 code (e.g. "en", not "en-US")')
    .optional(),
  timezone: z.number().finite().min(-12).max(14).optional(),
  params: Params.optional(),
});

/** Text length counted in Unicode code points, so an emoji counts once. */
export const MAX_SPEECH = 255;

/** Spec 2.2: outgoing `message.send` payload. */
export const SendPayload = z.strictObject({
  threadId: z.string().min(1, 'threadId must be a non-empty string'),
  traceId: z.number({ error: 'traceId must be an integer' }).int('traceId must be an integer').optional(),
  nonce: z.string().optional(),
  speech: z
    .string({ error: 'speech must be a string' })
    .refine((s) => s.trim().length > 0, 'speech must not be empty or blank')
    .refine((s) => [...s].length <= MAX_SPEECH, `speech must be at most ${MAX_SPEECH} characters`),
  attachment: Attachment.optional(),
  originator: SendOriginator.optional(),
  metadata: Metadata.optional(),
});
export type SendPayload = z.infer<typeof SendPayload>;

export type ParsedFrame =
  | { kind: 'ping' }
  | { kind: 'send'; payload: SendPayload }
  | { kind: 'error'; message: string };

/** Turns zod issues into one readable line, e.g. `payload.speech: speech must be at most 255 characters`. */
export function describeIssues(error: z.ZodError, root: string): string {
  return error.issues
    .map((issue) => {
      const path = [root, ...issue.path.map(String)].filter(Boolean).join('.');
      return `${path}: ${issue.message}`;
    })
    .join('; ');
}

/** Parses one text frame from a client. Never throws. */
export function parseClientFrame(raw: string): ParsedFrame {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { kind: 'error', message: 'invalid frame: not valid JSON' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { kind: 'error', message: 'invalid frame: expected a JSON object {type, payload?}' };
  }
  const envelope = Envelope.safeParse(json);
  if (!envelope.success) return { kind: 'error', message: `invalid frame: ${describeIssues(envelope.error, '')}` };
  const { type, payload } = envelope.data;
  // A ping carries no payload per spec 2.1; one sent anyway is tolerated (not a wire error).
  if (type === 'ping') return { kind: 'ping' };
  if (type !== 'message.send') {
    return { kind: 'error', message: `unknown frame type "${type}" (a client may send "ping" or "message.send")` };
  }
  if (payload === undefined) return { kind: 'error', message: 'invalid message.send: payload is required' };
  const parsed = SendPayload.safeParse(payload);
  if (!parsed.success) {
    return { kind: 'error', message: `invalid message.send: ${describeIssues(parsed.error, 'payload')}` };
  }
  return { kind: 'send', payload: parsed.data };
}
