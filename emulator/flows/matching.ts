// Which step answers a message: an event by name, a location or media message by step type, a
// text by the best word overlap with an intent's examples (right after the step it follows, if any).
import type { Flow, Step } from './flow-file.ts';

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
  'a an the i me my you your we our us is are am be do does did to of for in on at it this that can could would will please what how when where which with and or so just there'.split(
    ' ',
  ),
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
  /** How it matched: 'kind', 'event', 'exact', 'overlap', 'anything' or 'unknown' (turns.ts adds 'slot: …'), for logs and tests. */
  how: string;
  score: number;
}

export function matchStep(flows: Flow[], payload: BotInput, lastStepId: string | undefined): Match | undefined {
  const enabled = flows.filter((f) => !f.disabled);
  const all = enabled.flatMap((flow) => flow.steps.map((step) => ({ flow, step })));

  const eventName = payload.eventName;
  const stepType =
    payload.kind === 'location'
      ? STEP_FOR_KIND.location
      : payload.kind === 'media'
        ? STEP_FOR_KIND[payload.mediaType ?? 'file']
        : undefined;
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

/** The handover a matched step asks for, if any. */
export function handoverOf(match: Match | undefined): { secondsToPause?: number } | undefined {
  const action = match?.step.actions.find((a) => a.type === 'HANDOVER');
  return action?.type === 'HANDOVER' ? action.payload : undefined;
}
