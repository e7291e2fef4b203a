// The REST API's broadcast bodies (spec 4.5) as the emulator checks them: instant ones (E.164
// numbers, the audience rule, the seven channel names) and those to segments.
import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, isE164, parseBroadcastBody, parseSegmentBroadcastBody } from './rest-schemas.ts';
import { accepted, refused, strict } from '../../test/emulator/rest-schemas.ts';

describe('E.164', () => {
  it.each(['+14155550123', '+33612345678', '+12345678', '+123456789012345'])('accepts %s', (n) => expect(isE164(n)).toBe(true));
  it.each(['14155550123', '+1234567', '+1234567890123456', '+04155550123', '+1 415 555 0123', '+1-415-555-0123', '', '+'])(
    'refuses %j',
    (n) => expect(isE164(n)).toBe(false),
  );
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
