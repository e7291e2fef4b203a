// The conversation state machine of spec 3, as pure functions: no timers, no I/O, no clock.
// `transition` answers what the conversation becomes and which effects the caller must carry
// out (webhook events, the handover resume timer); the caller owns the timer and the webhooks.
import type { ConversationStatus } from '../core/model.ts';

/** Why the bot is paused: a handover (timed), a moderator's message or takeover, or POST pause. */
type PauseReason = 'handover' | 'moderator' | 'pause';

/** The bot of a thread: answering, or paused for a reason (a handover pause ends at `until`). */
type BotState =
  | { readonly state: 'active' }
  | {
      readonly state: 'paused';
      readonly reason: PauseReason;
      /** Epoch ms when a handover pause ends by itself; absent for pauses without a limit. */
      readonly until?: number;
      /** The handover's pause length, kept so a moderator's message can extend the pause by it. */
      readonly seconds?: number;
    };

/** A conversation as spec 3 sees it: its status, its bot, and its tags (e.g. `control_state`). */
export interface Conversation {
  readonly status: ConversationStatus;
  readonly bot: BotState;
  readonly tags: Readonly<Record<string, string>>;
}

/** What can happen to a conversation. `now` is epoch ms, passed in so the functions stay pure. */
export type ConversationEvent =
  | { readonly type: 'handover'; readonly secondsToPause: number; readonly now: number }
  | { readonly type: 'resolve' }
  | { readonly type: 'pause' }
  | { readonly type: 'resume' }
  | { readonly type: 'takeover' }
  | { readonly type: 'moderatorMessage'; readonly now: number }
  | { readonly type: 'visitorMessage' }
  | { readonly type: 'tick'; readonly now: number };

/** Webhook events of spec 6.2 that the state machine causes. */
type StateWebhookEvent = 'paused' | 'resumed' | 'takeover';

/** What the caller must do after a transition, in order. */
export type Effect =
  | { readonly kind: 'webhook'; readonly event: StateWebhookEvent }
  /** (Re)arm the thread's one resume timer: replace any armed one; at `at`, send `tick`. */
  | { readonly kind: 'armResumeTimer'; readonly at: number }
  | { readonly kind: 'cancelResumeTimer' };

/** Why a request cannot change the conversation: an HTTP status and a message in words. */
export interface Refusal {
  readonly status: number;
  readonly message: string;
}

export type TransitionResult = { readonly conversation: Conversation; readonly effects: readonly Effect[] } | { readonly refused: Refusal };

/** The tag that resolve sets (spec 3). */
const CONTROL_STATE_TAG = 'control_state';

/** A new thread: open, bot answering, no tags. */
export function newConversation(): Conversation {
  return { status: 'open', bot: { state: 'active' }, tags: {} };
}

/** True when the bot answers messages on this conversation (send `tick` first if a timer may be late). */
export function botAnswers(conversation: Conversation): boolean {
  return conversation.bot.state === 'active';
}

/** Applies one event to a conversation; never mutates its argument. */
export function transition(conversation: Conversation, event: ConversationEvent): TransitionResult {
  switch (event.type) {
    case 'handover':
      return handover(conversation, event.secondsToPause, event.now);
    case 'resolve':
      return resolve(conversation);
    case 'pause':
      // Decision: POST pause on a bot already paused sends no second `paused` event; it makes
      // the pause last until DELETE pause, so a handover timer no longer resumes the bot.
      // Decision: pause and resume are allowed on a resolved thread: they concern the bot, not
      // the conversation, and spec 3 gives them no condition.
      return pauseBot(conversation, { state: 'paused', reason: 'pause' });
    case 'resume':
      // Decision: DELETE pause on an active bot is answered ok and changes nothing (DELETE is
      // idempotent in HTTP); no `resumed` event, since nothing resumed.
      return resumeBot(conversation);
    case 'takeover':
      return takeover(conversation);
    case 'moderatorMessage':
      return moderatorMessage(conversation, event.now);
    case 'visitorMessage':
      // Decision: a resolved thread still accepts messages (spec 3 is silent): refusing would
      // lose a visitor's words, and the widget cannot tell that a thread was resolved. The
      // status stays `resolved` (final); the bot answers if it is active, as on any thread.
      return unchanged(conversation);
    case 'tick':
      return tick(conversation, event.now);
  }
}

/** Spec 3: handover pauses the bot for `secondsToPause` seconds; the status becomes `handover`. */
function handover(conversation: Conversation, secondsToPause: number, now: number): TransitionResult {
  if (conversation.status === 'resolved') {
    // Decision: resolved is final (spec 3), so a handover, which would reopen it, is refused.
    return refuse(409, 'the conversation is resolved, and a resolved conversation cannot be handed over again');
  }
  if (!(secondsToPause > 0) || !Number.isFinite(secondsToPause)) {
    return refuse(400, `secondsToPause: must be a number greater than 0 (got ${secondsToPause})`);
  }
  // Decision: a handover on a thread already in handover, or with a paused bot, replaces the
  // pause with its own timed one (the latest instruction wins); no second `paused` event.
  const paused: BotState = { state: 'paused', reason: 'handover', until: now + secondsToPause * 1000, seconds: secondsToPause };
  const outcome = pauseBot(conversation, paused);
  return withStatus(outcome, 'handover');
}

/** Spec 3: resolve is final, completes the handover, resumes the bot and tags the thread. */
function resolve(conversation: Conversation): TransitionResult {
  // Decision: resolving a resolved thread is answered ok and changes nothing, so a retried
  // request does not fail; no event is sent again.
  if (conversation.status === 'resolved') return unchanged(conversation);
  const resumed = resumeBot(conversation);
  if ('refused' in resumed) return resumed;
  const tags = { ...conversation.tags, [CONTROL_STATE_TAG]: 'resolved' };
  return { conversation: { ...resumed.conversation, status: 'resolved', tags }, effects: resumed.effects };
}

/**
 * Spec 3: takeover (deprecated) sends `takeover`; its next state is not shown.
 * Decision: it pauses the bot without limit, like a moderator joining, and leaves the status
 * alone (spec 3 shows no move to `handover` for it). Allowed on a resolved thread, like a
 * moderator's message. `takeover` comes first, then `paused` if the bot was active; a bot
 * already paused stays paused as it was (a handover timer keeps running).
 */
function takeover(conversation: Conversation): TransitionResult {
  const paused = pauseBot(conversation, { state: 'paused', reason: 'moderator' }, { onlyIfActive: true });
  if ('refused' in paused) return paused;
  return { conversation: paused.conversation, effects: [webhook('takeover'), ...paused.effects] };
}

/**
 * Spec 3: a moderator's message pauses the bot; the status is unchanged.
 * Decision: during a handover pause it extends the pause to `seconds` from this message (never
 * shortens it), so the bot does not cut in while the agent is still talking; the timer is re-armed.
 * Decision: on a resolved thread the message is accepted and pauses the bot too (spec 3 sets no
 * condition); the status stays `resolved`.
 */
function moderatorMessage(conversation: Conversation, now: number): TransitionResult {
  const bot = conversation.bot;
  if (bot.state === 'paused' && bot.reason === 'handover' && bot.until !== undefined && bot.seconds !== undefined) {
    const until = Math.max(bot.until, now + bot.seconds * 1000);
    return pauseBot(conversation, { ...bot, until });
  }
  return pauseBot(conversation, { state: 'paused', reason: 'moderator' }, { onlyIfActive: true });
}

/**
 * A handover pause whose `until` has passed resumes by itself, with `resumed`.
 * Decision: the status stays `handover` (only resolve completes a handover). A tick before
 * `until`, or on a bot not in a timed pause, changes nothing and has no effect (the armed timer
 * stays in charge).
 */
function tick(conversation: Conversation, now: number): TransitionResult {
  const bot = conversation.bot;
  if (bot.state !== 'paused' || bot.until === undefined || now < bot.until) return unchanged(conversation);
  return resumeBot(conversation);
}

interface PauseOptions {
  /** A moderator joining pauses an active bot only; an existing pause (and its timer) stays as it is. */
  onlyIfActive?: boolean;
}

/** Moves the bot to `next`: `paused` only when it was active; the timer follows `next.until`. */
function pauseBot(conversation: Conversation, next: BotState & { state: 'paused' }, options: PauseOptions = {}): TransitionResult {
  const current = conversation.bot;
  if (current.state === 'paused' && options.onlyIfActive) return unchanged(conversation);
  const effects: Effect[] = [];
  if (current.state === 'active') effects.push(webhook('paused'));
  effects.push(...timerEffects(current, next));
  return { conversation: { ...conversation, bot: next }, effects };
}

/** Makes the bot active: `resumed` only when it was paused; a pending resume timer is cancelled. */
function resumeBot(conversation: Conversation): TransitionResult {
  const current = conversation.bot;
  if (current.state === 'active') return unchanged(conversation);
  const effects: Effect[] = [webhook('resumed'), ...timerEffects(current, { state: 'active' })];
  return { conversation: { ...conversation, bot: { state: 'active' } }, effects };
}

/** The timer effects of moving the bot from `before` to `after`: arm on a new `until`, cancel when it goes. */
function timerEffects(before: BotState, after: BotState): Effect[] {
  const beforeUntil = before.state === 'paused' ? before.until : undefined;
  const afterUntil = after.state === 'paused' ? after.until : undefined;
  if (afterUntil !== undefined) return afterUntil === beforeUntil ? [] : [{ kind: 'armResumeTimer', at: afterUntil }];
  return beforeUntil !== undefined ? [{ kind: 'cancelResumeTimer' }] : [];
}

function withStatus(outcome: TransitionResult, status: ConversationStatus): TransitionResult {
  if ('refused' in outcome) return outcome;
  return { conversation: { ...outcome.conversation, status }, effects: outcome.effects };
}

function unchanged(conversation: Conversation): TransitionResult {
  return { conversation, effects: [] };
}

function webhook(event: StateWebhookEvent): Effect {
  return { kind: 'webhook', event };
}

function refuse(status: number, message: string): TransitionResult {
  return { refused: { status, message } };
}
