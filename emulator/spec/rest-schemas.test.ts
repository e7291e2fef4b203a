import { describe, expect, it } from 'vitest';
import {
  CHANNEL_NAMES,
  MAX_LISTED_PROBLEMS,
  MAX_PAUSE_SECONDS,
  checkBodyIsObject,
  isE164,
  parseBroadcastBody,
  parseEmptyBody,
  parseHandoverBody,
  parseHistoryQuery,
  parseSegmentBroadcastBody,
  parseSendMessageBody,
  parseSendMessageQuery,
  parseSyncQuery,
  parseThreadsQuery,
  parseTriggerEventQuery,
  type Parsed,
} from './rest-schemas.ts';

const strict = { strict: true };
const originator = { name: 'Ann', role: 'external' };

function text(fields: Record<string, unknown> = {}) {
  return { payload: { type: 'text', originator, speech: 'Hello', ...fields } };
}
function event(fields: Record<string, unknown> = {}) {
  return { payload: { type: 'event', originator, eventName: 'welcome', ...fields } };
}
function location(fields: Record<string, unknown> = {}) {
  return { payload: { type: 'location', originator, lat: '48.8566', long: '2.3522', ...fields } };
}
function media(fields: Record<string, unknown> = {}) {
  return { payload: { type: 'media', originator, mediaType: 'image', url: 'https://example.com/a.png', ...fields } };
}
function withOriginator(fields: Record<string, unknown>) {
  return text({ originator: { ...originator, ...fields } });
}
function withProfile(profile: Record<string, unknown>) {
  return withOriginator({ profile });
}

/** The value of an accepted parse (fails the test otherwise). */
function accepted<T>(result: Parsed<T>): { value: T; departures: string[] } {
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return { value: result.value, departures: result.departures };
}

/** The field and message of a refused parse (fails the test otherwise). */
function refused<T>(result: Parsed<T>): { field: string; message: string } {
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(result.value)}`);
  return { field: result.field, message: result.message };
}

describe('POST messages/:threadId body (spec 4.3)', () => {
  const valid: [string, unknown][] = [
    ['text', text()],
    ['text with metadata', text({ metadata: { language: 'en', timezone: -5, params: { city: [{ value: 'Paris', match: 'paris' }] } } })],
    ['text with traceId 0', text({ traceId: 0 })],
    ['text from a moderator', withOriginator({ role: 'moderator' })],
    [
      'text with a full REST profile',
      withProfile({
        fullName: 'Ann Lee',
        firstName: 'Ann',
        lastName: 'Lee',
        gender: 'F',
        locale: 'en-US',
        timezone: 5.5,
        country: 'us',
        email: 'ann@example.com',
        picture: 'https://example.com/ann.png',
        language: 'en',
        phoneNumber: '+14155550123',
      }),
    ],
    ['text with originator metadata', withOriginator({ metadata: { plan: 'gold', seats: 3, vip: true, note: null } })],
    [
      'params with values of every JSON kind',
      text({ metadata: { params: { p: [{ value: 1 }, { value: true }, { value: [1] }, { value: { a: 1 } }] } } }),
    ],
    ['event', event()],
    ['event with lang, timezone, params and traceId', event({ lang: 'fr', timezone: 14, params: { x: [{ value: 'y' }] }, traceId: 7 })],
    ['location', location()],
    ['location at the edges', location({ lat: '-90', long: '180', title: 'Pole', lang: 'en', timezone: -12 })],
    ['media', media()],
    ['media with every option', media({ title: 'A', mimeType: 'image/png', lang: 'en', timezone: 0, params: {}, traceId: 3 })],
    ['media over http', media({ url: 'http://example.com/a.mp3', mediaType: 'audio' })],
  ];
  it.each(valid)('accepts %s', (_name, body) => {
    expect(accepted(parseSendMessageBody(body, strict)).departures).toEqual([]);
  });

  const invalid: [string, unknown, string, string][] = [
    ['no payload', {}, 'payload', 'payload: is required'],
    ['payload not an object', { payload: 'hi' }, 'payload', 'must be an object (got "hi")'],
    ['no type', { payload: { originator, speech: 'x' } }, 'payload.type', 'is required (one of "text", "event", "location", "media")'],
    ['unknown type', text({ type: 'image' }), 'payload.type', 'must be one of "text", "event", "location", "media" (got "image")'],
    ['no originator', text({ originator: undefined }), 'payload.originator', 'payload.originator: is required'],
    ['originator without name', withOriginator({ name: undefined }), 'payload.originator.name', 'is required'],
    ['originator with blank name', withOriginator({ name: '  ' }), 'payload.originator.name', 'must not be empty or blank'],
    [
      'originator role user',
      withOriginator({ role: 'user' }),
      'payload.originator.role',
      'must be one of "external", "moderator" (got "user")',
    ],
    ['originator userId', withOriginator({ userId: 'u1' }), 'payload.originator.userId', 'is not a field the spec lists'],
    [
      'originator metadata nested',
      withOriginator({ metadata: { a: { b: 1 } } }),
      'payload.originator.metadata.a',
      'must be a string, number, boolean or null',
    ],
    [
      'profile language en-US',
      withProfile({ language: 'en-US' }),
      'payload.originator.profile.language',
      'two-letter lowercase ISO 639-1 code',
    ],
    ['profile phone without +', withProfile({ phoneNumber: '14155550123' }), 'payload.originator.profile.phoneNumber', 'E.164'],
    [
      'profile country uppercase',
      withProfile({ country: 'US' }),
      'payload.originator.profile.country',
      'lowercase country code such as "fr" (got "US")',
    ],
    ['profile gender', withProfile({ gender: 'X' }), 'payload.originator.profile.gender', 'must be one of "M", "F", "U" (got "X")'],
    ['profile locale alone', withProfile({ locale: 'en' }), 'payload.originator.profile.locale', 'must pair a language and a country'],
    ['profile timezone out of range', withProfile({ timezone: 15 }), 'payload.originator.profile.timezone', 'must be at most 14 (got 15)'],
    ['profile email', withProfile({ email: 'ann' }), 'payload.originator.profile.email', 'must be an email address'],
    ['profile picture not http', withProfile({ picture: 'ftp://x/y.png' }), 'payload.originator.profile.picture', 'http or https URL'],
    ['profile unknown field', withProfile({ description: 'x' }), 'payload.originator.profile.description', 'is not a field the spec lists'],
    ['text without speech', text({ speech: undefined }), 'payload.speech', 'payload.speech: is required'],
    ['text with blank speech', text({ speech: ' \n ' }), 'payload.speech', 'must not be empty or blank'],
    ['text with speech a number', text({ speech: 42 }), 'payload.speech', 'must be a string (got 42)'],
    ['text metadata language', text({ metadata: { language: 'english' } }), 'payload.metadata.language', '(got "english")'],
    [
      'text metadata timezone fraction',
      text({ metadata: { timezone: 5.5 } }),
      'payload.metadata.timezone',
      'must be a whole number (got 5.5)',
    ],
    [
      'text metadata timezone too low',
      text({ metadata: { timezone: -13 } }),
      'payload.metadata.timezone',
      'must be at least -12 (got -13)',
    ],
    ['text metadata unknown field', text({ metadata: { contexts: [] } }), 'payload.metadata.contexts', 'is not a field the spec lists'],
    ['params not a list', text({ metadata: { params: { city: 'Paris' } } }), 'payload.metadata.params.city', 'must be an array'],
    [
      'param without value',
      text({ metadata: { params: { city: [{ match: 'x' }] } } }),
      'payload.metadata.params.city.0.value',
      'is required',
    ],
    [
      'param value null',
      text({ metadata: { params: { city: [{ value: null }] } } }),
      'payload.metadata.params.city.0.value',
      'other than null',
    ],
    ['traceId negative', text({ traceId: -1 }), 'payload.traceId', 'must be at least 0 (got -1)'],
    ['traceId fraction', text({ traceId: 1.5 }), 'payload.traceId', 'must be a whole number (got 1.5)'],
    ['traceId as a string', text({ traceId: '7' }), 'payload.traceId', 'must be a number (got "7")'],
    ['event without eventName', event({ eventName: undefined }), 'payload.eventName', 'is required'],
    ['event with empty eventName', event({ eventName: '' }), 'payload.eventName', 'must not be empty or blank'],
    ['event lang', event({ lang: 'EN' }), 'payload.lang', 'two-letter'],
    ['event timezone', event({ timezone: 20 }), 'payload.timezone', 'must be at most 14 (got 20)'],
    ['event with speech', event({ speech: 'x' }), 'payload.speech', 'is not a field the spec lists'],
    ['location lat as a number', location({ lat: 48.8 }), 'payload.lat', 'must be a string (got 48.8)'],
    ['location lat not numeric', location({ lat: 'north' }), 'payload.lat', 'must be a decimal number written as a string'],
    ['location lat out of range', location({ lat: '91' }), 'payload.lat', 'must be between -90 and 90 (got "91")'],
    ['location long out of range', location({ long: '-180.5' }), 'payload.long', 'must be between -180 and 180'],
    ['location without long', location({ long: undefined }), 'payload.long', 'is required'],
    [
      'media type',
      media({ mediaType: 'sticker' }),
      'payload.mediaType',
      'must be one of "image", "file", "audio", "video" (got "sticker")',
    ],
    ['media url not a URL', media({ url: 'a.png' }), 'payload.url', 'must be an http or https URL (got "a.png")'],
    ['media url javascript', media({ url: 'javascript:alert(1)' }), 'payload.url', 'http or https URL'],
    ['media without url', media({ url: undefined }), 'payload.url', 'is required'],
    ['media mimeType form', media({ mimeType: 'png' }), 'payload.mimeType', 'must be a MIME type such as "image/png" (got "png")'],
    [
      'media with both spellings',
      media({ mimeType: 'image/png', mimetype: 'image/png' }),
      'payload.mimetype',
      'give mimeType or mimetype, not both',
    ],
    ['a field beside payload', { ...text(), traceId: 1 }, 'traceId', 'traceId: is not a field the spec lists'],
  ];
  it.each(invalid)('refuses %s', (_name, body, field, words) => {
    const error = refused(parseSendMessageBody(body, strict));
    expect(error.field).toBe(field);
    expect(error.message).toContain(words);
    expect(error.message.startsWith(`${field}: `)).toBe(true);
  });

  it('normalises the mimetype spelling to mimeType', () => {
    const { value } = accepted(parseSendMessageBody(media({ mimetype: 'image/png' }), strict));
    expect(value.payload).toMatchObject({ mimeType: 'image/png' });
    expect(value.payload).not.toHaveProperty('mimetype');
  });

  it('takes the text as speech or as text (the argument list names it text), not both', () => {
    const named = parseSendMessageBody(text({ speech: undefined, text: 'hi' }));
    expect(named.ok && named.value.payload).toMatchObject({ type: 'text', speech: 'hi' });
    expect(named.ok && 'text' in named.value.payload).toBe(false);
    expect(refused(parseSendMessageBody(text({ text: 'hi' }))).message).toContain('payload.text: give speech or text, not both');
    expect(refused(parseSendMessageBody(text({ speech: undefined }))).message).toContain('payload.speech: is required');
  });

  it('names every broken field in the message, the first as field', () => {
    const error = refused(parseSendMessageBody(text({ speech: '', traceId: -2 }), strict));
    expect(error.field).toBe('payload.speech');
    expect(error.message).toBe('payload.speech: must not be empty or blank; payload.traceId: must be at least 0 (got -2)');
  });
});

describe('the 255-character limit (code points)', () => {
  const emoji = '😀'; // two UTF-16 units, one character

  it('accepts 255 characters', () => {
    accepted(parseSendMessageBody(text({ speech: 'a'.repeat(255) })));
  });

  it('refuses 256, naming the length', () => {
    expect(refused(parseSendMessageBody(text({ speech: 'a'.repeat(256) }))).message).toBe(
      'payload.speech: must be at most 255 characters (got 256)',
    );
  });

  it('counts an emoji once: 255 emoji pass though they are 510 UTF-16 units', () => {
    const speech = emoji.repeat(255);
    expect(speech.length).toBe(510);
    accepted(parseSendMessageBody(text({ speech })));
  });

  it('refuses 256 emoji as 256 characters', () => {
    expect(refused(parseSendMessageBody(text({ speech: emoji.repeat(256) }))).message).toContain('(got 256)');
  });

  it('applies to broadcast and segment texts too', () => {
    const long = 'b'.repeat(300);
    const broadcast = {
      audience: [{ name: 'A', identifier: 'a' }],
      channel: { channelName: 'rbm', externalId: 'p1' },
      payload: { type: 'text', speech: long },
    };
    expect(refused(parseBroadcastBody(broadcast)).message).toBe('payload.speech: must be at most 255 characters (got 300)');
    const segment = { audience: [{ id: 's1' }], payload: { type: 'text', speech: long } };
    expect(refused(parseSegmentBroadcastBody(segment)).field).toBe('payload.speech');
  });
});

describe('E.164', () => {
  it.each(['+14155550123', '+33612345678', '+12345678', '+123456789012345'])('accepts %s', (n) => expect(isE164(n)).toBe(true));
  it.each(['14155550123', '+1234567', '+1234567890123456', '+04155550123', '+1 415 555 0123', '+1-415-555-0123', '', '+'])(
    'refuses %j',
    (n) => expect(isE164(n)).toBe(false),
  );
});

describe('the body must be a JSON object', () => {
  it.each([
    [[], 'body: must be a JSON object (got an array)'],
    ['hello', 'body: must be a JSON object (got "hello")'],
    [42, 'body: must be a JSON object (got 42)'],
    [null, 'body: must be a JSON object (got null)'],
  ])('refuses %j on every body', (body, message) => {
    for (const parse of [parseSendMessageBody, parseBroadcastBody, parseSegmentBroadcastBody, parseHandoverBody, parseEmptyBody]) {
      expect(parse(body)).toEqual({ ok: false, field: 'body', message });
    }
  });

  it('requires a body where the spec has one', () => {
    expect(refused(parseSendMessageBody(undefined))).toEqual({ field: 'body', message: 'body: is required: a JSON object' });
    expect(checkBodyIsObject(undefined).ok).toBe(false);
    expect(checkBodyIsObject({}).ok).toBe(true);
  });
});

describe('lenient mode (the default): departures', () => {
  it('drops unknown keys at every level and reports each', () => {
    const body = {
      ...text({ metadata: { language: 'en', contexts: ['a'], domain: 'x' }, originator: { ...originator, profile: { description: 'd' } } }),
      extra: true,
    };
    const { value, departures } = accepted(parseSendMessageBody(body));
    expect(departures).toEqual([
      'payload.originator.profile.description: not a field the spec lists (ignored)',
      'payload.metadata.contexts: not a field the spec lists (ignored)',
      'payload.metadata.domain: not a field the spec lists (ignored)',
      'extra: not a field the spec lists (ignored)',
    ]);
    expect(value).toEqual(text({ metadata: { language: 'en' }, originator: { ...originator, profile: {} } }));
  });

  it('does not change the body it was given', () => {
    const body = text({ extra: 1 });
    accepted(parseSendMessageBody(body));
    expect(body.payload).toHaveProperty('extra', 1);
  });

  it('still refuses what breaks a rule, with the unknown keys dropped', () => {
    const error = refused(parseSendMessageBody(text({ speech: '', extra: 1 })));
    expect(error).toEqual({ field: 'payload.speech', message: 'payload.speech: must not be empty or blank' });
  });

  it('reports unknown keys inside arrays by index', () => {
    const body = {
      audience: [
        { name: 'A', identifier: 'a' },
        { name: 'B', identifier: 'b', nickname: 'bee' },
      ],
      channel: { channelName: 'rbm', externalId: 'p' },
      payload: { type: 'event', eventName: 'e' },
    };
    expect(accepted(parseBroadcastBody(body)).departures).toEqual(['audience.1.nickname: not a field the spec lists (ignored)']);
    expect(refused(parseBroadcastBody(body, strict)).field).toBe('audience.1.nickname');
  });

  it('reports unknown query parameters', () => {
    expect(accepted(parseSyncQuery(new URLSearchParams('sync=true&_=123')))).toEqual({
      value: { sync: true },
      departures: ['_: not a field the spec lists (ignored)'],
    });
    expect(refused(parseSyncQuery(new URLSearchParams('sync=true&_=123'), strict))).toEqual({
      field: '_',
      message: '_: is not a field the spec lists',
    });
  });
});

describe('queries (spec 4.3, 4.4)', () => {
  const q = (text: string) => new URLSearchParams(text);

  it('sync and writeConcern default to false and read true/false', () => {
    expect(accepted(parseSendMessageQuery(q(''))).value).toEqual({ sync: false, writeConcern: false });
    expect(accepted(parseSendMessageQuery(q('sync=true&writeConcern=true'))).value).toEqual({ sync: true, writeConcern: true });
    expect(accepted(parseSendMessageQuery(q('sync=false'))).value).toEqual({ sync: false, writeConcern: false });
  });

  it.each(['1', 'TRUE', 'yes', ''])('refuses sync=%j', (value) => {
    expect(refused(parseSyncQuery(q(`sync=${value}`)))).toEqual({
      field: 'sync',
      message: `sync: must be one of "true", "false" (got ${JSON.stringify(value)})`,
    });
  });

  it('refuses writeConcern other than true/false', () => {
    expect(refused(parseSendMessageQuery(q('writeConcern=1'))).field).toBe('writeConcern');
  });

  it('accepts a plain record too', () => {
    expect(accepted(parseHistoryQuery({ page: '3', sync: 'true', other: undefined })).value).toEqual({ page: 3, sync: true });
  });

  it('history page defaults to 1 without a departure', () => {
    expect(accepted(parseHistoryQuery(q(''), strict))).toEqual({ value: { page: 1, sync: false }, departures: [] });
  });

  it.each(['0', '-1', '1.5', 'two', '', '99999999999999999999'])('refuses page=%j', (value) => {
    const error = refused(parseHistoryQuery(q(`page=${value}`)));
    expect(error.field).toBe('page');
    expect(error.message).toContain('must be a whole number of 1 or more');
  });

  it('threads page is read when given', () => {
    expect(accepted(parseThreadsQuery(q('page=2&sync=true'), strict)).value).toEqual({ page: 2, sync: true });
  });

  it('threads page missing: strict refuses, lenient uses 1 and reports it', () => {
    expect(refused(parseThreadsQuery(q('sync=true'), strict))).toEqual({ field: 'page', message: 'page: is required' });
    expect(accepted(parseThreadsQuery(q('sync=true')))).toEqual({
      value: { page: 1, sync: true },
      departures: ['page: missing, though the spec requires it (used 1)'],
    });
  });

  it('refuses a parameter given twice, in every mode', () => {
    expect(refused(parseThreadsQuery(q('page=1&page=2')))).toEqual({ field: 'page', message: 'page: is given 2 times (give it once)' });
  });

  it('trigger/event requires a non-blank eventName', () => {
    expect(accepted(parseTriggerEventQuery(q('eventName=welcome'))).value).toEqual({ eventName: 'welcome' });
    expect(refused(parseTriggerEventQuery(q('')))).toEqual({ field: 'eventName', message: 'eventName: is required' });
    expect(refused(parseTriggerEventQuery(q('eventName=')))).toEqual({
      field: 'eventName',
      message: 'eventName: must not be empty or blank',
    });
  });
});

describe('handover and empty bodies (spec 4.4)', () => {
  it('handover accepts no body, {} and a positive secondsToPause (fractions too)', () => {
    expect(accepted(parseHandoverBody(undefined)).value).toEqual({});
    expect(accepted(parseHandoverBody({})).value).toEqual({});
    expect(accepted(parseHandoverBody({ secondsToPause: 60 })).value).toEqual({ secondsToPause: 60 });
    expect(accepted(parseHandoverBody({ secondsToPause: 0.25 })).value).toEqual({ secondsToPause: 0.25 });
    expect(accepted(parseHandoverBody({ secondsToPause: MAX_PAUSE_SECONDS })).value).toEqual({ secondsToPause: 604800 });
  });

  it.each([
    [0, 'secondsToPause: must be greater than 0 (got 0)'],
    [-5, 'secondsToPause: must be greater than 0 (got -5)'],
    [MAX_PAUSE_SECONDS + 1, 'secondsToPause: must be at most 604800 (got 604801)'],
    ['60', 'secondsToPause: must be a number (got "60")'],
  ])('handover refuses secondsToPause %j', (secondsToPause, message) => {
    expect(refused(parseHandoverBody({ secondsToPause }))).toEqual({ field: 'secondsToPause', message });
  });

  it('handover: other fields follow the mode', () => {
    expect(refused(parseHandoverBody({ seconds: 5 }, strict)).field).toBe('seconds');
    expect(accepted(parseHandoverBody({ seconds: 5 })).departures).toEqual(['seconds: not a field the spec lists (ignored)']);
  });

  it('empty bodies: no body or {} are fine; a key is refused in strict mode and reported otherwise', () => {
    expect(accepted(parseEmptyBody(undefined, strict)).value).toEqual({});
    expect(accepted(parseEmptyBody({}, strict)).value).toEqual({});
    expect(refused(parseEmptyBody({ threadId: 't' }, strict))).toEqual({
      field: 'threadId',
      message: 'threadId: is not a field the spec lists',
    });
    expect(accepted(parseEmptyBody({ threadId: 't' }))).toEqual({
      value: {},
      departures: ['threadId: not a field the spec lists (ignored)'],
    });
  });
});

describe('POST broadcast/instant (spec 4.5)', () => {
  const body = (fields: Record<string, unknown> = {}) => ({
    audience: [{ name: 'Ann', phoneNumber: '+14155550123' }],
    channel: { channelName: 'sms', externalId: '+14155550100' },
    payload: { type: 'text', speech: 'Sale today' },
    ...fields,
  });
  const recipient = (fields: Record<string, unknown>) => body({ audience: [{ name: 'Ann', ...fields }] });
  const channel = (channelName: string, externalId: string) => body({ channel: { channelName, externalId } });

  it('has seven channel names, rbm among them, all lowercase', () => {
    expect(CHANNEL_NAMES).toHaveLength(7);
    expect(CHANNEL_NAMES).toContain('rbm');
    for (const name of CHANNEL_NAMES) expect(name).toBe(name.toLowerCase());
  });

  const valid: [string, unknown][] = [
    ['text by phone number', body()],
    ['event', body({ payload: { type: 'event', eventName: 'promo', metadata: { language: 'en', timezone: 1, params: {} } } })],
    ['a recipient by identifier, with a profile', recipient({ identifier: 'user-1', profile: { firstName: 'Ann', country: 'gb' } })],
    ['a recipient with both', recipient({ identifier: 'user-1', phoneNumber: '+14155550123' })],
    ['rbm with a project id', channel('rbm', 'my-project')],
    ['rcs with a bot id', channel('rcs', 'bot_42')],
    ['messenger with a page id', channel('messenger', '1234567890')],
    ['voice with a phone number', channel('voice', '+442071838750')],
    ['whatsapp with a phone number', channel('whatsapp', '+5511987654321')],
    ['phone with a phone number', channel('phone', '+33612345678')],
  ];
  it.each(valid)('accepts %s', (_name, b) => {
    expect(accepted(parseBroadcastBody(b, strict)).departures).toEqual([]);
  });

  const invalid: [string, unknown, string, string][] = [
    ['no audience', body({ audience: undefined }), 'audience', 'is required'],
    ['an empty audience', body({ audience: [] }), 'audience', 'must not be empty'],
    ['a recipient without name', body({ audience: [{ phoneNumber: '+14155550123' }] }), 'audience.0.name', 'is required'],
    ['a recipient with neither', recipient({}), 'audience.0.phoneNumber', 'give phoneNumber or identifier'],
    ['a phone number not E.164', recipient({ phoneNumber: '0612345678' }), 'audience.0.phoneNumber', 'E.164'],
    ['a blank identifier', recipient({ identifier: '' }), 'audience.0.identifier', 'must not be empty or blank'],
    ['a bad profile', recipient({ identifier: 'a', profile: { language: 'eng' } }), 'audience.0.profile.language', 'two-letter'],
    ['no channel', body({ channel: undefined }), 'channel', 'is required'],
    ['an unknown channel', channel('telegram', 'x'), 'channel.channelName', '(got "telegram")'],
    ['a channel name in capitals', channel('SMS', '+14155550100'), 'channel.channelName', 'must be one of "rbm", "sms"'],
    ['no externalId', body({ channel: { channelName: 'rbm' } }), 'channel.externalId', 'is required'],
    ['a blank externalId', channel('rbm', ' '), 'channel.externalId', 'must not be empty or blank'],
    [
      'sms with a non-phone externalId',
      channel('sms', 'shortcode'),
      'channel.externalId',
      'must be an E.164 phone number for channel "sms" (got "shortcode")',
    ],
    ['voice with a non-phone externalId', channel('voice', '12345'), 'channel.externalId', 'for channel "voice"'],
    ['whatsapp with a non-phone externalId', channel('whatsapp', 'abc'), 'channel.externalId', 'for channel "whatsapp"'],
    ['phone with a non-phone externalId', channel('phone', 'abc'), 'channel.externalId', 'for channel "phone"'],
    ['no payload', body({ payload: undefined }), 'payload', 'is required'],
    [
      'a location payload',
      body({ payload: { type: 'location', lat: '1' } }),
      'payload.type',
      'must be one of "text", "event" (got "location")',
    ],
    ['text without speech', body({ payload: { type: 'text' } }), 'payload.speech', 'is required'],
    ['event without eventName', body({ payload: { type: 'event' } }), 'payload.eventName', 'is required'],
    [
      'a bad metadata language',
      body({ payload: { type: 'text', speech: 'x', metadata: { language: 'en-US' } } }),
      'payload.metadata.language',
      'two-letter',
    ],
  ];
  it.each(invalid)('refuses %s', (_name, b, field, words) => {
    const error = refused(parseBroadcastBody(b, strict));
    expect(error.field).toBe(field);
    expect(error.message).toContain(words);
  });
});

describe('POST broadcast/instant/segment (spec 4.5)', () => {
  const body = (payload: Record<string, unknown>, audience: unknown = [{ name: 'VIPs' }]) => ({ audience, payload });

  const valid: [string, unknown][] = [
    ['text to a segment by name', body({ type: 'text', speech: 'Hi' })],
    ['event to a segment by id', body({ type: 'event', eventName: 'promo' }, [{ id: 'seg_1' }])],
    ['location with lat only', body({ type: 'location', lat: '10.5' })],
    ['location with lat and long', body({ type: 'location', lat: '10.5', long: '-20' })],
    ['media', body({ type: 'media', url: 'https://example.com/v.mp4', mediaType: 'video' })],
    ['a segment with name and id', body({ type: 'text', speech: 'Hi' }, [{ name: 'VIPs', id: 'seg_1' }])],
  ];
  it.each(valid)('accepts %s', (_name, b) => {
    expect(accepted(parseSegmentBroadcastBody(b, strict)).departures).toEqual([]);
  });

  const invalid: [string, unknown, string, string][] = [
    ['no audience', { payload: { type: 'text', speech: 'x' } }, 'audience', 'is required'],
    ['an empty audience', body({ type: 'text', speech: 'x' }, []), 'audience', 'must not be empty'],
    ['a segment with neither name nor id', body({ type: 'text', speech: 'x' }, [{}]), 'audience.0.name', 'give name or id'],
    ['a blank id', body({ type: 'text', speech: 'x' }, [{ id: '' }]), 'audience.0.id', 'must not be empty or blank'],
    ['text without speech', body({ type: 'text' }), 'payload.speech', 'is required'],
    ['event without eventName', body({ type: 'event' }), 'payload.eventName', 'is required'],
    ['location without lat', body({ type: 'location', long: '1' }), 'payload.lat', 'is required'],
    ['location lat out of range', body({ type: 'location', lat: '-91' }), 'payload.lat', 'must be between -90 and 90'],
    ['media without url', body({ type: 'media' }), 'payload.url', 'is required'],
    ['media with a bad url', body({ type: 'media', url: 'nope' }), 'payload.url', 'http or https URL'],
    ['an unknown type', body({ type: 'carousel' }), 'payload.type', '(got "carousel")'],
  ];
  it.each(invalid)('refuses %s', (_name, b, field, words) => {
    const error = refused(parseSegmentBroadcastBody(b, strict));
    expect(error.field).toBe(field);
    expect(error.message).toContain(words);
  });
});

describe('bounds on checked text (issue 27: linear checks with caps)', () => {
  /** The parse of `body`, and how long it took. */
  function timedParse(body: unknown, options = {}) {
    const started = performance.now();
    const result = parseSendMessageBody(body, options);
    return { result, ms: performance.now() - started };
  }

  it('refuses an 80 kB email by its length at once, naming the field (it once backtracked for 7 s)', () => {
    for (const email of ['a'.repeat(80_000), `a@${'.'.repeat(80_000)}@`, `a@a${'.'.repeat(80_000)} `]) {
      const { result, ms } = timedParse(withProfile({ email }));
      expect(refused(result)).toEqual({
        field: 'payload.originator.profile.email',
        message: 'payload.originator.profile.email: must be at most 254 characters',
      });
      expect(ms).toBeLessThan(100);
    }
  });

  it('keeps the email rule: one @, something before it, a dot inside the domain, no white space', () => {
    const local = 'a'.repeat(64);
    const ok = ['ann@example.com', 'a.b+c@mail.example.co', 'a@b.c', 'a@b..c', `${local}@${'d'.repeat(185)}.com`];
    const bad = [
      'ann',
      '@example.com',
      'ann@',
      'ann@example',
      'ann@.com',
      'ann@example.',
      'a@b@c.d',
      'an n@example.com',
      'ann@exa\tmple.com',
    ];
    for (const email of ok) expect(accepted(parseSendMessageBody(withProfile({ email })))).toBeTruthy();
    for (const email of bad) expect(refused(parseSendMessageBody(withProfile({ email }))).message).toContain('must be an email address');
  });

  it('caps URLs at 2048 characters, MIME types at 255 and decimals at 32', () => {
    const long = `https://example.com/${'a'.repeat(2048)}`;
    expect(refused(parseSendMessageBody(media({ url: long })))).toEqual({
      field: 'payload.url',
      message: 'payload.url: must be at most 2048 characters',
    });
    expect(refused(parseSendMessageBody(withProfile({ picture: long }))).field).toBe('payload.originator.profile.picture');
    expect(refused(parseSendMessageBody(media({ mimeType: `image/${'a'.repeat(250)}` }))).message).toBe(
      'payload.mimeType: must be at most 255 characters',
    );
    expect(refused(parseSendMessageBody(location({ lat: `1${'0'.repeat(40)}` }))).message).toBe(
      'payload.lat: must be at most 32 characters',
    );
    expect(accepted(parseSendMessageBody(media({ url: `https://example.com/${'a'.repeat(2000)}` })))).toBeTruthy();
  });

  it(`names the first ${MAX_LISTED_PROBLEMS} unknown keys of a huge body and counts the rest`, () => {
    const keys = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, 1]));
    const lenient = timedParse(text(keys));
    const { departures } = accepted(lenient.result);
    expect(departures).toHaveLength(MAX_LISTED_PROBLEMS + 1);
    expect(departures.at(-1)).toBe(`and ${50_000 - MAX_LISTED_PROBLEMS} more fields the spec does not list (ignored)`);
    const { message } = refused(parseSendMessageBody(text(keys), strict));
    expect(message.split('; ')).toHaveLength(MAX_LISTED_PROBLEMS + 1);
    expect(message).toMatch(/; and 49980 more problems$/);
  });

  it('reads a query once, however many keys it has', () => {
    const query = new URLSearchParams(Array.from({ length: 5_000 }, (_, i) => `k${i}=1`).join('&') + '&sync=true&sync=false');
    expect(refused(parseSyncQuery(query))).toEqual({ field: 'sync', message: 'sync: is given 2 times (give it once)' });
  });
});
