// The flow file (spec 2.10, plus the emulator's own action kinds: see emulator/README.md): its schema,
// read and checked once at start, each wrong field named; the events it lets a back end trigger.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { TemplatePayloads } from '../../src/protocol/templates.ts';

/** A quick reply as flow files write it: the protocol's (src/protocol/frames.ts), every field given (shapes.test.ts ties them). */
export const FlowQuickReply = z.strictObject({ label: z.string(), value: z.string(), type: z.string() });

const TextAction = z.object({
  type: z.literal('TEXT'),
  payload: z.object({
    texts: z.array(z.string()).min(1),
    quickReplies: z.array(FlowQuickReply).optional(),
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
    ctx.addIssue({
      code: 'custom',
      path: ['response', 'payload', ...issue.path.map(String)],
      message: `${response.type}: ${issue.message}`,
    });
  }
}
type Action = z.infer<typeof Action>;
/** One action of a flow step, as flow files write it (the documentation's samples are checked with it). */
export const FlowAction = Action;
export type FlowAction = Action;

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
    intent: z.preprocess(
      (intent) => (typeof intent === 'string' && intent ? { intentId: intent, title: intent, examples: [{ query: intent }] } : intent),
      Intent.optional(),
    ),
    // An action given by its id is not shown: there is nothing to send for it.
    actions: z.preprocess(
      (actions) => (Array.isArray(actions) ? actions.filter((action) => typeof action !== 'string') : actions),
      z.array(Action).default([]),
    ),
    slot: Slot.optional(),
    manualTrigger: z.boolean().optional(),
  })
  .superRefine((step, ctx) => {
    // Spec 2.10: "required if type is INTENT"; a step that could never match is a mistake in the file.
    if (step.type === 'INTENT' && step.intent === undefined)
      ctx.addIssue({ code: 'custom', path: ['intent'], message: `INTENT step "${step.stepId}" has no intent` });
    if (step.type === 'SLOT' && step.slot === undefined)
      ctx.addIssue({ code: 'custom', path: ['slot'], message: `SLOT step "${step.stepId}" has no slot` });
  });
export type Step = z.infer<typeof Step>;

export const Flow = z.object({
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
  return path
    .map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))
    .join('')
    .replace(/^\./, '');
}

/**
 * The events a back end may trigger by hand (GET trigger/event: "the events that have manual
 * triggering enabled"): the EVENT steps marked `manualTrigger: true`, by name.
 */
export function triggerableEvents(flows: Flow[]): string[] {
  const names = flows
    .filter((f) => !f.disabled)
    .flatMap((f) => f.steps.filter((s) => s.type === 'EVENT' && s.manualTrigger).map((s) => s.title));
  return [...new Set(names)];
}
