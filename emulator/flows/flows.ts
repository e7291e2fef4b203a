// The flow engine: loads the management-API-shaped flow set (spec 2.10), picks the step that
// answers a message, and turns the step's actions into `message.received` payloads (spec 2.5).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { TemplatePayloads } from '../../src/protocol/templates.ts';
import { asReceived } from '../threads/originators.ts';
import type { Originator, ReceivedMessage, ReceivedPayload, ResponseTemplate } from '../core/model.ts';

// ---- flow file (spec 2.10, plus the emulator's extra action kinds: see README.md) ----

const QuickReply = z.strictObject({ label: z.string(), value: z.string(), type: z.string() });

const TextAction = z.object({
  type: z.literal('TEXT'),
  payload: z.object({
    texts: z.array(z.string()).min(1),
    quickReplies: z.array(QuickReply).optional(),
    delay: z.number().nonnegative().optional(),
    tags: z.array(z.string()).optional(),
  }),
});
/**
 * A rich response template (../shared/spec/response-templates.md) as the bot sends it, with the
 * message `fallback` a channel shows when it cannot draw it. Payloads of the types a web widget
 * draws are checked with the widget's own schemas when the flow file loads. Addresses may be
 * relative (`media/pro.svg`): they are resolved against the emulator's own address when sent.
 */
const TemplateAction = z.object({
  type: z.literal('TEMPLATE'),
  payload: z
    .object({
      fallback: z.string().min(1),
      response: z.object({ type: z.string().min(1), payload: z.unknown() }),
      delay: z.number().nonnegative().optional(),
    })
    .superRefine(({ response }, ctx) => checkTemplate(response, ctx)),
});
/** Kept from earlier flow files: `{ fallback, card }` is a TEMPLATE with a `card` response. */
const CardAction = z.object({
  type: z.literal('CARD'),
  payload: z
    .object({
      fallback: z.string().min(1),
      card: z.record(z.string(), z.unknown()),
      delay: z.number().nonnegative().optional(),
    })
    .superRefine(({ card }, ctx) => checkTemplate({ type: 'card', payload: card }, ctx)),
});
/** A human agent speaks: its own `message.received`, sent `after` ms later, originator role moderator. */
const AgentAction = z.object({
  type: z.literal('AGENT'),
  payload: z.object({
    name: z.string(),
    picture: z.string().optional(),
    texts: z.array(z.string()).min(1),
    delay: z.number().nonnegative().optional(),
    after: z.number().nonnegative().default(0),
  }),
});
/** Ends the current message with `meta.keepTyping: true`; what follows is sent `after` ms later. */
const TypingAction = z.object({
  type: z.literal('TYPING'),
  payload: z.object({ after: z.number().nonnegative() }),
});
/** Hands the conversation over to a human (spec 3): the bot pauses after this message. */
const HandoverAction = z.object({
  type: z.literal('HANDOVER'),
  payload: z.object({ secondsToPause: z.number().positive().optional() }).default({}),
});
const Action = z.discriminatedUnion('type', [TextAction, TemplateAction, CardAction, AgentAction, TypingAction, HandoverAction]);

/** A drawable template's payload must pass the widget's schema (relative addresses allowed here). */
function checkTemplate(response: { type: string; payload: unknown }, ctx: z.RefinementCtx): void {
  if (!Object.hasOwn(TemplatePayloads, response.type)) return; // custom, or a type for other channels
  const schema = TemplatePayloads[response.type as keyof typeof TemplatePayloads];
  const result = schema.safeParse(response.payload);
  for (const issue of result.success ? [] : result.error.issues) {
    ctx.addIssue({ code: 'custom', path: ['response', 'payload', ...issue.path.map(String)], message: `${response.type}: ${issue.message}` });
  }
}
type Action = z.infer<typeof Action>;
/** One action of a flow step, as flow files write it (the documentation's samples are checked with it). */
export const FlowAction = Action;

const Intent = z.object({
  intentId: z.string(),
  title: z.string(),
  createdAt: z.string().optional(),
  examples: z.array(z.object({ query: z.string(), entities: z.array(z.unknown()).optional() })),
});

/** Spec 2.10: on SLOT steps, the value the bot asks for. */
const Slot = z.object({ validation: z.string().optional(), entityId: z.string().optional(), label: z.string().optional() });

/**
 * Spec 2.10. The list endpoint may give `intent` and `actions` as identifier strings instead of
 * the objects (the emulator's own list answers with its file as written): both forms load.
 * `manualTrigger` (the emulator's): an EVENT step a back end may run with trigger/event.
 */
const Step = z
  .object({
    stepId: z.string().min(1),
    title: z.string(),
    type: z.enum(['INTENT', 'EVENT', 'UNKNOWN', 'IMAGE', 'FILE', 'AUDIO', 'VIDEO', 'LOCATION', 'NOTHING', 'ANYTHING', 'SLOT']),
    contexts: z.array(z.string()).optional(),
    // An intent given by its id has no examples: it answers a text equal to the id.
    intent: z.preprocess((intent) => (typeof intent === 'string' && intent ? { intentId: intent, title: intent, examples: [{ query: intent }] } : intent), Intent.optional()),
    // An action given by its id is not shown: there is nothing to send for it.
    actions: z.preprocess((actions) => (Array.isArray(actions) ? actions.filter((action) => typeof action !== 'string') : actions), z.array(Action).default([])),
    slot: Slot.optional(),
    manualTrigger: z.boolean().optional(),
  })
  .superRefine((step, ctx) => {
    // Spec 2.10: "required if type is INTENT"; a step that could never match is a mistake in the file.
    if (step.type === 'INTENT' && step.intent === undefined) ctx.addIssue({ code: 'custom', path: ['intent'], message: `INTENT step "${step.stepId}" has no intent` });
    if (step.type === 'SLOT' && step.slot === undefined) ctx.addIssue({ code: 'custom', path: ['slot'], message: `SLOT step "${step.stepId}" has no slot` });
  });
export type Step = z.infer<typeof Step>;

const Flow = z.object({
  flowId: z.string().min(1),
  projectId: z.string(),
  brainId: z.string(),
  title: z.string(),
  group: z.string(),
  createdAt: z.string(),
  disabled: z.boolean(),
  steps: z.array(Step),
});
export type Flow = z.infer<typeof Flow>;

/** Reads and checks a flow file (the raw JSON is kept as-is for the management API); throws an
 * Error naming the file and each wrong field. */
export function loadFlows(file: string | URL): { raw: unknown[]; flows: Flow[] } {
  const name = file instanceof URL ? fileURLToPath(file) : file;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`flows file ${name}: ${(error as Error).message}`);
  }
  const result = z.array(Flow).safeParse(raw);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `  ${issuePath(issue.path) || '(the file)'}: ${issue.message}`);
    const more = issues.length > 10 ? [`  … and ${issues.length - 10} more`] : [];
    throw new Error(`flows file ${name} is not a flow set in the management API's shape:\n${[...issues.slice(0, 10), ...more].join('\n')}`);
  }
  return { raw: raw as unknown[], flows: result.data };
}

/** [0].steps[2].actions[0].payload.texts: where in the file an issue is. */
function issuePath(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('').replace(/^\./, '');
}

// ---- matching ----

/** What the bot answers: a socket message, or a REST text, event, location or media message. */
export interface BotInput {
  threadId: string;
  /** The text, or for other kinds what stands for it (the event name, a title, a URL). */
  speech: string;
  kind: 'text' | 'event' | 'location' | 'media';
  eventName?: string;
  mediaType?: 'image' | 'file' | 'audio' | 'video';
  params?: Record<string, unknown>;
}

/** Step types that answer REST location and media messages (spec 2.10). */
const STEP_FOR_KIND = { location: 'LOCATION', image: 'IMAGE', file: 'FILE', audio: 'AUDIO', video: 'VIDEO' } as const;

const STOP_WORDS = new Set(
  'a an the i me my you your we our us is are am be do does did to of for in on at it this that can could would will please what how when where which with and or so just there'.split(' '),
);

/** Lowercase, strip accents and punctuation, collapse spaces. */
function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Content tokens with a crude plural strip, so "prices" meets "price". */
function tokens(text: string): Set<string> {
  const words = normalise(text)
    .split(' ')
    .filter((w) => w && !STOP_WORDS.has(w))
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
  return new Set(words);
}

/** Dice coefficient of content tokens: 1 = same words, 0 = nothing shared. */
function overlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/** Below this a text is not considered to match an intent. */
const MATCH_THRESHOLD = 0.5;

export interface Match {
  flow: Flow;
  step: Step;
  /** 'event' | 'exact' | 'overlap' | 'unknown', for logs and tests. */
  how: string;
  score: number;
}

export function matchStep(flows: Flow[], payload: BotInput, lastStepId: string | undefined): Match | undefined {
  const enabled = flows.filter((f) => !f.disabled);
  const all = enabled.flatMap((flow) => flow.steps.map((step) => ({ flow, step })));

  const eventName = payload.eventName;
  const stepType = payload.kind === 'location' ? STEP_FOR_KIND.location : payload.kind === 'media' ? STEP_FOR_KIND[payload.mediaType ?? 'file'] : undefined;
  if (stepType) {
    const hit = all.find(({ step }) => step.type === stepType);
    if (hit) return { ...hit, how: 'kind', score: 1 };
  } else if (eventName !== undefined) {
    // Convention: an EVENT step answers the event whose name equals the step's title.
    const hit = all.find(({ step }) => step.type === 'EVENT' && step.title === eventName);
    if (hit) return { ...hit, how: 'event', score: 1 };
  } else {
    const text = normalise(payload.speech);
    const words = tokens(payload.speech);
    let best: (Match & { rank: number[] }) | undefined;
    for (const { flow, step } of all) {
      if (step.type !== 'INTENT' || !step.intent) continue;
      const contextual = (step.contexts?.length ?? 0) > 0;
      if (contextual && (lastStepId === undefined || !step.contexts!.includes(lastStepId))) continue;
      for (const example of step.intent.examples) {
        const exact = normalise(example.query) === text;
        const score = exact ? 1 : overlap(words, tokens(example.query));
        if (!exact && score < MATCH_THRESHOLD) continue;
        // An exact example wins, then an eligible contextual step, then the higher score.
        const rank = [exact ? 1 : 0, contextual ? 1 : 0, score];
        if (!best || compareRank(rank, best.rank) > 0) {
          best = { flow, step, how: exact ? 'exact' : 'overlap', score, rank };
        }
      }
    }
    if (best) return { flow: best.flow, step: best.step, how: best.how, score: best.score };
    // Decision: an ANYTHING step takes any text no intent took, before UNKNOWN (its contexts, when
    // it has some, say after which steps).
    const anything = all.find(({ step }) => step.type === 'ANYTHING' && followsOrFree(step, lastStepId));
    if (anything) return { ...anything, how: 'anything', score: 0 };
  }
  const unknown = all.find(({ step }) => step.type === 'UNKNOWN');
  return unknown ? { ...unknown, how: 'unknown', score: 0 } : undefined;
}

/** A step without contexts may answer any time; one with contexts only right after one of them. */
function followsOrFree(step: Step, lastStepId: string | undefined): boolean {
  return !step.contexts?.length || (lastStepId !== undefined && step.contexts.includes(lastStepId));
}

function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

// ---- replies ----

const BOT = { name: 'Parley Bot', role: 'bot', userId: 'bot' } as const;

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
  const actions: Action[] = match?.step.actions.length
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
        const m = open({ ...BOT });
        m.responses.push({ type: 'text', payload: responsePayload, delay: action.payload.delay ?? 0 });
        m.fallbacks.push(text);
        break;
      }
      case 'TEMPLATE':
      case 'CARD': {
        const response = action.type === 'CARD' ? { type: 'card', payload: action.payload.card } : action.payload.response;
        const m = open({ ...BOT });
        m.responses.push({ type: response.type, payload: withAbsoluteUrls(response.payload, mediaBase) as Record<string, unknown>, delay: action.payload.delay ?? 0 });
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

/** The handover a matched step asks for, if any. */
export function handoverOf(match: Match | undefined): { secondsToPause?: number } | undefined {
  const action = match?.step.actions.find((a) => a.type === 'HANDOVER');
  return action?.type === 'HANDOVER' ? action.payload : undefined;
}

/**
 * The events a back end may trigger by hand (GET trigger/event: "the events that have manual
 * triggering enabled"): the EVENT steps marked `manualTrigger: true`, by name.
 */
export function triggerableEvents(flows: Flow[]): string[] {
  const names = flows.filter((f) => !f.disabled).flatMap((f) => f.steps.filter((s) => s.type === 'EVENT' && s.manualTrigger).map((s) => s.title));
  return [...new Set(names)];
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
