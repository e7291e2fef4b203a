// The REST API's bodies and queries (spec 4.3-4.5), as zod schemas, parsed once at the edge.
// Every `parse…` helper answers `{ok: true, value, departures}` or `{ok: false, field, message}`
// with the field's dotted path and a message in words; the REST layer answers HTTP 400 with it.
// The schemas are strict. The default (lenient) mode serves real clients: a key the spec does
// not list is dropped and reported as a departure for the log instead of refused. The fields they
// share are rest-fields.ts's; the words and the parse loop, rest-parsing.ts's.
import { z } from 'zod';
import { parseWith, shown, withGot, type ParseOptions, type Parsed } from './rest-parsing.ts';
import {
  isE164,
  capped,
  decimalWithin,
  NonBlank,
  PhoneNumber,
  Language,
  TimezoneHours,
  Speech,
  HttpUrl,
  TraceId,
  Params,
  Profile,
  Originator,
  MessageMetadata,
} from './rest-fields.ts';

import { MAX_MIME_TYPE_LENGTH } from '../safety/bounds.ts';

export { isE164 } from './rest-fields.ts';
export { MAX_LISTED_PROBLEMS, type ParseOptions, type Parsed } from './rest-parsing.ts';

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
const MimeType = capped(MAX_MIME_TYPE_LENGTH).regex(/^[A-Za-z]+\/[A-Za-z0-9.+-]+$/, withGot('must be a MIME type such as "image/png"'));
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
const Channel = z.strictObject({ channelName: z.enum(CHANNEL_NAMES), externalId: NonBlank }).superRefine((channel, ctx) => {
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
      ctx.addIssue({
        code: 'custom',
        path: ['phoneNumber'],
        message: 'is required when identifier is absent (give phoneNumber or identifier)',
      });
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
const SegmentRef = z.strictObject({ name: NonBlank.optional(), id: NonBlank.optional() }).superRefine((segment, ctx) => {
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
const Flag = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .default(false);

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
export function checkBodyIsObject(
  body: unknown,
): { ok: true; value: Record<string, unknown> } | { ok: false; field: 'body'; message: string } {
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
    for (const [key, count] of counts)
      if (count > 1) return { ok: false, field: key, message: `${key}: is given ${count} times (give it once)` };
    return { ok: true, value };
  }
  for (const [key, text] of Object.entries(query)) if (text !== undefined) value[key] = text;
  return { ok: true, value };
}
