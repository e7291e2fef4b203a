import { describe, expect, it } from 'vitest';
import {
  botAnswers,
  newConversation,
  transition,
  type Conversation,
  type ConversationEvent,
  type Effect,
  type TransitionResult,
} from './states.ts';

const T0 = 1_700_000_000_000;

/** Applies an event that must be accepted and returns its outcome. */
function apply(conversation: Conversation, event: ConversationEvent): { conversation: Conversation; effects: readonly Effect[] } {
  const result = transition(conversation, event);
  if ('refused' in result) throw new Error(`refused: ${result.refused.message}`);
  return result;
}

/** Applies events in order, returning the last conversation. */
function after(...events: ConversationEvent[]): Conversation {
  return events.reduce((c, e) => apply(c, e).conversation, newConversation());
}

const handover = (secondsToPause: number, now = T0): ConversationEvent => ({ type: 'handover', secondsToPause, now });
const moderator = (now = T0): ConversationEvent => ({ type: 'moderatorMessage', now });
const tick = (now: number): ConversationEvent => ({ type: 'tick', now });
const paused: Effect = { kind: 'webhook', event: 'paused' };
const resumed: Effect = { kind: 'webhook', event: 'resumed' };
const cancel: Effect = { kind: 'cancelResumeTimer' };
const arm = (at: number): Effect => ({ kind: 'armResumeTimer', at });

function refusal(result: TransitionResult) {
  return 'refused' in result ? result.refused : undefined;
}

describe('newConversation and botAnswers', () => {
  it('starts open with an answering bot and no tags', () => {
    const c = newConversation();
    expect(c).toEqual({ status: 'open', bot: { state: 'active' }, tags: {} });
    expect(botAnswers(c)).toBe(true);
  });

  it('the bot does not answer while paused, whatever the reason', () => {
    expect(botAnswers(after({ type: 'pause' }))).toBe(false);
    expect(botAnswers(after(moderator()))).toBe(false);
    expect(botAnswers(after(handover(60)))).toBe(false);
  });
});

describe('handover', () => {
  it('moves to handover, pauses the bot for secondsToPause and arms the timer', () => {
    const { conversation, effects } = apply(newConversation(), handover(90));
    expect(conversation.status).toBe('handover');
    expect(conversation.bot).toEqual({ state: 'paused', reason: 'handover', until: T0 + 90_000, seconds: 90 });
    expect(effects).toEqual([paused, arm(T0 + 90_000)]);
  });

  it('accepts fractions of a second', () => {
    expect(apply(newConversation(), handover(0.5)).effects).toEqual([paused, arm(T0 + 500)]);
  });

  it('a second handover replaces the pause length and re-arms, without a second paused', () => {
    const first = after(handover(60));
    const { conversation, effects } = apply(first, handover(10, T0 + 5_000));
    expect(conversation.bot).toMatchObject({ reason: 'handover', until: T0 + 15_000 });
    expect(effects).toEqual([arm(T0 + 15_000)]);
  });

  it('turns a pause without limit into a timed one (the latest instruction wins)', () => {
    const { conversation, effects } = apply(after({ type: 'pause' }), handover(30));
    expect(conversation.bot).toMatchObject({ reason: 'handover', until: T0 + 30_000 });
    expect(effects).toEqual([arm(T0 + 30_000)]);
  });

  it('is refused with 409 on a resolved thread', () => {
    const result = transition(after({ type: 'resolve' }), handover(60));
    expect(refusal(result)).toEqual({ status: 409, message: expect.stringMatching(/resolved/) });
  });

  it('refuses a pause length that is not positive', () => {
    expect(refusal(transition(newConversation(), handover(0)))?.status).toBe(400);
    expect(refusal(transition(newConversation(), handover(-5)))?.status).toBe(400);
    expect(refusal(transition(newConversation(), handover(Number.NaN)))?.status).toBe(400);
    expect(refusal(transition(newConversation(), handover(Number.POSITIVE_INFINITY)))?.status).toBe(400);
  });
});

describe('tick (the handover timer)', () => {
  const inHandover = after(handover(60));

  it('before until changes nothing and has no effect', () => {
    expect(apply(inHandover, tick(T0 + 59_999))).toEqual({ conversation: inHandover, effects: [] });
  });

  it('at until resumes the bot with resumed; the status stays handover', () => {
    const { conversation, effects } = apply(inHandover, tick(T0 + 60_000));
    expect(conversation.status).toBe('handover');
    expect(conversation.bot).toEqual({ state: 'active' });
    expect(effects).toEqual([resumed, cancel]);
    expect(botAnswers(conversation)).toBe(true);
  });

  it('after until (a late timer) resumes too', () => {
    expect(apply(inHandover, tick(T0 + 3_600_000)).conversation.bot.state).toBe('active');
  });

  it('a second tick after resuming does nothing', () => {
    const resumedOnce = apply(inHandover, tick(T0 + 60_000)).conversation;
    expect(apply(resumedOnce, tick(T0 + 70_000)).effects).toEqual([]);
  });

  it('never resumes a pause without limit', () => {
    for (const c of [after({ type: 'pause' }), after(moderator()), after({ type: 'takeover' })]) {
      expect(apply(c, tick(T0 + 10 ** 12))).toEqual({ conversation: c, effects: [] });
    }
  });

  it('does nothing on an active bot', () => {
    const c = newConversation();
    expect(apply(c, tick(T0))).toEqual({ conversation: c, effects: [] });
  });
});

describe('resolve', () => {
  it('from handover: resolved, bot resumed, timer cancelled, control_state tag set', () => {
    const { conversation, effects } = apply(after(handover(60)), { type: 'resolve' });
    expect(conversation).toEqual({ status: 'resolved', bot: { state: 'active' }, tags: { control_state: 'resolved' } });
    expect(effects).toEqual([resumed, cancel]);
  });

  it('from open with an active bot: resolved, no event', () => {
    const { conversation, effects } = apply(newConversation(), { type: 'resolve' });
    expect(conversation.status).toBe('resolved');
    expect(conversation.tags).toEqual({ control_state: 'resolved' });
    expect(effects).toEqual([]);
  });

  it('resumes a bot paused without limit (no timer to cancel)', () => {
    expect(apply(after({ type: 'pause' }), { type: 'resolve' }).effects).toEqual([resumed]);
  });

  it('keeps the other tags', () => {
    const tagged: Conversation = { ...newConversation(), tags: { team: 'sales', control_state: 'bot' } };
    expect(apply(tagged, { type: 'resolve' }).conversation.tags).toEqual({ team: 'sales', control_state: 'resolved' });
  });

  it('again on a resolved thread is ok and changes nothing', () => {
    const resolved = after({ type: 'resolve' });
    expect(apply(resolved, { type: 'resolve' })).toEqual({ conversation: resolved, effects: [] });
  });

  it('is final: no event brings the status back', () => {
    const resolved = after(handover(60), { type: 'resolve' });
    const events: ConversationEvent[] = [
      { type: 'pause' },
      { type: 'resume' },
      { type: 'takeover' },
      moderator(),
      { type: 'visitorMessage' },
      tick(T0 + 10 ** 9),
      { type: 'resolve' },
    ];
    for (const event of events) expect(apply(resolved, event).conversation.status).toBe('resolved');
  });

  it('does not mutate its argument', () => {
    const c = after(handover(60));
    const copy = structuredClone(c);
    apply(c, { type: 'resolve' });
    expect(c).toEqual(copy);
  });
});

describe('pause and resume (POST and DELETE pause)', () => {
  it('POST pause on an active bot pauses it without limit and sends paused', () => {
    const { conversation, effects } = apply(newConversation(), { type: 'pause' });
    expect(conversation.bot).toEqual({ state: 'paused', reason: 'pause' });
    expect(conversation.status).toBe('open');
    expect(effects).toEqual([paused]);
  });

  it('POST pause on a paused bot sends no second paused', () => {
    expect(apply(after({ type: 'pause' }), { type: 'pause' }).effects).toEqual([]);
    expect(apply(after(moderator()), { type: 'pause' }).effects).toEqual([]);
  });

  it('POST pause during a handover pause removes its limit and cancels the timer', () => {
    const { conversation, effects } = apply(after(handover(60)), { type: 'pause' });
    expect(conversation.bot).toEqual({ state: 'paused', reason: 'pause' });
    expect(conversation.status).toBe('handover');
    expect(effects).toEqual([cancel]);
    expect(apply(conversation, tick(T0 + 120_000)).conversation.bot.state).toBe('paused');
  });

  it('DELETE pause resumes a paused bot with resumed', () => {
    const { conversation, effects } = apply(after({ type: 'pause' }), { type: 'resume' });
    expect(conversation.bot).toEqual({ state: 'active' });
    expect(effects).toEqual([resumed]);
  });

  it('DELETE pause during a handover pause resumes early and cancels the timer; status stays handover', () => {
    const { conversation, effects } = apply(after(handover(60)), { type: 'resume' });
    expect(conversation).toMatchObject({ status: 'handover', bot: { state: 'active' } });
    expect(effects).toEqual([resumed, cancel]);
  });

  it('DELETE pause on an active bot is ok and sends nothing', () => {
    const c = newConversation();
    expect(apply(c, { type: 'resume' })).toEqual({ conversation: c, effects: [] });
  });

  it('both are allowed on a resolved thread', () => {
    const resolved = after({ type: 'resolve' });
    const pausedResolved = apply(resolved, { type: 'pause' });
    expect(pausedResolved.effects).toEqual([paused]);
    expect(pausedResolved.conversation).toMatchObject({ status: 'resolved', bot: { state: 'paused' } });
    expect(apply(pausedResolved.conversation, { type: 'resume' }).effects).toEqual([resumed]);
  });
});

describe('moderator messages', () => {
  it('pause an active bot without limit, status unchanged, with paused', () => {
    const { conversation, effects } = apply(newConversation(), moderator());
    expect(conversation).toEqual({ status: 'open', bot: { state: 'paused', reason: 'moderator' }, tags: {} });
    expect(effects).toEqual([paused]);
  });

  it('on a paused bot change nothing', () => {
    const c = after({ type: 'pause' });
    expect(apply(c, moderator())).toEqual({ conversation: c, effects: [] });
  });

  it('during a handover pause extend it to seconds from the message and re-arm the timer', () => {
    const { conversation, effects } = apply(after(handover(60)), moderator(T0 + 45_000));
    expect(conversation.bot).toMatchObject({ reason: 'handover', until: T0 + 105_000 });
    expect(conversation.status).toBe('handover');
    expect(effects).toEqual([arm(T0 + 105_000)]);
  });

  it('use the latest handover length, and re-arm only when the end moves', () => {
    const c = after(handover(600), handover(10, T0));
    expect(apply(c, moderator(T0 + 1_000)).conversation.bot).toMatchObject({ until: T0 + 11_000 });
    expect(apply(after(handover(600)), moderator(T0)).effects).toEqual([]);
  });

  it('never shorten a handover pause (a message stamped earlier than the handover)', () => {
    expect(apply(after(handover(60)), moderator(T0 - 30_000)).conversation.bot).toMatchObject({ until: T0 + 60_000 });
  });

  it('on a resolved thread are accepted and pause the bot; the status stays resolved', () => {
    const { conversation, effects } = apply(after({ type: 'resolve' }), moderator());
    expect(conversation).toMatchObject({ status: 'resolved', bot: { state: 'paused', reason: 'moderator' } });
    expect(effects).toEqual([paused]);
  });

  it('after a handover pause ended, pause the bot again without limit', () => {
    const ended = apply(after(handover(60)), tick(T0 + 60_000)).conversation;
    const { conversation, effects } = apply(ended, moderator(T0 + 61_000));
    expect(conversation.bot).toEqual({ state: 'paused', reason: 'moderator' });
    expect(effects).toEqual([paused]);
  });
});

describe('takeover (deprecated)', () => {
  it('sends takeover, then pauses an active bot like a moderator joining; status unchanged', () => {
    const { conversation, effects } = apply(newConversation(), { type: 'takeover' });
    expect(conversation).toEqual({ status: 'open', bot: { state: 'paused', reason: 'moderator' }, tags: {} });
    expect(effects).toEqual([{ kind: 'webhook', event: 'takeover' }, paused]);
  });

  it('on a paused bot sends takeover only and leaves a handover timer running', () => {
    const c = after(handover(60));
    const { conversation, effects } = apply(c, { type: 'takeover' });
    expect(conversation).toEqual(c);
    expect(effects).toEqual([{ kind: 'webhook', event: 'takeover' }]);
  });

  it('is allowed on a resolved thread', () => {
    const { conversation } = apply(after({ type: 'resolve' }), { type: 'takeover' });
    expect(conversation.status).toBe('resolved');
  });
});

describe('visitor messages', () => {
  it('change nothing, on any thread', () => {
    for (const c of [newConversation(), after(handover(60)), after({ type: 'pause' }), after({ type: 'resolve' })]) {
      expect(apply(c, { type: 'visitorMessage' })).toEqual({ conversation: c, effects: [] });
    }
  });

  it('on a resolved thread are answered by the bot (it was resumed by resolve)', () => {
    const resolved = after(handover(60), { type: 'resolve' });
    expect(botAnswers(apply(resolved, { type: 'visitorMessage' }).conversation)).toBe(true);
  });
});
