// A matched step's actions turned into `message.received` payloads (spec 2.5): one message per
// frame, split where an agent speaks or the bot keeps typing; texts filled from the message's params.
import { asReceived, BOT_ORIGINATOR } from '../threads/originators.ts';
import type { Originator, ReceivedMessage, ReceivedPayload, ResponseTemplate } from '../core/model.ts';
import type { FlowAction } from './flow-file.ts';
import type { BotInput, Match } from './matching.ts';

export interface ReplyFrame {
  /** Milliseconds after the previous reply frame (server-side wait, not the widget's `delay`). */
  afterMs: number;
  payload: ReceivedPayload;
}

/**
 * Builds the `message.received` payloads for a matched step: one message per frame, split
 * where an AGENT or TYPING action says so. Texts use the first entry of `texts` that the params
 * fill (see pickText; the others are variants a real engine would rotate, the emulator stays
 * deterministic). Relative addresses in
 * templates are resolved against `mediaBase` (the emulator's own address, e.g. http://host/parley-emulator/).
 */
export function buildReplies(match: Match | undefined, payload: BotInput, mediaBase?: string): ReplyFrame[] {
  const threadId = payload.threadId;
  const eventName = payload.eventName;
  const params: Record<string, unknown> = { ...(payload.params ?? {}) };
  if (eventName !== undefined) params.event = [{ type: 'custom', value: { name: eventName } }];

  const base = match
    ? {
        flow: { flowId: match.flow.flowId, title: match.flow.title },
        step: { stepId: match.step.stepId, title: match.step.title, type: match.step.type },
      }
    : { flow: { flowId: 'none', title: 'none' }, step: { stepId: 'none', title: 'none', type: 'UNKNOWN' } };
  const actions: FlowAction[] = match?.step.actions.length
    ? match.step.actions
    : [{ type: 'TEXT', payload: { texts: ["Sorry, I didn't get that."] } }];

  const frames: ReplyFrame[] = [];
  let current: { afterMs: number; originator: Originator; responses: ResponseTemplate[]; fallbacks: string[] } | undefined;
  let nextAfter = 0;

  const flush = () => {
    if (!current || current.responses.length === 0) return;
    const message: ReceivedMessage = {
      fallback: current.fallbacks.join('\n'),
      silent: false,
      replyTo: payload.speech,
      originator: current.originator,
      responses: current.responses,
      ...base,
      params,
    };
    frames.push({ afterMs: current.afterMs, payload: { threadId, messages: [message], originator: current.originator } });
    current = undefined;
  };
  const open = (originator: Originator) => {
    if (!current) {
      current = { afterMs: nextAfter, originator, responses: [], fallbacks: [] };
      nextAfter = 0;
    }
    return current;
  };

  for (const action of actions) {
    switch (action.type) {
      case 'TEXT': {
        const text = pickText(action.payload.texts, params);
        const responsePayload: Record<string, unknown> = { text };
        if (action.payload.quickReplies?.length) responsePayload.quickReplies = action.payload.quickReplies;
        const m = open({ ...BOT_ORIGINATOR });
        m.responses.push({ type: 'text', payload: responsePayload, delay: action.payload.delay ?? 0 });
        m.fallbacks.push(text);
        break;
      }
      case 'TEMPLATE':
      case 'CARD': {
        const response = action.type === 'CARD' ? { type: 'card', payload: action.payload.card } : action.payload.response;
        const m = open({ ...BOT_ORIGINATOR });
        m.responses.push({
          type: response.type,
          payload: withAbsoluteUrls(response.payload, mediaBase) as Record<string, unknown>,
          delay: action.payload.delay ?? 0,
        });
        m.fallbacks.push(action.payload.fallback);
        break;
      }
      case 'AGENT': {
        flush();
        nextAfter = action.payload.after;
        const profile = action.payload.picture ? { picture: action.payload.picture } : undefined;
        const m = open({ ...asReceived({ name: action.payload.name, role: 'moderator', ...(profile ? { profile } : {}) }) });
        for (const text of action.payload.texts) {
          m.responses.push({ type: 'text', payload: { text }, delay: action.payload.delay ?? 0 });
          m.fallbacks.push(text);
        }
        flush();
        break;
      }
      case 'HANDOVER':
        break; // not a message: the caller reads it with handoverOf()
      case 'TYPING': {
        flush();
        const last = frames.at(-1)?.payload.messages.at(-1);
        if (last) last.meta = { keepTyping: true };
        nextAfter = action.payload.after;
        break;
      }
    }
  }
  flush();
  return frames;
}

const PLACEHOLDER = /\{\{\s*([\w-]+)\s*\}\}/g;

/**
 * The first of `texts` whose `{{name}}` placeholders the message's params all fill, filled in with
 * each param's first value (an event button's `params`: "a demo of the {{plan}} plan"). Texts
 * without placeholders always qualify, so the first text is sent unless it needs missing params;
 * if none qualifies, the last one goes with its placeholders left out.
 */
export function pickText(texts: readonly string[], params: Record<string, unknown>): string {
  const valueOf = (name: string): string | undefined => {
    const entries = Object.hasOwn(params, name) ? params[name] : undefined;
    const first: unknown = Array.isArray(entries) ? entries[0] : undefined;
    const value = typeof first === 'object' && first !== null ? (first as { value?: unknown }).value : undefined;
    return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  };
  for (const text of texts) {
    const names = Array.from(text.matchAll(PLACEHOLDER), (m) => m[1]!);
    if (names.every((name) => valueOf(name) !== undefined)) return text.replace(PLACEHOLDER, (_, name: string) => valueOf(name)!);
  }
  return (texts.at(-1) ?? '').replace(PLACEHOLDER, '');
}

/**
 * The template with its relative addresses made absolute: `url` fields, and the `value` of url
 * and webview buttons and actions. Absolute addresses and everything else stay as written.
 */
export function withAbsoluteUrls(value: unknown, base: string | undefined): unknown {
  if (base === undefined || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => withAbsoluteUrls(item, base));
  const object = value as Record<string, unknown>;
  const linked = object.type === 'url' || object.type === 'webview';
  return Object.fromEntries(
    Object.entries(object).map(([key, field]) =>
      (key === 'url' || (key === 'value' && linked)) && typeof field === 'string' && !/^[a-z][a-z\d+.-]*:/i.test(field)
        ? [key, new URL(field, base).href]
        : [key, withAbsoluteUrls(field, base)],
    ),
  );
}
