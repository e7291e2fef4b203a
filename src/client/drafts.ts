// What the visitor sends, as requests for whichever tab holds the socket: the draft of the frame
// (speech, event, the visitor and the browser's metadata), the text its bubble shows, and an id
// unique to this tab.
import { checkEvent, checkUser } from './user-check.ts';
import type { Clock } from '../browser/clock.ts';
import {
  buildDraft,
  quickReplyAction,
  toParams,
  type ChatUser,
  type Locale,
  type OutgoingDraft,
  type SendRequest,
} from '../conversation/send-payloads.ts';
import type { RichAction } from '../conversation/rich.ts';
import { serviceLanguage } from '../i18n/language-tags.ts';
import type { UserEntry } from '../conversation/transcript.ts';
import type { QuickReply } from '../protocol/frames.ts';
import { MAX_MESSAGE_LENGTH, speechLength } from '../protocol/limits.ts';
import { userEntryId } from '../conversation/entry-ids.ts';

export interface DraftOptions {
  tabId: string;
  clock: Clock;
  locale: Locale;
  /** The configured language, if any (the browser's otherwise). */
  language: string | undefined;
  user: ChatUser | undefined;
}

export function createDrafts(options: DraftOptions) {
  let user: ChatUser = options.user ?? {};
  let configured = options.language;
  let count = 0;

  function context() {
    // The service wants a two-letter code or nothing: "en-US" gives "en", "fil" and "C" give none.
    const language = serviceLanguage([configured, options.locale.language()]);
    return { user, language, timezone: options.locale.timezoneHours() };
  }

  function request(draft: OutgoingDraft, display: { text: string; hidden?: boolean }): SendRequest {
    const rid = `${options.tabId}.${(count++).toString(36)}`;
    return { rid, draft, text: display.text, ...(display.hidden ? { hidden: true } : {}), at: options.clock.now() };
  }

  return {
    /** A TypeError naming the field when the socket API would not take it: nothing changes then. */
    setUser(next: ChatUser): void {
      user = checkUser(next);
    },
    setLanguage(language: string | undefined): void {
      configured = language;
    },
    /** A text message; undefined for blank text; a RangeError over MAX_MESSAGE_LENGTH (the widget's own limit). */
    text(text: string): SendRequest | undefined {
      const speech = text.trim();
      if (!speech) return undefined;
      const length = speechLength(speech);
      if (length > MAX_MESSAGE_LENGTH) {
        throw new RangeError(`a message may hold at most ${MAX_MESSAGE_LENGTH} characters (this one has ${length})`);
      }
      return request(buildDraft(speech, context()), { text: speech });
    },
    /** An event attachment; params go in metadata.params. No bubble is shown. */
    event(name: string, params?: Record<string, unknown>): SendRequest {
      checkEvent(name, params);
      const extra = { eventName: name, ...(params ? { params: toParams(params) } : {}) };
      return request(buildDraft(name, context(), extra), { text: name, hidden: true });
    },
    /** A quick reply: the bubble shows its label. */
    quickReply(reply: QuickReply): SendRequest {
      const action = quickReplyAction(reply);
      return request(buildDraft(action.speech, context(), action.eventName ? { eventName: action.eventName } : {}), { text: reply.label });
    },
    /** A rich response's postback (its text) or event (with its params); the bubble shows the label. */
    action(label: string, action: RichAction): SendRequest {
      if (action.type === 'postback') return request(buildDraft(action.text, context()), { text: label });
      if (action.type === 'event') {
        const extra = { eventName: action.name, ...(action.params ? { params: action.params } : {}) };
        return request(buildDraft(label, context(), extra), { text: label });
      }
      throw new TypeError(`sendAction: a "${action.type}" action opens an address; the UI follows it`);
    },
    /** The start event of a new thread (sent by the holding tab, without a bubble). */
    startEvent(name: string): SendRequest {
      return request(buildDraft(name, context(), { eventName: name }), { text: name, hidden: true });
    },
  };
}

/** The bubble a request shows at once, before the holder has given it a traceId. */
export function optimisticEntry(sent: SendRequest): UserEntry {
  return {
    kind: 'user',
    id: userEntryId(sent.rid),
    traceId: 0,
    text: sent.text,
    at: sent.at,
    seq: Number.MAX_SAFE_INTEGER,
    status: 'pending',
    ...(sent.hidden ? { hidden: true } : {}),
  };
}
