// setUser() and sendEvent() take whatever a page's plain JavaScript hands them. Checked at the
// call against the socket API (spec 2.3, 2.4): a bad field is refused there, with its name, and
// never rides along on every later message (a strict service would refuse them all). The loader
// carries this too (the element's methods refuse before the chat has loaded): it is kept small.
import { MAX_EVENT_NAME_LENGTH } from '../protocol/limits.ts';
import type { ChatUser } from '../conversation/send-payloads.ts';
import type { Profile } from '../protocol/frames.ts';

// What each field must be: a type (`typeof`), or a string matching a pattern.
type Expected = 'string' | 'number' | 'object' | RegExp;

const USER: Record<string, Expected> = { name: 'string', profile: 'object', metadata: 'object' };
// The socket flavour of the profile (protocol/outgoing.ts's, key for key: the compiler holds them
// together): `language` and `phoneNumber` are the REST API's only.
const PROFILE = {
  fullName: 'string',
  firstName: 'string',
  lastName: 'string',
  gender: /^[MFU]$/,
  locale: 'string',
  timezone: 'number',
  country: /^[A-Za-z]{2}$/,
  email: 'string',
  picture: 'string',
} satisfies Record<keyof Profile, Expected>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const fits = (expected: Expected, value: unknown): boolean =>
  typeof expected === 'string'
    ? expected === 'object'
      ? isRecord(value)
      : typeof value === expected
    : typeof value === 'string' && expected.test(value);

function refuse(call: string, problem: string): never {
  throw new TypeError(`[parley] ${call}: ${problem}`);
}

/** Every field of `value` is one of `fields` and what it must be; `path` names them ("profile."). */
function checkFields(call: string, path: string, value: unknown, fields: Record<string, Expected>): void {
  if (!isRecord(value)) refuse(call, `${path || 'the argument '}must be an object`);
  for (const key in value) {
    const expected = Object.hasOwn(fields, key) ? fields[key] : undefined;
    const name = path + key;
    if (value[key] === undefined) continue;
    if (!expected) refuse(call, `${path && /^(language|phoneNumber)$/.test(key) ? 'REST-only' : 'unknown'} field ${name}`);
    if (!fits(expected, value[key]))
      refuse(call, `${name} must ${typeof expected === 'string' ? `be of type ${expected}` : `be a string matching ${expected}`}`);
  }
}

/**
 * The visitor as the socket API takes it (a JSON copy); a TypeError naming the first bad field
 * (metadata that JSON cannot hold, a BigInt or a cycle, throws JSON's own TypeError).
 */
export function checkUser(user: unknown): ChatUser {
  checkFields('setUser', '', user, USER);
  checkFields('setUser', 'profile.', (user as ChatUser).profile ?? {}, PROFILE);
  return JSON.parse(JSON.stringify(user)) as ChatUser;
}

/** An event's name and params as the socket API takes them; a TypeError naming the problem. */
export function checkEvent(name: unknown, params: unknown): void {
  if (typeof name !== 'string' || !name.trim() || [...name].length > MAX_EVENT_NAME_LENGTH) {
    refuse('sendEvent', `the event name must be a string of 1 to ${MAX_EVENT_NAME_LENGTH} characters`);
  }
  if (params !== undefined && !isRecord(params)) refuse('sendEvent', 'params must be an object');
}
