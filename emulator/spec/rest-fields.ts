// The fields the REST API's bodies share (spec 2.4, 4.3): phone numbers, languages, addresses,
// params, the visitor's profile and originator, each refusing what the spec does not allow with
// words that say what was expected and what came.
import { z } from 'zod';
import { MAX_SPEECH_LENGTH, speechLength } from '../../src/protocol/limits.ts';
import { withGot } from './rest-parsing.ts';
import { isEmailAddress, MAX_DECIMAL_LENGTH, MAX_EMAIL_LENGTH, MAX_URL_LENGTH } from '../safety/bounds.ts';

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
export const capped = (max: number) => z.string().max(max, { abort: true });

export function decimalWithin(min: number, max: number) {
  return capped(MAX_DECIMAL_LENGTH)
    .regex(DECIMAL, withGot('must be a decimal number written as a string, e.g. "48.8566"'))
    .refine((s) => Number(s) >= min && Number(s) <= max, withGot(`must be between ${min} and ${max}`));
}

export const NonBlank = z.string().refine((s) => s.trim() !== '', 'must not be empty or blank');

export const PhoneNumber = z.string().regex(E164, withGot('must be an E.164 phone number: "+" then 8 to 15 digits, e.g. "+14155550123"'));

/** Spec 2.4 (REST): a two-letter lowercase ISO 639-1 code. */
export const Language = z.string().regex(/^[a-z]{2}$/, withGot('must be a two-letter lowercase ISO 639-1 code such as "en"'));

/** Spec 4.3: timezone in whole hours from UTC; the range of real offsets, -12 to +14. */
export const TimezoneHours = z.number().int().min(-12).max(14);

/**
 * Spec 4.3, 8: the text of a message, 255 characters at most.
 * Characters are Unicode code points, so an emoji counts once (not as two UTF-16 units); the
 * widget counts the same way (src/protocol/limits.ts).
 */
export const Speech = NonBlank.superRefine((text, ctx) => {
  const length = speechLength(text);
  if (length > MAX_SPEECH_LENGTH)
    ctx.addIssue({ code: 'custom', message: `must be at most ${MAX_SPEECH_LENGTH} characters (got ${length})` });
});

export const HttpUrl = capped(MAX_URL_LENGTH).refine(isHttpUrl, withGot('must be an http or https URL'));

/**
 * Spec 4.3: `traceId`, a number to verify delivery.
 * Decision: a whole number of 0 or more (the socket's traceId is an integer, spec 2.2).
 */
export const TraceId = z.number().int().min(0);

/**
 * Spec 2.4: params, each key a parameter name, each value a list of `{value, match?}`.
 * Decision: `value` is any JSON value but null (null would say "no value", which a list entry cannot mean).
 */
export const Params = z.record(
  z.string(),
  z.array(
    z.strictObject({
      value: z.union(
        [z.string(), z.number(), z.boolean(), z.array(z.unknown()), z.record(z.string(), z.unknown())],
        withGot('must be a JSON value other than null'),
      ),
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
export const Profile = z.strictObject({
  fullName: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  gender: z.enum(['M', 'F', 'U']).optional(),
  locale: z
    .string()
    .regex(/^[A-Za-z]{2}[-_][A-Za-z]{2}$/, withGot('must pair a language and a country, e.g. "en-US"'))
    .optional(),
  timezone: z.number().min(-12).max(14).optional(),
  country: z
    .string()
    .regex(/^[a-z]{2}$/, withGot('must be a two-letter lowercase country code such as "fr"'))
    .optional(),
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
export const Originator = z.strictObject({
  name: NonBlank,
  role: z.enum(['external', 'moderator']),
  profile: Profile.optional(),
  metadata: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()], withGot('must be a string, number, boolean or null')))
    .optional(),
});

/** Spec 2.4, 4.3: metadata of a text message (REST: two-letter language, whole-hour timezone). */
export const MessageMetadata = z.strictObject({
  language: Language.optional(),
  timezone: TimezoneHours.optional(),
  params: Params.optional(),
});
