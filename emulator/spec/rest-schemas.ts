// The REST API's bodies and queries (spec 4.3-4.5), as zod schemas, parsed once at the edge.
// Every `parse…` helper answers `{ok: true, value, departures}` or `{ok: false, field, message}`
// with the field's dotted path and a message in words; the REST layer answers HTTP 400 with it.
// The schemas are strict. The default (lenient) mode serves real clients: a key the spec does
// not list is dropped and reported as a departure for the log instead of refused.
import { z } from 'zod';
import { MAX_SPEECH_LENGTH, speechLength } from '../../src/protocol/limits.ts';
import { isEmailAddress, MAX_DECIMAL_LENGTH, MAX_EMAIL_LENGTH, MAX_MIME_TYPE_LENGTH, MAX_URL_LENGTH } from '../safety/bounds.ts';

// ---------------------------------------------------------------------------------------------
// Results

/** A parsed body or query, or the first field it breaks (with every broken field in `message`). */
export type Parsed<T> =
  | { ok: true; value: T; departures: string[] }
  | { ok: false; field: string; message: string };

export interface ParseOptions {
  /** Refuse every departure from the spec (the emulator's `--strict`); default false. */
  strict?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Words for zod's issues

/** A value as an error message shows it after "got": short, and never the whole body. */
function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return value.length > 40 ? `${JSON.stringify(value.slice(0, 40))}…` : JSON.stringify(value);
  return String(value);
}

const EXPECTED_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  record: 'an object',
  array: 'an array',
};

/** A check's error that names what it got, or says the field is required when nothing came. */
function withGot(rule: string): { error: (issue: { input?: unknown }) => string } {
  return { error: (issue) => (issue.input === undefined ? 'is required' : `${rule} (got ${shown(issue.input)})`) };
}

/** zod's default messages, in words and with the value received; schema-level messages win over these. */
function describeIssue(issue: z.core.$ZodRawIssue): string | undefined {
  const got = `(got ${shown(issue.input)})`;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${EXPECTED_WORDS[issue.expected] ?? issue.expected} ${got}`;
    case 'invalid_value':
      return `must be ${issue.values.length === 1 ? '' : 'one of '}${issue.values.map((v) => JSON.stringify(v)).join(', ')} ${got}`;
    case 'invalid_union': {
      if (!issue.discriminator) return `does not have an accepted form ${got}`;
      // A discriminated union reports the whole object as its input; name the discriminator's value.
      const value = (issue.input as Record<string, unknown> | undefined)?.[issue.discriminator];
      const options = ((issue.options ?? []) as readonly unknown[]).map((v) => JSON.stringify(v)).join(', ');
      return value === undefined ? `is required (one of ${options})` : `must be one of ${options} (got ${shown(value)})`;
    }
    case 'too_small':
      return tooSmall(issue.origin, Number(issue.minimum), issue.inclusive !== false, got);
    case 'too_big':
      return tooBig(issue.origin, Number(issue.maximum), issue.inclusive !== false, got);
    default:
      return undefined;
  }
}

function tooSmall(origin: string, minimum: number, inclusive: boolean, got: string): string {
  if (origin === 'string') return minimum <= 1 ? 'must not be empty' : `must be at least ${minimum} characters`;
  if (origin === 'array') return minimum <= 1 ? 'must not be empty (give at least one item)' : `must have at least ${minimum} items`;
  return `must be ${inclusive ? 'at least' : 'greater than'} ${minimum} ${got}`;
}

function tooBig(origin: string, maximum: number, inclusive: boolean, got: string): string {
  if (origin === 'string') return `must be at most ${maximum} characters`;
  if (origin === 'array') return `must have at most ${maximum} items`;
  return `must be ${inclusive ? 'at most' : 'less than'} ${maximum} ${got}`;
}

/** One broken field. `unknownKey` marks a key the spec does not list (a departure when lenient). */
interface Problem {
  path: PropertyKey[];
  words: string;
  unknownKey?: string;
}

function problemsOf(issue: z.core.$ZodIssue): Problem[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ path: [...issue.path, key], words: 'is not a field the spec lists', unknownKey: key }));
  }
  return [{ path: issue.path, words: issue.message }];
}

function fieldOf(path: readonly PropertyKey[]): string {
  return path.length ? path.map(String).join('.') : 'body';
}

/**
 * The problems an answer or the log names one by one; the rest are counted. A 1 MB body can hold
 * 100,000 unknown keys: each named would make a megabyte of message and as many log lines.
 */
export const MAX_LISTED_PROBLEMS = 20;

/** A line for each of the first MAX_LISTED_PROBLEMS items, then `and N more …` when there are more. */
function listed(problems: readonly Problem[], line: (problem: Problem) => string, more: string): string[] {
  const lines = problems.slice(0, MAX_LISTED_PROBLEMS).map(line);
  if (problems.length > MAX_LISTED_PROBLEMS) lines.push(`and ${problems.length - MAX_LISTED_PROBLEMS} more ${more}`);
  return lines;
}

function failure(problems: readonly Problem[]): { ok: false; field: string; message: string } {
  const first = problems[0] ?? { path: [], words: 'is not valid' };
  return { ok: false, field: fieldOf(first.path), message: listed(problems, (p) => `${fieldOf(p.path)}: ${p.words}`, 'problems').join('; ') };
}

// ---------------------------------------------------------------------------------------------
// The one parse loop: strict schemas; lenient mode drops the unknown keys and parses again.

const MAX_ROUNDS = 5;

function parseWith<S extends z.ZodType>(schema: S, input: unknown, options: ParseOptions, departures: string[] = []): Parsed<z.output<S>> {
  let candidate = input;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const result = schema.safeParse(candidate, { error: describeIssue });
    if (result.success) return { ok: true, value: result.data, departures };
    const problems = result.error.issues.flatMap(problemsOf);
    const unknown = problems.filter((p) => p.unknownKey !== undefined);
    if (options.strict || unknown.length === 0) return failure(problems);
    candidate = structuredClone(candidate);
    for (const problem of unknown) deleteAt(candidate, problem.path);
    departures.push(...listed(unknown, (p) => `${fieldOf(p.path)}: not a field the spec lists (ignored)`, 'fields the spec does not list (ignored)'));
  }
  return { ok: false, field: 'body', message: 'body: is nested too deeply with fields the spec does not list' };
}

/** Deletes the key at the end of `path` inside a JSON value (paths come from zod, so they exist). */
function deleteAt(root: unknown, path: readonly PropertyKey[]): void {
  let node = root as Record<PropertyKey, unknown> | undefined;
  for (const step of path.slice(0, -1)) node = node?.[step] as Record<PropertyKey, unknown> | undefined;
  const last = path[path.length - 1];
  if (node && typeof node === 'object' && last !== undefined) delete node[last];
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** E.164: `+`, then 8 to 15 digits, the first not 0 (country codes start at 1). */
const E164 = /^\+[1-9]\d{7,14}$/;

/** True for an E.164 phone number such as `+14155550123`. */
export function isE164(text: string): boolean {
  return E164.test(text);
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** A number given as a JSON string, as `lat` and `long` are (spec 4.3): optional sign, digits, optional decimals. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A string of at most `max` characters; a longer one is refused before any other check of it runs. */
const capped = (max: number) => z.string().max(max, { abort: true });

function decimalWithin(min: number, max: number) {
  return capped(MAX_DECIMAL_LENGTH)
    .regex(DECIMAL, withGot('must be a decimal number written as a string, e.g. "48.8566"'))
    .refine((s) => Number(s) >= min && Number(s) <= max, withGot(`must be between ${min} and ${max}`));
}

const NonBlank = z.string().refine((s) => s.trim() !== '', 'must not be empty or blank');

const PhoneNumber = z.string().regex(E164, withGot('must be an E.164 phone number: "+" then 8 to 15 digits, e.g. "+14155550123"'));

/** Spec 2.4 (REST): a two-letter lowercase ISO 639-1 code. */
const Language = z.string().regex(/^[a-z]{2}$/, withGot('must be a two-letter lowercase ISO 639-1 code such as "en"'));

/** Spec 4.3: timezone in whole hours from UTC; the range of real offsets, -12 to +14. */
const TimezoneHours = z.number().int().min(-12).max(14);

/**
 * Spec 4.3, 8: the text of a message, 255 characters at most.
 * Characters are Unicode code points, so an emoji counts once (not as two UTF-16 units); the
 * widget counts the same way (src/protocol/limits.ts).
 */
const Speech = NonBlank.superRefine((text, ctx) => {
  const length = speechLength(text);
  if (length > MAX_SPEECH_LENGTH) ctx.addIssue({ code: 'custom', message: `must be at most ${MAX_SPEECH_LENGTH} characters (got ${length})` });
});

const HttpUrl = capped(MAX_URL_LENGTH).refine(isHttpUrl, withGot('must be an http or https URL'));

/**
 * Spec 4.3: `traceId`, a number to verify delivery.
 * Decision: a whole number of 0 or more (the socket's traceId is an integer, spec 2.2).
 */
const TraceId = z.number().int().min(0);

/**
 * Spec 2.4: params, each key a parameter name, each value a list of `{value, match?}`.
 * Decision: `value` is any JSON value but null (null would say "no value", which a list entry cannot mean).
 */
const Params = z.record(
  z.string(),
  z.array(
    z.strictObject({
      value: z.union([z.string(), z.number(), z.boolean(), z.array(z.unknown()), z.record(z.string(), z.unknown())], withGot('must be a JSON value other than null')),
      match: z.string().optional(),
    }),
  ),
);

/**
 * Spec 2.3, REST flavour: with `language` and `phoneNumber`, and `country` in lowercase.
 * Decision: `locale` must pair a language and a country (`en-US` or `en_US`, letters in any case),
 * as spec 2.3 says the REST locale combines them; `timezone` may have a fraction (e.g. 5.5) within
 * -12..14; `email` and `picture` are checked for their form.
 */
const Profile = z.strictObject({
  fullName: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  gender: z.enum(['M', 'F', 'U']).optional(),
  locale: z.string().regex(/^[a-z]{2}[-_][a-z]{2}$/i, withGot('must pair a language and a country, e.g. "en-US"')).optional(),
  timezone: z.number().min(-12).max(14).optional(),
  country: z.string().regex(/^[a-z]{2}$/, withGot('must be a two-letter lowercase country code such as "fr"')).optional(),
  email: capped(MAX_EMAIL_LENGTH).refine(isEmailAddress, withGot('must be an email address')).optional(),
  picture: HttpUrl.optional(),
  language: Language.optional(),
  phoneNumber: PhoneNumber.optional(),
});

/**
 * Spec 2.3, 4.3: the sender of a REST message, required, with `name` and `role`.
 * Decision: `name` must not be blank; `metadata` values are JSON scalars (spec: key-value pairs);
 * `userId` only appears on received originators, so it is not a field here.
 */
const Originator = z.strictObject({
  name: NonBlank,
  role: z.enum(['external', 'moderator']),
  profile: Profile.optional(),
  metadata: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()], withGot('must be a string, number, boolean or null')))
    .optional(),
});

/** Spec 2.4, 4.3: metadata of a text message (REST: two-letter language, whole-hour timezone). */
const MessageMetadata = z.strictObject({
  language: Language.optional(),
  timezone: TimezoneHours.optional(),
  params: Params.optional(),
});

// ---------------------------------------------------------------------------------------------
// Spec 4.3: POST messages/:threadId

/**
 * Spec 4.3, payload.type `text`. The argument list names the text `text`, the examples `speech`.
 * Decision: either is taken, in every mode, and normalised to `speech`; giving both is refused
 * (which one would win?), as for `mimeType`/`mimetype`.
 */
const TextPayload = z
  .strictObject({
    type: z.literal('text'),
    originator: Originator,
    speech: Speech.optional(),
    text: Speech.optional(),
    metadata: MessageMetadata.optional(),
    traceId: TraceId.optional(),
  })
  .superRefine((message, ctx) => {
    if (message.speech !== undefined && message.text !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'give speech or text, not both' });
    } else if (message.speech === undefined && message.text === undefined) {
      ctx.addIssue({ code: 'custom', path: ['speech'], message: 'is required (the text of the message; also accepted as text)' });
    }
  });

/** Spec 4.3, payload.type `event`: the event's own `lang`, `timezone` and `params`. */
const EventPayload = z.strictObject({
  type: z.literal('event'),
  originator: Originator,
  eventName: NonBlank,
  lang: Language.optional(),
  timezone: TimezoneHours.optional(),
  params: Params.optional(),
  traceId: TraceId.optional(),
});

/**
 * Spec 4.3, payload.type `location`: `lat` and `long` are strings.
 * Decision: they must be decimal numbers within range (-90..90, -180..180); a place that cannot be
 * on Earth is a client bug, not a location.
 */
const LocationPayload = z.strictObject({
  type: z.literal('location'),
  originator: Originator,
  lat: decimalWithin(-90, 90),
  long: decimalWithin(-180, 180),
  title: z.string().optional(),
  lang: Language.optional(),
  timezone: TimezoneHours.optional(),
  params: Params.optional(),
  traceId: TraceId.optional(),
});

/**
 * Spec 4.3, payload.type `media`. The examples also spell `mimeType` as `mimetype`.
 * Decision: both spellings are accepted in every mode and normalised to `mimeType`; giving both is
 * refused (which one would win?). The value must have the `type/subtype` form; which formats a
 * channel supports is the channel's business, so it is not checked further. `url` must be http(s).
 */
const MimeType = capped(MAX_MIME_TYPE_LENGTH).regex(/^[a-z]+\/[a-z0-9.+-]+$/i, withGot('must be a MIME type such as "image/png"'));
const MediaPayload = z
  .strictObject({
    type: z.literal('media'),
    originator: Originator,
    mediaType: z.enum(['image', 'file', 'audio', 'video']),
    url: HttpUrl,
    title: z.string().optional(),
    mimeType: MimeType.optional(),
    mimetype: MimeType.optional(),
    lang: Language.optional(),
    timezone: TimezoneHours.optional(),
    params: Params.optional(),
    traceId: TraceId.optional(),
  })
  .superRefine((media, ctx) => {
    if (media.mimeType !== undefined && media.mimetype !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['mimetype'], message: 'give mimeType or mimetype, not both' });
    }
  });

/** Moves the `mimetype` spelling to `mimeType`, and a text message's `text` to `speech`. */
function normaliseSpellings<P extends { type: string }>(payload: P): P {
  if (payload.type === 'text' && 'text' in payload) {
    const { text, ...rest } = payload as P & { text?: string };
    return (text === undefined ? rest : { ...rest, speech: text }) as P;
  }
  if (payload.type !== 'media' || !('mimetype' in payload)) return payload;
  const { mimetype, ...rest } = payload as P & { mimetype?: string; mimeType?: string };
  return (mimetype === undefined ? rest : { ...rest, mimeType: mimetype }) as P;
}

/** A payload as the emulator handles it: a text message's text is `speech`, always there. */
type Normalised<P> = P extends { type: 'text' } ? Omit<P, 'text' | 'speech'> & { speech: string } : P;

/**
 * Spec 4.3: the body `{payload}`.
 * Decision: `traceId` belongs inside `payload`, as on the socket (spec 4.2 does not show where);
 * the envelope has no other field.
 */
export const SendMessageBody = z.strictObject({
  payload: z
    .discriminatedUnion('type', [TextPayload, EventPayload, LocationPayload, MediaPayload])
    .transform((payload) => normaliseSpellings(payload) as Normalised<typeof payload>),
});
export type SendMessageBody = z.output<typeof SendMessageBody>;
export type MessagePayload = SendMessageBody['payload'];

// ---------------------------------------------------------------------------------------------
// Spec 4.4: handover, and the empty bodies

/**
 * Decision: a handover pause lasts at most 7 days. Longer is surely a mistake, and it keeps the
 * emulator's timer within setTimeout's range (about 24.8 days). Fractions are accepted (tests use
 * short pauses).
 */
export const MAX_PAUSE_SECONDS = 7 * 24 * 3600;

/** Spec 4.4: POST handover/:threadId, body `secondsToPause` (number, optional; > 0). */
export const HandoverBody = z.strictObject({
  secondsToPause: z.number().gt(0).max(MAX_PAUSE_SECONDS).optional(),
});
export type HandoverBody = z.output<typeof HandoverBody>;

/**
 * Spec 4.4: the empty bodies of POST takeover, resolve, trigger/event, POST and DELETE pause.
 * Decision: `{}` or no body at all; any key is refused in strict mode (ignored and reported
 * otherwise); a body that is not an object (array, string, null) is refused in both modes.
 */
export const EmptyBody = z.strictObject({});
export type EmptyBody = z.output<typeof EmptyBody>;

// ---------------------------------------------------------------------------------------------
// Spec 4.5: POST broadcast/instant

/**
 * Spec 4.5: the seven values of `channelName`. Only `rbm` is spelled in the spec; the other six
 * are brand names whose spellings are not shown, so these neutral lowercase names stand for them.
 */
export const CHANNEL_NAMES = [
  'rbm', //       rich business messaging; externalId is a project id
  'sms', //       bulk-SMS provider; a phone number
  'rcs', //       second rich-messaging provider; a bot id
  'voice', //     cloud-telephony provider; a phone number
  'whatsapp', //  chat app; a production phone number
  'messenger', // social messenger; a page id
  'phone', //     the platform's own phone channel; a phone number
] as const;
type ChannelName = (typeof CHANNEL_NAMES)[number];

/** Channels whose externalId is a phone number (spec 4.5), checked as E.164. */
const PHONE_CHANNELS: ReadonlySet<ChannelName> = new Set(['sms', 'voice', 'whatsapp', 'phone']);

/** Spec 4.5: channel `{channelName, externalId}`; externalId's form follows the channel's kind. */
const Channel = z
  .strictObject({ channelName: z.enum(CHANNEL_NAMES), externalId: NonBlank })
  .superRefine((channel, ctx) => {
    if (PHONE_CHANNELS.has(channel.channelName) && !isE164(channel.externalId)) {
      ctx.addIssue({
        code: 'custom',
        path: ['externalId'],
        message: `must be an E.164 phone number for channel "${channel.channelName}" (got ${shown(channel.externalId)})`,
      });
    }
  });

/**
 * Spec 4.5: a recipient: `name` and one of `phoneNumber` (E.164) or `identifier`.
 * Decision: both may be given (the channel decides which it uses).
 */
const Recipient = z
  .strictObject({ name: NonBlank, phoneNumber: PhoneNumber.optional(), identifier: NonBlank.optional(), profile: Profile.optional() })
  .superRefine((recipient, ctx) => {
    if (recipient.phoneNumber === undefined && recipient.identifier === undefined) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: 'is required when identifier is absent (give phoneNumber or identifier)' });
    }
  });

/** Spec 4.5: the broadcast payload, text (with `speech`) or event (with `eventName`). */
const BroadcastPayload = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), speech: Speech, metadata: MessageMetadata.optional() }),
  z.strictObject({ type: z.literal('event'), eventName: NonBlank, metadata: MessageMetadata.optional() }),
]);

/** Spec 4.5: POST broadcast/instant. Decision: no cap on the audience's size (not shown). */
export const BroadcastBody = z.strictObject({
  audience: z.array(Recipient).min(1),
  channel: Channel,
  payload: BroadcastPayload,
});
export type BroadcastBody = z.output<typeof BroadcastBody>;

// ---------------------------------------------------------------------------------------------
// Spec 4.5: POST broadcast/instant/segment

/** Spec 4.5: a segment named by `name` and/or `id`, at least one. */
const SegmentRef = z
  .strictObject({ name: NonBlank.optional(), id: NonBlank.optional() })
  .superRefine((segment, ctx) => {
    if (segment.name === undefined && segment.id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'is required when id is absent (give name or id)' });
    }
  });

/**
 * Spec 4.5: the segment payload: `speech` for text, `url` for media, `lat` for location,
 * `eventName` for event.
 * Decision: a location may also carry `long` (a place needs both) but does not have to, since the
 * spec lists only `lat`; a media payload may carry `mediaType`. Nothing else is listed.
 */
const SegmentPayload = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), speech: Speech }),
  z.strictObject({ type: z.literal('event'), eventName: NonBlank }),
  z.strictObject({ type: z.literal('location'), lat: decimalWithin(-90, 90), long: decimalWithin(-180, 180).optional() }),
  z.strictObject({ type: z.literal('media'), url: HttpUrl, mediaType: z.enum(['image', 'file', 'audio', 'video']).optional() }),
]);

/** Spec 4.5: POST broadcast/instant/segment. */
export const SegmentBroadcastBody = z.strictObject({
  audience: z.array(SegmentRef).min(1),
  payload: SegmentPayload,
});
export type SegmentBroadcastBody = z.output<typeof SegmentBroadcastBody>;

// ---------------------------------------------------------------------------------------------
// Queries (spec 4.3, 4.4): every value arrives as a string.

/** Decision: a flag is the string `true` or `false`, nothing else (`1`, `yes` and `` are refused); absent means false. */
const Flag = z.enum(['true', 'false']).transform((v) => v === 'true').default(false);

/** Decision: a page is a whole number of 1 or more in decimal digits; absent means 1. */
const Page = z
  .string()
  .regex(/^\d+$/, withGot('must be a whole number of 1 or more'))
  .transform(Number)
  .refine((n) => Number.isSafeInteger(n) && n >= 1, withGot('must be a whole number of 1 or more'));

/** Spec 4.3: POST messages/:threadId, `sync` and `writeConcern`. */
export const SendMessageQuery = z.strictObject({ sync: Flag, writeConcern: Flag });
export type SendMessageQuery = z.output<typeof SendMessageQuery>;

/** Spec 4.4: GET messages/:threadId, `page` (optional, from 1) and `sync`. */
export const HistoryQuery = z.strictObject({ page: Page.default(1), sync: Flag });
export type HistoryQuery = z.output<typeof HistoryQuery>;

/** Spec 4.4: GET threads, `page` (required) and `sync`. */
export const ThreadsQuery = z.strictObject({ page: Page, sync: Flag });
export type ThreadsQuery = z.output<typeof ThreadsQuery>;

/** Spec 4.4, 4.5: `sync` alone (GET trigger/event, businesshours, pause/:threadId, broadcast/segments). */
export const SyncQuery = z.strictObject({ sync: Flag });
export type SyncQuery = z.output<typeof SyncQuery>;

/** Spec 4.4: POST trigger/event/:threadId, `eventName` (required, not blank). */
export const TriggerEventQuery = z.strictObject({ eventName: NonBlank });
export type TriggerEventQuery = z.output<typeof TriggerEventQuery>;

/** A query as the REST layer has it: the URL's search params, or a plain record. */
export type QueryInput = URLSearchParams | Readonly<Record<string, string | undefined>>;

// ---------------------------------------------------------------------------------------------
// The parse helpers

/** Refuses a body that is not a JSON object (arrays, strings, numbers, null), naming `body`. */
export function checkBodyIsObject(body: unknown): { ok: true; value: Record<string, unknown> } | { ok: false; field: 'body'; message: string } {
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) return { ok: true, value: body as Record<string, unknown> };
  const what = body === undefined ? 'is required: a JSON object' : `must be a JSON object (got ${shown(body)})`;
  return { ok: false, field: 'body', message: `body: ${what}` };
}

function parseBody<S extends z.ZodType>(schema: S, body: unknown, options: ParseOptions): Parsed<z.output<S>> {
  const object = checkBodyIsObject(body);
  return object.ok ? parseWith(schema, object.value, options) : object;
}

/** Spec 4.3: parses the body of POST messages/:threadId; `mimetype` comes back as `mimeType`, `text` as `speech`. */
export function parseSendMessageBody(body: unknown, options: ParseOptions = {}): Parsed<SendMessageBody> {
  return parseBody(SendMessageBody, body, options);
}

/** Spec 4.4: parses the body of POST handover/:threadId; no body means `{}`. */
export function parseHandoverBody(body: unknown, options: ParseOptions = {}): Parsed<HandoverBody> {
  return parseBody(HandoverBody, body === undefined ? {} : body, options);
}

/** Spec 4.4: parses an empty body (takeover, resolve, trigger/event, POST and DELETE pause); no body means `{}`. */
export function parseEmptyBody(body: unknown, options: ParseOptions = {}): Parsed<EmptyBody> {
  return parseBody(EmptyBody, body === undefined ? {} : body, options);
}

/** Spec 4.5: parses the body of POST broadcast/instant. */
export function parseBroadcastBody(body: unknown, options: ParseOptions = {}): Parsed<BroadcastBody> {
  return parseBody(BroadcastBody, body, options);
}

/** Spec 4.5: parses the body of POST broadcast/instant/segment. */
export function parseSegmentBroadcastBody(body: unknown, options: ParseOptions = {}): Parsed<SegmentBroadcastBody> {
  return parseBody(SegmentBroadcastBody, body, options);
}

/** Spec 4.3: parses the query of POST messages/:threadId. */
export function parseSendMessageQuery(query: QueryInput, options: ParseOptions = {}): Parsed<SendMessageQuery> {
  return parseQuery(SendMessageQuery, query, options);
}

/** Spec 4.4: parses the query of GET messages/:threadId. */
export function parseHistoryQuery(query: QueryInput, options: ParseOptions = {}): Parsed<HistoryQuery> {
  return parseQuery(HistoryQuery, query, options);
}

/**
 * Spec 4.4: parses the query of GET threads.
 * Decision: `page` is required by the spec, so strict mode refuses its absence; the default mode
 * uses page 1 and reports the departure.
 */
export function parseThreadsQuery(query: QueryInput, options: ParseOptions = {}): Parsed<ThreadsQuery> {
  const record = queryRecord(query);
  if (!record.ok) return record;
  const departures: string[] = [];
  if (record.value.page === undefined && !options.strict) {
    record.value.page = '1';
    departures.push('page: missing, though the spec requires it (used 1)');
  }
  return parseWith(ThreadsQuery, record.value, options, departures);
}

/** Spec 4.4, 4.5: parses a query that carries `sync` alone. */
export function parseSyncQuery(query: QueryInput, options: ParseOptions = {}): Parsed<SyncQuery> {
  return parseQuery(SyncQuery, query, options);
}

/** Spec 4.4: parses the query of POST trigger/event/:threadId. */
export function parseTriggerEventQuery(query: QueryInput, options: ParseOptions = {}): Parsed<TriggerEventQuery> {
  return parseQuery(TriggerEventQuery, query, options);
}

function parseQuery<S extends z.ZodType>(schema: S, query: QueryInput, options: ParseOptions): Parsed<z.output<S>> {
  const record = queryRecord(query);
  return record.ok ? parseWith(schema, record.value, options) : record;
}

/**
 * A query as a record of strings.
 * Decision: a parameter given twice (`?page=1&page=2`) is refused in every mode: which one the
 * caller meant cannot be known. Unknown parameters follow the mode, like unknown body fields.
 */
function queryRecord(query: QueryInput): { ok: true; value: Record<string, string> } | { ok: false; field: string; message: string } {
  const value: Record<string, string> = {};
  if (query instanceof URLSearchParams) {
    // One pass: getAll() per key would read the whole query once per key.
    const counts = new Map<string, number>();
    for (const [key, text] of query) {
      if (!counts.has(key)) value[key] = text;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    for (const [key, count] of counts) if (count > 1) return { ok: false, field: key, message: `${key}: is given ${count} times (give it once)` };
    return { ok: true, value };
  }
  for (const [key, text] of Object.entries(query)) if (text !== undefined) value[key] = text;
  return { ok: true, value };
}
