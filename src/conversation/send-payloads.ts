// Builds the payloads of message.send (spec 2.2-2.4) from what the user did. Only fields the
// spec lists: the service may reject anything else.
import type { MessageMetadata, OutgoingMessage, Params, Profile, QuickReply } from '../protocol/frames.ts';
import type { StoredOutgoing } from './transcript.ts';
import { serviceLanguage } from '../i18n/language-tags.ts';

/** Who the visitor is, as set by the page with setUser(). */
export interface ChatUser {
  name?: string;
  profile?: Profile;
  metadata?: Record<string, unknown>;
}

/** The browser's language and time zone; injected so tests do not depend on the machine. */
export interface Locale {
  /** The browser's language: a BCP 47 tag ("pt-BR"), or a two-letter code; empty when it has none. */
  language(): string;
  /** Hours from UTC, fractional where the zone is (India is 5.5). */
  timezoneHours(): number;
}

export const browserLocale: Locale = {
  // The first of the browser's languages that has a two-letter code (WebKit under a C locale says "C").
  language: () => {
    const navigator = globalThis.navigator;
    return serviceLanguage(navigator?.languages?.length ? navigator.languages : [navigator?.language]) ?? '';
  },
  timezoneHours: () => -new Date().getTimezoneOffset() / 60,
};

/** Event params as the spec wants them, from either that shape or plain `{key: value}`. */
export function toParams(params: Record<string, unknown>): Params {
  const result: Params = {};
  for (const [key, value] of Object.entries(params)) {
    const isSpecShape = Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && 'value' in item);
    result[key] = isSpecShape ? (value as Params[string]) : [{ value }];
  }
  return result;
}

export type OutgoingDraft = Omit<StoredOutgoing, 'traceId' | 'threadId'>;

/** A message to send, from whichever tab it was typed in. */
export interface SendRequest {
  /** Made by the sending tab; the entry's id is `u` + rid, so a request resent to a new holder is taken once. */
  rid: string;
  draft: OutgoingDraft;
  text: string;
  hidden?: boolean;
  at: number;
  /** The traceId a holder gave it, once known: a holder that takes it in again keeps it. */
  traceId?: number;
}

export function buildDraft(
  speech: string,
  context: { user: ChatUser; language: string | undefined; timezone: number },
  extra: { eventName?: string; params?: Params } = {},
): OutgoingDraft {
  const { user } = context;
  const metadata: MessageMetadata = { ...(context.language ? { language: context.language } : {}), timezone: context.timezone };
  if (extra.params && Object.keys(extra.params).length > 0) metadata.params = extra.params;
  const originator: NonNullable<OutgoingMessage['originator']> = { role: 'external' };
  if (user.name) originator.name = user.name;
  if (user.profile) originator.profile = user.profile;
  if (user.metadata) originator.metadata = user.metadata;
  return {
    speech,
    ...(extra.eventName ? { attachment: { type: 'event', payload: { name: extra.eventName } } } : {}),
    originator,
    metadata,
  };
}

/** A quick reply: `event` types trigger the event named by value; others send value as text. */
export function quickReplyAction(reply: QuickReply): { speech: string; eventName?: string } {
  if (reply.type === 'event' && reply.value) return { speech: reply.label, eventName: reply.value };
  return { speech: reply.value || reply.label };
}
