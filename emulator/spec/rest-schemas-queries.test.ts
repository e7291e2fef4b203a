// The REST API's queries (spec 4.3, 4.4) and its small bodies (handover's, the bodiless POSTs') as
// the emulator checks them, and what every parse shares: a JSON object body, lenient mode's departures.
import { describe, expect, it } from 'vitest';
import {
  MAX_PAUSE_SECONDS,
  checkBodyIsObject,
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
} from './rest-schemas.ts';
import { accepted, originator, refused, strict, text } from '../../test/emulator/rest-schemas.ts';

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
