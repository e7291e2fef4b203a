// The conversation state (states.ts decides, this carries out): webhook events, the timer that
// ends a pause, and the check the bot makes before it answers.
import { botAnswers, transition, type ConversationEvent, type Refusal } from '../threads/states.ts';
import type { Thread } from '../threads/threads.ts';
import type { ConversationDeps } from './deps.ts';
import type { Recording } from './recording.ts';
import type { ConversationTimers } from './timers.ts';

export interface ConversationState {
  /** Applies a state event and carries out its effects; a refusal is returned, nothing changed. */
  apply(thread: Thread, event: ConversationEvent): Refusal | undefined;
  /** Whether the bot answers now (a pause that ran out ends first). */
  botMayAnswer(thread: Thread): boolean;
}

export function createConversationState(
  deps: Pick<ConversationDeps, 'clock' | 'webhooks'>,
  timers: ConversationTimers,
  recording: Recording,
): ConversationState {
  function apply(thread: Thread, event: ConversationEvent): Refusal | undefined {
    const result = transition(thread.conversation, event);
    if ('refused' in result) return result.refused;
    thread.conversation = result.conversation;
    for (const effect of result.effects) {
      if (effect.kind === 'webhook') deps.webhooks.emit(effect.event, stateEventBody(thread));
      else if (effect.kind === 'cancelResumeTimer') cancelResume(thread);
      else armResume(thread, effect.at);
    }
    recording.publish(thread);
    return undefined;
  }

  function armResume(thread: Thread, at: number): void {
    cancelResume(thread);
    thread.resumeTimer = timers.start(
      () => {
        thread.resumeTimer = undefined;
        // Node's timers count from the event loop's cached time, so one may fire a few ms before
        // Date.now() reaches `at`; the tick would then change nothing and the pause never end.
        if (deps.clock.now() < at) return armResume(thread, at);
        apply(thread, { type: 'tick', now: deps.clock.now() });
      },
      Math.max(0, at - deps.clock.now()),
    );
  }

  function cancelResume(thread: Thread): void {
    if (thread.resumeTimer === undefined) return;
    timers.cancel(thread.resumeTimer);
    thread.resumeTimer = undefined;
  }

  return {
    apply,
    /** A late timer must not let the bot answer during a pause that has already ended, or vice versa. */
    botMayAnswer(thread) {
      apply(thread, { type: 'tick', now: deps.clock.now() });
      return botAnswers(thread.conversation);
    },
  };
}

/** The body of a state webhook event (handover, pause, resume…). */
function stateEventBody(thread: Thread): Record<string, unknown> {
  const bot = thread.conversation.bot;
  return {
    threadId: thread.threadId,
    status: thread.conversation.status,
    ...(bot.state === 'paused'
      ? { reason: bot.reason, ...(bot.until !== undefined ? { until: new Date(bot.until).toISOString() } : {}) }
      : {}),
  };
}
