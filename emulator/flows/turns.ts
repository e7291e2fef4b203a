// One turn of the bot on a thread. matching.ts says which step answers a message; here, what follows
// without the visitor and what waits for them (spec 2.10's NOTHING and SLOT steps). Decisions:
// - A NOTHING step runs right after a step its `contexts` name, without waiting for the visitor:
//   its actions are sent with that step's.
// - A SLOT step is asked right after a step its `contexts` name (its actions are the question);
//   the visitor's next text is the slot's value. An invalid one gets the question again; a valid
//   one is kept as a param named by the slot's `label` (else its `entityId`), and the step whose
//   `contexts` name the SLOT step answers next, its texts able to use `{{label}}`. An event, a
//   location or a file meanwhile ends the wait and is answered as usual.
// - `validation`: REQUIRED (any non-blank text), NUMBER, EMAIL; another value counts as REQUIRED.
import { isEmailAddress } from '../safety/bounds.ts';
import { matchStep, type BotInput, type Flow, type Match, type Step } from './flows.ts';

/** The steps one turn runs after the one that answers (NOTHING steps, then a SLOT's question). */
export const MAX_STEPS_PER_TURN = 20;

/** Where a thread is in its flows. */
export interface FlowCursor {
  lastStepId?: string;
  /** The SLOT step whose value the bot waits for. */
  awaitingSlot?: string;
  /** What the slots took, as params: `{ label: [{ value, match }] }`. */
  slotParams?: Record<string, unknown>;
}

interface Placed {
  flow: Flow;
  step: Step;
}

/**
 * The step that answers `input` and everything the bot sends for it (in the returned step's
 * `actions`), moving the cursor. Undefined when no step answers.
 */
export function takeTurn(flows: Flow[], input: BotInput, cursor: FlowCursor): Match | undefined {
  const steps = flows.filter((flow) => !flow.disabled).flatMap((flow) => flow.steps.map((step) => ({ flow, step })));
  const waiting = cursor.awaitingSlot === undefined ? undefined : steps.find(({ step }) => step.stepId === cursor.awaitingSlot);
  cursor.awaitingSlot = undefined;
  const first =
    waiting && input.kind === 'text' && input.eventName === undefined
      ? slotAnswer(waiting, input, steps, cursor)
      : matchStep(flows, input, cursor.lastStepId);
  if (!first) return undefined;
  if (first.how === 'slot: asked again') return first;
  const actions = [...first.step.actions];
  let current = first.step;
  // A bound on the chain: NOTHING steps whose contexts name each other would otherwise run for ever.
  for (let next = follower(steps, current), hops = 0; next && hops < MAX_STEPS_PER_TURN; next = follower(steps, current), hops++) {
    actions.push(...next.step.actions);
    current = next.step;
    if (current.type === 'SLOT') {
      cursor.awaitingSlot = current.stepId;
      break;
    }
  }
  cursor.lastStepId = current.stepId;
  return { ...first, step: { ...first.step, actions } };
}

/** The params a thread's slots took, to merge into each message's. */
export function slotParams(cursor: FlowCursor): Record<string, unknown> {
  return cursor.slotParams ?? {};
}

/** The visitor answered a SLOT step's question. */
function slotAnswer(slot: Placed, input: BotInput, steps: Placed[], cursor: FlowCursor): Match {
  const value = input.speech.trim();
  if (!isValidSlotValue(slot.step.slot?.validation, value)) {
    cursor.awaitingSlot = slot.step.stepId;
    return { ...slot, how: 'slot: asked again', score: 0 };
  }
  const name = slot.step.slot?.label || slot.step.slot?.entityId || slot.step.stepId;
  cursor.slotParams = { ...cursor.slotParams, [name]: [{ value, match: value }] };
  const next = steps.find(({ step }) => step.contexts?.includes(slot.step.stepId) && step.type !== 'NOTHING' && step.type !== 'SLOT');
  // No step after the slot: the bot says it has it.
  const thanks: Step['actions'] = [{ type: 'TEXT', payload: { texts: ['Thank you.'] } }];
  return next
    ? { ...next, how: 'slot: filled', score: 1 }
    : { ...slot, step: { ...slot.step, actions: thanks }, how: 'slot: filled', score: 1 };
}

/** A NOTHING or SLOT step that runs right after `step`, without the visitor. */
function follower(steps: Placed[], step: Step): Placed | undefined {
  return steps.find(
    (candidate) => (candidate.step.type === 'NOTHING' || candidate.step.type === 'SLOT') && candidate.step.contexts?.includes(step.stepId),
  );
}

export function isValidSlotValue(validation: string | undefined, value: string): boolean {
  if (!value) return false;
  switch (validation?.toUpperCase()) {
    case 'NUMBER':
      return value.length <= 32 && Number.isFinite(Number(value.replace(',', '.')));
    case 'EMAIL':
      return isEmailAddress(value);
    default:
      return true; // REQUIRED, or a validation not shown: any non-blank text
  }
}
