// Turns a `message.received` payload into transcript entries, each with the delay before it
// appears. The rules are the contract's: silent messages show nothing, a rich template becomes
// an entry the UI draws, a response the widget cannot draw shows the message's fallback (once),
// `custom` is kept for the site's renderers and shown by nothing else (the page gets it in
// parley:message too), roles map to bot, agent or user. Every response but text keeps its raw
// form on its entry, for the site's renderers.
import type { Logger } from '../protocol/parse.ts';
import { TextResponsePayload, type Originator, type QuickReply, type ReceivedPayload } from '../protocol/frames.ts';
import { MAX_ENTRIES_PER_MESSAGE, MAX_TYPING_DELAY_MS } from '../protocol/limits.ts';
import { toRichContent } from './rich.ts';
import type { Author, ReceivedEntry } from './transcript.ts';

export interface TimedEntry {
  entry: ReceivedEntry;
  /** Milliseconds to wait, after the previous entry appeared, before this one appears. */
  delay: number;
}

export interface ExpandedMessage {
  entries: TimedEntry[];
  /** The last message asked the UI to keep showing the typing indicator. */
  keepTyping: boolean;
}

/**
 * `bot` is the bot; `external` and `user` the end user (the spec lists `user` among received
 * roles: the visitor's own message from another device, say), drawn on the visitor's side; any
 * other role a human agent.
 */
export function authorOf(role: string | undefined): Author {
  if (role === 'bot' || role === undefined) return 'bot';
  if (role === 'external' || role === 'user') return 'user';
  return 'agent';
}

// A delay in the spec is a number of milliseconds; anything else is treated as none.
function delayOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

export function expandReceived(payload: ReceivedPayload, context: { now: number; nextId: () => string; logger: Logger }): ExpandedMessage {
  const entries: TimedEntry[] = [];
  let keepTyping = false;
  // The delays of one frame add up to MAX_TYPING_DELAY_MS at most: later ones are shortened.
  let delayLeft = MAX_TYPING_DELAY_MS;
  // Responses past MAX_ENTRIES_PER_MESSAGE are counted on the last entry, not made entries.
  let more = 0;
  for (const message of payload.messages) {
    keepTyping = message.meta?.keepTyping === true;
    if (message.silent) continue;
    const originator: Originator | undefined = message.originator ?? payload.originator;
    const from = authorOf(originator?.role);
    const { responses: _, ...fields } = message;
    const author = {
      from,
      ...(originator?.name ? { name: originator.name } : {}),
      ...(originator?.profile?.picture ? { picture: originator.profile.picture } : {}),
    };
    const make = (text: string, extra: Partial<ReceivedEntry> = {}): ReceivedEntry => ({
      kind: 'received',
      id: context.nextId(),
      // Given its place in the thread by the engine, when it is stored.
      seq: 0,
      at: context.now,
      text,
      ...author,
      ...extra,
    });

    let fallbackShown = false;
    const showFallback = (delay: number, raw?: Partial<ReceivedEntry>) => {
      if (fallbackShown) return;
      fallbackShown = true;
      if (message.fallback) entries.push({ entry: make(message.fallback, { isFallback: true, ...raw }), delay });
      else context.logger.warn('[parley] a response cannot be shown and has no fallback');
    };

    const responses = message.responses ?? [];
    for (const response of responses) {
      if (entries.length >= MAX_ENTRIES_PER_MESSAGE) {
        if (response.type !== 'custom') more++;
        continue;
      }
      const delay = Math.min(delayOf(response.delay), delayLeft);
      delayLeft -= delay;
      if (response.type === 'text') {
        const text = TextResponsePayload.safeParse(response.payload);
        if (text.success) {
          const quickReplies = quickRepliesOf(text.data.quickReplies);
          entries.push({ entry: make(text.data.text, quickReplies?.length ? { quickReplies } : {}), delay });
          continue;
        }
        context.logger.warn('[parley] a "text" payload is not valid: showing the fallback');
        showFallback(delay);
        continue;
      }
      // The site's renderers get the response as it came, and its message's own fields.
      const raw = { response, message: { ...fields, originator } };
      const result = toRichContent(response.type, response.payload);
      if ('content' in result) entries.push({ entry: make(message.fallback ?? '', { rich: result.content, ...raw }), delay });
      else if ('skip' in result) entries.push({ entry: make(message.fallback ?? '', { hidden: true, ...raw }), delay });
      else {
        context.logger.warn(`[parley] ${result.problem}: showing the fallback`);
        showFallback(delay, raw);
      }
    }
    if (responses.length === 0 && message.fallback) {
      if (entries.length < MAX_ENTRIES_PER_MESSAGE) showFallback(0);
      else more++;
    }
  }
  const last = entries.at(-1);
  if (more && last) {
    last.entry.more = more;
    context.logger.warn(
      `[parley] a message of ${entries.length + more} responses: the first ${entries.length} are shown, the rest counted`,
    );
  }
  return { entries, keepTyping };
}

/** The usable quick replies of a text response: a broken list or item is dropped, the text still shows. */
export function quickRepliesOf(value: unknown): QuickReply[] {
  if (!Array.isArray(value)) return [];
  const replies: QuickReply[] = [];
  for (const item of value as Array<Record<string, unknown>>) {
    if (typeof item?.label !== 'string' || item.label.trim() === '') continue;
    const reply: QuickReply = { label: item.label };
    if (typeof item.value === 'string') reply.value = item.value;
    if (typeof item.type === 'string') reply.type = item.type;
    replies.push(reply);
  }
  return replies;
}
