// Frames the conversations send to sockets, and the control API's knobs on them: replies go now,
// later (delayMs) or when released (hold).
import type { SocketRecord } from '../socket/connections.ts';
import type { ConversationDeps } from './deps.ts';
import type { ConversationTimers } from './timers.ts';

export interface ReplyKnobs {
  hold: boolean;
  delayMs: number;
}

export interface SocketOutput {
  /** A frame to one socket, or (by threadId) to the thread's sockets or its next one. */
  emit(target: SocketRecord | string, frame: unknown): void;
  /** The knobs, with how many frames are held. */
  readonly replies: ReplyKnobs & { held: number };
  /** Changes the knobs; once `hold` is off, the held frames go out. */
  setReplies(next: Partial<ReplyKnobs>): void;
  /** Back to sending at once, the held frames dropped. */
  reset(): void;
}

export function createSocketOutput(deps: Pick<ConversationDeps, 'sockets'>, timers: ConversationTimers): SocketOutput {
  let replies: ReplyKnobs = { hold: false, delayMs: 0 };
  let held: (() => void)[] = [];

  return {
    emit(target, frame) {
      const deliver = () => (typeof target === 'string' ? deps.sockets().deliver(target, frame) : deps.sockets().send(target, frame));
      if (replies.hold) held.push(deliver);
      else if (replies.delayMs > 0) timers.later(replies.delayMs, deliver);
      else deliver();
    },
    get replies() {
      return { ...replies, held: held.length };
    },
    setReplies(next) {
      replies = { ...replies, ...next };
      if (replies.hold) return;
      const queue = held;
      held = [];
      for (const deliver of queue) deliver();
    },
    reset() {
      held = [];
      replies = { hold: false, delayMs: 0 };
    },
  };
}
