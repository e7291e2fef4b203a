// Conversation control a back end (REST) or the console asks for, and events it triggers.
import type { ConversationEvent, Refusal } from '../threads/states.ts';
import type { Bot } from './bot.ts';
import type { ConversationDeps } from './deps.ts';
import type { ConversationState } from './state.ts';

/** Conversation control a back end (REST) or the console asks for. */
export type ControlAction = 'handover' | 'resolve' | 'pause' | 'resume' | 'takeover';

export interface ConversationControl {
  /** handover, resolve, pause, resume, takeover on a known thread. */
  control(threadId: string, action: ControlAction, secondsToPause?: number): Refusal | undefined;
  /**
   * POST trigger/event/:threadId. Decision: a trigger is a deliberate act of the back end, so the
   * event's step runs even while the bot is paused; its messages go to the thread's channel.
   */
  triggerEvent(threadId: string, eventName: string): Refusal | undefined;
}

export function createConversationControl(
  deps: Pick<ConversationDeps, 'threads' | 'clock' | 'options'>,
  state: ConversationState,
  bot: Bot,
): ConversationControl {
  return {
    control(threadId, action, secondsToPause) {
      const thread = deps.threads.get(threadId);
      if (!thread) return { status: 404, message: `unknown thread "${threadId}"` };
      const now = deps.clock.now();
      if (action === 'handover')
        return state.apply(thread, { type: 'handover', secondsToPause: secondsToPause ?? deps.options.handoverPauseSeconds, now });
      return state.apply(thread, { type: action } as ConversationEvent);
    },
    triggerEvent(threadId, eventName) {
      const thread = deps.threads.get(threadId);
      if (!thread) return { status: 404, message: `unknown thread "${threadId}"` };
      void bot.answer(thread, { threadId, speech: eventName, kind: 'event', eventName }, thread.channel ?? 'socket');
      return undefined;
    },
  };
}
