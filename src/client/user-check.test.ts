import { describe, expect, it } from 'vitest';
import { checkEvent, checkUser } from './user-check.ts';

describe('checkUser: what setUser() takes, as the socket API does', () => {
  it.each([
    ['REST-only field profile.phoneNumber', { profile: { phoneNumber: '+31612345678' } }],
    ['REST-only field profile.language', { profile: { language: 'nl' } }],
    ['unknown field profile.nickname', { profile: { nickname: 'Ada' } }],
    ['unknown field profile.constructor', { profile: { constructor: 'x' } }],
    ['profile.gender must be a string matching /^[MFU]$/', { profile: { gender: 'female' } }],
    ['profile.country must be a string matching /^[A-Za-z]{2}$/', { profile: { country: 'NLD' } }],
    ['profile.timezone must be of type number', { profile: { timezone: '+1' } }],
    ['profile.email must be of type string', { profile: { email: 42 } }],
    ['profile must be of type object', { profile: 'Ada' }],
    ['name must be of type string', { name: 7 }],
    ['unknown field phoneNumber', { phoneNumber: '+31612345678' }],
    ['metadata must be of type object', { metadata: [1, 2] }],
    ['serialize a BigInt', { metadata: { big: 10n } }],
    ['the argument must be an object', null],
    ['the argument must be an object', 'Ada'],
  ])('refuses, naming the field: %s', (message, user) => {
    expect(() => checkUser(user)).toThrow(TypeError);
    expect(() => checkUser(user)).toThrow(message);
  });

  it('takes every field of the socket profile, and returns a copy without undefined fields', () => {
    const profile = {
      fullName: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      gender: 'F',
      locale: 'en-GB',
      timezone: 0,
      country: 'GB',
      email: 'ada@example.com',
      picture: 'https://example.com/ada.png',
    };
    const user = { name: 'Ada', profile: { ...profile, email: undefined }, metadata: { plan: 'pro', seats: [1, 2] } };
    const checked = checkUser(user);
    expect(checked).toEqual({ name: 'Ada', profile: { ...profile, email: undefined }, metadata: { plan: 'pro', seats: [1, 2] } });
    expect('email' in checked.profile!).toBe(false);
    user.metadata.plan = 'changed later';
    expect(checked.metadata!.plan).toBe('pro');
  });
});

describe('checkEvent: what sendEvent() takes', () => {
  it.each([
    ['', undefined, 'the event name must be a string of 1 to 255 characters'],
    ['   ', undefined, 'the event name must be a string of 1 to 255 characters'],
    [42, undefined, 'the event name must be a string of 1 to 255 characters'],
    ['x'.repeat(256), undefined, 'the event name must be a string of 1 to 255 characters'],
    ['welcome', 'plan=pro', 'params must be an object'],
    ['welcome', [1], 'params must be an object'],
  ])('refuses %j with params %j', (name, params, message) => {
    expect(() => checkEvent(name, params)).toThrow(TypeError);
    expect(() => checkEvent(name, params)).toThrow(message);
  });

  it('takes a name of up to 255 characters (an emoji counts once) and params as an object', () => {
    expect(() => checkEvent('😀'.repeat(255), { plan: 'pro' })).not.toThrow();
  });
});
