// The REST API's POST messages body (spec 4.3) as the emulator checks it: every payload type and
// field, each refusal naming its field; the 255-character limit in code points; and the caps that
// keep the checks linear on hostile input (issue 27).
import { describe, expect, it } from 'vitest';
import {
  MAX_LISTED_PROBLEMS,
  parseBroadcastBody,
  parseSegmentBroadcastBody,
  parseSendMessageBody,
  parseSyncQuery,
} from './rest-schemas.ts';
import { accepted, originator, refused, strict, text } from '../../test/emulator/rest-schemas.ts';

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
